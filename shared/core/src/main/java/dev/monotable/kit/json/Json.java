package dev.monotable.kit.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.jr.ob.JSON;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * JSON via jackson-jr on plain maps and lists: no annotations, no bean reflection, a small jar and
 * a fast cold start.
 */
public final class Json {
  // Null map values are written, not skipped (jackson-jr's default): the contract answers a list's
  // last page with "nextCursor": null, and representations keep one shape ("forkOf": null).
  private static final JSON JSON_STD = JSON.std.with(JSON.Feature.WRITE_NULL_PROPERTIES);
  // A repeated key would make the request mean whichever copy the parser kept: refuse it. Numbers
  // with a fraction or an exponent are read as BigDecimal, every digit kept: as a double, 1e-400
  // would become 0 and a 38-digit value (all DynamoDB keeps) would be rounded to 17 digits before
  // any check could see it (kit.items.Numbers checks DynamoDB's rules on the exact value).
  private static final JSON STRICT_READER = JSON_STD.with(JSON.Feature.FAIL_ON_DUPLICATE_MAP_KEYS,
      JSON.Feature.USE_BIG_DECIMAL_FOR_FLOATS);

  private Json() {}

  /**
   * The JSON text of {@code value}. Maps with String keys, lists and other collections, strings,
   * booleans, null and the JDK's integer, BigDecimal and finite floating-point numbers (every
   * response body and log line) are written here directly, as jackson-jr writes them, character
   * for character (JsonTest holds the two to the same text); anything else goes to jackson-jr. The
   * direct path costs a third of jackson-jr's: every invocation writes its metric line and its body.
   */
  public static String write(Object value) {
    StringBuilder out = new StringBuilder(256);
    if (writeSimple(value, out, 0)) {
      return out.toString();
    }
    return writeWithJacksonJr(value);
  }

  /** jackson-jr's text of {@code value}, the reference {@link #write} matches. */
  static String writeWithJacksonJr(Object value) {
    try {
      return JSON_STD.asString(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  // Nesting past this goes to jackson-jr, whose own limit then applies.
  private static final int MAX_DEPTH = 100;

  /** Appends {@code v}; false (out then unusable) when a value is not one the direct path writes. */
  private static boolean writeSimple(Object v, StringBuilder out, int depth) {
    if (depth > MAX_DEPTH) {
      return false;
    }
    if (v == null) {
      out.append("null");
    } else if (v instanceof String str) {
      string(str, out);
    } else if (v instanceof Boolean b) {
      out.append(b.booleanValue());
    } else if (v instanceof Integer || v instanceof Long || v instanceof Short || v instanceof Byte
        || v instanceof java.math.BigInteger || v instanceof java.math.BigDecimal) {
      out.append(v);
    } else if (v instanceof Double d) {
      if (d.isNaN() || d.isInfinite()) {
        return false;
      }
      out.append(d.doubleValue());
    } else if (v instanceof Float f) {
      if (f.isNaN() || f.isInfinite()) {
        return false;
      }
      out.append(f.floatValue());
    } else if (v instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (!(e.getKey() instanceof String key)) {
          return false;
        }
        if (!first) {
          out.append(',');
        }
        first = false;
        string(key, out);
        out.append(':');
        if (!writeSimple(e.getValue(), out, depth + 1)) {
          return false;
        }
      }
      out.append('}');
    } else if (v instanceof java.util.Collection<?> list) {
      out.append('[');
      boolean first = true;
      for (Object item : list) {
        if (!first) {
          out.append(',');
        }
        first = false;
        if (!writeSimple(item, out, depth + 1)) {
          return false;
        }
      }
      out.append(']');
    } else {
      return false;
    }
    return true;
  }

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  /**
   * Appends {@code s} as a JSON string ({@code null} as {@code null}), escaped exactly as {@link
   * #write} escapes it: for a line built by hand from parts that are fixed per route (the metric
   * line that kit-lambda's Emf.Block writes).
   */
  public static void appendString(String s, StringBuilder out) {
    if (s == null) {
      out.append("null");
    } else {
      string(s, out);
    }
  }

  /** A JSON string as jackson-core escapes it: quote, backslash and control characters only. */
  private static void string(String s, StringBuilder out) {
    out.append('"');
    int from = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c >= 0x20 && c != '"' && c != '\\') {
        continue;
      }
      out.append(s, from, i);
      from = i + 1;
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\b' -> out.append("\\b");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\f' -> out.append("\\f");
        case '\r' -> out.append("\\r");
        default -> out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
      }
    }
    out.append(s, from, s.length()).append('"');
  }

  /**
   * Parses one JSON object and nothing after it; throws {@link IOException} for malformed text,
   * another JSON type, a repeated key, nesting deeper than the parser's limit (1,000) or anything
   * but whitespace after the object ({@code {"title":"x"} xx} is not a body). Whole numbers arrive as
   * {@code Integer}, {@code Long} or {@code BigInteger}, the others as {@code BigDecimal}: never a
   * {@code double}.
   */
  public static Map<String, Object> readObject(String text) throws IOException {
    Object any;
    try (JsonParser parser = STRICT_READER.createParser(text)) {
      any = STRICT_READER.anyFrom(parser);
      if (parser.nextToken() != null) {
        throw new IOException("data after the JSON value");
      }
    }
    if (!(any instanceof Map)) {
      throw new IOException("not a JSON object");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) any;
    return map;
  }
}
