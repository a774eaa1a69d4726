package dev.monotable.kit.local;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.http.ApiEvent;
import dev.monotable.kit.http.ErrorMapper;
import dev.monotable.kit.auth.Claims;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.domain.Domain;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The HTTP API on this machine, as API Gateway would serve it: each request becomes a payload 2.0
 * event (route key, decoded path parameters, query string, lower-cased headers, body, request
 * context with JWT claims) and is handed in-process to the route's handler, which the domain
 * builds ({@link LocalDomain.Wiring#route}) for each handler class of its endpoints. Routes that
 * need a caller get the JWT authorizer's treatment first: missing, expired, wrongly signed or
 * wrongly issued tokens are a 401 before any handler runs.
 */
public final class LocalApi implements AutoCloseable {
  /** API Gateway's own payload limit; the handlers enforce the service's 1 MiB. */
  private static final int MAX_PAYLOAD = 10 * 1024 * 1024;

  private final RouteTable routes;
  private final Map<String, RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>> handlers = new HashMap<>();
  private final JwtVerifier verifier;
  private final String jwks;
  private final List<LocalPages> pages;
  private LocalHttpServer server;

  private LocalApi(List<Endpoint> endpoints, LocalDomain.Wiring wiring, JwtVerifier verifier, String jwks,
      List<LocalPages> pages) {
    for (Endpoint e : endpoints) {
      // The local pages' prefixes are never routes: what the local service answers there cannot be
      // mistaken for (or hide) a route of the deployed API.
      if (LocalPages.reserved(e.path())) {
        throw new IllegalArgumentException(e.routeKey() + " lies under a prefix reserved for local pages "
            + LocalPages.RESERVED);
      }
    }
    this.routes = new RouteTable(endpoints);
    this.verifier = verifier;
    this.jwks = jwks;
    this.pages = List.copyOf(pages);
    for (Endpoint e : endpoints) {
      handlers.computeIfAbsent(e.handlerClass(), k -> wiring.handler(e));
    }
  }

  /**
   * Starts the API of a domain's routes on 127.0.0.1:port (0 picks a free port).
   *
   * @param domain the routes served ({@link Domain#endpoints()})
   * @param wiring the domain's handlers over the service's table
   * @param verifier the local JWT authorizer of routes that need a caller
   * @param jwks served at {@code /.well-known/jwks.json}
   */
  public static LocalApi start(int port, Domain domain, LocalDomain.Wiring wiring, JwtVerifier verifier, String jwks)
      throws IOException {
    return start(port, domain, wiring, verifier, jwks, List.of());
  }

  /**
   * {@link #start(int, Domain, LocalDomain.Wiring, JwtVerifier, String)} with local-only pages
   * ({@link LocalPages}) answered before the routes, under their reserved prefixes.
   */
  public static LocalApi start(int port, Domain domain, LocalDomain.Wiring wiring, JwtVerifier verifier, String jwks,
      List<LocalPages> pages) throws IOException {
    LocalApi api = new LocalApi(domain.endpoints(), wiring, verifier, jwks, pages);
    api.server = LocalHttpServer.start(port, api::serve, LocalApi::error, MAX_PAYLOAD);
    return api;
  }

  public int port() {
    return server.port();
  }

  /** The local pages served beside the routes. */
  public List<LocalPages> pages() {
    return pages;
  }

  public String baseUrl() {
    return "http://127.0.0.1:" + port();
  }

  @Override
  public void close() {
    server.close();
  }

  private LocalHttpServer.Response serve(LocalHttpServer.Request request) {
    String method = request.method();
    String rawPath = request.rawPath();
    if ("GET".equals(method) && "/.well-known/jwks.json".equals(rawPath)) {
      return new LocalHttpServer.Response(200, Map.of("content-type", "application/json"),
          jwks.getBytes(StandardCharsets.UTF_8));
    }
    LocalHttpServer.Response page = servePage(pages, request);
    if (page != null) {
      return page;
    }
    RouteTable.Match match;
    Map<String, String> query;
    try {
      match = routes.match(method, rawPath);
      query = query(request.rawQuery());
    } catch (RouteTable.BadSegment e) {
      return error(400, "validation", e.getMessage(), e.parameter());
    } catch (BadQuery e) {
      return error(400, "validation", e.getMessage(), e.parameter);
    }
    if (match == null) {
      if (routes.pathExists(rawPath)) {
        return error(405, "method_not_allowed", method + " is not allowed on " + rawPath);
      }
      return error(404, "not_found", "no route for " + method + " " + rawPath);
    }
    Map<String, String> headers = headers(request);
    Claims claims = null;
    Auth auth = match.endpoint().auth();
    String authorization = headers.get("authorization");
    if (auth == Auth.REQUIRED || (auth == Auth.OPTIONAL && authorization != null)) {
      try {
        claims = verifier.verify(authorization);
      } catch (UnauthorizedException e) {
        // API Gateway's authorizer answers 401 with no detail; the local one says why.
        return send(ErrorMapper.toResponse(e).toEvent());
      }
    }
    ApiEvent event = ApiEvent.request(match.endpoint().method(), match.endpoint().path())
        .rawPath(request.rawPath())
        .rawQuery(request.rawQuery() == null ? "" : request.rawQuery())
        .headers(headers)
        .rawBody(request.body())
        .claims(claims == null ? null : stringClaims(claims))
        .source(request.remote().getAddress().getHostAddress(), request.protocol());
    match.pathParameters().forEach(event::path);
    if (query != null) {
      query.forEach(event::query);
    }
    return send(handlers.get(match.endpoint().handlerClass()).handleRequest(event.build(), null));
  }

  /** The answer of the local page serving the request's path, or null when none does. */
  static LocalHttpServer.Response servePage(List<LocalPages> pages, LocalHttpServer.Request request) {
    String path = request.rawPath();
    for (LocalPages p : pages) {
      if (LocalPages.reserved(path) && p.serves(path)) {
        Map<String, List<String>> query;
        try {
          query = LocalPages.Request.parseQuery(request.rawQuery());
        } catch (IllegalArgumentException e) {
          return error(400, "validation", "the query string is not valid percent-encoding");
        }
        LocalPages.Response r = p.serve(new LocalPages.Request(request.method(), path, query, request.body()));
        return new LocalHttpServer.Response(r.status(), Map.of("content-type", r.contentType(),
            "cache-control", "no-store"), r.body());
      }
    }
    return null;
  }

  private static LocalHttpServer.Response send(APIGatewayV2HTTPResponse response) {
    byte[] out = response.getBody() == null ? new byte[0]
        : response.getIsBase64Encoded() ? Base64.getDecoder().decode(response.getBody())
        : response.getBody().getBytes(StandardCharsets.UTF_8);
    return new LocalHttpServer.Response(response.getStatusCode(),
        response.getHeaders() == null ? Map.of() : response.getHeaders(), out);
  }

  private static Map<String, String> stringClaims(Claims claims) {
    Map<String, String> out = new LinkedHashMap<>();
    claims.all().forEach((k, v) -> out.put(k, String.valueOf(v)));
    return out;
  }

  /** Lower-cased names; repeated headers joined with commas, as API Gateway does. */
  private static Map<String, String> headers(LocalHttpServer.Request request) {
    Map<String, String> out = new LinkedHashMap<>();
    request.headers().forEach((k, v) -> out.put(k, String.join(",", v)));
    return out;
  }

  /** A query parameter (or its name) whose percent-encoding is malformed. */
  private static final class BadQuery extends RuntimeException {
    private static final long serialVersionUID = 1L;
    final String parameter;

    BadQuery(String parameter) {
      super((parameter == null ? "a query parameter name" : parameter) + " is not valid percent-encoding",
          null, false, false);
      this.parameter = parameter;
    }
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
      String k;
      try {
        k = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        throw new BadQuery(null);
      }
      String v;
      try {
        v = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException e) {
        throw new BadQuery(k);
      }
      out.merge(k, v, (a, b) -> a + "," + b);
    }
    return out;
  }

  private static LocalHttpServer.Response error(int status, String code, String message) {
    return error(status, code, message, null);
  }

  private static LocalHttpServer.Response error(int status, String code, String message, String field) {
    return send(ErrorMapper.error(status, code, message, field).toEvent());
  }
}
