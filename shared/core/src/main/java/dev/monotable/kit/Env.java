package dev.monotable.kit;

/**
 * The environment variables of the project, the one place that names them and reads them: the
 * handlers and tools read them here, and infra sets exactly these names on the functions (see
 * infra/README.md). Nothing else calls {@code System.getenv} (NoRawGetenvTest).
 */
public final class Env {
  /** Name of the domain's table; set by infra on every function. */
  public static final String TABLE_NAME = "TABLE_NAME";
  /** Region of the table; set by the Lambda runtime ({@link #region()} defaults it). */
  public static final String AWS_REGION = "AWS_REGION";
  /** Endpoint override for a local DynamoDB-compatible server (moto, DynamoDB Local). */
  public static final String DYNAMODB_ENDPOINT = "DYNAMODB_ENDPOINT";
  /** Cursor HMAC key, base64; used locally and in tests. */
  public static final String CURSOR_SECRET = "CURSOR_SECRET";
  /**
   * ARN of the Secrets Manager secret holding the cursor HMAC key when deployed. Set by infra on the
   * functions that Query (the paginated lists), which alone may read the secret.
   */
  public static final String CURSOR_SECRET_ARN = "CURSOR_SECRET_ARN";
  /**
   * Expected issuer of bearer tokens verified by the handlers themselves. Set by infra only on
   * functions of {@code Auth.OPTIONAL} routes: those have no API Gateway authorizer.
   */
  public static final String JWT_ISSUER = "JWT_ISSUER";
  /** Accepted audience (Cognito: the app client id) of those tokens; with {@link #JWT_ISSUER}. */
  public static final String JWT_AUDIENCE = "JWT_AUDIENCE";
  /** JWKS address; defaults to {@code <issuer>/.well-known/jwks.json}. */
  public static final String JWKS_URL = "JWKS_URL";
  /** Least level of the JSON log lines written (TRACE, DEBUG, INFO, WARN, ERROR); default INFO. */
  public static final String LOG_LEVEL = "LOG_LEVEL";
  /**
   * The {@code service} dimension of the metrics (Powertools' name for it); set by infra to the
   * domain's name, which is also the default.
   */
  public static final String POWERTOOLS_SERVICE_NAME = "POWERTOOLS_SERVICE_NAME";
  /** CloudWatch namespace of the metrics (Powertools' name for it); default {@code Monotable}. */
  public static final String POWERTOOLS_METRICS_NAMESPACE = "POWERTOOLS_METRICS_NAMESPACE";
  /** JVM flags set by infra on every function; read by the JVM itself, never by the code. */
  public static final String JAVA_TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";
  /** The domain's services class a plain route's function builds ({@code kit.http.PlainHandler}). */
  public static final String MONOTABLE_SERVICES = "MONOTABLE_SERVICES";
  /** The route key a plain route's function serves (its grant and its SnapStart priming). */
  public static final String MONOTABLE_ROUTE = "MONOTABLE_ROUTE";
  /**
   * The function's handler ("class::method"); set by the Lambda runtime, read by SnapStart priming
   * to find the function's grants in the catalogs.
   */
  public static final String LAMBDA_HANDLER = "_HANDLER";
  /** Static credentials; with an endpoint override they win over the local dummy ones. */
  public static final String AWS_ACCESS_KEY_ID = "AWS_ACCESS_KEY_ID";
  /**
   * URL of the SQS queue a stream handler's declared outlet sends to
   * ({@code StreamHandlerDeclaration#outlet}); set by infra on that handler's function only.
   */
  public static final String OUTLET_QUEUE_URL = "OUTLET_QUEUE_URL";
  /**
   * Local only: the folder of the outlets' JSON-lines files ({@code {outlet}.jsonl}) when no queue
   * is set (default {@code target/outbox} under the working directory).
   */
  public static final String MONOTABLE_OUTBOX = "MONOTABLE_OUTBOX";
  /** HTTP port of the local service ({@code scripts/dev}); not used in Lambda. */
  public static final String PORT = "PORT";
  /** Folder of the local service's keys (default {@code .local/}); not used in Lambda. */
  public static final String MONOTABLE_LOCAL_DIR = "MONOTABLE_LOCAL_DIR";
  /** Local only: the engine script to start instead of {@code scripts/engine} above the working directory. */
  public static final String MONOTABLE_ENGINE = "MONOTABLE_ENGINE";
  /**
   * Local only: the port of the engine {@code scripts/dev} (or a standalone project's
   * {@code exec:exec@serve}) starts; unset, 8000, or a free port when 8000 is taken.
   */
  public static final String MONOTABLE_ENGINE_PORT = "MONOTABLE_ENGINE_PORT";
  /**
   * Where scripts/dev's local engine keeps its data: a directory (default {@code .local/engine}), or
   * {@code memory} to keep nothing across restarts (as {@code scripts/dev --in-memory}).
   */
  public static final String MONOTABLE_ENGINE_DATA = "MONOTABLE_ENGINE_DATA";
  /**
   * Local only: seconds one DynamoDB call of an operator tool (and of the tests' clients) may take,
   * retries included (default 60); never read in Lambda, whose handlers keep their 3 s deadline.
   */
  public static final String MONOTABLE_TOOL_TIMEOUT = "MONOTABLE_TOOL_TIMEOUT";
  /**
   * The stage of a migration from tables of another design to the domain's table
   * ({@code kit.migrate.MigrationMode}): {@code OLD_ONLY} (default), {@code DUAL} or {@code NEW_ONLY}.
   */
  public static final String MIGRATION_MODE = "MIGRATION_MODE";
  /**
   * Which design answers each read pattern during a migration ({@code kit.migrate.ReadSwitch}):
   * {@code P1=new,P2=both,*=old}; unset: the operator tools read {@code old}, a route {@code new} (docs/migration.md).
   */
  public static final String MIGRATION_READS = "MIGRATION_READS";
  /**
   * The old design's tables' name prefix during a migration ({@code legacy}: {@code legacy-Users}...): the
   * routes that read the old design at {@link #MIGRATION_READS} {@code old} or {@code both} read these tables.
   */
  public static final String MIGRATION_OLD_PREFIX = "MIGRATION_OLD_PREFIX";
  /** Account and region the CDK CLI resolved; the stage's defaults when the context names none. */
  public static final String CDK_DEFAULT_ACCOUNT = "CDK_DEFAULT_ACCOUNT";
  public static final String CDK_DEFAULT_REGION = "CDK_DEFAULT_REGION";

  /** The region when {@link #AWS_REGION} is unset (local engines accept any region). */
  public static final String DEFAULT_REGION = "us-east-1";

  private Env() {}

  /** The variable's value, or null when unset or blank. */
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

  /** {@link #AWS_REGION}, or {@link #DEFAULT_REGION} when unset. */
  public static String region() {
    String r = get(AWS_REGION);
    return r == null ? DEFAULT_REGION : r.trim();
  }
}
