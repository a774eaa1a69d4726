package dev.monotable.kit.cdk;

import dev.monotable.kit.catalog.MetricNames;

import dev.monotable.kit.Env;
import dev.monotable.kit.migrate.MigratingDomain;
import dev.monotable.kit.migrate.OldDesign;
import dev.monotable.kit.migrate.ReadSwitch;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Environment;
import software.amazon.awscdk.NestedStack;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.amazon.awscdk.services.secretsmanager.Secret;
import software.amazon.awscdk.services.secretsmanager.SecretStringGenerator;
import software.amazon.awscdk.services.cognito.CfnUserPoolGroup;
import software.amazon.awscdk.services.sns.Topic;
import software.amazon.awscdk.services.sns.subscriptions.EmailSubscription;
import software.constructs.Construct;

/**
 * One stage of a domain, built from its {@link Domain} declaration and its Lambda jar: the table
 * ({@link Domain#schema()}), the cursor key, the token issuer (a Cognito user pool unless an
 * external issuer is configured), the HTTP API, one nested stack of functions and routes per API
 * area ({@link Domain#endpoints()}), the stream consumers ({@link Domain#streams()}), the
 * alarms on the service's objectives ({@link ServiceAlarms}) with their SNS topic, and its dashboard
 * ({@link ServiceDashboard}). Every function writes its metrics under the namespace
 * {@link MetricNames#DEFAULT_NAMESPACE} and the service named as the domain, and is traced by X-Ray when
 * the stage says so. A domain that migrates from an older design ({@code MigratingDomain}) also gets, while the
 * stage's {@link MigrationStage} keeps them, that design's tables ({@link OldTables}), and its routes the read
 * grants on them of {@link OldTableAccess}. One top-level stack per domain, with the construct id {@code <Domain>Stack}, so each
 * domain deploys alone with {@code cdk deploy <Domain>Stack}.
 */
public final class DomainStack extends Stack {

  /** Output keys, for scripts and infra/README.md. */
  public static final String OUT_API_URL = "ApiUrl";
  public static final String OUT_TABLE_NAME = "TableName";
  public static final String OUT_USER_POOL_ID = "UserPoolId";
  public static final String OUT_USER_POOL_CLIENT_ID = "UserPoolClientId";
  public static final String OUT_JWT_ISSUER = "JwtIssuer";
  public static final String OUT_ALARM_TOPIC_ARN = "AlarmTopicArn";
  public static final String OUT_CURSOR_SECRET_ARN = "CursorSecretArn";
  public static final String OUT_DASHBOARD_NAME = "DashboardName";

  private final SingleTable table;
  private final OldTables oldTables;
  private final DomainHttpApi api;
  private final ServiceUserPool userPool;
  private final Secret cursorSecret;
  private final Topic alarmTopic;
  private final Map<String, RoutesStack> routeStacks = new LinkedHashMap<>();
  private final List<StreamHandlerFunction> streamHandlers = new ArrayList<>();
  private NestedStack streamsStack;
  private final ServiceDashboard dashboard;

  public DomainStack(Construct scope, String id, Props props) {
    super(scope, id, stackProps(props));
    StageSettings settings = props.settings;
    String name = props.domain.name();
    boolean retain = !settings.ephemeral();
    RemovalPolicy removal = retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    RetentionDays logRetention = retain ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_WEEK;
    // One Code per stack: an asset binds to the first stack that uses it. All of them stage the
    // same file, so the jar is uploaded once.
    String jar = props.functionsJar.toString();

    this.table = new SingleTable(this, "Data", SingleTable.props()
        .schema(props.domain.schema())
        .retainData(retain)
        .contributorInsights(settings.contributorInsights())
        .build());
    // A migration from an older design: its tables kept while the stage's phase says so, its read switch
    // checked against the design's switchable patterns now rather than at a function's cold start.
    OldDesign oldDesign = props.domain instanceof MigratingDomain m ? m.oldDesign() : null;
    MigrationStage migration = oldDesign == null ? MigrationStage.NONE : settings.migration();
    ReadSwitch oldReads = oldDesign == null ? null : migration.readSwitch(oldDesign);
    this.oldTables = oldDesign != null && migration.keepsOldTables()
        ? new OldTables(this, "OldTables", oldDesign, migration) : null;
    Map<String, String> oldTableArns = new LinkedHashMap<>();
    if (oldTables != null) {
      oldTables.getTables().forEach((n, t) -> oldTableArns.put(n, t.getTableArn()));
    }
    // Powertools' variable names: the functions' metrics go to this namespace and service.
    Map<String, String> metrics = new java.util.TreeMap<>(Map.of(
        Env.POWERTOOLS_METRICS_NAMESPACE, MetricNames.DEFAULT_NAMESPACE,
        Env.POWERTOOLS_SERVICE_NAME, name));

    // Secrets Manager rather than an SSM SecureString: CloudFormation can generate the value
    // itself, so no step outside `cdk deploy` ever handles the key.
    this.cursorSecret = Secret.Builder.create(this, "CursorKey")
        .description("HMAC key signing pagination cursors of the " + name + " API (" + settings.stage() + ")")
        .generateSecretString(SecretStringGenerator.builder()
            .passwordLength(64)
            .excludePunctuation(true)
            .build())
        .removalPolicy(removal)
        .build();
    NagSuppressions.addResourceSuppressions(cursorSecret, List.of(NagPackSuppression.builder()
        .id("AwsSolutions-SMG4")
        .reason("Rotating the cursor key invalidates every outstanding pagination cursor at once; "
            + "cursors are short-lived and carry no authority, so the key is rotated by redeploying on demand.")
        .build()));

    this.alarmTopic = Topic.Builder.create(this, "Alarms")
        .displayName(name + " " + settings.stage() + " alarms")
        .enforceSsl(true)
        .build();
    NagSuppressions.addResourceSuppressions(alarmTopic, List.of(NagPackSuppression.builder()
        .id("AwsSolutions-SNS2")
        .reason("CloudWatch alarm actions cannot publish to a topic encrypted with the AWS-managed SNS key, "
            + "and alarm notifications carry only metric metadata, no customer data.")
        .build()));
    if (settings.alarmEmail() != null) {
      alarmTopic.addSubscription(new EmailSubscription(settings.alarmEmail()));
    }

    String issuer;
    List<String> audience;
    if (settings.cognito()) {
      this.userPool = new ServiceUserPool(this, "Users", ServiceUserPool.props().retainUsers(retain).build());
      for (String group : props.domain.userGroups()) {
        // Members' tokens carry the group in cognito:groups, which the routes that need it check.
        CfnUserPoolGroup.Builder.create(userPool, "Group" + group).userPoolId(userPool.getUserPool().getUserPoolId())
            .groupName(group).description("Members may call " + name + "'s routes for this group")
            .build();
      }
      issuer = userPool.getIssuer();
      audience = List.of(userPool.getAudience());
    } else {
      this.userPool = null;
      issuer = settings.jwtIssuer();
      audience = settings.jwtAudience();
    }

    this.api = new DomainHttpApi(this, "Http", DomainHttpApi.props()
        .domain(props.domain)
        .apiName(name.toLowerCase(Locale.ROOT) + "-" + settings.stage())
        .jwtIssuer(issuer)
        .jwtAudience(audience)
        .corsAllowOrigins(settings.corsAllowOrigins())
        .throttleRateLimit(settings.throttleRateLimit())
        .throttleBurstLimit(settings.throttleBurstLimit())
        .logRetention(logRetention)
        .logRemovalPolicy(removal)
        .build());

    Map<String, List<Endpoint>> areas = new LinkedHashMap<>();
    for (Endpoint endpoint : props.endpoints) {
      areas.computeIfAbsent(RoutesStack.area(endpoint, props.handlerPackage), k -> new ArrayList<>()).add(endpoint);
    }
    for (Map.Entry<String, List<Endpoint>> area : areas.entrySet()) {
      routeStacks.put(area.getKey(), new RoutesStack(this, capitalize(area.getKey()) + "Routes", RoutesStack.props()
          .endpoints(area.getValue())
          .servicesClass(props.domain.servicesClass())
          .code(Code.fromAsset(jar))
          .table(table.getTable())
          .api(api)
          .cursorSecret(cursorSecret)
          .jwtIssuer(issuer)
          .jwtAudience(String.join(",", audience))
          .environment(routeEnvironment(metrics, migration))
          .oldReads(migration.phase() == MigrationStage.Phase.DUAL ? oldDesign : null, oldReads, oldTableArns)
          .tracing(settings.tracing())
          .logLevel(settings.logLevel())
          .logRetention(logRetention)
          .logRemovalPolicy(removal)
          .build()));
    }

    new ServiceAlarms(this, "ServiceAlarms", ServiceAlarms.props()
        .domain(props.domain)
        .stage(api.getStage())
        .table(table.getTable())
        .operations(ServiceAlarms.operationsOf(props.endpoints))
        .alarmTopic(alarmTopic)
        .namespace(MetricNames.DEFAULT_NAMESPACE)
        .service(name)
        .build());

    if (!props.streamHandlers.isEmpty()) {
      NestedStack streams = new NestedStack(this, "Streams");
      this.streamsStack = streams;
      for (StreamHandlerDeclaration declaration : props.streamHandlers) {
        streamHandlers.add(new StreamHandlerFunction(streams, declaration.handlerName(), StreamHandlerFunction.props()
            .declaration(declaration)
            .table(table.getTable())
            .code(Code.fromAsset(jar))
            .environment(streamEnvironment(table.getTable().getTableName(), settings.logLevel(), metrics))
            .alarmTopic(alarmTopic)
            .tracing(settings.tracing())
            .logRetention(logRetention)
            .removalPolicy(removal)
            .build()));
      }
    }

    this.dashboard = new ServiceDashboard(this, "Observability", ServiceDashboard.props()
        .domain(props.domain)
        .table(table.getTable())
        .stage(api.getStage())
        .streams(streamHandlers)
        .namespace(MetricNames.DEFAULT_NAMESPACE)
        .service(name)
        .dashboardName(name + "-" + settings.stage())
        .contributorInsights(settings.contributorInsights())
        .build());

    CfnOutput.Builder.create(this, OUT_API_URL).value(api.getUrl())
        .description("Base URL of the " + name + " HTTP API").build();
    CfnOutput.Builder.create(this, OUT_TABLE_NAME).value(table.getTable().getTableName())
        .description("The " + name + " table").build();
    CfnOutput.Builder.create(this, OUT_JWT_ISSUER).value(issuer)
        .description("Issuer of the tokens the API accepts").build();
    CfnOutput.Builder.create(this, OUT_ALARM_TOPIC_ARN).value(alarmTopic.getTopicArn())
        .description("Subscribe to receive the alarms").build();
    CfnOutput.Builder.create(this, OUT_DASHBOARD_NAME).value(dashboard.getDashboard().getDashboardName())
        .description("CloudWatch dashboard of the " + name + " service").build();
    CfnOutput.Builder.create(this, OUT_CURSOR_SECRET_ARN).value(cursorSecret.getSecretArn())
        .description("HMAC key of pagination cursors").build();
    if (userPool != null) {
      CfnOutput.Builder.create(this, OUT_USER_POOL_ID).value(userPool.getUserPool().getUserPoolId())
          .description("Cognito user pool of " + name + " users").build();
      CfnOutput.Builder.create(this, OUT_USER_POOL_CLIENT_ID).value(userPool.getClient().getUserPoolClientId())
          .description("App client to sign in with (the JWT audience)").build();
    }

    getNode().addValidation(() -> {
      List<String> errors = new ArrayList<>();
      Set<String> routeKeys = new HashSet<>();
      for (Endpoint endpoint : props.endpoints) {
        if (!routeKeys.add(endpoint.routeKey())) {
          errors.add("duplicate route in the catalog: " + endpoint.routeKey());
        }
      }
      return errors;
    });
  }

  // Sorted: the environment's order is the template's and the version hash's.
  private static Map<String, String> routeEnvironment(Map<String, String> metrics, MigrationStage migration) {
    Map<String, String> environment = new java.util.TreeMap<>(metrics);
    environment.putAll(migration.environment());
    return environment;
  }

  // Sorted: the environment's order is the template's and the version hash's.
  private static Map<String, String> streamEnvironment(String tableName, String logLevel, Map<String, String> metrics) {
    Map<String, String> environment = new java.util.TreeMap<>(metrics);
    environment.put(Env.TABLE_NAME, tableName);
    environment.put(Env.LOG_LEVEL, logLevel);
    return environment;
  }

  private static StackProps stackProps(Props props) {
    StageSettings settings = props.settings;
    StackProps.Builder builder = StackProps.builder()
        .stackName(props.stackName != null ? props.stackName : defaultStackName(props.domain, settings))
        .description("Monotable " + props.domain.name() + " API, stage " + settings.stage())
        // Production stages cannot be deleted by a stray `cdk destroy`.
        .terminationProtection(!settings.ephemeral());
    if (settings.account() != null || settings.region() != null) {
      builder.env(Environment.builder().account(settings.account()).region(settings.region()).build());
    }
    return builder.build();
  }

  /** {@code Monotable-<Domain>-<stage>}: the CloudFormation stack name unless one is given. */
  public static String defaultStackName(Domain domain, StageSettings settings) {
    return "Monotable-" + domain.name() + "-" + settings.stage();
  }

  private static String capitalize(String s) {
    return s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
  }

  /** The old design's tables while the stage's migration keeps them, else null. */
  public OldTables getOldTables() {
    return oldTables;
  }

  public SingleTable getTable() {
    return table;
  }

  public DomainHttpApi getApi() {
    return api;
  }

  /** The Cognito pool, or null when an external issuer is configured. */
  public ServiceUserPool getUserPool() {
    return userPool;
  }

  public Secret getCursorSecret() {
    return cursorSecret;
  }

  public ServiceDashboard getDashboard() {
    return dashboard;
  }

  public Topic getAlarmTopic() {
    return alarmTopic;
  }

  /** Nested stack of each API area, keyed by area name. */
  public Map<String, RoutesStack> getRouteStacks() {
    return Map.copyOf(routeStacks);
  }

  /** The nested stack of the stream consumers, or null when none is declared. */
  public NestedStack getStreamsStack() {
    return streamsStack;
  }

  public List<StreamHandlerFunction> getStreamHandlers() {
    return List.copyOf(streamHandlers);
  }

  public static Props.Builder props() {
    return new Props.Builder();
  }

  /** Properties of a {@link DomainStack}. */
  public static final class Props {
    final Domain domain;
    final String handlerPackage;
    final StageSettings settings;
    final String stackName;
    final Path functionsJar;
    final List<Endpoint> endpoints;
    final List<StreamHandlerDeclaration> streamHandlers;

    private Props(Builder b) {
      this.domain = Objects.requireNonNull(b.domain, "domain");
      this.handlerPackage = Objects.requireNonNull(b.handlerPackage, "handlerPackage");
      this.settings = Objects.requireNonNull(b.settings, "settings");
      this.stackName = b.stackName;
      this.functionsJar = Objects.requireNonNull(b.functionsJar, "functionsJar");
      if (!Files.isRegularFile(functionsJar)) {
        throw new IllegalArgumentException("Lambda jar not found at " + functionsJar
            + ": build it first with `mvn -B -DskipTests package -pl functions -am` (cdk.json's app command does)");
      }
      this.endpoints = List.copyOf(b.endpoints != null ? b.endpoints : domain.endpoints());
      this.streamHandlers = List.copyOf(b.streamHandlers != null ? b.streamHandlers : domain.streams());
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private Domain domain;
      private String handlerPackage;
      private StageSettings settings;
      private String stackName;
      private Path functionsJar;
      private List<Endpoint> endpoints;
      private List<StreamHandlerDeclaration> streamHandlers;

      /** The domain the stack deploys. Required. */
      public Builder domain(Domain domain) {
        this.domain = domain;
        return this;
      }

      /**
       * The package holding the domain's handlers; the subpackage of a handler below it is its
       * area ({@link RoutesStack#area}), one nested stack each. Required.
       */
      public Builder handlerPackage(String handlerPackage) {
        this.handlerPackage = handlerPackage;
        return this;
      }

      /** Required. */
      public Builder settings(StageSettings settings) {
        this.settings = settings;
        return this;
      }

      /**
       * The CloudFormation stack name. Changing it on a deployed stage creates a new stack (and
       * table) beside the old one.
       *
       * @default {@link #defaultStackName} ({@code Monotable-<Domain>-<stage>})
       */
      public Builder stackName(String stackName) {
        this.stackName = stackName;
        return this;
      }

      /** The shaded jar of the functions module. Required, must exist. */
      public Builder functionsJar(Path functionsJar) {
        this.functionsJar = functionsJar;
        return this;
      }

      /** @default the domain's {@link Domain#endpoints()} */
      public Builder endpoints(List<Endpoint> endpoints) {
        this.endpoints = endpoints;
        return this;
      }

      /** @default the domain's {@link Domain#streams()} */
      public Builder streamHandlers(List<StreamHandlerDeclaration> streamHandlers) {
        this.streamHandlers = streamHandlers;
        return this;
      }

      public Props build() {
        return new Props(this);
      }
    }
  }
}
