package dev.monotable.kit.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.errors.ValidationException;
import org.junit.jupiter.api.Test;

/** The segments every domain may put in keys: usernames, e-mail addresses, ULIDs, Idempotency-Keys. */
class SegmentsTest {

  @Test
  void username_shouldLowerCaseAWellFormedName_andRefuseAnyOther() {
    assertEquals("ann-1", Segments.username("caller", "Ann-1"));
    for (String bad : new String[] {null, "", "-ann", "ann-", "a#b", "a".repeat(40)}) {
      ValidationException e = assertThrows(ValidationException.class, () -> Segments.username("caller", bad));
      assertEquals("caller", e.field());
    }
  }

  @Test
  void email_shouldLowerCase_andRefuseAHash() {
    assertEquals("ann@example.com", Segments.email("email", "Ann@Example.com"));
    assertThrows(ValidationException.class, () -> Segments.email("email", "a#b@example.com"));
  }

  @Test
  void email_shouldRefuseControlFormatAndInvisibleCharacters_andLookAlikeLetters() {
    // The bug this guards: "dup@example.com\u0000" was a second customer beside "dup@example.com" (201, not 409),
    // and so were endings in BEL, ZERO WIDTH SPACE, NO-BREAK SPACE and a Cyrillic first letter that reads as "d".
    String taken = "dup@example.com";
    for (String bad : new String[] {taken + "\u0000", taken + "\u0007", taken + "\u200b", taken + "\u00a0",
        "\u0434up@example.com", "\u200bdup@example.com", "dup@exam\u00adple.com", "dup @example.com", "d\tup@example.com",
        "dup@example.com\n", "\ufeffdup@example.com", "a@b@c", "@example.com", "dup@", "", "ab", null,
        "a".repeat(250) + "@b.co"}) {
      ValidationException e = assertThrows(ValidationException.class, () -> Segments.email("email", bad),
          () -> "accepted " + bad);
      assertEquals("email", e.field());
    }
  }

  @Test
  void email_sameAddressForUniqueness_isTheLowerCaseForm_andTheKeyRuleHoldsIt() {
    assertEquals(Segments.email("email", "Dup@Example.COM"), Segments.email("email", "dup@example.com"));
    assertEquals("x@xn--bcher-kva.example", Segments.email("email", "x@xn--bcher-kva.example"));
    assertEquals("a.b+c_d-e!%&'*/=?^`{|}~@ex.co", Segments.email("email", "a.b+c_d-e!%&'*/=?^`{|}~@ex.co"));
    // the key rule a domain's entity declares: lower case only, so a key never holds a second spelling
    assertEquals(true, Segments.EMAIL_ADDRESS.matcher("dup@example.com").matches());
    assertEquals(false, Segments.EMAIL_ADDRESS.matcher("Dup@example.com").matches());
    assertEquals(false, Segments.EMAIL_ADDRESS.matcher("dup@example.com\u200b").matches());
    // what a path may send where the server lower-cases first: the same rule in any case
    assertEquals(true, Segments.EMAIL_ADDRESS_ANY_CASE.matcher("Dup@Example.COM").matches());
    for (String bad : new String[] {"dup@example.com\u200b", "a#b@example.com", "a@b@c", "d up@example.com"}) {
      assertEquals(false, Segments.EMAIL_ADDRESS_ANY_CASE.matcher(bad).matches(), bad);
    }
  }
}
