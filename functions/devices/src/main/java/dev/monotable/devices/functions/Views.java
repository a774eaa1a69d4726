package dev.monotable.devices.functions;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.data.Events;
import dev.monotable.devices.data.Registry;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.DeviceTag;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.items.Numbers;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/** The JSON answers of Devices's routes, and the body values that are not strings. */
final class Views {
  private Views() {}

  static Map<String, Object> user(UserProfile p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("user", p.user());
    m.put("name", p.name());
    m.put("email", p.email());
    m.put("createdAt", p.createdAt());
    return m;
  }

  static Map<String, Object> device(Device d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("user", d.user());
    m.put("device", d.device());
    m.put("name", d.name());
    m.put("kind", d.kind());
    m.put("status", d.status());
    m.put("version", d.version());
    m.put("createdAt", d.createdAt());
    m.put("updatedAt", d.updatedAt());
    m.put("tags", d.tags());
    m.put("recent", d.recent().stream().map(Views::reading).toList());
    if (d.deletingAt() != null) {
      m.put("deletingAt", d.deletingAt());
      m.put("deletedEvents", d.deletedEvents());
    }
    return m;
  }

  private static Map<String, Object> reading(Device.Reading r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("at", r.at());
    m.put("seq", r.seq());
    m.put("type", r.type());
    m.put("value", r.value());
    return m;
  }

  static Map<String, Object> removal(Registry.Removal r) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("device", r.device());
    m.put("done", r.done());
    m.put("deleted", r.deleted());
    m.put("deletedTotal", r.deletedTotal());
    return m;
  }

  static Map<String, Object> tag(DeviceTag t) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("device", t.device());
    m.put("tag", t.tag());
    return m;
  }

  static Map<String, Object> active(UserProfile p) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("user", p.user());
    m.put("activeAt", p.activeAt());
    return m;
  }

  /** The answer of a batch: counts, then one result per event in the request's order. */
  static Map<String, Object> batch(int size, Events.BatchResult result) {
    Set<Integer> left = Set.copyOf(result.unprocessed());
    List<Map<String, Object>> results = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      results.add(Map.of("index", i, "status", left.contains(i) ? "unprocessed" : "written"));
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("written", result.written().size());
    m.put("unprocessed", left.size());
    m.put("results", results);
    return m;
  }

  static Map<String, Object> dashboard(Registry.Dashboard d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("user", d.profile() == null ? null : user(d.profile()));
    m.put("devices", d.devices().items().stream().map(Views::device).toList());
    m.put("nextCursor", d.devices().nextCursor());
    return m;
  }

  static Map<String, Object> eventOfUser(Event e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("user", e.user());
    m.putAll(event(e));
    return m;
  }

  static Map<String, Object> event(Event e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("device", e.device());
    m.put("deviceName", e.deviceName());
    m.put("at", e.at());
    m.put("seq", e.seq());
    m.put("type", e.eventType());
    m.put("value", e.value());
    return m;
  }

  static <T> Map<String, Object> page(Page<T> page, Function<T, Map<String, Object>> view) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("items", page.items().stream().map(view).toList());
    m.put("nextCursor", page.nextCursor());
    return m;
  }

  /**
   * What two sides' answers of a switched read are compared on: the answer, a page's cursor left out (each side
   * encodes its own) but whether there is a next page kept.
   */
  static Object compared(Map<String, Object> answer) {
    if (!answer.containsKey("nextCursor")) {
      return answer;
    }
    Map<String, Object> m = new LinkedHashMap<>(answer);
    m.put("nextCursor", answer.get("nextCursor") != null);
    return m;
  }

  /** One event of a body ({@code prefix} names it in errors: {@code events[3].}). */
  static Events.EventInput eventInput(Object body, String prefix) {
    if (!(body instanceof Map<?, ?> m)) {
      throw new ValidationException(prefix.isEmpty() ? null : prefix.substring(0, prefix.length() - 1),
          (prefix.isEmpty() ? "the body" : prefix.substring(0, prefix.length() - 1)) + " must be an object");
    }
    for (Object field : m.keySet()) {
      if (!EVENT_FIELDS.contains(field)) {
        throw new ValidationException(prefix + field, "unknown field " + prefix + field + "; an event takes "
            + String.join(", ", EVENT_FIELDS));
      }
    }
    if (!(m.get("at") instanceof String at)) {
      throw new ValidationException(prefix + "at", prefix + "at is required");
    }
    if (!(m.get("type") instanceof String type)) {
      throw new ValidationException(prefix + "type", prefix + "type is required");
    }
    return new Events.EventInput(at, seq(prefix, m.get("seq")), type, number(prefix + "value", m.get("value")));
  }

  private static final List<String> EVENT_FIELDS = List.of("at", "seq", "type", "value");

  /** The {@code events} array of a batch body: 1 to 25 events. */
  static List<Events.EventInput> eventInputs(Object events) {
    if (!(events instanceof List<?> list) || list.isEmpty() || list.size() > Events.BATCH_MAX) {
      throw new ValidationException("events", "events must be an array of 1 to " + Events.BATCH_MAX + " events");
    }
    List<Events.EventInput> out = new ArrayList<>();
    for (int i = 0; i < list.size(); i++) {
      out.add(eventInput(list.get(i), "events[" + i + "]."));
    }
    return out;
  }

  /** A JSON array of strings. */
  static List<String> strings(String field, Object v) {
    if (v instanceof List<?> list && list.stream().allMatch(String.class::isInstance)) {
      return list.stream().map(String.class::cast).toList();
    }
    throw new ValidationException(field, field + " must be an array of strings");
  }

  /** A required query parameter. */
  static String required(Request r, String name) {
    String v = r.query(name);
    if (v == null) {
      throw new ValidationException(name, name + " is required");
    }
    return v;
  }

  /** {@code days}: absent is 30, the seed's window. */
  static int days(String v) {
    if (v == null) {
      return 30;
    }
    if (v.matches("^[0-9]{1,3}$")) {
      return Integer.parseInt(v);
    }
    throw new ValidationException("days", "days must be a whole number from 1 to 90");
  }

  /** The event's sequence: absent is 0; otherwise a whole number from 0 to 99,999,999. */
  static int seq(String prefix, Object v) {
    if (v == null) {
      return 0;
    }
    if (v instanceof Number n) {
      BigDecimal d = new BigDecimal(n.toString());
      if (d.signum() >= 0 && d.compareTo(BigDecimal.valueOf(DevicesKeys.SEQ_MAX)) <= 0 && d.stripTrailingZeros().scale() <= 0) {
        return d.intValueExact();
      }
    }
    throw new ValidationException(prefix + "seq", prefix + "seq must be a whole number from 0 to " + DevicesKeys.SEQ_MAX);
  }

  /** A JSON number field, exactly as sent, once DynamoDB would store it as it is (kit's number rules). */
  static BigDecimal number(String field, Object v) {
    return Numbers.field(field, v);
  }
}
