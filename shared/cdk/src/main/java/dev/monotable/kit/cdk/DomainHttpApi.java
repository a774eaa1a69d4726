package dev.monotable.kit.cdk;

import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.domain.Domain;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizer;
import software.amazon.awscdk.aws_apigatewayv2_authorizers.HttpJwtAuthorizerProps;
import software.amazon.awscdk.aws_apigatewayv2_integrations.HttpLambdaIntegration;
import software.amazon.awscdk.services.apigateway.AccessLogFormat;
import software.amazon.awscdk.services.apigatewayv2.CorsHttpMethod;
import software.amazon.awscdk.services.apigatewayv2.CorsPreflightOptions;
import software.amazon.awscdk.services.apigatewayv2.HttpApi;
import software.amazon.awscdk.services.apigatewayv2.HttpMethod;
import software.amazon.awscdk.services.apigatewayv2.HttpRoute;
import software.amazon.awscdk.services.apigatewayv2.HttpRouteKey;
import software.amazon.awscdk.services.apigatewayv2.HttpStage;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogDestination;
import software.amazon.awscdk.services.apigatewayv2.IAccessLogSettings;
import software.amazon.awscdk.services.apigatewayv2.LogGroupLogDestination;
import software.amazon.awscdk.services.apigatewayv2.ThrottleSettings;
import software.amazon.awscdk.services.logs.LogGroup;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.constructs.Construct;

/**
 * A domain's HTTP API: CORS, one {@code $default} stage with throttling and JSON access logs, and
 * a JWT authorizer that {@link #addRoute} attaches to {@link Auth#REQUIRED} routes only.
 * {@link Auth#OPTIONAL} routes have no authorizer (an anonymous caller must get through); their
 * handlers verify a bearer token themselves.
 */
public final class DomainHttpApi extends Construct {

  /**
   * API Gateway's hard integration timeout for HTTP APIs; functions behind a route must finish
   * sooner.
   */
  public static final Duration INTEGRATION_TIMEOUT = Duration.seconds(30);

  static final List<String> CORS_HEADERS = List.of("Authorization", "Content-Type", "If-Match");
  static final List<String> CORS_EXPOSED_HEADERS = List.of("ETag", "Location");

  private final HttpApi api;
  private final HttpStage stage;
  private final LogGroup accessLogs;
  private final HttpJwtAuthorizer authorizer;
  private final Map<String, HttpRoute> routes = new LinkedHashMap<>();

  public DomainHttpApi(Construct scope, String id, Props props) {
    super(scope, id);
    Objects.requireNonNull(props.domain, "domain");
    Objects.requireNonNull(props.jwtIssuer, "jwtIssuer");
    String name = props.domain.name();

    this.api = HttpApi.Builder.create(this, "Api")
        .apiName(props.apiName != null ? props.apiName : name.toLowerCase(Locale.ROOT))
        .description(name + " HTTP API (Monotable)")
        // The stage below replaces the default one: it needs throttling and access logs.
        .createDefaultStage(false)
        .corsPreflight(CorsPreflightOptions.builder()
            .allowOrigins(props.corsAllowOrigins)
            .allowMethods(List.of(CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT,
                CorsHttpMethod.PATCH, CorsHttpMethod.DELETE, CorsHttpMethod.OPTIONS))
            .allowHeaders(CORS_HEADERS)
            .exposeHeaders(CORS_EXPOSED_HEADERS)
            // Bearer tokens, not cookies: credentials mode stays off, so '*' origins are allowed.
            .allowCredentials(false)
            .maxAge(Duration.hours(1))
            .build())
        .build();

    this.accessLogs = LogGroup.Builder.create(this, "AccessLogs")
        .retention(props.logRetention)
        .removalPolicy(props.logRemovalPolicy)
        .build();
    LogGroupLogDestination destination = new LogGroupLogDestination(accessLogs);
    AccessLogFormat format = AccessLogFormat.custom(ACCESS_LOG_FORMAT);
    this.stage = HttpStage.Builder.create(this, "DefaultStage")
        .httpApi(api)
        .stageName("$default")
        .autoDeploy(true)
        .throttle(ThrottleSettings.builder()
            .rateLimit(props.throttleRateLimit)
            .burstLimit(props.throttleBurstLimit)
            .build())
        .accessLogSettings(new IAccessLogSettings() {
          @Override
          public IAccessLogDestination getDestination() {
            return destination;
          }

          @Override
          public AccessLogFormat getFormat() {
            return format;
          }
        })
        .build();

    this.authorizer = new HttpJwtAuthorizer("JwtAuthorizer", props.jwtIssuer, HttpJwtAuthorizerProps.builder()
        .jwtAudience(props.jwtAudience)
        .authorizerName(name.toLowerCase(Locale.ROOT) + "-jwt")
        .build());

    getNode().addValidation(() -> {
      List<String> errors = new ArrayList<>();
      if (props.jwtAudience.isEmpty()) {
        errors.add("the JWT authorizer needs at least one audience");
      }
      if (routes.isEmpty()) {
        errors.add("the API has no routes");
      }
      return errors;
    });
  }

  // One JSON object per request; requestId is mandatory for HTTP API access logs.
  static final String ACCESS_LOG_FORMAT = "{\"requestId\":\"$context.requestId\","
      + "\"ip\":\"$context.identity.sourceIp\","
      + "\"requestTime\":\"$context.requestTime\","
      + "\"routeKey\":\"$context.routeKey\","
      + "\"path\":\"$context.path\","
      + "\"status\":\"$context.status\","
      + "\"protocol\":\"$context.protocol\","
      + "\"responseLength\":\"$context.responseLength\","
      + "\"responseLatency\":\"$context.responseLatency\","
      + "\"integrationLatency\":\"$context.integrationLatency\","
      + "\"integrationStatus\":\"$context.integrationStatus\","
      + "\"integrationError\":\"$context.integrationErrorMessage\","
      + "\"authorizerError\":\"$context.authorizer.error\","
      + "\"username\":\"$context.authorizer.claims.username\"}";

  /**
   * Routes {@code endpoint} to {@code function}'s alias; the route is created in {@code scope}
   * (a nested stack of the endpoint's area). Reuse one integration for all routes of a function.
   */
  public HttpRoute addRoute(Construct scope, Endpoint endpoint, HttpLambdaIntegration integration) {
    if (routes.containsKey(endpoint.routeKey())) {
      throw new IllegalArgumentException("duplicate route " + endpoint.routeKey());
    }
    HttpRoute route = HttpRoute.Builder.create(scope, routeId(endpoint))
        .httpApi(api)
        .routeKey(HttpRouteKey.with(endpoint.path(), HttpMethod.valueOf(endpoint.method())))
        .integration(integration)
        .authorizer(endpoint.auth() == Auth.REQUIRED ? authorizer : null)
        .build();
    if (endpoint.auth() != Auth.REQUIRED) {
      NagSuppressions.addResourceSuppressions(route.getNode().getDefaultChild(), List.of(NagPackSuppression.builder()
          .id("AwsSolutions-APIG4")
          .reason(endpoint.routeKey() + " is Auth." + endpoint.auth() + " in the endpoint catalog: "
              + (endpoint.auth() == Auth.NONE
                  ? "a public read that never looks at the caller."
                  : "anonymous callers are allowed; the handler verifies a bearer token itself when present."))
          .build()));
    }
    routes.put(endpoint.routeKey(), route);
    return route;
  }

  static String routeId(Endpoint endpoint) {
    return endpoint.method() + endpoint.path().replaceAll("[^A-Za-z0-9]+", "-").replaceAll("-$", "");
  }

  public HttpApi getApi() {
    return api;
  }

  public HttpStage getStage() {
    return stage;
  }

  public LogGroup getAccessLogs() {
    return accessLogs;
  }

  /** Base URL of the stage, ending in '/'. */
  public String getUrl() {
    return stage.getUrl();
  }

  public static Props.Builder props() {
    return new Props.Builder();
  }

  /** Properties of a {@link DomainHttpApi}. */
  public static final class Props {
    final Domain domain;
    final String apiName;
    final String jwtIssuer;
    final List<String> jwtAudience;
    final List<String> corsAllowOrigins;
    final int throttleRateLimit;
    final int throttleBurstLimit;
    final RetentionDays logRetention;
    final RemovalPolicy logRemovalPolicy;

    private Props(Builder b) {
      this.domain = b.domain;
      this.apiName = b.apiName;
      this.jwtIssuer = b.jwtIssuer;
      this.jwtAudience = List.copyOf(b.jwtAudience);
      this.corsAllowOrigins = List.copyOf(b.corsAllowOrigins);
      this.throttleRateLimit = b.throttleRateLimit;
      this.throttleBurstLimit = b.throttleBurstLimit;
      this.logRetention = b.logRetention;
      this.logRemovalPolicy = b.logRemovalPolicy;
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private Domain domain;
      private String apiName;
      private String jwtIssuer;
      private List<String> jwtAudience = List.of();
      private List<String> corsAllowOrigins = List.of("*");
      private int throttleRateLimit = 50;
      private int throttleBurstLimit = 100;
      private RetentionDays logRetention = RetentionDays.ONE_MONTH;
      private RemovalPolicy logRemovalPolicy = RemovalPolicy.RETAIN;

      /** The domain served: names the API, its description and its authorizer. Required. */
      public Builder domain(Domain domain) {
        this.domain = domain;
        return this;
      }

      /** @default the domain's name in lower case */
      public Builder apiName(String apiName) {
        this.apiName = apiName;
        return this;
      }

      /** Issuer URL the JWT authorizer trusts. Required. */
      public Builder jwtIssuer(String jwtIssuer) {
        this.jwtIssuer = jwtIssuer;
        return this;
      }

      /** Accepted audiences ({@code aud} or {@code client_id}). Required, at least one. */
      public Builder jwtAudience(List<String> jwtAudience) {
        this.jwtAudience = jwtAudience;
        return this;
      }

      /** @default ["*"] */
      public Builder corsAllowOrigins(List<String> corsAllowOrigins) {
        this.corsAllowOrigins = corsAllowOrigins;
        return this;
      }

      /** Steady-state requests per second across the stage. @default 50 */
      public Builder throttleRateLimit(int throttleRateLimit) {
        this.throttleRateLimit = throttleRateLimit;
        return this;
      }

      /** @default 100 */
      public Builder throttleBurstLimit(int throttleBurstLimit) {
        this.throttleBurstLimit = throttleBurstLimit;
        return this;
      }

      /** Access log retention. @default one month */
      public Builder logRetention(RetentionDays logRetention) {
        this.logRetention = logRetention;
        return this;
      }

      /** @default RETAIN */
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
