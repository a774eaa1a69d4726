package dev.monotable.kit.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {

  @Test
  void readObject_shouldHandNumbersOverExactly_neverAsDouble() throws Exception {
    // GIVEN numbers a double would round (17 digits) or flush to zero (below 4.9e-324)
    Map<String, Object> m = Json.readObject("{\"a\":1234567890123.4567890123456789012345678,\"b\":1e-400,"
        + "\"c\":19.25,\"d\":123456789012345678901234567890,\"e\":7}");

    // THEN fractions and exponents are BigDecimal with every digit, whole numbers stay whole
    assertEquals(new BigDecimal("1234567890123.4567890123456789012345678"), m.get("a"));
    assertEquals(new BigDecimal("1e-400"), m.get("b"));
    assertEquals(new BigDecimal("19.25"), m.get("c"));
    assertEquals(new BigInteger("123456789012345678901234567890"), m.get("d"));
    assertEquals(7, m.get("e"));
  }
}
