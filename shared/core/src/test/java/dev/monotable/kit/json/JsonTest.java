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

  /**
   * Json.write writes maps, lists, strings and numbers itself for speed; what it writes must be
   * jackson-jr's text to the character (log lines are parsed by CloudWatch, bodies by clients).
   */
  @net.jqwik.api.Property(tries = 500)
  void write_shouldMatchJacksonJr_forEveryString(@net.jqwik.api.ForAll String text,
      @net.jqwik.api.ForAll double d, @net.jqwik.api.ForAll long l) {
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put(text, text);
    m.put("d", d);
    m.put("f", (float) d);
    m.put("l", l);
    m.put("list", java.util.List.of(text, l, true, java.util.Map.of()));
    m.put("none", null);
    m.put("nested", new java.util.LinkedHashMap<>(java.util.Map.of("k", java.util.Arrays.asList(null, "x"))));
    assertEquals(Json.writeWithJacksonJr(m), Json.write(m));
  }

  @Test
  void write_shouldMatchJacksonJr_onEscapesNumbersAndOtherTypes() {
    StringBuilder all = new StringBuilder();
    for (char c = 0; c < 0x100; c++) {
      all.append(c);
    }
    all.append("\u2028\ud83d\ude00\ud800 end");
    java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
    m.put("all", all.toString());
    m.put("big", new BigDecimal("1.50E+3"));
    m.put("bigInt", new BigInteger("123456789012345678901234567890"));
    m.put("int", 7);
    m.put("short", (short) 3);
    m.put("nan", Double.NaN);
    m.put("set", new java.util.TreeSet<>(java.util.Set.of("b", "a")));
    m.put("enum", java.time.DayOfWeek.MONDAY);
    m.put("empty", java.util.List.of());
    for (Object v : new Object[] {m, java.util.List.of(1, "a"), "x", 1.5, null, Map.of(1, "non-string key")}) {
      assertEquals(Json.writeWithJacksonJr(v), Json.write(v), String.valueOf(v));
    }
  }
}
