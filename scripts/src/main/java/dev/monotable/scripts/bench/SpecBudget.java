package dev.monotable.scripts.bench;

import static dev.monotable.shared.catalog.AccessPattern.*;

import dev.monotable.shared.catalog.AccessPattern;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * How many DynamoDB requests the contract (docs/api-contract.md#conventions) allows each access
 * pattern: reads are ONE request, except a read whose visibility depends on the caller's membership, which may make one
 * visibility read first (a repository's lists: the BatchGetItem of the repository and the
 * caller's membership; AP15: GetItem of the Membership); writes use the requests its access pattern's
 * operation names (docs/access-patterns.md) (a transaction is one request). The report compares the measured count
 * with this; {@code RequestBudgetTest} pins the measured counts themselves.
 */
public final class SpecBudget {

  /** Allowed requests and the spec text it comes from. */
  public record Allowance(int requests, String basis) {}

  private static final Map<AccessPattern, Allowance> ALLOWED = new EnumMap<>(AccessPattern.class);

  static {
    String read = "read: one request";
    String visibility = "read: one request after the visibility read";
    String tx = "write: one TransactWriteItems";
    for (AccessPattern ap : List.of(AP02, AP05, AP08, AP09, AP12, AP14, AP20, AP23, AP33)) {
      ALLOWED.put(ap, new Allowance(1, read));
    }
    for (AccessPattern ap : List.of(AP17, AP21, AP24, AP25, AP26, AP29, AP34, AP35, AP36, AP39)) {
      ALLOWED.put(ap, new Allowance(2, visibility));
    }
    ALLOWED.put(AP11, new Allowance(2, "read: admins only, the caller's Membership GetItem first"));
    ALLOWED.put(AP15, new Allowance(2, "read: GetItem of the caller's Membership, then Query"));
    for (AccessPattern ap : List.of(AP01, AP04, AP06, AP07, AP10, AP13, AP16, AP18, AP19, AP28, AP30, AP31, AP38,
        AP40, AP41)) {
      ALLOWED.put(ap, new Allowance(1, tx));
    }
    ALLOWED.put(AP03, new Allowance(1, "write: UpdateItem on Version (If-Match sent)"));
    ALLOWED.put(AP27, new Allowance(1, "write: UpdateItem on Version"));
    ALLOWED.put(AP37, new Allowance(1, "write: UpdateItem on Version"));
    ALLOWED.put(AP22, new Allowance(2, "write: UpdateItem Counter, then PutItem"));
    ALLOWED.put(AP32, new Allowance(2, "write: UpdateItem Counter, then PutItem"));
    ALLOWED.put(AP42, new Allowance(0, "no table access"));
    for (AccessPattern ap : AccessPattern.values()) {
      if (!ALLOWED.containsKey(ap)) {
        throw new ExceptionInInitializerError("no spec allowance for " + ap);
      }
    }
  }

  private SpecBudget() {}

  /** The allowance of a case: the largest of its patterns' (a route serving several patterns). */
  public static Allowance of(List<AccessPattern> patterns) {
    Allowance best = null;
    for (AccessPattern p : patterns) {
      Allowance a = ALLOWED.get(p);
      if (best == null || a.requests() > best.requests()) {
        best = a;
      }
    }
    return best;
  }
}
