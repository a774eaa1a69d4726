package dev.monotable.kit.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.errors.ValidationException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An integer body field takes whole numbers in its range, compared exactly, and nothing else. */
class BodyFieldTest {

  private final BodyField price = BodyField.integer("priceCents", 0, 100_000_000L);

  @Test
  void integer_shouldTakeWholeNumbersInRange_whateverTheirJsonSpelling() {
    assertEquals(12L, price.accept(12));
    assertEquals(12L, price.accept(12L));
    assertEquals(12L, price.accept(new BigDecimal("12.000")));
    assertEquals(12L, price.accept(new BigDecimal("1.2e1")));
    assertEquals(0L, price.accept(new BigDecimal("0E+5")));
    assertEquals(100_000_000L, price.accept(new BigDecimal("1e8")));
  }

  @Test
  void integer_shouldRefuseWhatALongOrDoubleConversionWouldTurnIntoAnInRangeNumber() {
    // 1e400 as a long is 0 and as a double Infinity; 2^63 as a long is -2^63; 1e-400 as a double is 0.
    for (Object v : List.<Object>of(new BigDecimal("1e400"), new BigInteger("9223372036854775808"),
        new BigDecimal("1e-400"), 0.5, new BigDecimal("12.5"), Double.POSITIVE_INFINITY, Double.NaN, -1,
        100_000_001L, "12", true)) {
      assertEquals("priceCents", assertThrows(ValidationException.class, () -> price.accept(v), String.valueOf(v))
          .field(), String.valueOf(v));
    }
  }

  @Test
  void boundedNumber_shouldTakeMagnitudesBelowItsBound_exactly_andRefuseTheBoundItself() {
    // Devices refused |value| >= 1e15 while its document said "a number": the bound is declared here now.
    BodyField value = BodyField.number("value", 1_000_000_000_000_000L);
    assertEquals(new BigDecimal("999999999999999.9"), value.accept(new BigDecimal("999999999999999.9")));
    assertEquals(new BigDecimal("-999999999999999"), value.accept(new BigDecimal("-999999999999999")));
    for (Object v : List.<Object>of(new BigDecimal("1e15"), new BigDecimal("-1e15"), new BigDecimal("1e125"))) {
      assertEquals("value", assertThrows(ValidationException.class, () -> value.accept(v), String.valueOf(v)).field());
    }
    assertEquals(new BigDecimal("1e125"), BodyField.number("any").accept(new BigDecimal("1e125")));
    assertThrows(IllegalArgumentException.class, () -> BodyField.number("value", 0));
  }
}
