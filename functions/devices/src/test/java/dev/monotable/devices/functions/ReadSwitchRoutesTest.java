package dev.monotable.devices.functions;

import static org.junit.jupiter.api.Assertions.*;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.devices.Devices;
import dev.monotable.devices.bench.EntityFirstDevices;
import dev.monotable.devices.migrate.DevicesMigration;
import dev.monotable.devices.EntityFirstTables;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.http.ApiEvent;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.RouteHandler;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.migrate.lambda.MigrationSignals;
import dev.monotable.kit.migrate.LegacyMapping;
import dev.monotable.kit.migrate.OldDesign;
import dev.monotable.kit.migrate.ReadSwitch;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * The six read routes the migration copies (AP01-AP05, AP09) switched by {@code MIGRATION_READS}: against the
 * entity-first tables (created from their declaration) and the single table holding the mapping of the same old
 * items, {@code old}, {@code new} and {@code both} give the same status and the same JSON; the old side makes
 * exactly the one call its pattern declares; under {@code both} an old item that differs is served, and
 * reported once, as a line and a metric.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Devices.class)
class ReadSwitchRoutesTest {
  private static final String T0 = "2090-01-02T00:00:00.000Z";
  private static final AtomicInteger RUNS = new AtomicInteger();

  private final TestTable table;
  private final String prefix = "old" + System.nanoTime() % 100_000 + "-" + RUNS.incrementAndGet();
  private final EntityFirstTables old = EntityFirstTables.prefixed(prefix);

  ReadSwitchRoutesTest(TestTable table) {
    this.table = table;
    for (CreateTableRequest r : old.createTableRequests()) {
      table.client().createTable(r);
    }
    user("ann", "Ann");
    user("bob", "Bob");
    device("d1", "ann", "Hall", "thermostat", "online");
    device("d2", "ann", "Desk", "lamp", "offline");
    device("d3", "bob", "Shed", "thermostat", "error");
    event("e1", "d1", "ann", "2090-01-01T01:00:00.000Z", "temperature", "20.5");
    event("e2", "d1", "ann", "2090-01-01T03:00:00.000Z", "temperature", "21");
    event("e3", "d2", "ann", "2090-01-01T02:00:00.000Z", "power", "1");
    event("e4", "d3", "bob", "2090-01-01T04:00:00.000Z", "temperature", "-3.25");
    event("e5", "d3", "bob", "2090-01-01T05:00:00.000Z", "power", "0");
  }

  private void user(String id, String name) {
    both(old.users(), DevicesMigration.USERS, EntityFirstDevices.userItem(id, name, id + "@example.com",
        "2089-12-01T00:00:00.000Z"));
  }

  private void device(String id, String user, String name, String kind, String status) {
    both(old.devices(), DevicesMigration.DEVICES, EntityFirstDevices.deviceItem(id, user, name, kind, status));
  }

  private void event(String id, String device, String user, String at, String type, String value) {
    both(old.events(), DevicesMigration.EVENTS, EntityFirstDevices.eventItem(id, device, user, at, type, value));
  }

  /** The old item in its table, and its mapping in the single table: the designs agree. */
  private void both(String oldTable, LegacyMapping mapping, Map<String, AttributeValue> item) {
    table.client().putItem(PutItemRequest.builder().tableName(oldTable).item(item).build());
    table.put(mapping.toItem(item));
  }

  /** A read route's request and its handler. */
  private record Route(String pattern, APIGatewayV2HTTPEvent event, Function<DevicesServices, ApiHandler<?>> handler) {}

  private static final List<Route> ROUTES = List.of(
      new Route("AP01", ApiEvent.request("GET", "/users/{user}").path("user", "ann").as("ann").build(),
          RouteHandler::new),
      new Route("AP01", ApiEvent.request("GET", "/users/{user}").path("user", "cat").as("cat").build(),
          RouteHandler::new),
      new Route("AP02", ApiEvent.request("GET", "/users/{user}/devices").path("user", "ann").as("ann").build(),
          RouteHandler::new),
      new Route("AP02", ApiEvent.request("GET", "/users/{user}/devices").path("user", "ann").query("limit", "1")
          .as("ann").build(), RouteHandler::new),
      new Route("AP03", ApiEvent.request("GET", "/users/{user}/devices/{device}").path("user", "ann")
          .path("device", "d1").as("ann").build(), RouteHandler::new),
      new Route("AP03", ApiEvent.request("GET", "/users/{user}/devices/{device}").path("user", "ann")
          .path("device", "d3").as("ann").build(), RouteHandler::new),
      new Route("AP04", ApiEvent.request("GET", "/users/{user}/devices/{device}/events").path("user", "ann")
          .path("device", "d1").query("from", "2090-01-01T00:00:00.000Z").query("to", "2090-01-01T03:00:00.000Z")
          .as("ann").build(), RouteHandler::new),
      new Route("AP04", ApiEvent.request("GET", "/users/{user}/devices/{device}/events").path("user", "ann")
          .path("device", "d3").query("from", "2090-01-01T00:00:00.000Z").query("to", "2090-01-02T00:00:00.000Z")
          .as("ann").build(), RouteHandler::new),
      new Route("AP04", ApiEvent.request("GET", "/users/{user}/devices/{device}/events").path("user", "ann")
          .path("device", "d1").query("from", "yesterday").query("to", "2090-01-02T00:00:00.000Z")
          .as("ann").build(), RouteHandler::new),
      new Route("AP05", ApiEvent.request("GET", "/users/{user}/events").path("user", "ann")
          .query("from", "2090-01-01T00:00:00.000Z").query("to", "2090-01-02T00:00:00.000Z").as("ann").build(),
          RouteHandler::new),
      new Route("AP09", ApiEvent.request("GET", "/analytics/events").query("type", "temperature")
          .query("since", "2090-01-01T00:00:00.000Z").as("op", List.of(Devices.OPERATORS)).build(),
          RouteHandler::new),
      new Route("AP09", ApiEvent.request("GET", "/analytics/events").query("type", "temperature")
          .query("since", "2090-01-01T00:00:00.000Z").query("limit", "2").as("op", List.of(Devices.OPERATORS))
          .build(), RouteHandler::new),
      // Another user's device, a page of one: the old Query reads bob's event and filters it out; the
      // answer is an empty page with no next one, as the single table's.
      new Route("AP04", ApiEvent.request("GET", "/users/{user}/devices/{device}/events").path("user", "ann")
          .path("device", "d3").query("from", "2090-01-01T00:00:00.000Z").query("to", "2090-01-02T00:00:00.000Z")
          .query("limit", "1").as("ann").build(), RouteHandler::new));

  private final List<String> calls = new ArrayList<>();

  private DevicesServices services(String config, ReadSwitch.Signals signals) {
    TableGateway plain = table.gateway(MutableClock.at(T0));
    TableGateway recorded = new TableGateway(recording(table.client()), table.name(), plain.cursors(), plain.clock());
    return new DevicesServices(recorded, null, ReadSwitch.parse(config, ReadSwitch.Side.NEW, signals), prefix);
  }

  /** The table's client, writing down each GetItem and Query it makes: {@code GetItem table[/index]}. */
  private DynamoDbClient recording(DynamoDbClient client) {
    return new DynamoDbClient() {
      @Override
      public GetItemResponse getItem(GetItemRequest r) {
        calls.add("GetItem " + r.tableName());
        return client.getItem(r);
      }

      @Override
      public QueryResponse query(QueryRequest r) {
        calls.add("Query " + r.tableName() + (r.indexName() == null ? "" : "/" + r.indexName()));
        return client.query(r);
      }

      @Override
      public String serviceName() {
        return client.serviceName();
      }

      @Override
      public void close() {}
    };
  }

  private static String answer(DevicesServices services, Route route) {
    APIGatewayV2HTTPResponse r = route.handler().apply(services).handleRequest(route.event(), null);
    return r.getStatusCode() + " " + r.getBody();
  }

  @Test
  void oldNewAndBoth_shouldAnswerEveryRouteAlike_whenTheDesignsAgree() {
    List<String> differences = new ArrayList<>();
    for (Route route : ROUTES) {
      String now = answer(services(null, d -> differences.add(d.toString())), route);
      String fromOld = answer(services(route.pattern() + "=old", d -> differences.add(d.toString())), route);
      String fromBoth = answer(services("*=both", d -> differences.add(d.toString())), route);
      // The same JSON; a page's cursor is each side's own (another scope), so only its presence compares.
      assertEquals(cursorless(now), cursorless(fromOld), route.pattern() + " " + route.event().getQueryStringParameters());
      assertEquals(fromOld, fromBoth, route.pattern());
    }
    assertEquals(List.of(), differences);
    assertTrue(answer(services(null, d -> { }), ROUTES.get(3)).contains("\"nextCursor\":\""), "a page with a next one");
    // Not only refusals: each pattern answered items (the 200s carry the old tables' values).
    assertTrue(answer(services("AP09=old", d -> { }), ROUTES.get(10)).contains("\"value\":-3.25"));
    assertTrue(answer(services("AP03=old", d -> { }), ROUTES.get(5)).startsWith("404 "));
    assertTrue(answer(services("AP04=old", d -> { }), ROUTES.get(8)).startsWith("400 "));
  }

  private static String cursorless(String answer) {
    return answer.replaceAll("\"nextCursor\":\"[^\"]+\"", "\"nextCursor\":\"(a cursor)\"");
  }

  @Test
  void theOldSide_shouldMakeExactlyTheOneCallItsPatternDeclares() {
    for (Route route : ROUTES) {
      OldDesign.Read declared = EntityFirstTables.DESIGN.read(route.pattern());
      calls.clear();
      String status = answer(services(route.pattern() + "=old", d -> { }), route).substring(0, 3);
      String expected = (declared.action() == dev.monotable.kit.catalog.DynamoAction.GET_ITEM ? "GetItem " : "Query ")
          + OldDesign.tableName(prefix, declared.table()) + (declared.index() == null ? "" : "/" + declared.index());
      assertEquals(status.equals("400") ? List.of() : List.of(expected), calls, route.pattern() + " " + status);
    }
  }

  @Test
  void aPageOfTheOldSide_shouldContinueOnItsOwnCursor() throws Exception {
    DevicesServices services = services("AP02=old", d -> { });
    Map<String, Object> first = Json.readObject(answer(services, ROUTES.get(3)).substring(4));
    assertNotNull(first.get("nextCursor"));
    APIGatewayV2HTTPEvent next = ApiEvent.request("GET", "/users/{user}/devices").path("user", "ann")
        .query("limit", "1").query("cursor", (String) first.get("nextCursor")).as("ann").build();
    String second = answer(services, new Route("AP02", next, RouteHandler::new));
    assertTrue(second.startsWith("200 ") && second.contains("\"device\":\"d2\""), second);
    // A cursor of the old side is no cursor of the single table's: a clear 400, not another list.
    assertTrue(answer(services(null, d -> { }), new Route("AP02", next, RouteHandler::new)).startsWith("400 "));
  }

  @Test
  void both_shouldServeTheOldAnswer_andReportOneDifference_asOneLineWithItsMetric() throws Exception {
    table.client().putItem(PutItemRequest.builder().tableName(old.devices())
        .item(EntityFirstDevices.deviceItem("d1", "ann", "Renamed", "thermostat", "online")).build());
    PrintStream stdout = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    String served;
    try {
      System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
      served = answer(services("AP03=both", MigrationSignals.of("Devices").reads()), ROUTES.get(4));
    } finally {
      System.setOut(stdout);
    }
    assertTrue(served.startsWith("200 ") && served.contains("\"name\":\"Renamed\""), served);
    List<String> lines = Arrays.stream(bytes.toString(StandardCharsets.UTF_8).split("\n"))
        .filter(l -> l.contains("\"migration\":\"read-difference\"")).toList();
    assertEquals(1, lines.size(), bytes.toString(StandardCharsets.UTF_8));
    Map<String, Object> line = Json.readObject(lines.get(0));
    assertEquals("AP03", line.get("accessPattern"));
    assertEquals("user=ann device=d1", line.get("key"));
    assertEquals(1L, ((Number) line.get("MigrationReadDifferences")).longValue());
    assertFalse(lines.get(0).contains("Renamed"), "no answer in the line");
  }

  @Test
  void anOldItemTheNewKeyRulesRefuse_shouldBeA500OfTheOldSide_notTheCallers400() {
    table.client().putItem(PutItemRequest.builder().tableName(old.devices())
        .item(EntityFirstDevices.deviceItem("Lamp#2", "ann", "Lamp", "lamp", "online")).build());
    String fromOld = answer(services("AP02=old", d -> { }), ROUTES.get(2));
    assertTrue(fromOld.startsWith("500 ") && !fromOld.contains("Lamp"), fromOld);
    // The single table never took it: its list is unchanged.
    assertTrue(answer(services(null, d -> { }), ROUTES.get(2)).startsWith("200 "));
  }

  @Test
  void aBadConfiguration_shouldFailAtColdStart_namingWhatIsWrong() {
    TableGateway gateway = table.gateway(MutableClock.at(T0));
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> new DevicesServices(gateway,
        null, ReadSwitch.parse("AP14=old", ReadSwitch.Side.NEW, d -> { }), prefix));
    assertEquals("MIGRATION_READS: no read pattern AP14 switches here (known: AP01, AP02, AP03, AP04, AP05, AP09)",
        unknown.getMessage());
    IllegalArgumentException noTables = assertThrows(IllegalArgumentException.class, () -> new DevicesServices(gateway,
        null, ReadSwitch.parse("*=both", ReadSwitch.Side.NEW, d -> { }), null));
    assertEquals("MIGRATION_READS reads the old design: MIGRATION_OLD_PREFIX must name its tables",
        noTables.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ReadSwitch.parse("AP01=older", ReadSwitch.Side.NEW, d -> { }));
    // Unset: every route reads the single table, as before the migration.
    assertEquals(ReadSwitch.Side.NEW, ReadSwitch.parse(null, ReadSwitch.Side.NEW, d -> { }).side("AP01"));
  }
}
