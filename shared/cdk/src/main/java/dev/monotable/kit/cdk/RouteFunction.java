package dev.monotable.kit.cdk;

import dev.monotable.kit.Env;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.Annotations;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.iam.Effect;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.iam.Role;
import software.amazon.awscdk.services.iam.ServicePrincipal;
import software.amazon.awscdk.services.lambda.Alias;
import software.amazon.awscdk.services.lambda.Architecture;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.Function;
import software.amazon.awscdk.services.lambda.Runtime;
import software.amazon.awscdk.services.lambda.SnapStartConf;
import software.amazon.awscdk.services.lambda.Tracing;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.constructs.Construct;

/**
 * One Java handler of the functions jar as a SnapStart Lambda function: its own role (no managed
 * policy; least privilege is added by the caller through {@link #allow}), its own log group with
 * retention, a published version behind the {@value #ALIAS_NAME} alias that every trigger must
 * target, and X-Ray active tracing unless turned off. Its alarms are the service's, not its own
 * ({@link ServiceAlarms}: 5xx rate and p99 latency per access pattern; a stream consumer's iterator
 * age and on-failure queue): an error or a throttle of one function shows there as what the caller
 * meets, without an alarm per function.
 *
 * <p>SnapStart only applies to published versions; invoking {@code $LATEST} would silently run
 * without it, so the alias is the function's only entry point.
 */
public final class RouteFunction extends Construct {

  public static final String ALIAS_NAME = "live";

  /** Lambda's Java runtime the functions module targets (compiled for 17, run on 21). */
  public static final Runtime RUNTIME = Runtime.JAVA_21;

  /**
   * 1024 MB: Lambda allocates CPU in proportion to memory, and the JVM (class loading, JIT of the
   * SDK's marshalling code) is CPU bound on a cold or restored start; below ~1 GB p99 latency
   * climbs steeply while the handlers' heap needs stay far under 256 MB.
   */
  public static final int DEFAULT_MEMORY_MB = 1024;

  /**
   * 10 s: a handler makes at most two DynamoDB calls of a few ms each; 10 s leaves room for the
   * SDK's retries on throttling while failing well before API Gateway's 30 s integration limit,
   * so the caller gets a Lambda error rather than a gateway timeout.
   */
  public static final Duration DEFAULT_TIMEOUT = Duration.seconds(10);

  // C1 only, as AWS recommends for Java on Lambda (Lambda guide, "Customize Java runtime startup
  // behavior"): these short handlers never run long enough for C2's profiling to pay off, and
  // skipping it cuts the JIT work of a cold start or a SnapStart restore. The java17+ runtimes
  // default to it today; set explicitly so the choice is visible, tested and not left to a
  // runtime default. Measured in docs/performance-levers.md (first answer 1.1-1.4x slower without).
  static final String JVM_OPTIONS = "-XX:+TieredCompilation -XX:TieredStopAtLevel=1";

  private final Function function;
  private final Alias alias;
  private final Role role;
  private final LogGroup logGroup;

  public RouteFunction(Construct scope, String id, Props props) {
    super(scope, id);
    Objects.requireNonNull(props.handlerClass, "handlerClass");
    Objects.requireNonNull(props.code, "code");

    this.role = Role.Builder.create(this, "Role")
        .assumedBy(new ServicePrincipal("lambda.amazonaws.com"))
        .description("Runs " + props.handlerClass)
        .build();
    this.logGroup = LogGroup.Builder.create(this, "Logs")
        .retention(props.logRetention)
        .removalPolicy(props.logRemovalPolicy)
        .build();
    // What AWSLambdaBasicExecutionRole would give, scoped to this function's log group only.
    role.addToPolicy(PolicyStatement.Builder.create()
        .sid("WriteOwnLogs")
        .effect(Effect.ALLOW)
        .actions(List.of("logs:CreateLogStream", "logs:PutLogEvents"))
        .resources(List.of(logGroup.getLogGroupArn()))
        .build());

    Map<String, String> environment = new LinkedHashMap<>();
    environment.put(Env.JAVA_TOOL_OPTIONS, JVM_OPTIONS);
    environment.putAll(props.environment);

    this.function = Function.Builder.create(this, "Function")
        .description(props.description != null ? props.description : props.handlerClass)
        .runtime(RUNTIME)
        .architecture(Architecture.ARM_64)
        .code(props.code)
        .handler(props.handlerClass + "::handleRequest")
        .memorySize(props.memorySize)
        .timeout(props.timeout)
        .role(role)
        .logGroup(logGroup)
        .environment(environment)
        .snapStart(SnapStartConf.ON_PUBLISHED_VERSIONS)
        .tracing(props.tracing ? Tracing.ACTIVE : Tracing.DISABLED)
        .build();
    if (props.tracing) {
      // Active tracing adds xray:PutTraceSegments/PutTelemetryRecords on "*" to the role.
      NagSuppressions.addResourceSuppressions(role, List.of(NagPackSuppression.builder()
          .id("AwsSolutions-IAM5")
          .reason("X-Ray's PutTraceSegments and PutTelemetryRecords have no resource-level permission "
              + "(IAM only accepts '*'); they write trace data only.")
          .appliesTo(List.of("Resource::*"))
          .build()), true);
    }
    this.alias = Alias.Builder.create(this, "Alias")
        .aliasName(ALIAS_NAME)
        .version(function.getCurrentVersion())
        .build();
    Annotations.of(function).acknowledgeWarning("@aws-cdk/aws-lambda:snapStartRequirePublish",
        "currentVersion publishes a version on every change and the live alias points at it");
    NagSuppressions.addResourceSuppressions(function.getNode().getDefaultChild(), List.of(NagPackSuppression.builder()
        .id("AwsSolutions-L1")
        .reason("Java 21 on purpose: the functions are built and tested for the Java 21 runtime with "
            + "SnapStart on arm64; moving to a newer runtime is a deliberate upgrade, not a deploy-time default.")
        .build()));

    getNode().addValidation(() -> {
      List<String> errors = new java.util.ArrayList<>();
      if (!props.handlerClass.matches("[a-zA-Z_$][\\w$]*(\\.[a-zA-Z_$][\\w$]*)+")) {
        errors.add("handlerClass must be a fully qualified class name: " + props.handlerClass);
      }
      if (props.memorySize < 512) {
        errors.add("a Java handler below 512 MB spends its time in GC and class loading: " + props.memorySize);
      }
      if (props.timeout.toSeconds().doubleValue() > props.maxTimeout.toSeconds().doubleValue()) {
        errors.add("timeout " + props.timeout.toSeconds() + " s exceeds " + props.maxTimeout.toSeconds()
            + " s allowed for this trigger");
      }
      return errors;
    });
  }

  /** Adds statements to this function's own role. */
  public void allow(List<PolicyStatement> statements) {
    statements.forEach(role::addToPolicy);
  }

  public Function getFunction() {
    return function;
  }

  /** The entry point every trigger (API route, event source mapping) must target. */
  public Alias getAlias() {
    return alias;
  }

  public Role getRole() {
    return role;
  }

  public LogGroup getLogGroup() {
    return logGroup;
  }

  public static Props.Builder props() {
    return new Props.Builder();
  }

  /** Properties of a {@link RouteFunction}. */
  public static final class Props {
    final String handlerClass;
    final Code code;
    final String description;
    final int memorySize;
    final Duration timeout;
    final Duration maxTimeout;
    final RetentionDays logRetention;
    final RemovalPolicy logRemovalPolicy;
    final Map<String, String> environment;
    final boolean tracing;

    private Props(Builder b) {
      this.handlerClass = b.handlerClass;
      this.code = b.code;
      this.description = b.description;
      this.memorySize = b.memorySize;
      this.timeout = b.timeout;
      this.maxTimeout = b.maxTimeout;
      this.logRetention = b.logRetention;
      this.logRemovalPolicy = b.logRemovalPolicy;
      // Insertion order: it is the order of the template and of the version hash.
      this.environment = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.environment));
      this.tracing = b.tracing;
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private String handlerClass;
      private Code code;
      private String description;
      private int memorySize = DEFAULT_MEMORY_MB;
      private Duration timeout = DEFAULT_TIMEOUT;
      private Duration maxTimeout = Duration.minutes(15);
      private RetentionDays logRetention = RetentionDays.ONE_MONTH;
      private RemovalPolicy logRemovalPolicy = RemovalPolicy.RETAIN;
      private final Map<String, String> environment = new LinkedHashMap<>();
      private boolean tracing = true;

      /** Fully qualified handler class; the handler string is {@code <class>::handleRequest}. Required. */
      public Builder handlerClass(String handlerClass) {
        this.handlerClass = handlerClass;
        return this;
      }

      /** The functions jar asset. Required. */
      public Builder code(Code code) {
        this.code = code;
        return this;
      }

      /** @default the handler class name */
      public Builder description(String description) {
        this.description = description;
        return this;
      }

      /** @default {@link RouteFunction#DEFAULT_MEMORY_MB} */
      public Builder memorySize(int memorySize) {
        this.memorySize = memorySize;
        return this;
      }

      /** @default {@link RouteFunction#DEFAULT_TIMEOUT} */
      public Builder timeout(Duration timeout) {
        this.timeout = timeout;
        return this;
      }

      /**
       * Upper bound the trigger imposes on {@link #timeout}, checked at synth time (API Gateway: 30 s).
       *
       * @default 15 minutes (Lambda's own limit)
       */
      public Builder maxTimeout(Duration maxTimeout) {
        this.maxTimeout = maxTimeout;
        return this;
      }

      /** @default one month */
      public Builder logRetention(RetentionDays logRetention) {
        this.logRetention = logRetention;
        return this;
      }

      /** @default RETAIN */
      public Builder logRemovalPolicy(RemovalPolicy logRemovalPolicy) {
        this.logRemovalPolicy = logRemovalPolicy;
        return this;
      }

      /** Added to the function's environment. @default none beyond JAVA_TOOL_OPTIONS */
      public Builder environment(Map<String, String> environment) {
        this.environment.putAll(environment);
        return this;
      }

      /**
       * X-Ray active tracing: Lambda samples invocations into traces, and the runtime hands each
       * invocation's trace id to the log lines. No tracing SDK is in the jar (see
       * docs/performance-levers.md).
       *
       * @default true
       */
      public Builder tracing(boolean tracing) {
        this.tracing = tracing;
        return this;
      }

      public Props build() {
        return new Props(this);
      }
    }
  }
}
