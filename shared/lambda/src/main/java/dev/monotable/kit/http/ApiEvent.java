package dev.monotable.kit.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

/**
 * Builds the HTTP API payload 2.0 event API Gateway hands a route's function: route key, raw and
 * decoded path, query string, lower-cased headers, body (text, or base64 when not UTF-8), JWT
 * claims under {@code requestContext.authorizer.jwt.claims}. The one builder of such events: the
 * local API, the benchmarks, the tests and SnapStart priming (the one use in the Lambda jar) all
 * go through it, so they cannot disagree on the shape.
 */
public final class ApiEvent {
  private final String method;
  private final String routePath;
  private final Map<String, String> pathParameters = new LinkedHashMap<>();
  private final Map<String, String> query = new LinkedHashMap<>();
  private final Map<String, String> headers = new LinkedHashMap<>();
  private Map<String, String> claims;
  private String rawPath;
  private String rawQuery;
  private String body;
  private boolean base64;
  private String requestId;
  private String sourceIp = "127.0.0.1";
  private String protocol = "HTTP/1.1";

  private ApiEvent(String method, String routePath) {
    this.method = method;
    this.routePath = routePath;
  }

  /** A request for the route {@code method routePath}, e.g. {@code ("GET", "/users/{username}")}. */
  public static ApiEvent request(String method, String routePath) {
    return new ApiEvent(method, routePath);
  }

  /** A decoded path parameter. */
  public ApiEvent path(String name, String value) {
    pathParameters.put(name, value);
    return this;
  }

  /** A decoded query parameter (repeated ones joined with commas, as API Gateway does). */
  public ApiEvent query(String name, String value) {
    query.put(name, value);
    return this;
  }

  /** A header; API Gateway lower-cases the name. */
  public ApiEvent header(String name, String value) {
    headers.put(name.toLowerCase(Locale.ROOT), value);
    return this;
  }

  public ApiEvent headers(Map<String, String> all) {
    all.forEach(this::header);
    return this;
  }

  /** The path as sent (percent-encoded); by default the route path with the parameters filled in. */
  public ApiEvent rawPath(String rawPath) {
    this.rawPath = rawPath;
    return this;
  }

  /** The query string as sent; by default the parameters joined with {@code &}. */
  public ApiEvent rawQuery(String rawQuery) {
    this.rawQuery = rawQuery;
    return this;
  }

  /** A text body. */
  public ApiEvent body(String text) {
    this.body = text;
    this.base64 = false;
    return this;
  }

  /** A body already base64-encoded, flagged as such. */
  public ApiEvent base64Body(String encoded) {
    this.body = encoded;
    this.base64 = true;
    return this;
  }

  /** The bytes a client sent: UTF-8 text as is, anything else base64-encoded; none is no body. */
  public ApiEvent rawBody(byte[] bytes) {
    if (bytes.length == 0) {
      body = null;
      base64 = false;
      return this;
    }
    try {
      return body(StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes)).toString());
    } catch (CharacterCodingException notText) {
      return base64Body(Base64.getEncoder().encodeToString(bytes));
    }
  }

  /** Authenticated as this user: the claims the JWT authorizer passes for a valid token. */
  public ApiEvent as(String username) {
    if (username == null) {
      claims = null;
      return this;
    }
    Map<String, String> c = new LinkedHashMap<>();
    c.put("username", username);
    c.put("sub", username);
    return claims(c);
  }

  /**
   * Authenticated as this user, a member of {@code groups}: the {@code cognito:groups} claim as
   * API Gateway's JWT authorizer passes an array, {@code [a b]}.
   */
  public ApiEvent as(String username, java.util.List<String> groups) {
    as(username);
    if (username != null && !groups.isEmpty()) {
      claims.put(dev.monotable.kit.auth.Claims.GROUPS, "[" + String.join(" ", groups) + "]");
    }
    return this;
  }

  /** Authenticated with exactly these claims (values as strings, as the authorizer passes them). */
  public ApiEvent claims(Map<String, String> claims) {
    this.claims = claims == null ? null : new LinkedHashMap<>(claims);
    return this;
  }

  public ApiEvent requestId(String requestId) {
    this.requestId = requestId;
    return this;
  }

  /** The client's address and HTTP version. */
  public ApiEvent source(String sourceIp, String protocol) {
    this.sourceIp = sourceIp;
    this.protocol = protocol;
    return this;
  }

  public APIGatewayV2HTTPEvent build() {
    String routeKey = method + " " + routePath;
    String path = rawPath != null ? rawPath : filledPath();
    long now = System.currentTimeMillis();
    var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder()
        .withMethod(method)
        .withPath(path)
        .withProtocol(protocol)
        .withSourceIp(sourceIp)
        .withUserAgent(headers.get("user-agent"))
        .build();
    var rc = APIGatewayV2HTTPEvent.RequestContext.builder()
        .withAccountId("local")
        .withApiId("local")
        .withDomainName(headers.getOrDefault("host", "127.0.0.1"))
        .withDomainPrefix("local")
        .withHttp(http)
        .withRequestId(requestId != null ? requestId : UUID.randomUUID().toString())
        .withRouteKey(routeKey)
        .withStage("$default")
        .withTime(Instant.ofEpochMilli(now).toString())
        .withTimeEpoch(now);
    if (claims != null) {
      rc.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
          .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder()
              .withClaims(new LinkedHashMap<>(claims)).withScopes(List.of()).build())
          .build());
    }
    return APIGatewayV2HTTPEvent.builder()
        .withVersion("2.0")
        .withRouteKey(routeKey)
        .withRawPath(path)
        .withRawQueryString(rawQuery != null ? rawQuery : joinedQuery())
        .withHeaders(new HashMap<>(headers))
        .withQueryStringParameters(query.isEmpty() ? null : new HashMap<>(query))
        .withPathParameters(pathParameters.isEmpty() ? null : new HashMap<>(pathParameters))
        .withBody(body)
        .withIsBase64Encoded(base64)
        .withRequestContext(rc.build())
        .build();
  }

  private String filledPath() {
    String out = routePath;
    for (Map.Entry<String, String> e : pathParameters.entrySet()) {
      out = out.replace("{" + e.getKey() + "}", e.getValue());
    }
    return out;
  }

  private String joinedQuery() {
    StringBuilder sb = new StringBuilder();
    query.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : "&").append(k).append('=').append(v));
    return sb.toString();
  }
}
