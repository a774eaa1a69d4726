package dev.monotable.kit.catalog;

import java.util.Objects;

/**
 * Who may call a route beyond what its {@link Auth} admits, when the route declares it: the user
 * a path parameter names (the owner of that partition), or the members of a user pool group. The
 * handler enforces it (401 for no caller, 403 for another, before any DynamoDB request); the
 * permission suites derive each route's matrix from it. {@link #ANYONE} leaves the decision to the
 * data (a private resource), which only the domain's own tests can judge; {@link Kind#MEMBER} reads
 * it from the table in the route's own request ({@link Membership}).
 *
 * @param kind whose call the route serves
 * @param name the path parameter naming the owner, the group, or the membership's group; null for
 *     {@link Kind#ANYONE}
 * @param membership the membership a {@link Kind#MEMBER} route reads; null otherwise
 */
public record Access(Kind kind, String name, Membership membership) {

  /** Whose call a route serves. */
  public enum Kind {
    /** Every caller its {@link Auth} admits. */
    ANYONE,
    /** Only the user its path parameter {@link #name} names (compared ignoring case). */
    OWNER,
    /** Only members of the user pool group {@link #name} (claim {@code cognito:groups}). */
    GROUP,
    /**
     * Only members of the group its path parameter {@link #name} names, as the table holds them
     * ({@link #membership}): checked in the route's own request, 403 for others.
     */
    MEMBER
  }

  /** Every caller the route's {@link Auth} admits. */
  public static final Access ANYONE = new Access(Kind.ANYONE, null);

  public Access {
    Objects.requireNonNull(kind, "kind");
    if ((kind == Kind.ANYONE) != (name == null)) {
      throw new IllegalArgumentException(kind + ": a path parameter or group name is required, and only then");
    }
    if ((kind == Kind.MEMBER) != (membership != null)) {
      throw new IllegalArgumentException(kind + ": a membership is required, and only then");
    }
  }

  /** Access of a kind other than {@link Kind#MEMBER}. */
  public Access(Kind kind, String name) {
    this(kind, name, null);
  }

  /** Only the user the path parameter {@code pathParameter} names. */
  public static Access owner(String pathParameter) {
    return new Access(Kind.OWNER, pathParameter);
  }

  /** Only members of user pool group {@code group}. */
  public static Access group(String group) {
    return new Access(Kind.GROUP, group);
  }

  /** Only the members {@code membership} admits of the group its path parameter names. */
  public static Access member(Membership membership) {
    return new Access(Kind.MEMBER, membership.group(), membership);
  }
}
