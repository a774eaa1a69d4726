package dev.monotable.kit.keys;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;

/** ISO-8601 UTC timestamps with millisecond precision, the only time format in items and keys. */
public final class Timestamps {
  private static final DateTimeFormatter FORMAT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);
  private static final Pattern SHAPE = Pattern.compile("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$");

  private Timestamps() {}

  /** Formats with exactly three fraction digits, so lexical order is time order. */
  public static String format(Instant instant) {
    return FORMAT.format(instant.truncatedTo(ChronoUnit.MILLIS));
  }

  public static Instant parse(String ts) {
    return Instant.parse(segment(ts));
  }

  /** Checks the fixed-width shape before a timestamp becomes part of a key. */
  public static String segment(String ts) {
    if (ts == null || !SHAPE.matcher(ts).matches()) {
      throw new IllegalArgumentException("not an ISO-8601 millisecond UTC timestamp: " + ts);
    }
    return ts;
  }

  /** Epoch seconds for the {@code TTL} attribute. */
  public static long epochSeconds(Instant instant) {
    return instant.getEpochSecond();
  }
}
