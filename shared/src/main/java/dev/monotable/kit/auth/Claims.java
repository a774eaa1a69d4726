package dev.monotable.kit.auth;

import java.util.Map;

/** Verified claims of a bearer token; {@link #username()} is the caller. */
public record Claims(String username, String issuer, long expiresAt, Map<String, Object> all) {

  public Claims {
    all = Map.copyOf(all);
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
