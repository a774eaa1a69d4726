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

  public static String write(Object value) {
    try {
      return JSON_STD.asString(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
