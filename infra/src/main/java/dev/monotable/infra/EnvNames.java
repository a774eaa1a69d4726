package dev.monotable.infra;

/**
 * Environment variables the stacks set on the Lambda functions. The handlers in the functions
 * module must read exactly these names; they are listed in infra/README.md.
 */
public final class EnvNames {

  /** Physical name of the Forge table; set on every function. */
  public static final String TABLE_NAME = "TABLE_NAME";

  /**
   * Token issuer the handler checks a bearer token against. Set only on functions of
   * {@code Auth.OPTIONAL} routes: those routes have no API Gateway authorizer, so the handler
   * verifies a token itself when one is present.
   */
  public static final String JWT_ISSUER = "JWT_ISSUER";

  /** Accepted audience(s), comma separated (Cognito: the app client id); with {@link #JWT_ISSUER}. */
  public static final String JWT_AUDIENCE = "JWT_AUDIENCE";

  /**
   * ARN of the Secrets Manager secret holding the HMAC key that signs pagination cursors. Set on
   * the functions that Query (the paginated lists), which alone may read the secret.
   */
  public static final String CURSOR_SECRET_ARN = "CURSOR_SECRET_ARN";

  /** Application log level (TRACE..ERROR), Powertools-style; optional for the handlers. */
  public static final String LOG_LEVEL = "LOG_LEVEL";

  /** JVM flags: read by the JVM itself, not by the handlers. */
  public static final String JAVA_TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";

  /** JWT claim the handlers take the caller's username from (Cognito access tokens carry it). */
  public static final String USERNAME_CLAIM = "username";

  private EnvNames() {}
}
