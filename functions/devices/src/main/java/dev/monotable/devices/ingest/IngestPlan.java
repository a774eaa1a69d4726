package dev.monotable.devices.ingest;

import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Timestamps;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code scripts/ingest} sends: {@code events} events spread evenly over {@code devices}
 * devices ({@link #DEVICES_PER_USER} per user), cut into batches of at most {@link #BATCH} events of
 * one device (the batch route is per device), sent round robin over the devices as a fleet reports.
 * A device's events are a minute apart and end a minute before {@code now}, so they all lie well
 * within the route's 90 days; each has its own {@code seq}, so a resent batch names the same items.
 *
 * @param events the number of events
 * @param devices the number of devices
 * @param now the plan's present
 */
public record IngestPlan(int events, int devices, Instant now) {

  /** Events per request: BatchWriteItem's limit, the route's too. */
  public static final int BATCH = 25;
  public static final int DEVICES_PER_USER = 10;
  static final List<String> TYPES = List.of("temperature", "humidity", "motion", "battery", "error");

  public IngestPlan {
    if (devices < 1 || events < devices) {
      throw new IllegalArgumentException("at least one device and one event per device");
    }
  }

  public int users() {
    return (devices + DEVICES_PER_USER - 1) / DEVICES_PER_USER;
  }

  public static String user(int u) {
    return String.format("ingest-u%05d", u);
  }

  public static String device(int d) {
    return String.format("ingest-d%06d", d);
  }

  /** The owner of device {@code d}. */
  public static int ownerOf(int d) {
    return d / DEVICES_PER_USER;
  }

  /** How many events device {@code d} reports: an even share, the first devices one more. */
  public int eventsOf(int d) {
    return events / devices + (d < events % devices ? 1 : 0);
  }

  /** One request: up to 25 events of one device. */
  public record Batch(int device, List<Map<String, Object>> events) {
    public String user() {
      return IngestPlan.user(ownerOf(device));
    }

    public String deviceId() {
      return IngestPlan.device(device);
    }

    public String path() {
      return "/users/" + user() + "/devices/" + deviceId() + "/events/batch";
    }

    /** The request body for these events, in this order: {@code {"events":[...]}}. */
    public static String body(List<Map<String, Object>> events) {
      return Json.write(Map.of("events", events));
    }
  }

  /** Every batch, round robin over the devices: each device's first batch, then each one's second... */
  public List<Batch> batches() {
    List<List<Batch>> perDevice = new ArrayList<>();
    int rounds = 0;
    for (int d = 0; d < devices; d++) {
      List<Batch> own = new ArrayList<>();
      int n = eventsOf(d);
      for (int from = 0; from < n; from += BATCH) {
        List<Map<String, Object>> events = new ArrayList<>();
        for (int k = from; k < Math.min(n, from + BATCH); k++) {
          events.add(event(n, k));
        }
        own.add(new Batch(d, List.copyOf(events)));
      }
      perDevice.add(own);
      rounds = Math.max(rounds, own.size());
    }
    List<Batch> out = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      for (List<Batch> own : perDevice) {
        if (r < own.size()) {
          out.add(own.get(r));
        }
      }
    }
    return out;
  }

  /** Every event device {@code d} reports, oldest first. */
  public List<Map<String, Object>> eventsOfDevice(int d) {
    int n = eventsOf(d);
    List<Map<String, Object>> out = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      out.add(event(n, k));
    }
    return out;
  }

  /** Event {@code k} of a device reporting {@code n}: a minute after the one before, the last a minute before now. */
  private Map<String, Object> event(int n, int k) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("at", Timestamps.format(now.minusSeconds(60L * (n - k))));
    e.put("seq", k);
    e.put("type", TYPES.get(k % TYPES.size()));
    e.put("value", BigDecimal.valueOf(k % 500, 1));
    return e;
  }
}
