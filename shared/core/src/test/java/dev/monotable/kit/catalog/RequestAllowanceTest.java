package dev.monotable.kit.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.keys.Template;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestAllowanceTest {

  /** A pattern that declares no allowance. */
  private static DeclaredPattern plain(String name) {
    return DeclaredPattern.of(name, "plain", Calls.of(Operation.GET_ITEM),
        KeyCondition.get(Template.of("X"), Template.of("X")), "");
  }

  /** A pattern that declares two requests. */
  private static DeclaredPattern two(String name, String basis) {
    return DeclaredPattern.of(name, "two", Calls.then(Operation.UPDATE_ITEM, Operation.TRANSACT_WRITE_ITEMS),
        KeyCondition.plan(""), "").allowing(2, basis);
  }

  @Test
  void requestAllowance_shouldBeOneRequest_whenThePatternDeclaresNone() {
    assertSame(RequestAllowance.ONE, plain("P1").requestAllowance());
    assertEquals(1, RequestAllowance.ONE.requests());
  }

  @Test
  void largest_shouldTakeTheLargestAllowance_andTheFirstOfEqualOnes() {
    // GIVEN a route serving a one-request pattern and two two-request ones
    List<AccessPatternSpec> patterns = List.of(plain("P1"), two("P2", "first"), two("P3", "second"));

    // WHEN its allowance is taken
    RequestAllowance a = RequestAllowance.largest(patterns);

    // THEN it is the first two-request pattern's
    assertEquals(new RequestAllowance(2, "first"), a);
    assertNull(RequestAllowance.largest(List.of()));
  }

  @Test
  void constructor_shouldRefuseANegativeCount() {
    assertThrows(IllegalArgumentException.class, () -> new RequestAllowance(-1, "x"));
    assertThrows(NullPointerException.class, () -> new RequestAllowance(1, null));
  }
}
