package dev.monotable.shared.json;

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

  private Json() {}

  public static String write(Object value) {
    try {
      return JSON_STD.asString(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Parses a JSON object; throws {@link IOException} for malformed text or another JSON type. */
  public static Map<String, Object> readObject(String text) throws IOException {
    Object any = JSON_STD.anyFrom(text);
    if (!(any instanceof Map)) {
      throw new IOException("not a JSON object");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> map = (Map<String, Object>) any;
    return map;
  }
}
