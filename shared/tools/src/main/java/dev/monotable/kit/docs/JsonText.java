package dev.monotable.kit.docs;

import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Pretty JSON for committed files: two-space indent, one member per line, maps in their own order
 * (generators build LinkedHashMaps), so regenerating gives byte-identical output and small diffs.
 */
final class JsonText {
  private JsonText() {}

  static String pretty(Object value) {
    StringBuilder sb = new StringBuilder();
    write(sb, value, "");
    return sb.toString();
  }

  private static void write(StringBuilder sb, Object v, String indent) {
    if (v == null) {
      sb.append("null");
    } else if (v instanceof String s) {
      quote(sb, s);
    } else if (v instanceof Number || v instanceof Boolean) {
      sb.append(v);
    } else if (v instanceof Map<?, ?> m) {
      if (m.isEmpty()) {
        sb.append("{}");
        return;
      }
      sb.append("{\n");
      Iterator<? extends Map.Entry<?, ?>> it = m.entrySet().iterator();
      while (it.hasNext()) {
        Map.Entry<?, ?> e = it.next();
        sb.append(indent).append("  ");
        quote(sb, String.valueOf(e.getKey()));
        sb.append(": ");
        write(sb, e.getValue(), indent + "  ");
        sb.append(it.hasNext() ? ",\n" : "\n");
      }
      sb.append(indent).append('}');
    } else if (v instanceof List<?> l) {
      if (l.isEmpty()) {
        sb.append("[]");
        return;
      }
      boolean scalars = l.stream().noneMatch(x -> x instanceof Map || x instanceof List);
      if (scalars) {
        // Short lists of names (required, enum, type) stay on one line.
        sb.append('[');
        for (int i = 0; i < l.size(); i++) {
          write(sb, l.get(i), indent);
          sb.append(i + 1 < l.size() ? ", " : "");
        }
        sb.append(']');
        return;
      }
      sb.append("[\n");
      for (int i = 0; i < l.size(); i++) {
        sb.append(indent).append("  ");
        write(sb, l.get(i), indent + "  ");
        sb.append(i + 1 < l.size() ? ",\n" : "\n");
      }
      sb.append(indent).append(']');
    } else {
      throw new IllegalArgumentException("not JSON: " + v.getClass());
    }
  }

  private static void quote(StringBuilder sb, String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> sb.append("\\\"");
        case '\\' -> sb.append("\\\\");
        case '\n' -> sb.append("\\n");
        case '\t' -> sb.append("\\t");
        case '\r' -> sb.append("\\r");
        default -> {
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
        }
      }
    }
    sb.append('"');
  }
}
