package dev.monotable.kit.auth;

import java.util.LinkedHashSet;
import java.util.Set;
import java.util.Map;

/** Verified claims of a bearer token; {@link #username()} is the caller. */
public record Claims(String username, String issuer, long expiresAt, Map<String, Object> all) {

  public Claims {
    all = Map.copyOf(all);
  }

  /** Cognito's claim listing the user pool groups the caller belongs to. */
  public static final String GROUPS = "cognito:groups";

  /**
   * The groups in a {@link #GROUPS} claim as API Gateway's JWT authorizer hands it to Lambda: an
   * array claim becomes one string, {@code [operators admins]} (the local service writes
   * {@code [operators, admins]}); a single value may come bare.
   */
  public static Set<String> groupsOf(String claim) {
    if (claim == null || claim.isBlank()) {
      return Set.of();
    }
    String inner = claim.strip();
    if (inner.startsWith("[") && inner.endsWith("]")) {
      inner = inner.substring(1, inner.length() - 1);
    }
    Set<String> groups = new LinkedHashSet<>();
    for (String g : inner.split("[,\\s]+")) {
      if (!g.isEmpty()) {
        groups.add(g);
      }
    }
    return Set.copyOf(groups);
  }

  /**
   * The caller's name: claim {@code username} (Cognito access tokens and the local issuer), or
   * {@code cognito:username} (Cognito ID tokens).
   */
  public static String usernameOf(Map<String, ?> claims) {
    Object u = claims.get("username");
    if (u == null) {
      u = claims.get("cognito:username");
    }
    return u == null ? null : u.toString();
  }
}
