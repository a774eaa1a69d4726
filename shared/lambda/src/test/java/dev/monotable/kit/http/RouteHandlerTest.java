package dev.monotable.kit.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Custom routes served by methods of the domain's services ({@link Endpoint#route}, {@link Routes}): the kit's
 * {@link RouteHandler} checks the declared access and body, then calls the method bound to the route's pattern,
 * against the real engine.
 */
@ExtendWith(DynamoDbExtension.class)
class RouteHandlerTest {

  static final DeclaredPattern STAMP = DeclaredPattern.of("R01", "stamp a note", Calls.of(Operation.PUT_ITEM),
      KeyCondition.plan("Put STAMP#{stamp}"), "stamp; body: text");
  static final DeclaredPattern ECHO = DeclaredPattern.of("R02", "echo the caller", Calls.none(), KeyCondition.none(),
      "").allowing(0, "no table access");
  static final DeclaredPattern HEALTH = DeclaredPattern.of("R00", "liveness of the API", Calls.none(),
      KeyCondition.none(), "").allowing(0, "no table access");

  static final Domain STAMPS = new Domain() {
    @Override
    public String name() {
      return "Stamps";
    }

    @Override
    public TableSchema schema() {
      return TestDomain.SCHEMA;
    }

    @Override
    public List<? extends AccessPatternSpec> accessPatterns() {
      return List.of(STAMP, ECHO, HEALTH);
    }

    @Override
    public List<Endpoint> endpoints() {
      return List.of(
          Endpoint.route("PUT", "/owners/{owner}/stamps/{stamp}", Auth.REQUIRED, STAMP).ownedBy("owner")
              .withBody(BodyField.text("text", 1, 20).nonBlank().required()),
          Endpoint.route("GET", "/me", Auth.OPTIONAL, ECHO),
          Endpoint.health(HEALTH));
    }

    @Override
    public List<StreamHandlerDeclaration> streams() {
      return List.of();
    }
  };

  /** The services of the domain: its two routes' logic, as methods bound to their patterns. */
  static class StampServices implements DomainServices {
    static final Routes<StampServices> ROUTES = Routes.of(StampServices.class)
        .serve(STAMP, StampServices::stamp)
        .serve(ECHO, StampServices::echo);

    private final TableGateway table;

    StampServices(TableGateway table) {
      this.table = table;
    }

    Response stamp(Request r) {
      Map<String, Object> body = r.declaredBody();
      table.putIfAbsent(Map.of("PK", AttributeValue.fromS("STAMP#" + r.path("stamp")),
          "SK", AttributeValue.fromS("STAMP#" + r.path("stamp")), "Type", AttributeValue.fromS("Stamp"),
          "Text", AttributeValue.fromS((String) body.get("text"))));
      return Response.created(Map.of("stamp", r.path("stamp"), "text", body.get("text")));
    }

    Response echo(Request r) {
      return Response.ok(Map.of("caller", r.caller() == null ? "anonymous" : r.caller()));
    }

    @Override
    public Routes<StampServices> routes() {
      return ROUTES;
    }

    @Override
    public Domain domain() {
      return STAMPS;
    }

    @Override
    public TableGateway table() {
      return table;
    }

    @Override
    public JwtVerifier verifier() {
      return null;
    }
  }

  private final TestTable table;
  private final RouteHandler handler;

  RouteHandlerTest(TestTable table) {
    this.table = table;
    this.handler = new RouteHandler(new StampServices(table.gateway(MutableClock.at("2090-01-02T00:00:00.000Z"))));
  }

  private APIGatewayV2HTTPResponse send(ApiEvent event) {
    return handler.handleRequest(event.build(), null);
  }

  @Test
  void route_callsTheMethodBoundToItsPattern_withItsDeclaredBody() throws Exception {
    var r = send(ApiEvent.request("PUT", "/owners/{owner}/stamps/{stamp}").path("owner", "ann").path("stamp", "s1")
        .as("ann").body("{\"text\":\"hello\"}"));

    assertEquals(201, r.getStatusCode(), r.getBody());
    assertEquals(Map.of("stamp", "s1", "text", "hello"), Json.readObject(r.getBody()));
    Map<String, AttributeValue> item = table.item(new Key("STAMP#s1", "STAMP#s1")).orElseThrow();
    assertEquals("Stamp", item.get("Type").s());
    assertEquals("hello", item.get("Text").s());
  }

  @Test
  void route_refusesByItsDeclarations_beforeTheMethodRuns() {
    // another caller: 403 by the route's ownedBy, nothing written
    assertEquals(403, send(ApiEvent.request("PUT", "/owners/{owner}/stamps/{stamp}").path("owner", "ann")
        .path("stamp", "s2").as("bob").body("{\"text\":\"x\"}")).getStatusCode());
    // no caller: 401
    assertEquals(401, send(ApiEvent.request("PUT", "/owners/{owner}/stamps/{stamp}").path("owner", "ann")
        .path("stamp", "s2").body("{\"text\":\"x\"}")).getStatusCode());
    // the declared body: a blank text and an undeclared field are 400s
    assertEquals(400, send(ApiEvent.request("PUT", "/owners/{owner}/stamps/{stamp}").path("owner", "ann")
        .path("stamp", "s2").as("ann").body("{\"text\":\"  \"}")).getStatusCode());
    assertEquals(400, send(ApiEvent.request("PUT", "/owners/{owner}/stamps/{stamp}").path("owner", "ann")
        .path("stamp", "s2").as("ann").body("{\"text\":\"x\",\"extra\":1}")).getStatusCode());
    assertTrue(table.item(new Key("STAMP#s2", "STAMP#s2")).isEmpty(), "a refusal writes nothing");
  }

  @Test
  void route_ofAnotherMethod_isServedByTheSameHandler() throws Exception {
    var r = send(ApiEvent.request("GET", "/me"));
    assertEquals(200, r.getStatusCode(), r.getBody());
    assertEquals(Map.of("caller", "anonymous"), Json.readObject(r.getBody()));
  }

  @Test
  void declaration_aRouteIsItsOwnFunction_grantedWhatItsPatternCalls() {
    Endpoint stamp = STAMPS.endpoints().get(0);
    assertTrue(stamp.isRoute() && stamp.servedByKit() && !stamp.isPlain());
    assertEquals(Endpoint.ROUTE_HANDLER, stamp.handlerClass());
    assertEquals(RouteHandler.class.getName(), Endpoint.ROUTE_HANDLER);
    assertEquals("PUT /owners/{owner}/stamps/{stamp}", stamp.functionKey());
    assertEquals("R01Route", stamp.handlerName());
    assertEquals(Set.of(DynamoAction.PUT_ITEM), stamp.actions());
    assertFalse(STAMPS.endpoints().get(1).functionKey().equals(stamp.functionKey()));
  }

  @Test
  void routes_refuseTwoMethodsForOnePattern_andARouteWithoutAMethodIsABug() {
    assertThrows(IllegalArgumentException.class, () -> Routes.of(StampServices.class)
        .serve(STAMP, StampServices::stamp).serve(STAMP, StampServices::echo));
    RouteHandler unbound = new RouteHandler(new StampServices(null) {
      @Override
      public Routes<StampServices> routes() {
        return Routes.of(StampServices.class);
      }
    });
    var r = unbound.handleRequest(ApiEvent.request("GET", "/me").build(), null);
    assertEquals(500, r.getStatusCode(), r.getBody());
  }

  @Test
  void health_isAnsweredByTheKit_withoutAMethodOrARequest() throws Exception {
    // GIVEN a domain whose services bind no method to its health pattern
    Endpoint health = STAMPS.endpoint(Endpoint.HEALTH_ROUTE);
    assertTrue(health.isHealth() && health.isRoute());
    assertEquals("HealthHandler", health.handlerName());
    assertEquals("HealthHandler", health.functionKey());
    assertEquals("platform", health.area());
    assertEquals(Set.of(), health.actions());
    assertFalse(StampServices.ROUTES.patterns().contains(HEALTH.name()));

    // WHEN it is called anonymously THEN the kit's liveness answers, naming the table and the endpoint
    var r = send(ApiEvent.request("GET", "/health"));
    assertEquals(200, r.getStatusCode(), r.getBody());
    Map<String, Object> body = Json.readObject(r.getBody());
    assertEquals("ok", body.get("status"));
    assertEquals(table.name(), body.get("table"));
    assertTrue(body.get("endpoint").toString().startsWith("http"), body.toString());
  }
}
