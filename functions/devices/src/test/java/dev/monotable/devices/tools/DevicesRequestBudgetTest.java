package dev.monotable.devices.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.devices.Devices;
import dev.monotable.testing.TableOf;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.functions.DevicesServices;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.bench.BenchTable;
import dev.monotable.kit.bench.Invoker;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import dev.monotable.kit.keys.Timestamps;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;

/**
 * Devices's request budget: the exact DynamoDB requests of each route, pinned. Every read is one
 * request but the events of a type (one Query per shard); writes that copy from the device read it
 * first. A change that adds a read before a write, or a second page, fails here. A refused call
 * (no token, another user's data, an analytics route without the operators group) makes no request.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Devices.class)
class DevicesRequestBudgetTest {

  /** Route to its requests, in order: what each data-access method's Javadoc lists. */
  private static final Map<String, List<String>> BUDGET = new LinkedHashMap<>();

  static {
    BUDGET.put("PUT /users/{user}", List.of("PutItem"));
    BUDGET.put("GET /users/{user}", List.of("GetItem"));
    BUDGET.put("GET /users/{user}/devices", List.of("Query"));
    BUDGET.put("PUT /users/{user}/devices/{device}", List.of("TransactWriteItems"));
    BUDGET.put("GET /users/{user}/devices/{device}", List.of("GetItem"));
    BUDGET.put("PATCH /users/{user}/devices/{device}", List.of("UpdateItem"));
    // the bench's doomed device has two events: one round finds them, the device goes last
    BUDGET.put("DELETE /users/{user}/devices/{device}", List.of("UpdateItem", "Query", "BatchWriteItem", "TransactWriteItems"));
    BUDGET.put("GET /users/{user}/devices/{device}/events", List.of("Query"));
    BUDGET.put("POST /users/{user}/devices/{device}/events", List.of("GetItem", "PutItem"));
    BUDGET.put("POST /users/{user}/devices/{device}/events/batch", List.of("GetItem", "BatchWriteItem"));
    BUDGET.put("PUT /users/{user}/devices/{device}/tags", List.of("GetItem", "TransactWriteItems"));
    BUDGET.put("GET /users/{user}/tags/{tag}/devices", List.of("Query"));
    BUDGET.put("GET /users/{user}/events", List.of("Query"));
    BUDGET.put("GET /users/{user}/dashboard", List.of("Query"));
    BUDGET.put("GET /analytics/events", java.util.Collections.nCopies(DevicesKeys.EVENT_TYPE_SHARDS, "Query"));
    BUDGET.put("GET /analytics/device-status", List.of("BatchGetItem"));
    BUDGET.put("GET /analytics/active-users", List.of("Query"));
    BUDGET.put("GET /health", List.of());
  }

  @Test
  void everyRoute_shouldMakeExactlyItsPinnedRequests_onTheDemoData(TestTable any) {
    DevicesDev dev = new DevicesDev();
    LocalDomain local = dev.local();
    @SuppressWarnings("unchecked")
    BenchDomain<DevicesServices> bench = (BenchDomain<DevicesServices>) dev.bench();
    assertEquals(BUDGET.keySet(), new java.util.LinkedHashSet<>(dev.domain().endpoints().stream()
        .map(e -> e.routeKey()).toList()), "every route has a pinned budget");

    String name = "monotable-devices-budget-" + System.nanoTime();
    any.client().createTable(dev.domain().schema().createTableRequest(name));
    PrintStream out = System.out;
    try {
      RequestRecorder recorder = new RequestRecorder();
      var client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
          new DynamoDbLimitGuard(), recorder);
      BenchTable<DevicesServices> table = BenchTable.wire(local, bench,
          new TableGateway(client, name, any.cursors(), Clock.systemUTC())).load(bench);
      Invoker<DevicesServices> invoker = new Invoker<>(table, recorder);
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      Map<String, List<String>> measured = new LinkedHashMap<>();
      for (BenchCase<DevicesServices> c : bench.cases()) {
        Invoker.Sample s = invoker.invoke(c);
        assertTrue(s.ok(), c.label() + " answered " + s.status() + ": " + s.body());
        measured.put(c.endpoint().routeKey(), s.calls().operations());
      }
      System.setOut(out);
      assertEquals(BUDGET, measured);
    } finally {
      System.setOut(out);
      any.client().deleteTable(DeleteTableRequest.builder().tableName(name).build());
    }
  }

  @Test
  void refusedCalls_shouldMakeNoRequest_anonymousOrAnotherUser(TestTable any) {
    DevicesDev dev = new DevicesDev();
    @SuppressWarnings("unchecked")
    BenchDomain<DevicesServices> bench = (BenchDomain<DevicesServices>) dev.bench();
    Domain d = dev.domain();
    String device = "/users/{user}/devices/{device}";
    String at = Timestamps.format(java.time.Instant.now().minusSeconds(60));
    String event = "{\"at\":\"" + at + "\",\"type\":\"temperature\",\"value\":1}";
    // Each call on ann's data, made by each of these callers: no token (401) and zoe's (403).
    Map<String, Function<BenchRequest, BenchRequest>> calls = new LinkedHashMap<>();
    calls.put("GET /users/{user}", r -> r.path("user", "ann"));
    calls.put("GET " + device, r -> r.path("user", "ann").path("device", "thermo-1"));
    calls.put("GET " + device + "/events", r -> r.path("user", "ann").path("device", "thermo-1")
        .query("from", "2026-01-01T00:00:00.000Z").query("to", "2026-01-02T00:00:00.000Z"));
    calls.put("GET /users/{user}/dashboard", r -> r.path("user", "ann"));
    calls.put("PUT /users/{user}", r -> r.path("user", "amy").body("{\"name\":\"A\",\"email\":\"a@example.com\"}"));
    calls.put("PUT " + device, r -> r.path("user", "ann").path("device", "spy-1")
        .body("{\"name\":\"Spy\",\"kind\":\"camera\"}"));
    calls.put("PATCH " + device, r -> r.path("user", "ann").path("device", "plug-1").header("if-match", "\"1\"")
        .body("{\"status\":\"error\"}"));
    calls.put("POST " + device + "/events", r -> r.path("user", "ann").path("device", "thermo-1").body(event));
    calls.put("POST " + device + "/events/batch", r -> r.path("user", "ann").path("device", "thermo-1")
        .body("{\"events\":[" + event + "]}"));
    calls.put("DELETE " + device, r -> r.path("user", "ann").path("device", "thermo-1"));
    calls.put("PUT " + device + "/tags", r -> r.path("user", "ann").path("device", "thermo-1").body("{\"tags\":[]}"));
    calls.put("GET /users/{user}/tags/{tag}/devices", r -> r.path("user", "ann").path("tag", "kitchen"));
    calls.put("GET /users/{user}/events", r -> r.path("user", "ann").query("from", at).query("to", at));
    // the analytics routes: anyone outside the operators group, ann included
    calls.put("GET /analytics/events", r -> r.query("type", "temperature").query("since", at));
    calls.put("GET /analytics/device-status", r -> r);
    calls.put("GET /analytics/active-users", r -> r);
    Map<String, Integer> callers = new LinkedHashMap<>();
    callers.put("anonymous", 401);
    callers.put("zoe", 403);

    String name = "monotable-devices-refused-" + System.nanoTime();
    any.client().createTable(d.schema().createTableRequest(name));
    PrintStream out = System.out;
    try {
      RequestRecorder recorder = new RequestRecorder();
      var client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
          new DynamoDbLimitGuard(), recorder);
      BenchTable<DevicesServices> table = BenchTable.wire(dev.local(), bench,
          new TableGateway(client, name, any.cursors(), Clock.systemUTC())).load(bench);
      Invoker<DevicesServices> invoker = new Invoker<>(table, recorder);
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      Map<String, String> measured = new LinkedHashMap<>();
      Map<String, String> expected = new LinkedHashMap<>();
      calls.forEach((route, request) -> callers.forEach((caller, status) -> {
        BenchRequest as = caller.equals("anonymous") ? BenchRequest.anonymous() : BenchRequest.as(caller);
        Invoker.Sample s = invoker.invoke(BenchCase.<DevicesServices>route(d, route, i -> request.apply(as)));
        measured.put(route + " as " + caller, s.status() + " " + s.calls().operations());
        expected.put(route + " as " + caller, status + " []");
      }));
      System.setOut(out);
      assertEquals(expected, measured);
    } finally {
      System.setOut(out);
      any.client().deleteTable(DeleteTableRequest.builder().tableName(name).build());
    }
  }
}
