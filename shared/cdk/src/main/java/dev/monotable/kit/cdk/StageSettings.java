package dev.monotable.kit.cdk;

import dev.monotable.kit.Env;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;
import software.constructs.Node;

/**
 * Everything that differs between deployments, read from CDK context ({@code cdk.json} or
 * {@code -c key=value}). Unknown or malformed values fail synthesis here rather than as a
 * half-deployed stack.
 *
 * @param stage deployment stage name; part of the stack name
 * @param account target account, or null for an environment-agnostic stack
 * @param region target region, or null for an environment-agnostic stack
 * @param jwtIssuer external token issuer; null means a Cognito user pool is created
 * @param jwtAudience accepted audiences of the external issuer; empty with a user pool
 * @param corsAllowOrigins origins allowed by CORS
 * @param alarmEmail address subscribed to the alarm topic, or null
 * @param throttleRateLimit steady-state requests per second for the whole API stage
 * @param throttleBurstLimit burst capacity of the API stage
 * @param logLevel value of {@link Env#LOG_LEVEL} on every function
 * @param tracing X-Ray active tracing on every function (the trace id then reaches every log line)
 * @param contributorInsights CloudWatch Contributor Insights on the table and each index: the most
 *     accessed and most throttled keys, on the dashboard; billed per event, so on in production only
 *     unless the context says otherwise
 * @param migration where the stage stands in its domain's migration from an older design ({@link
 *     MigrationStage}: context {@code migration}, {@code migrationReads}, {@code migrationOldPrefix}); read only
 *     by a domain that declares one
 */
public record StageSettings(
    String stage,
    String account,
    String region,
    String jwtIssuer,
    List<String> jwtAudience,
    List<String> corsAllowOrigins,
    String alarmEmail,
    int throttleRateLimit,
    int throttleBurstLimit,
    String logLevel,
    boolean tracing,
    boolean contributorInsights,
    MigrationStage migration) {

  /** Context keys, as documented in infra/README.md. */
  public static final String CTX_STAGE = "stage";
  public static final String CTX_ACCOUNT = "account";
  public static final String CTX_REGION = "region";
  public static final String CTX_JWT_ISSUER = "jwtIssuer";
  public static final String CTX_JWT_AUDIENCE = "jwtAudience";
  public static final String CTX_CORS_ORIGINS = "corsAllowOrigins";
  public static final String CTX_ALARM_EMAIL = "alarmEmail";
  public static final String CTX_THROTTLE_RATE = "throttleRateLimit";
  public static final String CTX_THROTTLE_BURST = "throttleBurstLimit";
  public static final String CTX_LOG_LEVEL = "logLevel";
  public static final String CTX_TRACING = "tracing";
  public static final String CTX_CONTRIBUTOR_INSIGHTS = "contributorInsights";

  public static final String DEFAULT_STAGE = "dev";

  // Lower case, short: it becomes part of the stack name and of generated resource names.
  private static final Pattern STAGE_NAME = Pattern.compile("[a-z][a-z0-9-]{0,19}");
  private static final List<String> LOG_LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR");

  public StageSettings {
    Objects.requireNonNull(stage, "stage");
    Objects.requireNonNull(migration, "migration");
    if (!STAGE_NAME.matcher(stage).matches()) {
      throw new IllegalArgumentException("context '" + CTX_STAGE + "' must match " + STAGE_NAME
          + " but was '" + stage + "'");
    }
    jwtAudience = List.copyOf(jwtAudience);
    corsAllowOrigins = List.copyOf(corsAllowOrigins);
    if ((jwtIssuer == null) != jwtAudience.isEmpty()) {
      throw new IllegalArgumentException("context '" + CTX_JWT_ISSUER + "' and '" + CTX_JWT_AUDIENCE
          + "' go together: give both to use an external issuer, or neither for a Cognito user pool");
    }
    if (jwtIssuer != null && !jwtIssuer.startsWith("https://")) {
      throw new IllegalArgumentException("context '" + CTX_JWT_ISSUER + "' must be an https URL");
    }
    if (corsAllowOrigins.isEmpty()) {
      throw new IllegalArgumentException("context '" + CTX_CORS_ORIGINS + "' must name at least one origin");
    }
    if (throttleRateLimit < 1 || throttleBurstLimit < 1) {
      throw new IllegalArgumentException("API throttling limits must be positive");
    }
    if (!LOG_LEVELS.contains(logLevel)) {
      throw new IllegalArgumentException("context '" + CTX_LOG_LEVEL + "' must be one of " + LOG_LEVELS);
    }
  }

  /** Reads the settings from the app's context, falling back to the CLI's default account/region. */
  public static StageSettings fromContext(Node node) {
    String stage = string(node, CTX_STAGE, DEFAULT_STAGE);
    return new StageSettings(
        stage,
        string(node, CTX_ACCOUNT, Env.get(Env.CDK_DEFAULT_ACCOUNT)),
        string(node, CTX_REGION, Env.get(Env.CDK_DEFAULT_REGION)),
        string(node, CTX_JWT_ISSUER, null),
        list(node, CTX_JWT_AUDIENCE, List.of()),
        list(node, CTX_CORS_ORIGINS, List.of("*")),
        string(node, CTX_ALARM_EMAIL, null),
        Integer.parseInt(string(node, CTX_THROTTLE_RATE, "50")),
        Integer.parseInt(string(node, CTX_THROTTLE_BURST, "100")),
        string(node, CTX_LOG_LEVEL, "INFO").toUpperCase(java.util.Locale.ROOT),
        bool(node, CTX_TRACING, true),
        bool(node, CTX_CONTRIBUTOR_INSIGHTS, !isEphemeral(stage)),
        MigrationStage.fromContext(string(node, MigrationStage.CTX_MIGRATION, null),
            string(node, MigrationStage.CTX_MIGRATION_READS, null),
            string(node, MigrationStage.CTX_MIGRATION_OLD_PREFIX, null)));
  }

  private static boolean isEphemeral(String stage) {
    return stage == null || stage.equals(DEFAULT_STAGE) || stage.startsWith(DEFAULT_STAGE + "-");
  }

  // -c key=true|false from the CLI arrives as a string; cdk.json may hold a boolean.
  private static boolean bool(Node node, String key, boolean fallback) {
    String value = string(node, key, null);
    if (value == null) {
      return fallback;
    }
    return switch (value.toLowerCase(java.util.Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new IllegalArgumentException("context '" + key + "' must be true or false, not '" + value + "'");
    };
  }

  /**
   * Development stages hold throw-away data: the table is destroyed with the stack and has no
   * deletion protection. Every other stage is treated as production and retains its data.
   */
  public boolean ephemeral() {
    return isEphemeral(stage);
  }

  /** True when no external issuer is configured and the stack owns a Cognito user pool. */
  public boolean cognito() {
    return jwtIssuer == null;
  }

  /**
   * {@code Monotable-<stage>}: the CloudFormation stack name the app's first domain was deployed
   * under, which it keeps (renaming a deployed stack would create a second table). Other domains'
   * stacks default to {@link DomainStack#defaultStackName}.
   */
  public String stackName() {
    return "Monotable-" + stage;
  }

  private static String string(Node node, String key, String fallback) {
    Object value = node.tryGetContext(key);
    if (value == null || value.toString().isBlank()) {
      return fallback == null || fallback.isBlank() ? null : fallback;
    }
    return value.toString().trim();
  }

  // The CLI passes -c values as strings ("a,b"); cdk.json may hold a JSON array.
  private static List<String> list(Node node, String key, List<String> fallback) {
    Object value = node.tryGetContext(key);
    if (value == null) {
      return fallback;
    }
    List<?> raw = value instanceof List<?> l ? l : Arrays.asList(value.toString().split(","));
    List<String> items = raw.stream().map(String::valueOf).map(String::trim).filter(s -> !s.isEmpty()).toList();
    return items.isEmpty() ? fallback : items;
  }
}
