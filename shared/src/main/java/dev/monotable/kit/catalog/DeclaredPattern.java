package dev.monotable.kit.catalog;

import java.util.Objects;

/**
 * An access pattern declared as a value, for a domain that does not keep its patterns in an enum:
 * {@code DeclaredPattern.of("P02", "get an entry", Calls.of(GET_ITEM), KeyCondition.get(ENTRY, ENTRY), "entry")}.
 *
 * @param name identifier, for example {@code P02}
 * @param description what the pattern answers
 * @param calls the DynamoDB calls that serve it
 * @param key how it finds its items
 * @param parameters its inputs, as the docs print them
 * @param requestAllowance the requests one call may make, with the contract's reason
 */
public record DeclaredPattern(String name, String description, Calls calls, KeyCondition key, String parameters,
    RequestAllowance requestAllowance) implements AccessPatternSpec {

  public DeclaredPattern {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(calls, "calls");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(requestAllowance, "requestAllowance");
  }

  /** A pattern of one request ({@link RequestAllowance#ONE}). */
  public static DeclaredPattern of(String name, String description, Calls calls, KeyCondition key, String parameters) {
    return new DeclaredPattern(name, description, calls, key, parameters, RequestAllowance.ONE);
  }

  /** The same pattern, allowed {@code requests} requests per call for this reason. */
  public DeclaredPattern allowing(int requests, String basis) {
    return new DeclaredPattern(name, description, calls, key, parameters, new RequestAllowance(requests, basis));
  }
}
