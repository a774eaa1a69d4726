package dev.monotable.devices.functions;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.devices.data.Registry;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.errors.ValidationException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
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
    Map<String, Object> latest = null;
    if (d.latest() != null) {
      latest = new LinkedHashMap<>();
      latest.put("at", d.latest().at());
      latest.put("seq", d.latest().seq());
      latest.put("type", d.latest().type());
      latest.put("value", d.latest().value());
    }
    m.put("latest", latest);
    return m;
  }

  static Map<String, Object> dashboard(Registry.Dashboard d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("user", d.profile() == null ? null : user(d.profile()));
    m.put("devices", d.devices().items().stream().map(Views::device).toList());
    m.put("nextCursor", d.devices().nextCursor());
    return m;
  }

  static Map<String, Object> event(Event e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("device", e.device());
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

  /** The event's sequence: absent is 0; otherwise a whole number from 0 to 99,999,999. */
  static int seq(Object v) {
    if (v == null) {
      return 0;
    }
    if (v instanceof Number n) {
      BigDecimal d = new BigDecimal(n.toString());
      if (d.signum() >= 0 && d.compareTo(BigDecimal.valueOf(DevicesKeys.SEQ_MAX)) <= 0 && d.stripTrailingZeros().scale() <= 0) {
        return d.intValueExact();
      }
    }
    throw new ValidationException("seq", "seq must be a whole number from 0 to " + DevicesKeys.SEQ_MAX);
  }

  /** A JSON number field. */
  static BigDecimal number(String field, Object v) {
    if (v instanceof Number n) {
      try {
        return new BigDecimal(n.toString());
      } catch (NumberFormatException e) {
        // NaN or infinity: not a JSON number
      }
    }
    throw new ValidationException(field, field + " must be a number");
  }
}
