package dev.monotable.devices.bench;

import dev.monotable.devices.model.Device;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.StatusCounts;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.keys.Timestamps;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The one dataset both designs of {@code scripts/compare-designs} hold: {@code users} users, each
 * with {@link #DEVICES_PER_USER} devices of {@link #EVENTS_PER_DEVICE} events, drawn from a seeded
 * random so every run (and both designs) get the same values. The single-table items are the
 * domain's own ({@code UserProfile}, {@code Device}, {@code Event} {@code toItem()}), each device
 * carrying the copy of its newest event the domain writes with every event; the entity-first
 * items are the seed's attributes ({@link EntityFirstDevices}).
 *
 * <p>Events fall within the {@link #SPAN} before {@code now}, one per device per instant (sequence
 * 0), so both designs key them alike and a 90-day TTL keeps them all.
 *
 * @param users the number of users
 * @param now the dataset's present: events lie before it, reads ask relative to it
 * @param seed the random seed
 */
public record DesignsDataset(int users, Instant now, long seed) {

  public static final int DEVICES_PER_USER = 10;
  public static final int EVENTS_PER_DEVICE = 10;
  /** How far back events go. */
  public static final Duration SPAN = Duration.ofDays(60);
  public static final List<String> KINDS = List.of("thermostat", "plug", "sensor", "camera", "light");
  public static final List<String> EVENT_TYPES = List.of("temperature", "humidity", "motion", "battery", "error");
  private static final String CREATED = "2026-01-01T00:00:00.000Z";

  public int devices() {
    return users * DEVICES_PER_USER;
  }

  public int events() {
    return devices() * EVENTS_PER_DEVICE;
  }

  public static String userId(int u) {
    return String.format("u%05d", u);
  }

  /** Device ids are unique across users, as the entity-first Devices table keys them. */
  public static String deviceId(int d) {
    return String.format("d%06d", d);
  }

  public static int ownerOf(int d) {
    return d / DEVICES_PER_USER;
  }

  /** One generated device: its attributes and its events, newest last. */
  public record DeviceData(int index, String user, String device, String name, String kind, String status,
      List<EventData> events) {}

  /** One generated event; its value without trailing zeros, as the domain stores values. */
  public record EventData(String at, String type, BigDecimal value) {}

  /** The user's profile fields. */
  public record UserData(String user, String name, String email) {}

  public UserData user(int u) {
    return new UserData(userId(u), "User " + u, userId(u) + "@example.com");
  }

  /** Device {@code d}, the same whatever order devices are asked in (its random is seeded by its index). */
  public DeviceData device(int d) {
    Random r = new Random(seed * 1_000_003L + d);
    long spanMs = SPAN.toMillis();
    List<Long> offsets = new ArrayList<>();
    while (offsets.size() < EVENTS_PER_DEVICE) {
      long o = 1 + (long) (r.nextDouble() * (spanMs - 1));
      if (!offsets.contains(o)) {
        offsets.add(o);
      }
    }
    offsets.sort((a, b) -> Long.compare(b, a)); // the oldest (largest offset) first
    List<EventData> events = new ArrayList<>();
    for (long o : offsets) {
      events.add(new EventData(Timestamps.format(now.minusMillis(o)), EVENT_TYPES.get(r.nextInt(EVENT_TYPES.size())),
          BigDecimal.valueOf(r.nextInt(10_000), 1).stripTrailingZeros()));
    }
    return new DeviceData(d, userId(ownerOf(d)), deviceId(d), "Device " + d, KINDS.get(r.nextInt(KINDS.size())),
        Device.STATUSES.get(r.nextInt(Device.STATUSES.size())), events);
  }

  // ---- the single-table items: the domain's model classes ---------------------------------------

  /**
   * Every single-table item, one by one: profiles (with {@code ActiveAt}, the newest event's time,
   * as the activity stream function leaves it), devices (with their 10 newest events in
   * {@code Recent}, as the recent-events stream function leaves them), events, and the status
   * counts in their shards (as the counting stream function leaves them).
   */
  public void singleTableItems(Consumer<Map<String, AttributeValue>> sink) {
    Map<Integer, Map<String, Long>> shards = new java.util.TreeMap<>();
    for (int u = 0; u < users; u++) {
      UserData p = user(u);
      List<DeviceData> own = new ArrayList<>();
      String active = null;
      for (int k = 0; k < DEVICES_PER_USER; k++) {
        DeviceData d = device(u * DEVICES_PER_USER + k);
        own.add(d);
        String newest = d.events().get(d.events().size() - 1).at();
        active = active == null || newest.compareTo(active) > 0 ? newest : active;
      }
      sink.accept(new UserProfile(p.user(), p.name(), p.email(), CREATED, active).toItem());
      for (DeviceData d : own) {
        sink.accept(singleTableDevice(d, d.status()).toItem());
        for (EventData e : d.events()) {
          sink.accept(singleTableEvent(d, e).toItem());
        }
        shards.computeIfAbsent(DevicesKeys.shard(d.user(), d.device(), DevicesKeys.STATUS_SHARDS),
            s -> new java.util.LinkedHashMap<>()).merge(d.status(), 1L, Long::sum);
      }
    }
    shards.forEach((shard, counts) -> sink.accept(new StatusCounts(shard, counts, CREATED, CREATED).toItem()));
  }

  /** The device as the domain stores it after its events: version 1, {@code Recent} its newest 10. */
  public static Device singleTableDevice(DeviceData d, String status) {
    List<Device.Reading> readings = d.events().stream().map(e -> new Device.Reading(e.at(), 0, e.type(), e.value()))
        .toList();
    List<Device.Reading> recent = Device.merge(List.of(), readings);
    return new Device(d.user(), d.device(), d.name(), d.kind(), status, 1, CREATED, CREATED, List.of(), recent,
        d.events().size(), null, 0);
  }

  /** The event as the domain stores it (sequence 0, the device's name at version 1). */
  public static Event singleTableEvent(DeviceData d, EventData e) {
    return new Event(d.user(), d.device(), e.at(), 0, e.type(), e.value(), d.name(), 1, CREATED);
  }

  // ---- the entity-first items: the seed's attributes --------------------------------------------

  /** The Users items. */
  public void peerUsers(Consumer<Map<String, AttributeValue>> sink) {
    for (int u = 0; u < users; u++) {
      UserData p = user(u);
      sink.accept(EntityFirstDevices.userItem(p.user(), p.name(), p.email(), CREATED));
    }
  }

  /** The Devices items. */
  public void peerDevices(Consumer<Map<String, AttributeValue>> sink) {
    for (int d = 0; d < devices(); d++) {
      DeviceData x = device(d);
      sink.accept(EntityFirstDevices.deviceItem(x.device(), x.user(), x.name(), x.kind(), x.status()));
    }
  }

  /** The Events items: event id {@code <device>-<n>}, n in time order. */
  public void peerEvents(Consumer<Map<String, AttributeValue>> sink) {
    for (int d = 0; d < devices(); d++) {
      DeviceData x = device(d);
      for (int n = 0; n < x.events().size(); n++) {
        EventData e = x.events().get(n);
        sink.accept(EntityFirstDevices.eventItem(x.device() + "-" + n, x.device(), x.user(), e.at(), e.type(),
            e.value().toPlainString()));
      }
    }
  }
}
