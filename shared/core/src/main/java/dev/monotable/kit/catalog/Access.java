package dev.monotable.kit.catalog;

import java.util.Objects;

/**
 * Who may call a route beyond what its {@link Auth} admits, when the route declares it: the user
 * a path parameter names (the owner of that partition), or the members of a user pool group. The
 * handler enforces it (401 for no caller, 403 for another, before any DynamoDB request); the
 * permission suites derive each route's matrix from it. {@link #ANYONE} leaves the decision to the
 * data (a role held in an item, a private resource), which only the domain's own tests can judge.
 *
 * @param kind whose call the route serves
 * @param name the path parameter naming the owner, or the group; null for {@link Kind#ANYONE}
 */
public record Access(Kind kind, String name) {

  /** Whose call a route serves. */
  public enum Kind {
    /** Every caller its {@link Auth} admits. */
    ANYONE,
    /** Only the user its path parameter {@link #name} names (compared ignoring case). */
    OWNER,
    /** Only members of the user pool group {@link #name} (claim {@code cognito:groups}). */
    GROUP
  }

  /** Every caller the route's {@link Auth} admits. */
  public static final Access ANYONE = new Access(Kind.ANYONE, null);

  public Access {
    Objects.requireNonNull(kind, "kind");
    if ((kind == Kind.ANYONE) != (name == null)) {
      throw new IllegalArgumentException(kind + ": a path parameter or group name is required, and only then");
    }
  }

  /** Only the user the path parameter {@code pathParameter} names. */
  public static Access owner(String pathParameter) {
    return new Access(Kind.OWNER, pathParameter);
  }

  /** Only members of user pool group {@code group}. */
  public static Access group(String group) {
    return new Access(Kind.GROUP, group);
  }
}
