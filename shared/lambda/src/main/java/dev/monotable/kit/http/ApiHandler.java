package dev.monotable.kit.http;

import dev.monotable.kit.catalog.MetricNames;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.data.CallTally;
import dev.monotable.kit.data.WriteTokens;
import dev.monotable.kit.log.Emf;
import dev.monotable.kit.internal.log.JsonLog;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.auth.Claims;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.errors.ServiceException;
import dev.monotable.kit.errors.UnauthorizedException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Base of every route handler: parses the payload 2.0 event, identifies the caller, runs
 * {@link #handle}, maps failures through {@link ErrorMapper} and writes one structured log line
 * (route, request id, status, outcome, latency; never bodies or tokens). That line is also the
 * invocation's metrics in CloudWatch's embedded metric format ({@link Emf}), under the dimensions
 * service and access pattern ({@link Endpoint#metricPattern()}): requests, latency, status class
 * (and each 4xx code), cold start, and what its DynamoDB calls did as the client's {@link
 * CallTally} counted them (requests, consumed read and write capacity, conditional refusals,
 * transaction conflicts, SDK retries, throttles).
 *
 * <p>The domain is reached through {@code services} only: its routes give the handler's auth mode
 * and its body declarations are checked before {@link #handle} runs. Subclasses have a no-argument
 * constructor for the Lambda runtime (dependencies built once per container) and one taking the
 * domain's services for tests.
 *
 * @param <S> the domain's services, the one {@link DomainServices} class its handlers take
 */
public abstract class ApiHandler<S extends DomainServices>
    implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {

  protected final S services;
  private final Auth auth;
  private final String service;
  // Route key -> access pattern dimension, for the routes this handler serves.
  private final Map<String, String> patterns;
  // Route key -> its declared auth: a handler serving several routes (the kit's PlainHandler serves
  // every plain route of a domain) identifies each caller as that caller's route declares.
  private final Map<String, Auth> auths;
  private final String defaultPattern;
  // Access pattern (and 4xx code) -> its metric line's fixed text; a handful per handler.
  private final Map<String, Emf.Block> blocks = new java.util.concurrent.ConcurrentHashMap<>();

  protected ApiHandler(S services) {
    this.services = services;
    this.auth = authOf(services, getClass());
    this.service = Emf.service(services.domain().name());
    this.patterns = new java.util.HashMap<>();
    this.auths = new java.util.HashMap<>();
    for (Endpoint e : services.domain().endpoints()) {
      if (e.handlerClass().equals(getClass().getName())) {
        patterns.put(e.routeKey(), e.metricPattern());
        auths.put(e.routeKey(), e.auth());
      }
    }
    this.defaultPattern = patterns.isEmpty() ? getClass().getSimpleName() : patterns.values().iterator().next();
  }

  /**
   * The request's body held to its route's declared fields ({@link Endpoint#withBody}): the
   * accepted value of each field present, by name; a 400 naming the first field that breaks its
   * {@link dev.monotable.kit.catalog.BodyField} rule or is required and missing. Empty for a route
   * that declares no body.
   */
  protected final Map<String, Object> declaredBody(Request r) {
    Endpoint endpoint = services.domain().endpoint(r.event().getRouteKey());
    return endpoint == null ? new LinkedHashMap<>() : r.declaredBody(endpoint.body());
  }

  /**
   * A 400 naming the first declared body field sent as JSON {@code null}: the published document
   * types every declared field without null (docs' JsonSchema.field), so the server refuses what
   * the document forbids instead of taking null for "absent" (a {@code "body": null} stored nothing
   * while a client reading the document expected a refusal). Runs for every route, whatever the
   * domain's own {@link DomainServices#checkBody}.
   */
  private void refuseNulls(String routeKey, Request request) {
    Endpoint endpoint = routeKey == null ? null : services.domain().endpoint(routeKey);
    if (endpoint == null || endpoint.body().isEmpty() || !request.hasBody()) {
      return;
    }
    refuseNulls(endpoint.body(), request.body());
  }

  /** The same, into the members of declared objects and of the objects of declared arrays. */
  private static void refuseNulls(List<dev.monotable.kit.catalog.BodyField> fields, Map<?, ?> object) {
    for (dev.monotable.kit.catalog.BodyField f : fields) {
      Object v = object.get(f.name());
      if (v == null && object.containsKey(f.name())) {
        throw new dev.monotable.kit.errors.ValidationException(f.name(), f.name() + " must not be null: leave it out "
            + "when it has no value");
      }
      if (f.type() == dev.monotable.kit.catalog.BodyField.Type.OBJECT && v instanceof Map<?, ?> m) {
        refuseNulls(f.fields(), m);
      }
      if (f.type() == dev.monotable.kit.catalog.BodyField.Type.ARRAY && v instanceof List<?> items
          && f.items().type() == dev.monotable.kit.catalog.BodyField.Type.OBJECT) {
        for (Object item : items) {
          if (item instanceof Map<?, ?> m) {
            refuseNulls(f.items().fields(), m);
          }
        }
      }
    }
  }

  /** Handles one parsed request; throw the domain exceptions for failures. */
  protected abstract Response handle(Request request);

  @Override
  public final APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
    long start = System.nanoTime();
    Response response;
    String caller = null;
    Throwable failure = null;
    CallTally.open();
    try {
      Auth routeAuth = event.getRouteKey() == null ? auth : auths.getOrDefault(event.getRouteKey(), auth);
      caller = caller(event, routeAuth);
      WriteTokens.open(Request.header(event, "idempotency-key"), requestId(event, context), caller,
          event.getRouteKey(), event.getRawPath(), event.getBody());
      Request request = new Request(event, caller, routeAuth != Auth.NONE);
      request.checkBodySize();
      services.checkBody(event.getRouteKey(), request);
      refuseNulls(event.getRouteKey(), request);
      response = handle(request);
    } catch (Throwable t) {
      failure = t;
      response = ErrorMapper.toResponse(t);
    }
    CallTally calls = CallTally.close();
    WriteTokens.close();
    log(event, context, caller, response, failure, (System.nanoTime() - start) / 1_000_000.0, calls);
    return response.toEvent();
  }

  private String caller(APIGatewayV2HTTPEvent event, Auth auth) {
    if (auth == Auth.NONE) {
      return null;
    }
    String fromAuthorizer = claimsUsername(event);
    if (fromAuthorizer != null) {
      return fromAuthorizer;
    }
    String header = Request.header(event, "authorization");
    if (header != null && services.verifier() != null) {
      // OPTIONAL routes run without the API Gateway authorizer: the handler verifies a token itself.
      return services.verifier().verify(header).username();
    }
    if (auth == Auth.REQUIRED) {
      throw new UnauthorizedException("authentication required");
    }
    return null;
  }

  private static String claimsUsername(APIGatewayV2HTTPEvent event) {
    var rc = event.getRequestContext();
    if (rc == null || rc.getAuthorizer() == null || rc.getAuthorizer().getJwt() == null) {
      return null;
    }
    Map<String, String> claims = rc.getAuthorizer().getJwt().getClaims();
    return claims == null ? null : Claims.usernameOf(claims);
  }

  // The metric line's shape: these metrics, then the 4xx code's when there is one, then the calls'
  // and the cold start (CALL_SHAPE); the values change per call, the names never.
  private static final List<Emf.Metric> HEAD_SHAPE = List.of(Emf.Metric.count(MetricNames.REQUESTS, 0),
      Emf.Metric.millis(MetricNames.LATENCY, 0), Emf.Metric.count(MetricNames.STATUS_2XX, 0),
      Emf.Metric.count(MetricNames.STATUS_4XX, 0), Emf.Metric.count(MetricNames.STATUS_5XX, 0));
  private static final List<Emf.Metric> TAIL_SHAPE = tailShape();

  private static List<Emf.Metric> tailShape() {
    List<Emf.Metric> tail = new ArrayList<>();
    for (String name : Emf.CALL_METRICS) {
      tail.add(Emf.Metric.count(name, 0));
    }
    tail.add(Emf.Metric.count(MetricNames.COLD_START, 0));
    return List.copyOf(tail);
  }

  /** The metric block of one access pattern and 4xx code (null: none), built on its first line. */
  private Emf.Block block(String pattern, String clientError) {
    String key = clientError == null ? pattern : pattern + '\n' + clientError;
    Emf.Block b = blocks.get(key);
    if (b == null) {
      List<Emf.Metric> shape = new ArrayList<>(HEAD_SHAPE);
      if (clientError != null) {
        shape.add(Emf.Metric.count(MetricNames.CLIENT_ERROR_PREFIX + clientError, 0));
      }
      shape.addAll(TAIL_SHAPE);
      b = new Emf.Block(service, pattern, shape);
      blocks.putIfAbsent(key, b);
    }
    return b;
  }

  /**
   * The invocation's one line, written by hand (JsonLog.writeOpen): level, route, request id,
   * status, outcome, latency, caller, the exception of a 5xx, then the metrics ({@link Emf.Block}).
   */
  private void log(APIGatewayV2HTTPEvent event, Context context, String caller, Response response,
      Throwable failure, double latencyMs, CallTally calls) {
    int status = response.status();
    String level = status >= 500 ? "ERROR" : "INFO";
    double latency = Math.round(latencyMs * 100) / 100.0;
    String routeKey = event.getRouteKey();
    StringBuilder line = new StringBuilder(1280);
    line.append("{\"level\":");
    Json.appendString(level, line);
    line.append(",\"route\":");
    Json.appendString(routeKey, line);
    line.append(",\"requestId\":");
    Json.appendString(requestId(event, context), line);
    line.append(",\"status\":").append(status).append(",\"outcome\":");
    Json.appendString(failure == null ? "ok" : failure instanceof ServiceException f ? f.code() : "error", line);
    line.append(",\"latencyMs\":").append(latency);
    if (caller != null) {
      line.append(",\"caller\":");
      Json.appendString(caller, line);
    }
    if (failure != null && !(failure instanceof ServiceException)) {
      line.append(",\"exception\":");
      Json.appendString(failure.getClass().getName(), line);
      line.append(",\"exceptionMessage\":");
      Json.appendString(String.valueOf(failure.getMessage()), line);
    }
    // The codes are the contract's fixed few (not_found, validation, ...): a metric each, no dimension.
    String clientError = status >= 400 && status < 500 ? errorCode(response) : null;
    Emf.Block block = block(routeKey == null ? defaultPattern : patterns.getOrDefault(routeKey, defaultPattern),
        clientError);
    double[] values = new double[block.size()];
    values[0] = 1;
    values[1] = latency;
    values[2] = status < 400 ? 1 : 0;
    values[3] = clientError != null ? 1 : 0;
    values[4] = status >= 500 ? 1 : 0;
    int at = HEAD_SHAPE.size();
    if (clientError != null) {
      values[at++] = 1;
    }
    Emf.callValues(calls, values, at);
    values[values.length - 1] = Emf.coldStart(getClass());
    boolean metrics = block.append(line, values, System.currentTimeMillis());
    JsonLog.writeOpen(line, level, metrics);
  }

  private static String requestId(APIGatewayV2HTTPEvent event, Context context) {
    return context != null ? context.getAwsRequestId()
        : event.getRequestContext() != null ? event.getRequestContext().getRequestId() : null;
  }

  /** The {@code error.code} of an error body (ErrorMapper's shape), or {@code unknown}. */
  static String errorCode(Response response) {
    if (response.body() instanceof Map<?, ?> body && body.get("error") instanceof Map<?, ?> error
        && error.get("code") instanceof String code) {
      return code;
    }
    return "unknown";
  }

  private static Auth authOf(DomainServices services, Class<?> handler) {
    for (Endpoint e : services.domain().endpoints()) {
      if (e.handlerClass().equals(handler.getName())) {
        return e.auth();
      }
    }
    // A handler outside the catalog (tests) gets the strictest mode.
    return Auth.REQUIRED;
  }
}
