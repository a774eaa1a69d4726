package dev.monotable.forge.functions;

import static org.junit.jupiter.api.Assertions.*;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.http.ApiEvent;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.stream.StreamHandler;
import dev.monotable.kit.auth.JwtSigner;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import dev.monotable.forge.catalog.StreamCatalog;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.json.Json;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The endpoint catalog (shared) names handler classes as strings, because shared cannot see the
 * functions module; infra and the local API load them by name. These checks make a wrong name, a
 * handler of the wrong kind, a handler wired to the wrong route or auth mode fail the build.
 */
@ExtendWith(DynamoDbExtension.class)
class CatalogHandlersTest {

  private static final Pattern PARAM = Pattern.compile("\\{(\\w+)}");

  @Test
  void everyCatalogHandler_shouldBeAConcreteApiHandler_withRuntimeAndTestConstructors() throws Exception {
    for (Endpoint e : EndpointCatalog.endpoints()) {
      Class<?> c = Class.forName(e.handlerClass());
      assertTrue(ApiHandler.class.isAssignableFrom(c), e.routeKey() + ": " + c + " is not an ApiHandler");
      assertFalse(Modifier.isAbstract(c.getModifiers()), c + " is abstract");
      assertNotNull(c.getConstructor(), c + " needs a no-argument constructor for the Lambda runtime");
      assertNotNull(c.getConstructor(Services.class), c + " needs a constructor taking Services for tests");
    }
  }

  @Test
  void everyStreamDeclaration_shouldNameAConcreteStreamHandler_withRuntimeAndTestConstructors() throws Exception {
    assertEquals(List.of("ST1", "ST2", "ST3", "ST4"),
        StreamCatalog.declarations().stream().map(StreamHandlerDeclaration::stream).toList());
    for (StreamHandlerDeclaration d : StreamCatalog.declarations()) {
      assertEquals(List.of(), d.problems(), d.stream());
      Class<?> c = Class.forName(d.handlerClass());
      assertTrue(StreamHandler.class.isAssignableFrom(c), d.stream() + ": " + c + " is not a StreamHandler");
      assertFalse(Modifier.isAbstract(c.getModifiers()), c + " is abstract");
      assertNotNull(c.getConstructor(), c + " needs a no-argument constructor for the Lambda runtime");
      assertNotNull(c.getConstructor(Services.class), c + " needs a constructor taking Services for tests");
    }
  }

  @Test
  void everyHandlerClassInTheJar_shouldBeInTheCatalog() throws Exception {
    // A handler nobody routes to is dead code, or a route the catalog forgot. Forge's handlers
    // only: another domain's live in this module too, under its own package root.
    var root = java.nio.file.Path.of(ApiHandler.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (var files = java.nio.file.Files.walk(root)) {
      for (var f : files.filter(p -> p.toString().endsWith("Handler.class"))
          .filter(p -> root.relativize(p).startsWith("dev/monotable/forge")).toList()) {
        String name = root.relativize(f).toString().replace('/', '.').replace(".class", "");
        Class<?> c = Class.forName(name);
        if (StreamHandler.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
          assertNotNull(StreamCatalog.byHandlerClass(name), name + " is not in the stream catalog");
        }
        if (ApiHandler.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
          assertTrue(EndpointCatalog.endpoints().stream().anyMatch(e -> e.handlerClass().equals(name)),
              name + " is not in the endpoint catalog");
        }
      }
    }
  }

  @Test
  void everyRouteOfAHandler_shouldShareItsAuthMode() {
    // ApiHandler takes its auth mode from the first catalog entry naming its class.
    for (Endpoint e : EndpointCatalog.endpoints()) {
      for (Endpoint other : EndpointCatalog.endpoints()) {
        if (other.handlerClass().equals(e.handlerClass())) {
          assertEquals(e.auth(), other.auth(), e.routeKey() + " and " + other.routeKey() + " share " + e.handlerName());
        }
      }
    }
  }

  @Test
  void everyCatalogHandler_shouldEnforceItsRoutesAuth_andReadOnlyItsRoutesPathParameters(TestTable table)
      throws Exception {
    KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
    g.initialize(2048);
    JwtSigner signer = new JwtSigner(g.generateKeyPair(), "k1");
    Services services = new Services(table.gateway(MutableClock.at("2026-01-01T00:00:00Z")),
        new JwtVerifier("https://issuer.example", "app", signer::jwks, Clock.systemUTC()));
    Set<String> allParams = new TreeSet<>();
    EndpointCatalog.endpoints().forEach(e -> allParams.addAll(params(e)));
    List<String> problems = new ArrayList<>();
    for (Endpoint e : EndpointCatalog.endpoints()) {
      ApiHandler handler = (ApiHandler) Class.forName(e.handlerClass()).getConstructor(Services.class)
          .newInstance(services);
      boolean takesBody = e.method().equals("POST") || e.method().equals("PATCH");

      // anonymous: REQUIRED routes answer 401, the others serve the anonymous caller
      APIGatewayV2HTTPResponse anonymous = handler.handleRequest(event(e, takesBody).build(), null);
      if ((anonymous.getStatusCode() == 401) != (e.auth() == Auth.REQUIRED)) {
        problems.add(e.routeKey() + " is Auth." + e.auth() + " but answers an anonymous call " + describe(anonymous));
      }
      // a bad token: OPTIONAL routes verify it themselves (401); NONE routes never read it
      APIGatewayV2HTTPResponse badToken = handler.handleRequest(
          event(e, takesBody).header("authorization", "Bearer not.a.token").build(), null);
      if (e.auth() == Auth.OPTIONAL && badToken.getStatusCode() != 401) {
        problems.add(e.routeKey() + " is Auth.OPTIONAL but accepts a malformed token: " + describe(badToken));
      }
      if (e.auth() == Auth.NONE && badToken.getStatusCode() == 401) {
        problems.add(e.routeKey() + " is Auth.NONE but reads the token: " + describe(badToken));
      }
      // authenticated, with exactly the route's path parameters: never a missing parameter, never a 500
      APIGatewayV2HTTPResponse asAlice = handler.handleRequest(event(e, takesBody).as("alice").build(), null);
      String field = errorField(asAlice);
      if (asAlice.getStatusCode() >= 500 || (asAlice.getStatusCode() == 400 && allParams.contains(field)
          && !params(e).contains(field))) {
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
  private static ApiEvent event(Endpoint e, boolean withBody) {
    ApiEvent ev = ApiEvent.request(e.method(), e.path());
    Set<String> accepted = new TreeSet<>();
    e.body().forEach(f -> accepted.add(f.name()));
    Map<String, Object> body = new java.util.LinkedHashMap<>();
    for (Endpoint any : EndpointCatalog.endpoints()) {
      params(any).stream().filter(accepted::contains).forEach(p -> body.put(p, value(p)));
    }
    for (String p : params(e)) {
      ev.path(p, value(p));
    }
    return withBody ? ev.body(Json.write(body)) : ev;
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
