package dev.monotable.scripts.local;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.monotable.functions.Services;
import dev.monotable.shared.auth.Claims;
import dev.monotable.shared.auth.JwtVerifier;
import dev.monotable.shared.catalog.Auth;
import dev.monotable.shared.catalog.Endpoint;
import dev.monotable.shared.errors.UnauthorizedException;
import dev.monotable.shared.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;

/**
 * The HTTP API on this machine, as API Gateway would serve it: each request becomes a payload 2.0
 * event (route key, decoded path parameters, query string, lower-cased headers, body, request
 * context with JWT claims) and is handed in-process to the route's handler from the endpoint
 * catalog. Routes that need a caller get the JWT authorizer's treatment first: missing, expired,
 * wrongly signed or wrongly issued tokens are a 401 before any handler runs.
 */
public final class LocalApi implements AutoCloseable {
  /** API Gateway's own payload limit; the handlers enforce the service's 1 MiB. */
  private static final int MAX_PAYLOAD = 10 * 1024 * 1024;

  private final HttpServer server;
  private final java.util.concurrent.ExecutorService executor = Executors.newFixedThreadPool(8, r -> {
    Thread t = new Thread(r, "local-api");
    t.setDaemon(true);
    return t;
  });
  private final RouteTable routes = new RouteTable();
  private final Map<String, RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>> handlers = new HashMap<>();
  private final JwtVerifier verifier;
  private final String jwks;

  private LocalApi(HttpServer server, Services services, JwtVerifier verifier, String jwks) {
    this.server = server;
    this.verifier = verifier;
    this.jwks = jwks;
    for (Endpoint e : dev.monotable.shared.catalog.EndpointCatalog.endpoints()) {
      handlers.computeIfAbsent(e.handlerClass(), name -> instantiate(name, services));
    }
  }

  /**
   * Starts the API on 127.0.0.1:port (0 picks a free port).
   *
   * @param services the handlers' dependencies (table, cursor key; the verifier is used here)
   */
  public static LocalApi start(int port, Services services, JwtVerifier verifier, String jwks) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 64);
    LocalApi api = new LocalApi(server, services, verifier, jwks);
    server.createContext("/", api::serve);
    server.setExecutor(api.executor);
    server.start();
    return api;
  }

  public int port() {
    return server.getAddress().getPort();
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + port();
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  @SuppressWarnings("unchecked")
  private static RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> instantiate(String className,
      Services services) {
    try {
      Class<?> c = Class.forName(className);
      return (RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>)
          c.getConstructor(Services.class).newInstance(services);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("handler " + className + " of the endpoint catalog cannot be built", e);
    }
  }

  private void serve(HttpExchange exchange) throws IOException {
    try (exchange) {
      String method = exchange.getRequestMethod();
      String rawPath = exchange.getRequestURI().getRawPath();
      if ("GET".equals(method) && "/.well-known/jwks.json".equals(rawPath)) {
        send(exchange, 200, Map.of("content-type", "application/json"), jwks.getBytes(StandardCharsets.UTF_8));
        return;
      }
      byte[] body = readBody(exchange.getRequestBody());
      if (body == null) {
        sendError(exchange, 413, "payload_too_large", "request exceeds the API's 10 MB limit");
        return;
      }
      RouteTable.Match match = routes.match(method, rawPath);
      if (match == null) {
        if (routes.pathExists(rawPath)) {
          sendError(exchange, 405, "method_not_allowed", method + " is not allowed on " + rawPath);
        } else {
          sendError(exchange, 404, "not_found", "no route for " + method + " " + rawPath);
        }
        return;
      }
      Map<String, String> headers = headers(exchange);
      Claims claims = null;
      Auth auth = match.endpoint().auth();
      String authorization = headers.get("authorization");
      if (auth == Auth.REQUIRED || (auth == Auth.OPTIONAL && authorization != null)) {
        try {
          claims = verifier.verify(authorization);
        } catch (UnauthorizedException e) {
          // API Gateway's authorizer answers 401 with no detail; the local one says why.
          exchange.getResponseHeaders().add("www-authenticate", "Bearer");
          sendError(exchange, 401, "unauthorized", e.getMessage());
          return;
        }
      }
      APIGatewayV2HTTPEvent event = event(exchange, match, headers, body, claims);
      APIGatewayV2HTTPResponse response = handlers.get(match.endpoint().handlerClass()).handleRequest(event, null);
      byte[] out = response.getBody() == null ? new byte[0]
          : response.getIsBase64Encoded() ? Base64.getDecoder().decode(response.getBody())
          : response.getBody().getBytes(StandardCharsets.UTF_8);
      send(exchange, response.getStatusCode(), response.getHeaders() == null ? Map.of() : response.getHeaders(), out);
    } catch (RuntimeException e) {
      sendError(exchange, 500, "internal", "internal error");
      System.err.println("local API: " + e);
    }
  }

  private static APIGatewayV2HTTPEvent event(HttpExchange exchange, RouteTable.Match match, Map<String, String> headers,
      byte[] body, Claims claims) {
    Endpoint e = match.endpoint();
    String rawQuery = exchange.getRequestURI().getRawQuery();
    long now = System.currentTimeMillis();
    var http = APIGatewayV2HTTPEvent.RequestContext.Http.builder()
        .withMethod(e.method())
        .withPath(exchange.getRequestURI().getRawPath())
        .withProtocol(exchange.getProtocol())
        .withSourceIp(exchange.getRemoteAddress().getAddress().getHostAddress())
        .withUserAgent(headers.get("user-agent"))
        .build();
    var rc = APIGatewayV2HTTPEvent.RequestContext.builder()
        .withAccountId("local")
        .withApiId("local")
        .withDomainName(headers.getOrDefault("host", "127.0.0.1"))
        .withDomainPrefix("local")
        .withHttp(http)
        .withRequestId(UUID.randomUUID().toString())
        .withRouteKey(e.routeKey())
        .withStage("$default")
        .withTime(Instant.ofEpochMilli(now).toString())
        .withTimeEpoch(now);
    if (claims != null) {
      Map<String, String> stringClaims = new LinkedHashMap<>();
      claims.all().forEach((k, v) -> stringClaims.put(k, String.valueOf(v)));
      rc.withAuthorizer(APIGatewayV2HTTPEvent.RequestContext.Authorizer.builder()
          .withJwt(APIGatewayV2HTTPEvent.RequestContext.Authorizer.JWT.builder()
              .withClaims(stringClaims).withScopes(List.of()).build())
          .build());
    }
    String text = null;
    boolean base64 = false;
    if (body.length > 0) {
      try {
        text = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(body)).toString();
      } catch (CharacterCodingException notText) {
        text = Base64.getEncoder().encodeToString(body);
        base64 = true;
      }
    }
    return APIGatewayV2HTTPEvent.builder()
        .withVersion("2.0")
        .withRouteKey(e.routeKey())
        .withRawPath(exchange.getRequestURI().getRawPath())
        .withRawQueryString(rawQuery == null ? "" : rawQuery)
        .withHeaders(headers)
        .withQueryStringParameters(query(rawQuery))
        .withPathParameters(match.pathParameters().isEmpty() ? null : match.pathParameters())
        .withBody(text)
        .withIsBase64Encoded(base64)
        .withRequestContext(rc.build())
        .build();
  }

  /** Lower-cased names; repeated headers joined with commas, as API Gateway does. */
  private static Map<String, String> headers(HttpExchange exchange) {
    Map<String, String> out = new LinkedHashMap<>();
    exchange.getRequestHeaders().forEach((k, v) -> out.put(k.toLowerCase(java.util.Locale.ROOT), String.join(",", v)));
    return out;
  }

  /** Decoded query parameters; repeated ones joined with commas, as API Gateway does. */
  private static Map<String, String> query(String rawQuery) {
    if (rawQuery == null || rawQuery.isEmpty()) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    for (String pair : rawQuery.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      String v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      out.merge(k, v, (a, b) -> a + "," + b);
    }
    return out;
  }

  private static byte[] readBody(InputStream in) throws IOException {
    byte[] bytes = in.readNBytes(MAX_PAYLOAD + 1);
    return bytes.length > MAX_PAYLOAD ? null : bytes;
  }

  private static void sendError(HttpExchange exchange, int status, String code, String message) throws IOException {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", code);
    error.put("message", message);
    send(exchange, status, Map.of("content-type", "application/json"),
        Json.write(Map.of("error", error)).getBytes(StandardCharsets.UTF_8));
  }

  private static void send(HttpExchange exchange, int status, Map<String, String> headers, byte[] body)
      throws IOException {
    headers.forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
    boolean empty = body.length == 0 || status == 204;
    exchange.sendResponseHeaders(status, empty ? -1 : body.length);
    if (!empty) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }
}
