package dev.monotable.kit.http;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.log.JsonLog;
import dev.monotable.kit.auth.Claims;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.errors.ServiceException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.http.DomainServices;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Base of every route handler: parses the payload 2.0 event, identifies the caller, runs
 * {@link #handle}, maps failures through {@link ErrorMapper} and writes one structured log line
 * (route, request id, status, outcome, latency; never bodies or tokens).
 *
 * <p>The domain is reached through {@code services} only: its routes give the handler's auth mode
 * and its body declarations are checked before {@link #handle} runs. Subclasses have a no-argument
 * constructor for the Lambda runtime (dependencies built once per container) and one taking the
 * domain's services for tests.
 *
 * @param <S> the domain's services, for example Forge's {@code Services}
 */
public abstract class ApiHandler<S extends DomainServices>
    implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {

  protected final S services;
  private final Auth auth;

  protected ApiHandler(S services) {
    this.services = services;
    this.auth = authOf(services, getClass());
  }

  /** Handles one parsed request; throw the domain exceptions for failures. */
  protected abstract Response handle(Request request);

  @Override
  public final APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
    long start = System.nanoTime();
    Response response;
    String caller = null;
    Throwable failure = null;
    try {
      caller = caller(event);
      Request request = new Request(event, caller, auth != Auth.NONE);
      request.checkBodySize();
      services.checkBody(event.getRouteKey(), request);
      response = handle(request);
    } catch (Throwable t) {
      failure = t;
      response = ErrorMapper.toResponse(t);
    }
    log(event, context, caller, response, failure, (System.nanoTime() - start) / 1_000_000.0);
    return response.toEvent();
  }

  private String caller(APIGatewayV2HTTPEvent event) {
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

  private static void log(APIGatewayV2HTTPEvent event, Context context, String caller, Response response,
      Throwable failure, double latencyMs) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", response.status() >= 500 ? "ERROR" : "INFO");
    line.put("route", event.getRouteKey());
    line.put("requestId", context != null ? context.getAwsRequestId()
        : event.getRequestContext() != null ? event.getRequestContext().getRequestId() : null);
    line.put("status", response.status());
    line.put("outcome", failure == null ? "ok" : failure instanceof ServiceException f ? f.code() : "error");
    line.put("latencyMs", Math.round(latencyMs * 100) / 100.0);
    if (caller != null) {
      line.put("caller", caller);
    }
    if (failure != null && !(failure instanceof ServiceException)) {
      line.put("exception", failure.getClass().getName());
      line.put("exceptionMessage", String.valueOf(failure.getMessage()));
    }
    JsonLog.write(line);
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
