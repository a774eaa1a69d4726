package dev.monotable.kit.items;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.json.Json;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** DynamoDB's number rules (PITFALLS "DynamoDB's numbers"): what is stored exactly, and what is a 400. */
class NumbersTest {

  /** The number of a JSON body, as Request hands it over. */
  private static Object json(String number) throws Exception {
    return Json.readObject("{\"v\":" + number + "}").get("v");
  }

  @Test
  void field_shouldKeepEveryDigit_whenWithinDynamoDbsRules() throws Exception {
    // GIVEN numbers at the edges of DynamoDB's range and precision
    for (String n : List.of("0", "-0", "0.000", "1e-130", "-1e-130", "9.9999999999999999999999999999999999999e125",
        "-9.9999999999999999999999999999999999999e125", "1234567890123.4567890123456789012345678",
        "12345678901234567890123456789012345678", "1e125", "123456789012345678901234567890123456780000",
        "0.00000000000000000000000000000000000000000000000000012345678901234567890123456789012345678", "19.25", "42")) {
      // WHEN
      BigDecimal v = Numbers.field("value", json(n));

      // THEN exactly the JSON text's number, and its N text reads back as the same number
      assertEquals(0, v.compareTo(new BigDecimal(n)), n);
      assertEquals(0, new BigDecimal(Numbers.toN(v)).compareTo(new BigDecimal(n)), n);
    }
  }

  @Test
  void field_shouldRefuseNamingTheField_whenDynamoDbWouldRefuseOrRoundTheNumber() throws Exception {
    // GIVEN underflow, overflow and more than 38 significant digits (double parsing once made
    // 1e-400 a 0 and rounded 39 digits to 17; 1e-131 reached DynamoDB and answered 500)
    for (String n : List.of("1e-131", "-1e-131", "9.99e-131", "1e-400", "1e126", "-1e126", "1e400",
        "123456789012345678901234567890123456789", "1234567890123.45678901234567890123456789",
        "-1.00000000000000000000000000000000000001", "0.000000000000000000000000000000000000000000000123456789012345678901234567890123456789")) {
      // WHEN / THEN
      ValidationException e = assertThrows(ValidationException.class, () -> Numbers.field("events[2].value", json(n)), n);
      assertEquals("events[2].value", e.field(), n);
      assertThrows(IllegalArgumentException.class, () -> Numbers.toN(new BigDecimal(n)), n);
    }
  }

  @Test
  void field_shouldRefuse_whenNotANumberOrAlreadyRounded() {
    for (Object v : List.of("1", true, 1.5d, 1.5f, List.of())) {
      assertEquals("value", assertThrows(ValidationException.class, () -> Numbers.field("value", v)).field());
    }
    assertThrows(ValidationException.class, () -> Numbers.field("value", null));
  }

  @Test
  void toN_shouldWriteNoExponentAndNoTrailingZeros() {
    assertEquals("1000", Numbers.toN(new BigDecimal("1E+3")));
    assertEquals("1.5", Numbers.toN(new BigDecimal("1.500")));
    assertEquals("0", Numbers.toN(new BigDecimal("0E-10")));
    assertEquals("-0.001", Numbers.toN(new BigDecimal("-1e-3")));
  }
}
