package dev.monotable.shared;

/** Names of the environment variables the project reads; nothing spells them elsewhere. */
public final class Env {
  /** Name of the Forge table. */
  public static final String TABLE_NAME = "TABLE_NAME";
  /** Region of the table; set by the Lambda runtime. */
  public static final String AWS_REGION = "AWS_REGION";
  /** Endpoint override for a local DynamoDB-compatible server (moto, DynamoDB Local). */
  public static final String DYNAMODB_ENDPOINT = "DYNAMODB_ENDPOINT";
  /** Cursor HMAC key, base64; used locally and in tests. */
  public static final String CURSOR_SECRET = "CURSOR_SECRET";
  /** ARN of the Secrets Manager secret holding the cursor HMAC key when deployed. */
  public static final String CURSOR_SECRET_ARN = "CURSOR_SECRET_ARN";
  /** Expected issuer of bearer tokens verified by handlers of OPTIONAL-auth routes. */
  public static final String JWT_ISSUER = "JWT_ISSUER";
  /** Expected audience (client id) of those tokens. */
  public static final String JWT_AUDIENCE = "JWT_AUDIENCE";
  /** JWKS address; defaults to {@code <issuer>/.well-known/jwks.json}. */
  public static final String JWKS_URL = "JWKS_URL";

  /** HTTP port of the local service ({@code scripts/dev}); not used in Lambda. */
  public static final String PORT = "PORT";

  /** The region when {@link #AWS_REGION} is unset (local engines accept any region). */
  public static final String DEFAULT_REGION = "us-east-1";

  private Env() {}

  /** {@link #AWS_REGION}, or {@link #DEFAULT_REGION} when unset. */
  public static String region() {
    String r = get(AWS_REGION);
    return r == null ? DEFAULT_REGION : r.trim();
  }

  public static String get(String name) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? null : v;
  }

  public static String require(String name) {
    String v = get(name);
    if (v == null) {
      throw new IllegalStateException("environment variable " + name + " is not set");
    }
    return v;
  }
}
