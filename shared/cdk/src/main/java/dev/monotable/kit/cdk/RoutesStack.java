package dev.monotable.kit.cdk;

import dev.monotable.kit.Env;
import dev.monotable.kit.migrate.OldDesign;
import dev.monotable.kit.migrate.ReadSwitch;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awscdk.CfnResource;
import software.amazon.awscdk.NestedStack;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegration;
import software.amazon.awscdk.services.dynamodb.ITableV2;
import software.amazon.awscdk.services.iam.Effect;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.amazon.awscdk.services.secretsmanager.ISecret;
import software.constructs.Construct;
import software.constructs.IConstruct;

/**
 * The functions and routes of one area of the API (the handlers' package: users, orders,
 * devices, ...). Each area is a nested stack so that ~40 functions at ~11 resources each never
 * approach CloudFormation's 500-resource limit, while {@code cdk deploy} still sees one stack.
 *
 * <p>One function per distinct handler class: two routes served by one handler class
 * share its function, alias, integration and alarms. The catalog must then give them the same
 * auth and access, which is checked here; otherwise one role would silently get the union.
 */
public final class RoutesStack extends NestedStack {

  /** Resources allowed per nested stack; CloudFormation's hard limit is 500. */
  public static final int RESOURCE_BUDGET = 300;

  private final Map<String, RouteFunction> functions = new LinkedHashMap<>();

  public RoutesStack(Construct scope, String id, Props props) {
    super(scope, id);
    List<String> problems = new ArrayList<>();
    for (List<Endpoint> routes : byHandler(props.endpoints).values()) {
      Endpoint first = routes.get(0);
      for (Endpoint other : routes) {
        if (other.auth() != first.auth() || !other.actions().equals(first.actions())
            || !other.indexes().equals(first.indexes())) {
          problems.add(other.routeKey() + " and " + first.routeKey() + " share " + first.handlerName()
              + " but differ in auth, actions or indexes");
        }
      }
      TableAccess access = TableAccess.of(first);
      problems.addAll(access.problems());
      boolean paginated = first.actions().contains(DynamoAction.QUERY);

      Map<String, String> environment = new LinkedHashMap<>();
      environment.put(Env.TABLE_NAME, props.table.getTableName());
      environment.put(Env.LOG_LEVEL, props.logLevel);
      // Sorted: the environment's order is the template's and the version hash's.
      environment.putAll(new java.util.TreeMap<>(props.environment));
      if (first.auth() == Auth.OPTIONAL) {
        environment.put(Env.JWT_ISSUER, props.jwtIssuer);
        environment.put(Env.JWT_AUDIENCE, props.jwtAudience);
      }
      if (paginated) {
        environment.put(Env.CURSOR_SECRET_ARN, props.cursorSecret.getSecretArn());
      }
      if (first.servedByKit()) {
        // The kit's handlers serve every plain route and every route a method serves: each function is
        // told its route and the domain's services, so its grant, priming and metrics are its route's own.
        environment.put(Env.MONOTABLE_SERVICES, props.servicesClass);
        environment.put(Env.MONOTABLE_ROUTE, first.routeKey());
      }

      RouteFunction function = new RouteFunction(this, first.handlerName(), RouteFunction.props()
          .handlerClass(first.handlerClass())
          .description(String.join(", ", routes.stream().map(Endpoint::routeKey).toList()))
          .code(props.code)
          .maxTimeout(DomainHttpApi.INTEGRATION_TIMEOUT)
          .environment(environment)
          .logRetention(props.logRetention)
          .logRemovalPolicy(props.logRemovalPolicy)
          .tracing(props.tracing)
          .build());
      function.allow(access.statements(props.table.getTableArn()));
      if (props.oldDesign != null) {
        OldTableAccess old = OldTableAccess.of(first, props.oldDesign, props.oldReads);
        if (!old.none()) {
          function.allow(old.statements(props.oldTableArns::get));
        }
      }
      if (paginated) {
        function.allow(List.of(PolicyStatement.Builder.create()
            .sid("ReadCursorKey")
            .effect(Effect.ALLOW)
            .actions(List.of("secretsmanager:GetSecretValue"))
            .resources(List.of(props.cursorSecret.getSecretArn()))
            .build()));
      }
      functions.put(first.functionKey(), function);

      HttpLambdaIntegration integration =
          new HttpLambdaIntegration(first.handlerName() + "Integration", function.getAlias());
      for (Endpoint endpoint : routes) {
        props.api.addRoute(this, endpoint, integration);
      }
    }

    getNode().addValidation(() -> {
      List<String> errors = new ArrayList<>(problems);
      int resources = resourceCount(this);
      if (resources > RESOURCE_BUDGET) {
        errors.add(getNode().getId() + " has " + resources + " resources, over its budget of "
            + RESOURCE_BUDGET + ": split the area");
      }
      return errors;
    });
  }

  /**
   * Endpoints grouped by function ({@link Endpoint#functionKey()}: a handler class, whose routes
   * share its function, or a plain route alone), in catalog order.
   */
  static Map<String, List<Endpoint>> byHandler(List<Endpoint> endpoints) {
    Map<String, List<Endpoint>> groups = new LinkedHashMap<>();
    for (Endpoint endpoint : endpoints) {
      groups.computeIfAbsent(endpoint.functionKey(), k -> new ArrayList<>()).add(endpoint);
    }
    return groups;
  }

  /**
   * The area of an endpoint: the package of its handler below the domain's handler package
   * ("platform" for handlers in that package itself), "plain" for a route the kit serves, or the area a
   * route declares ({@link Endpoint#named}). Stable as long as handlers keep their
   * package, so adding an endpoint never moves a function to another stack.
   *
   * @param handlerPackage the package holding the domain's handlers, for example
   *     {@code com.example.shop.functions}
   */
  public static String area(Endpoint endpoint, String handlerPackage) {
    if (endpoint.area() != null) {
      return endpoint.area();
    }
    if (endpoint.servedByKit()) {
      return "plain";
    }
    String prefix = handlerPackage + ".";
    String cls = endpoint.handlerClass();
    String rest = cls.startsWith(prefix) ? cls.substring(prefix.length()) : cls;
    int dot = rest.indexOf('.');
    return dot < 0 ? "platform" : rest.substring(0, dot);
  }

  /** CloudFormation resources synthesized in {@code stack}'s own template. */
  static int resourceCount(NestedStack stack) {
    int count = 0;
    for (IConstruct construct : stack.getNode().findAll()) {
      if (construct instanceof CfnResource && construct != stack.getNestedStackResource()
          && software.amazon.awscdk.Stack.of(construct) == stack) {
        count++;
      }
    }
    return count;
  }

  /** The function of each handler class of this area. */
  public Map<String, RouteFunction> getFunctions() {
    return Map.copyOf(functions);
  }

  public static Props.Builder props() {
    return new Props.Builder();
  }

  /** Properties of a {@link RoutesStack}. */
  public static final class Props {
    final List<Endpoint> endpoints;
    final Code code;
    final ITableV2 table;
    final DomainHttpApi api;
    final ISecret cursorSecret;
    final String jwtIssuer;
    final String jwtAudience;
    final Map<String, String> environment;
    final OldDesign oldDesign;
    final ReadSwitch oldReads;
    final Map<String, String> oldTableArns;
    final String servicesClass;
    final boolean tracing;
    final String logLevel;
    final RetentionDays logRetention;
    final RemovalPolicy logRemovalPolicy;

    private Props(Builder b) {
      this.endpoints = List.copyOf(b.endpoints);
      this.code = b.code;
      this.table = b.table;
      this.api = b.api;
      this.cursorSecret = b.cursorSecret;
      this.jwtIssuer = b.jwtIssuer;
      this.jwtAudience = b.jwtAudience;
      this.environment = Map.copyOf(b.environment);
      this.oldDesign = b.oldDesign;
      this.oldReads = b.oldReads;
      this.oldTableArns = Map.copyOf(b.oldTableArns);
      this.servicesClass = b.servicesClass;
      this.tracing = b.tracing;
      this.logLevel = b.logLevel;
      this.logRetention = b.logRetention;
      this.logRemovalPolicy = b.logRemovalPolicy;
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private List<Endpoint> endpoints = List.of();
      private Code code;
      private ITableV2 table;
      private DomainHttpApi api;
      private ISecret cursorSecret;
      private String jwtIssuer;
      private String jwtAudience;
      private Map<String, String> environment = Map.of();
      private OldDesign oldDesign;
      private ReadSwitch oldReads;
      private Map<String, String> oldTableArns = Map.of();
      private String servicesClass;
      private boolean tracing = true;
      private String logLevel = "INFO";
      private RetentionDays logRetention = RetentionDays.ONE_MONTH;
      private RemovalPolicy logRemovalPolicy = RemovalPolicy.RETAIN;

      /** The domain's services class ({@code Domain.servicesClass()}), which plain routes' functions build. */
      public Builder servicesClass(String servicesClass) {
        this.servicesClass = servicesClass;
        return this;
      }

      /** Catalog endpoints of this area. Required. */
      public Builder endpoints(List<Endpoint> endpoints) {
        this.endpoints = endpoints;
        return this;
      }

      /** The functions jar asset. Required. */
      public Builder code(Code code) {
        this.code = code;
        return this;
      }

      /** Required. */
      public Builder table(ITableV2 table) {
        this.table = table;
        return this;
      }

      /** Required. */
      public Builder api(DomainHttpApi api) {
        this.api = api;
        return this;
      }

      /** HMAC key of pagination cursors. Required. */
      public Builder cursorSecret(ISecret cursorSecret) {
        this.cursorSecret = cursorSecret;
        return this;
      }

      /** For the handlers of Auth.OPTIONAL routes. Required. */
      public Builder jwtIssuer(String jwtIssuer) {
        this.jwtIssuer = jwtIssuer;
        return this;
      }

      /** Comma separated. Required. */
      public Builder jwtAudience(String jwtAudience) {
        this.jwtAudience = jwtAudience;
        return this;
      }

      /**
       * A migration's old design whose reads the routes may make, the stage's read switch, and each old table's
       * ARN by its name in the design: a route is granted its patterns' old calls where the switch reads the old
       * design ({@link OldTableAccess}). @default none
       */
      public Builder oldReads(OldDesign design, ReadSwitch reads, Map<String, String> tableArns) {
        this.oldDesign = design;
        this.oldReads = reads;
        this.oldTableArns = tableArns;
        return this;
      }

      /** Added to every function's environment (the metrics' service and namespace). @default none */
      public Builder environment(Map<String, String> environment) {
        this.environment = environment;
        return this;
      }

      /** X-Ray active tracing on the functions ({@link RouteFunction.Props.Builder#tracing}). @default true */
      public Builder tracing(boolean tracing) {
        this.tracing = tracing;
        return this;
      }

      /** @default "INFO" */
      public Builder logLevel(String logLevel) {
        this.logLevel = logLevel;
        return this;
      }

      /** @default one month */
      public Builder logRetention(RetentionDays logRetention) {
        this.logRetention = logRetention;
        return this;
      }

      /** Of the functions' log groups. @default RETAIN */
      public Builder logRemovalPolicy(RemovalPolicy logRemovalPolicy) {
        this.logRemovalPolicy = logRemovalPolicy;
        return this;
      }

      public Props build() {
        return new Props(this);
      }
    }
  }
}
