package dev.monotable.kit.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.errors.ValidationException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One strict rule for every timestamp a client sends, on read and write routes alike. */
class TimestampsTest {

  @Test
  void param_shouldReturnTheTimestamp_whenItIsTheCanonicalSpellingOfAnInstant() {
    for (String ts : List.of("2026-01-01T00:00:00.000Z", "2024-02-29T23:59:59.999Z", "1970-01-01T00:00:00.000Z")) {
      assertEquals(ts, Timestamps.param("from", ts));
      assertEquals(Instant.parse(ts), Timestamps.parse(ts));
      assertEquals(ts, Timestamps.segment(ts));
    }
  }

  @Test
  void param_shouldRefuseNamingTheParameter_whenHour24ALeapSecondOrAnImpossibleDate() {
    // GIVEN spellings java.time reads leniently (24:00 as the next day, second 60 as 59) or not at all
    for (String ts : List.of("2026-01-01T24:00:00.000Z", "2026-12-31T23:59:60.000Z", "2026-02-30T00:00:00.000Z",
        "2026-13-01T00:00:00.000Z", "2026-01-01T00:60:00.000Z", "2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000+00:00",
        "2026-01-01 00:00:00.000Z", "", "yesterday")) {
      // WHEN / THEN one rule for every caller: a 400 naming the parameter, an exception for keys
      assertEquals("since", assertThrows(ValidationException.class, () -> Timestamps.param("since", ts)).field(), ts);
      assertThrows(IllegalArgumentException.class, () -> Timestamps.parse(ts), ts);
      assertThrows(IllegalArgumentException.class, () -> Timestamps.segment(ts), ts);
    }
    assertEquals("to", assertThrows(ValidationException.class, () -> Timestamps.param("to", null)).field());
  }
}
