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
}
