package dev.monotable.kit.keys;

import dev.monotable.kit.errors.ValidationException;
import java.time.DateTimeException;
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

  /**
   * The instant of a timestamp in the one format ({@link #segment}'s rule).
   *
   * @throws IllegalArgumentException when it is not the canonical spelling of an instant
   */
  public static Instant parse(String ts) {
    if (ts == null || !SHAPE.matcher(ts).matches()) {
      throw new IllegalArgumentException("not an ISO-8601 millisecond UTC timestamp: " + ts);
    }
    Instant instant;
    try {
      instant = Instant.parse(ts);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException("not an ISO-8601 millisecond UTC timestamp: " + ts, e);
    }
    // java.time is lenient where keys must not be: it reads hour 24 as the next day's midnight and
    // second 60 (a leap second) as second 59, so two spellings would name one instant and sort
    // apart in a key. Only the spelling format() gives for the instant is a timestamp.
    if (!format(instant).equals(ts)) {
      throw new IllegalArgumentException("not a real instant (hour 24, second 60?): " + ts);
    }
    return instant;
  }

  /**
   * Checks a timestamp before it becomes part of a key: the fixed-width shape, and the one spelling
   * of a real instant (no month 13, no February 30, no hour 24, no second 60).
   */
  public static String segment(String ts) {
    parse(ts);
    return ts;
  }

  /**
   * A timestamp a client sent ({@code from}, {@code to}, {@code since}, an event's {@code at}):
   * the one rule for read and write routes alike, {@link #segment}'s.
   *
   * @throws ValidationException {@code field}, a 400 naming the parameter
   */
  public static String param(String field, String ts) {
    try {
      return segment(ts);
    } catch (IllegalArgumentException e) {
      throw new ValidationException(field, field + " must be an ISO-8601 UTC timestamp with milliseconds, "
          + "for example 2026-01-01T00:00:00.000Z");
    }
  }

  /** Epoch seconds for the {@code TTL} attribute. */
  public static long epochSeconds(Instant instant) {
    return instant.getEpochSecond();
  }
}
