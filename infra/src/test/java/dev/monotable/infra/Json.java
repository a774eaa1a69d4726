package dev.monotable.infra;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Small helpers to walk CloudFormation template JSON (maps and lists) in assertions. */
final class Json {

  private Json() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  /** Resources of the template, by logical id. */
  static Map<String, Map<String, Object>> resources(Map<String, Object> template) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    map(template.get("Resources")).forEach((id, r) -> out.put(id, map(r)));
    return out;
  }

  /** Resources of one type, by logical id. */
  static Map<String, Map<String, Object>> resources(Map<String, Object> template, String type) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    resources(template).forEach((id, r) -> {
      if (type.equals(r.get("Type"))) {
        out.put(id, r);
      }
    });
    return out;
  }

  static Map<String, Object> props(Map<String, Object> resource) {
    Object p = resource.get("Properties");
    return p == null ? Map.of() : map(p);
  }

  /** A value that may be a single item or a list, as a list (IAM Action and Resource). */
  static List<Object> list(Object o) {
    if (o == null) {
      return List.of();
    }
    return o instanceof List<?> l ? new ArrayList<>(l) : List.of(o);
  }

  static Map<String, Object> ref(String logicalId) {
    return Map.of("Ref", logicalId);
  }

  static boolean isRef(Object o, String logicalId) {
    return o instanceof Map<?, ?> m && m.size() == 1 && Objects.equals(m.get("Ref"), logicalId);
  }

  /** Logical id of a {@code {"Ref": id}} or {@code {"Fn::GetAtt": [id, attr]}}, else null. */
  static String target(Object o) {
    if (o instanceof Map<?, ?> m && m.size() == 1) {
      if (m.get("Ref") instanceof String s) {
        return s;
      }
      if (m.get("Fn::GetAtt") instanceof List<?> l && !l.isEmpty()) {
        return String.valueOf(l.get(0));
      }
    }
    return null;
  }

  /** Every value under a key named {@code key}, anywhere in {@code o}. */
  static List<Object> findAll(Object o, String key) {
    List<Object> found = new ArrayList<>();
    collect(o, key, found);
    return found;
  }

  private static void collect(Object o, String key, List<Object> found) {
    if (o instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (key.equals(e.getKey())) {
          found.add(e.getValue());
        }
        collect(e.getValue(), key, found);
      }
    } else if (o instanceof List<?> l) {
      for (Object item : l) {
        collect(item, key, found);
      }
    }
  }
}
