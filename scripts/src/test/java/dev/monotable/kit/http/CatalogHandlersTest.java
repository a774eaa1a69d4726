package dev.monotable.kit.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.devauth.JwtSigner;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.stream.StreamHandler;
import dev.monotable.testing.Domains;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.lang.reflect.Modifier;
import java.security.KeyPairGenerator;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every domain ({@link Domains#all()}): its routes and stream consumers name handler classes as
 * strings, because shared cannot see the functions module; infra and the local API load them by
 * name. These checks make a wrong name, a handler of the wrong kind, a handler wired to the wrong
 * route or auth mode fail the build.
 */
@ExtendWith(DynamoDbExtension.class)
class CatalogHandlersTest {

  private static final Pattern PARAM = Pattern.compile("\\{(\\w+)}");

  static Class<?> servicesClass(Class<?> handler) {
    return TestServices.servicesClass(handler);
  }

  static DomainServices services(Class<?> type, TableGateway table, JwtVerifier verifier) {
    return TestServices.of(type, table, verifier);
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void everyRouteHandler_shouldBeAConcreteApiHandler_withRuntimeAndTestConstructors(Domain d) throws Exception {
    for (Endpoint e : d.endpoints()) {
      Class<?> c = Class.forName(e.handlerClass());
      assertTrue(ApiHandler.class.isAssignableFrom(c), e.routeKey() + ": " + c + " is not an ApiHandler");
      assertFalse(Modifier.isAbstract(c.getModifiers()), c + " is abstract");
      assertNotNull(c.getConstructor(), c + " needs a no-argument constructor for the Lambda runtime");
      Class<?> services = e.servedByKit() ? TestServices.servicesClass(d) : servicesClass(c);
      assertNotNull(services.getConstructor(TableGateway.class, JwtVerifier.class),
          services + " needs a (TableGateway, JwtVerifier) constructor for tests");
    }
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void servicesClass_shouldBeTheDomainsServices_withFromEnvironment_whenTheKitServesARoute(Domain d) throws Exception {
    // The kit's handlers build the services named by Domain.servicesClass() (MONOTABLE_SERVICES) in Lambda: a
    // wrong name fails every such function at its first call, and no local test builds them that way.
    if (d.endpoints().stream().anyMatch(Endpoint::servedByKit)) {
      Class<?> services = Class.forName(d.servicesClass());
      assertTrue(DomainServices.class.isAssignableFrom(services), d.servicesClass());
      java.lang.reflect.Method m = services.getMethod("fromEnvironment");
      assertTrue(Modifier.isStatic(m.getModifiers()) && services.isAssignableFrom(m.getReturnType()),
          d.servicesClass() + ".fromEnvironment()");
    }
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void everyRouteServedByAMethod_shouldHaveExactlyOneMethod_andEveryMethodARoute(Domain d, TestTable table) {
    // A route of Endpoint.route with no method bound answers 500 on every call; a bound method no route
    // serves is dead code. The services' routes() bind them by pattern.
    DomainServices services = TestServices.of(d, table.gateway(MutableClock.at("2026-01-01T00:00:00Z")), null);
    Set<String> routed = new TreeSet<>();
    for (Endpoint e : d.endpoints()) {
      if (e.isRoute() && !e.isHealth()) { // the kit answers GET /health itself
        routed.add(e.patterns().get(0).name()); // the method is bound to the route's first pattern
      }
    }
    assertEquals(routed, new TreeSet<>(services.routes().patterns()), d.name() + ": the patterns of its routes "
        + "served by a method, and the patterns its services' routes() bind");
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void everyStreamDeclaration_shouldNameAConcreteStreamHandler_withRuntimeAndTestConstructors(Domain d)
      throws Exception {
    for (StreamHandlerDeclaration s : d.streams()) {
      assertEquals(List.of(), s.problems(), s.stream());
      Class<?> c = Class.forName(s.handlerClass());
      assertTrue(StreamHandler.class.isAssignableFrom(c), s.stream() + ": " + c + " is not a StreamHandler");
      assertFalse(Modifier.isAbstract(c.getModifiers()), c + " is abstract");
      assertNotNull(c.getConstructor(), c + " needs a no-argument constructor for the Lambda runtime");
      servicesClass(c);
    }
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void everyHandlerClassOfTheDomain_shouldBeInItsCatalog(Domain d) throws Exception {
    // A handler nobody routes to is dead code, or a route the catalog forgot. The domain's own
    // handlers only: those under its own package root.
    int seen = 0;
    for (String name : Domains.classNames(d).stream().filter(n -> n.endsWith("Handler")).toList()) {
      Class<?> c = Class.forName(name);
      if (StreamHandler.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
        assertNotNull(d.stream(name), name + " is not among " + d.name() + "'s stream consumers");
        seen++;
      }
      if (ApiHandler.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
        assertTrue(d.endpoints().stream().anyMatch(e -> e.handlerClass().equals(name)),
            name + " is not among " + d.name() + "'s routes");
        seen++;
      }
    }
    // A domain whose routes the kit serves alone (plain routes, routes served by methods) writes no handler class.
    boolean writesHandlers = !d.streams().isEmpty() || d.endpoints().stream().anyMatch(e -> !e.servedByKit());
    assertTrue(seen > 0 || !writesHandlers, "no handler class of " + d.name() + " found under " + Domains.packageRoot(d));
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void everyRouteOfAHandler_shouldShareItsAuthMode(Domain d) {
    // One function serves its routes under one authorizer setting: the routes of a handler class
    // share their auth mode (a plain route is a function of its own, ApiHandler reads each route's).
    for (Endpoint e : d.endpoints()) {
      for (Endpoint other : d.endpoints()) {
        if (other.functionKey().equals(e.functionKey())) {
          assertEquals(e.auth(), other.auth(), e.routeKey() + " and " + other.routeKey() + " share " + e.handlerName());
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.testing.Domains#arguments")
  void everyRouteHandler_shouldEnforceItsRoutesAuth_andReadOnlyItsRoutesPathParameters(Domain d, TestTable table)
      throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(2048);
    JwtSigner signer = new JwtSigner(g.generateKeyPair(), "k1");
    JwtVerifier verifier = new JwtVerifier("https://issuer.example", "app", signer::jwks, Clock.systemUTC());
    TableGateway gateway = table.gateway(MutableClock.at("2026-01-01T00:00:00Z"));
    Set<String> allParams = new TreeSet<>();
    d.endpoints().forEach(e -> allParams.addAll(params(e)));
    List<String> problems = new ArrayList<>();
    for (Endpoint e : d.endpoints()) {
      DomainServices services = TestServices.of(d, gateway, verifier);
      ApiHandler<?> handler = (ApiHandler<?>) TestServices.handler(e.handlerClass(), services);
      boolean takesBody = e.method().equals("POST") || e.method().equals("PATCH") || e.method().equals("PUT");

      // anonymous: REQUIRED routes answer 401, the others serve the anonymous caller
      APIGatewayV2HTTPResponse anonymous = handler.handleRequest(event(d, services, e, takesBody).build(), null);
      if ((anonymous.getStatusCode() == 401) != (e.auth() == Auth.REQUIRED)) {
        problems.add(e.routeKey() + " is Auth." + e.auth() + " but answers an anonymous call " + describe(anonymous));
      }
      // a bad token: OPTIONAL routes verify it themselves (401); NONE routes never read it
      APIGatewayV2HTTPResponse badToken = handler.handleRequest(
          event(d, services, e, takesBody).header("authorization", "Bearer not.a.token").build(), null);
      if (e.auth() == Auth.OPTIONAL && badToken.getStatusCode() != 401) {
        problems.add(e.routeKey() + " is Auth.OPTIONAL but accepts a malformed token: " + describe(badToken));
      }
      if (e.auth() == Auth.NONE && badToken.getStatusCode() == 401) {
        problems.add(e.routeKey() + " is Auth.NONE but reads the token: " + describe(badToken));
      }
      // authenticated, with exactly the route's path parameters: never a missing parameter, never a 500
      APIGatewayV2HTTPResponse asAlice = handler.handleRequest(event(d, services, e, takesBody).as("alice").build(),
          null);
      String field = errorField(asAlice);
      // a 400 naming no field (an update given none of its fields) names no path parameter either
      if (asAlice.getStatusCode() >= 500 || (asAlice.getStatusCode() == 400 && field != null
          && allParams.contains(field) && !params(e).contains(field))) {
        problems.add(e.routeKey() + " does not fit " + e.handlerName() + " (path parameters or auth mode): "
            + describe(asAlice));
      }
    }
    assertEquals(List.of(), problems);
  }

  private static List<String> params(Endpoint e) {
    List<String> names = new ArrayList<>();
    Matcher m = PARAM.matcher(e.path());
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  /**
   * The route's path parameters with plausible values (of things that do not exist). A body, when
   * the method takes one, holds every parameter name of the catalog that the route's body accepts
   * ({@link Endpoint#body()}; any other field is refused as unknown), so a 400 naming a parameter name
   * can only be a path parameter the handler wanted and the route lacks.
   */
  private static ApiEvent event(Domain d, DomainServices services, Endpoint e, boolean withBody) {
    ApiEvent ev = ApiEvent.request(e.method(), e.path());
    Set<String> accepted = new TreeSet<>();
    e.body().forEach(f -> accepted.add(f.name()));
    Map<String, Object> body = new java.util.LinkedHashMap<>();
    for (Endpoint any : d.endpoints()) {
      params(any).stream().filter(p -> accepts(services, e, p)).forEach(p -> body.put(p, value(p)));
    }
    for (String p : params(e)) {
      ev.path(p, value(p));
    }
    return withBody ? ev.body(Json.write(body)) : ev;
  }

  /** True when the route's body takes a field of this name: the services refuse it otherwise as unknown. */
  private static boolean accepts(DomainServices services, Endpoint e, String field) {
    if (!services.bodyRoutes().contains(e.routeKey())) {
      return false;
    }
    var event = ApiEvent.request(e.method(), e.path()).body(Json.write(Map.of(field, value(field)))).build();
    try {
      services.checkBody(e.routeKey(), new Request(event, null, false));
      return true;
    } catch (ValidationException refused) {
      return !refused.getMessage().startsWith("unknown field");
    }
  }

  private static String value(String param) {
    return switch (param) {
      case "number" -> "1";
      case "type" -> "+1";
      default -> "nobody";
    };
  }

  @SuppressWarnings("unchecked")
  private static String errorField(APIGatewayV2HTTPResponse r) throws Exception {
    if (r.getBody() == null || r.getStatusCode() < 400) {
      return null;
    }
    Object error = Json.readObject(r.getBody()).get("error");
    return error instanceof Map<?, ?> m ? (String) ((Map<String, Object>) m).get("field") : null;
  }

  private static String describe(APIGatewayV2HTTPResponse r) {
    return r.getStatusCode() + " " + r.getBody();
  }
}
