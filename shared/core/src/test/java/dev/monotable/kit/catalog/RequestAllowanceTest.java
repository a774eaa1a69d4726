package dev.monotable.kit.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.keys.Template;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestAllowanceTest {

  /** A pattern of a domain that declares only what the interface requires. */
  private record Plain(String name) implements AccessPatternSpec {
    @Override
    public String description() {
      return "plain";
    }

    @Override
    public Calls calls() {
      return Calls.of(Operation.GET_ITEM);
    }

    @Override
    public KeyCondition key() {
      return KeyCondition.get(Template.of("X"), Template.of("X"));
    }

    @Override
    public String parameters() {
      return "";
    }
  }

  /** A pattern that declares two requests. */
  private record Two(String name, String basis) implements AccessPatternSpec {
    @Override
    public String description() {
      return "two";
    }

    @Override
    public Calls calls() {
      return Calls.then(Operation.UPDATE_ITEM, Operation.TRANSACT_WRITE_ITEMS);
    }

    @Override
    public KeyCondition key() {
      return KeyCondition.plan("");
    }

    @Override
    public String parameters() {
      return "";
    }

    @Override
    public RequestAllowance requestAllowance() {
      return new RequestAllowance(2, basis);
    }
  }

  @Test
  void requestAllowance_shouldBeOneRequest_whenThePatternDeclaresNone() {
    assertSame(RequestAllowance.ONE, new Plain("P1").requestAllowance());
    assertEquals(1, RequestAllowance.ONE.requests());
  }

  @Test
  void largest_shouldTakeTheLargestAllowance_andTheFirstOfEqualOnes() {
    // GIVEN a route serving a one-request pattern and two two-request ones
    List<AccessPatternSpec> patterns = List.of(new Plain("P1"), new Two("P2", "first"), new Two("P3", "second"));

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
