package dev.monotable.kit.catalog;

import java.util.List;
import java.util.Objects;

/**
 * How many DynamoDB requests one call of an access pattern may make under the domain's contract,
 * and the contract text that allows them ({@link AccessPatternSpec#requestAllowance()}). The bench
 * ({@code scripts/bench}) compares each route's measured count with it, and the request budget
 * tests hold every read route to it.
 *
 * @param requests requests allowed per call (0 for a pattern without table access)
 * @param basis the contract's reason, for example {@code read: one request}
 */
public record RequestAllowance(int requests, String basis) {

  /** The kit's default: one request (one GetItem, Query, BatchGetItem or transaction). */
  public static final RequestAllowance ONE = new RequestAllowance(1, "one request");

  public RequestAllowance {
    if (requests < 0) {
      throw new IllegalArgumentException("requests must not be negative: " + requests);
    }
    Objects.requireNonNull(basis, "basis");
  }

  /**
   * The allowance of a route serving several patterns: the largest of theirs (the first of equal
   * ones), or null when {@code patterns} is empty.
   */
  public static RequestAllowance largest(List<? extends AccessPatternSpec> patterns) {
    RequestAllowance best = null;
    for (AccessPatternSpec p : patterns) {
      RequestAllowance a = p.requestAllowance();
      if (best == null || a.requests() > best.requests()) {
        best = a;
      }
    }
    return best;
  }
}
