package dev.monotable.functions;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Builds HTTP API payload 2.0 events the way API Gateway does: route key, decoded path
 * parameters, lower-cased headers, JWT claims under requestContext.authorizer.jwt.claims.
 */
public final class Events {
  private final String method;
  private final String path;
  private final Map<String, String> pathParameters = new LinkedHashMap<>();
  private final Map<String, String> query = new LinkedHashMap<>();
  private final Map<String, String> headers = new LinkedHashMap<>();
  private String body;
  private boolean base64;
  private String caller;

  private Events(String method, String path) {
    this.method = method;
    this.path = path;
  }

  /** A request for the route {@code method path}, e.g. {@code ("GET", "/users/{username}")}. */
  public static Events request(String method, String routePath) {
    return new Events(method, routePath);
  }

  public Events path(String name, String value) {
    pathParameters.put(name, value);
    return this;
  }

  public Events query(String name, String value) {
    query.put(name, value);
    return this;
  }

  public Events header(String name, String value) {
    headers.put(name.toLowerCase(java.util.Locale.ROOT), value);
    return this;
  }

  public Events body(String json) {
    this.body = json;
    return this;
  }

  public Events base64Body(String encoded) {
    this.body = encoded;
    this.base64 = true;
    return this;
  }

  /** Authenticated as this user (claims set by the JWT authorizer). */
  public Events as(String username) {
    this.caller = username;
    return this;
  }

  public APIGatewayV2HTTPEvent build() {
    String rawPath = path;
    for (Map.Entry<String, String> e : pathParameters.entrySet()) {
      rawPath = rawPath.replace("{" + e.getKey() + "}", e.getValue());
    }
    APIGatewayV2HTTPEvent.RequestContext.Http http = APIGatewayV2HTTPEvent.RequestContext.Http.builder()
        .withMethod(method).withPath(rawPath).withProtocol("HTTP/1.1").withSourceIp("127.0.0.1").build();
    APIGatewayV2HTTPEvent.RequestContext.RequestContextBuilder rc = APIGatewayV2HTTPEvent.RequestContext.builder()
        .withRouteKey(method + " " + path).withRequestId("test-" + System.nanoTime()).withHttp(http)
        .withStage("$default");
    if (caller != null) {
      Map<String, String> claims = new HashMap<>();
      claims.put("username", caller);
      claims.put("sub", caller);
      rc.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
          .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder().withClaims(claims).build())
          .build());
    }
    return APIGatewayV2HTTPEvent.builder()
        .withVersion("2.0")
        .withRouteKey(method + " " + path)
        .withRawPath(rawPath)
        .withRawQueryString("")
        .withPathParameters(pathParameters.isEmpty() ? null : new HashMap<>(pathParameters))
        .withQueryStringParameters(query.isEmpty() ? null : new HashMap<>(query))
        .withHeaders(new HashMap<>(headers))
        .withBody(body)
        .withIsBase64Encoded(base64)
        .withRequestContext(rc.build())
        .build();
  }
}
