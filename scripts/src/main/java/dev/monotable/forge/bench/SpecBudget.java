package dev.monotable.forge.bench;


import dev.monotable.kit.catalog.AccessPatternSpec;
import static dev.monotable.forge.catalog.AccessPattern.*;

import dev.monotable.forge.catalog.AccessPattern;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * How many DynamoDB requests the contract (docs/api-contract.md#conventions, forge.md section 4)
 * allows each access pattern: reads are ONE request; the only second request allowed is one
 * GetItem of the caller's Membership when a private organization repository (or, for AP15, a page
 * holding one) is read by an authenticated caller who is not its owner, and AP11's admin check.
 * The lists of a repository's comments add the one recorded exception: an empty first page reads
 * the repository and the ticket to tell an empty thread from a missing one (never with the
 * Membership GetItem, so still at most 2). Writes use the requests their access pattern's
 * operation names (docs/access-patterns.md), a transaction being one request. The report
 * compares the measured count with this; {@code RequestBudgetTest} pins the measured counts
 * themselves, per route and per caller kind.
 */
public final class SpecBudget {

  /** Allowed requests and the spec text it comes from. */
  public record Allowance(int requests, String basis) {}

  private static final Map<AccessPattern, Allowance> ALLOWED = new EnumMap<>(AccessPattern.class);

  static {
    String read = "read: one request";
    String membership = "read: one request, +1 Membership GetItem for a private org repository read by a non-owner";
    String tx = "write: one TransactWriteItems";
    for (AccessPattern ap : List.of(AP02, AP05, AP08, AP09, AP12, AP20)) {
      ALLOWED.put(ap, new Allowance(1, read));
    }
    for (AccessPattern ap : List.of(AP14, AP23, AP33)) {
      ALLOWED.put(ap, new Allowance(1, "read: GetItem, or BatchGetItem with the caller's Membership"));
    }
    for (AccessPattern ap : List.of(AP15, AP17, AP21, AP24, AP25, AP26, AP29, AP34, AP35, AP36, AP39)) {
      ALLOWED.put(ap, new Allowance(2, membership));
    }
    ALLOWED.put(AP11, new Allowance(2, "read: admins only, the caller's Membership GetItem first"));
    for (AccessPattern ap : List.of(AP01, AP04, AP06, AP07, AP10, AP13, AP16, AP18, AP19, AP28, AP30, AP31, AP38,
        AP40, AP41)) {
      ALLOWED.put(ap, new Allowance(1, tx));
    }
    ALLOWED.put(AP03, new Allowance(1, "write: UpdateItem on Version (If-Match sent)"));
    ALLOWED.put(AP27, new Allowance(1, "write: UpdateItem on Version"));
    ALLOWED.put(AP37, new Allowance(1, "write: UpdateItem on Version"));
    ALLOWED.put(AP22, new Allowance(2, "write: UpdateItem Counter, then one TransactWriteItems (Put + profile check)"));
    ALLOWED.put(AP32, new Allowance(2, "write: UpdateItem Counter, then one TransactWriteItems (Put + profile check)"));
    ALLOWED.put(AP42, new Allowance(0, "no table access"));
    for (AccessPattern ap : AccessPattern.values()) {
      if (!ALLOWED.containsKey(ap)) {
        throw new ExceptionInInitializerError("no spec allowance for " + ap);
      }
    }
  }

  private SpecBudget() {}

  /** The allowance of a case: the largest of its patterns' (a route serving several patterns). */
  public static Allowance of(List<? extends AccessPatternSpec> patterns) {
    Allowance best = null;
    for (AccessPatternSpec p : patterns) {
      Allowance a = ALLOWED.get(p);
      if (best == null || a.requests() > best.requests()) {
        best = a;
      }
    }
    return best;
  }
}
