package dev.monotable.devices.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.monotable.testing.TableOf;
import dev.monotable.devices.Devices;
import dev.monotable.devices.charts.DevicesCharts;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import dev.monotable.kit.testing.OpenApiAnswers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Devices served over real HTTP by the kit's local service, on a table of its own seeded with the
 * demo data (user ann, devices plug-1 and thermo-1, six readings of thermo-1): every route of the
 * slice, its answers, its errors, and the exact items it writes.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Devices.class)
class DevicesServiceTest {

  @TempDir
  Path keysDir;

  private final HttpClient http = HttpClient.newHttpClient();
  private String base;

  @Test
  void journey_shouldServeEverySliceRouteAndWriteTheExactItems(TestTable testTable) throws Exception {
    String table = "monotable-devices-" + UUID.randomUUID().toString().substring(0, 8);
    try (LocalService service = new LocalService(new DevicesDev().local()).start(new LocalService.Options(0,
        LocalDynamoDb.endpoint(), false, table, true, new LocalKeys(keysDir), testTable.client()))) {
      base = service.api().baseUrl();

      // AP01 / AP12: profiles
      HttpResponse<String> ann = send(token("ann"), "GET", "/users/ann", null, null);
      assertEquals(200, ann.statusCode(), ann.body());
      assertEquals("ann@example.com", Json.readObject(ann.body()).get("email"));
      assertEquals(404, send(token("zoe"), "GET", "/users/zoe", null, null).statusCode());
      assertEquals(400, send(token("Zoe#x"), "GET", "/users/Zoe%23x", null, null).statusCode());
      HttpResponse<String> zoe = send(token("zoe"), "PUT", "/users/zoe", "{\"name\":\"Zoe\",\"email\":\"Zoe@Example.com\"}", null);
      assertEquals(201, zoe.statusCode(), zoe.body());
      assertEquals(409, send(token("zoe"), "PUT", "/users/zoe", "{\"name\":\"Z\",\"email\":\"z@example.com\"}", null).statusCode());
      assertEquals(400, send(token("amy"), "PUT", "/users/amy", "{\"name\":\"A\",\"email\":\"a@example.com\",\"x\":1}", null)
          .statusCode());
      Map<String, AttributeValue> profile = item(testTable, table, "USER#zoe", "#PROFILE");
      assertEquals("User", profile.get("Type").s());
      assertEquals("zoe@example.com", profile.get("Email").s());

      // AP07 / AP03 / AP02: devices
      HttpResponse<String> added = send(token("zoe"), "PUT", "/users/zoe/devices/lamp-1", "{\"name\":\"Lamp\",\"kind\":\"light\"}",
          null);
      assertEquals(201, added.statusCode(), added.body());
      assertEquals("\"1\"", added.headers().firstValue("etag").orElse(null));
      assertEquals(409, send(token("zoe"), "PUT", "/users/zoe/devices/lamp-1", "{\"name\":\"L\",\"kind\":\"light\"}", null)
          .statusCode());
      assertEquals(404, send(token("ghost"), "PUT", "/users/ghost/devices/d", "{\"name\":\"L\",\"kind\":\"light\"}", null)
          .statusCode());
      Map<String, AttributeValue> lamp = item(testTable, table, "USER#zoe", "DEVICE#lamp-1");
      assertEquals("Device", lamp.get("Type").s());
      assertEquals("USER#zoe", lamp.get("GSI1PK").s());
      assertEquals("DEVICE#lamp-1", lamp.get("GSI1SK").s());
      assertEquals("offline", lamp.get("Status").s());
      assertEquals(200, send(token("ann"), "GET", "/users/ann/devices/thermo-1", null, null).statusCode());
      assertEquals(404, send(token("ann"), "GET", "/users/ann/devices/none", null, null).statusCode());
      Map<String, Object> devices = Json.readObject(send(token("ann"), "GET", "/users/ann/devices?limit=1", null, null).body());
      assertEquals("plug-1", device(devices, 0));
      Map<String, Object> rest = Json.readObject(send(token("ann"), "GET", "/users/ann/devices?limit=1&cursor="
          + enc((String) devices.get("nextCursor")), null, null).body());
      assertEquals("thermo-1", device(rest, 0));

      // AP06: status under If-Match
      HttpResponse<String> online = send(token("zoe"), "PATCH", "/users/zoe/devices/lamp-1", "{\"status\":\"online\"}", "\"1\"");
      assertEquals(200, online.statusCode(), online.body());
      assertEquals("\"2\"", online.headers().firstValue("etag").orElse(null));
      HttpResponse<String> stale = send(token("zoe"), "PATCH", "/users/zoe/devices/lamp-1", "{\"status\":\"error\"}", "\"1\"");
      assertEquals(412, stale.statusCode(), stale.body());
      assertEquals(400, send(token("zoe"), "PATCH", "/users/zoe/devices/lamp-1", "{\"status\":\"melted\"}", "\"2\"").statusCode());
      assertEquals(404, send(token("zoe"), "PATCH", "/users/zoe/devices/none", "{\"status\":\"online\"}", "\"1\"").statusCode());
      Map<String, AttributeValue> updated = item(testTable, table, "USER#zoe", "DEVICE#lamp-1");
      assertEquals("online", updated.get("Status").s());
      assertEquals("2", updated.get("Version").n());

      // AP13 / AP04: events. The demo's readings are hourly, the newest at `end`; one more half an hour later.
      Instant end = DevicesDev.demoEnd(Clock.systemUTC());
      String extra = ts(end.plus(Duration.ofMinutes(30)));
      String event = "{\"at\":\"" + extra + "\",\"seq\":3,\"type\":\"temperature\",\"value\":19.25}";
      HttpResponse<String> recorded = send(token("ann"), "POST", "/users/ann/devices/thermo-1/events", event, null);
      assertEquals(201, recorded.statusCode(), recorded.body());
      assertEquals("Kitchen thermostat", Json.readObject(recorded.body()).get("deviceName"));
      assertEquals(409, send(token("ann"), "POST", "/users/ann/devices/thermo-1/events", event, null).statusCode());
      assertEquals(404, send(token("ann"), "POST", "/users/ann/devices/none/events", event, null).statusCode());
      assertEquals(400, send(token("ann"), "POST", "/users/ann/devices/thermo-1/events",
          "{\"at\":\"" + ts(end.minus(Duration.ofDays(91))) + "\",\"type\":\"temperature\",\"value\":1}", null)
          .statusCode(), "older than the retention: it would be expired already");
      Map<String, AttributeValue> stored =
          item(testTable, table, "USER#ann", "DEVICE#thermo-1#EVENT#" + extra + "#00000003");
      assertEquals("Event", stored.get("Type").s());
      assertEquals("19.25", stored.get("Value").n());
      assertEquals("EVENT#" + extra + "#thermo-1#00000003", stored.get("GSI1SK").s());
      assertEquals(Long.toString(Instant.parse(extra).plus(Duration.ofDays(90)).getEpochSecond()), stored.get("TTL").n());

      // from end-3h to the extra event, newest first, in pages of 2
      List<String> times = new ArrayList<>();
      String cursor = null;
      do {
        Map<String, Object> page = Json.readObject(send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from="
            + enc(ts(end.minus(Duration.ofHours(3)))) + "&to=" + enc(extra) + "&limit=2"
            + (cursor == null ? "" : "&cursor=" + enc(cursor)), null, null).body());
        for (Object o : (List<?>) page.get("items")) {
          times.add((String) ((Map<?, ?>) o).get("at"));
        }
        cursor = (String) page.get("nextCursor");
      } while (cursor != null);
      assertEquals(List.of(extra, ts(end), ts(end.minus(Duration.ofHours(1))), ts(end.minus(Duration.ofHours(2))),
          ts(end.minus(Duration.ofHours(3)))), times);
      assertEquals(400, send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from=" + enc(extra),
          null, null).statusCode());
      assertEquals(400, send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from=yesterday&to="
          + enc(extra), null, null).statusCode());
      assertEquals(400, send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from=" + enc(extra)
          + "&to=" + enc(ts(end)), null, null).statusCode());
      // AP05: the user's events across devices, newest first
      Map<String, Object> mine = Json.readObject(send(token("ann"), "GET", "/users/ann/events?limit=2&from="
          + enc(ts(end.minus(Duration.ofDays(1)))) + "&to=" + enc(extra), null, null).body());
      assertEquals(List.of(extra, ts(end)), ((List<?>) mine.get("items")).stream()
          .map(o -> ((Map<?, ?>) o).get("at")).toList());
      // AP14: the dashboard, one Query: profile, then the devices, each with its recent events (kept by ST1,
      // which this service runs without its stream pipeline: empty here, the streams journey checks them)
      HttpResponse<String> dash = send(token("ann"), "GET", "/users/ann/dashboard", null, null);
      assertEquals(200, dash.statusCode(), dash.body());
      Map<String, Object> board = Json.readObject(dash.body());
      assertEquals("ann", ((Map<?, ?>) board.get("user")).get("user"));
      List<?> boardDevices = (List<?>) board.get("devices");
      assertEquals(List.of("plug-1", "thermo-1"), boardDevices.stream().map(o -> ((Map<?, ?>) o).get("device")).toList());
      assertEquals(List.of("heating", "kitchen"), ((Map<?, ?>) boardDevices.get(1)).get("tags"));
      assertEquals(404, send(token("nobody"), "GET", "/users/nobody/dashboard", null, null).statusCode());

      Map<String, Object> none = Json.readObject(send(token("ann"), "GET", "/users/ann/devices/plug-1/events?from="
          + enc(ts(end.minus(Duration.ofDays(1)))) + "&to=" + enc(extra), null, null).body());
      assertEquals(List.of(), none.get("items"));
      assertNull(none.get("nextCursor"));

      // refused: anonymous or an invalid token is 401, another user 403, and neither reads nor writes
      String zoeToken = token("zoe");
      String at2 = ts(end.plus(Duration.ofMinutes(45)));
      String event2 = "{\"at\":\"" + at2 + "\",\"type\":\"temperature\",\"value\":1}";
      for (String[] call : new String[][] {
          {"GET", "/users/ann", null, null},
          {"GET", "/users/ann/devices", null, null},
          {"GET", "/users/ann/devices/thermo-1", null, null},
          {"GET", "/users/ann/devices/thermo-1/events?from=" + enc(ts(end)) + "&to=" + enc(extra), null, null},
          {"GET", "/users/ann/events?from=" + enc(ts(end)) + "&to=" + enc(extra), null, null},
          {"GET", "/users/ann/tags/kitchen/devices", null, null},
          {"PUT", "/users/ann/devices/thermo-1/tags", "{\"tags\":[]}", null},
          {"DELETE", "/users/ann/devices/thermo-1", null, null},
          {"POST", "/users/ann/devices/thermo-1/events/batch", "{\"events\":[" + event2 + "]}", null},
          {"GET", "/users/ann/dashboard", null, null},
          {"PUT", "/users/mallory", "{\"name\":\"M\",\"email\":\"m@example.com\"}", null},
          {"PUT", "/users/ann/devices/spy-1", "{\"name\":\"Spy\",\"kind\":\"camera\"}", null},
          {"PATCH", "/users/ann/devices/plug-1", "{\"status\":\"error\"}", "\"1\""},
          {"POST", "/users/ann/devices/thermo-1/events", event2, null}}) {
        String what = call[0] + " " + call[1];
        HttpResponse<String> anonymous = send(null, call[0], call[1], call[2], call[3]);
        assertEquals(401, anonymous.statusCode(), what + ": " + anonymous.body());
        assertEquals("unauthorized", ((Map<?, ?>) Json.readObject(anonymous.body()).get("error")).get("code"), what);
        assertEquals(401, send("Bearer not-a-token", call[0], call[1], call[2], call[3]).statusCode(), what);
        HttpResponse<String> other = send(zoeToken, call[0], call[1], call[2], call[3]);
        assertEquals(403, other.statusCode(), what + ": " + other.body());
        assertEquals("forbidden", ((Map<?, ?>) Json.readObject(other.body()).get("error")).get("code"), what);
      }
      // PUT /users/{user} creates only your own profile
      assertEquals(403, send(zoeToken, "PUT", "/users/amy", "{\"name\":\"A\",\"email\":\"a@example.com\"}", null)
          .statusCode());
      absent(testTable, table, "USER#mallory", "#PROFILE");
      absent(testTable, table, "USER#amy", "#PROFILE");
      absent(testTable, table, "USER#ann", "DEVICE#spy-1");
      absent(testTable, table, "USER#ann", "DEVICE#thermo-1#EVENT#" + at2 + "#00000000");
      assertEquals("Kitchen thermostat", item(testTable, table, "USER#ann", "DEVICE#thermo-1").get("Name").s());
      Map<String, AttributeValue> plug = item(testTable, table, "USER#ann", "DEVICE#plug-1");
      assertEquals("offline", plug.get("Status").s());
      assertEquals("1", plug.get("Version").n());

      // and every item the journey wrote, and the demo data, fits Devices's entity charts
      List<Map<String, AttributeValue>> all = new ArrayList<>();
      DynamoDbLimitGuard.allowScan(true);
      try {
        all.addAll(testTable.client().scan(ScanRequest.builder().tableName(table).consistentRead(true).build()).items());
      } finally {
        DynamoDbLimitGuard.allowScan(false);
      }
      assertEquals(true, all.size() > 10, "items: " + all.size());
      for (Map<String, AttributeValue> i : all) {
        assertEquals(List.of(), DevicesCharts.VALIDATOR.validate(i), i.toString());
      }
    } finally {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }
  }

  @Test
  void streamsJourney_shouldKeepDerivedDataThroughTheStream_andServeIngestTagsDeletionAndAnalytics(TestTable testTable)
      throws Exception {
    String table = "monotable-devices-st-" + UUID.randomUUID().toString().substring(0, 8);
    try (LocalService service = new LocalService(new DevicesDev().local()).start(new LocalService.Options(0,
        LocalDynamoDb.endpoint(), false, table, true, new LocalKeys(keysDir), testTable.client()).withStreams(true))) {
      base = service.api().baseUrl();
      assertEquals(201, send(token("zoe"), "PUT", "/users/zoe", "{\"name\":\"Zoe\",\"email\":\"z@example.com\"}", null)
          .statusCode());
      assertEquals(201, send(token("zoe"), "PUT", "/users/zoe/devices/lamp-1", "{\"name\":\"Lamp\",\"kind\":\"light\"}",
          null).statusCode());

      // AP15: a batch of 12, then the same batch again (a client's retry): the same items, nothing twice
      Instant t = Instant.now().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).minus(Duration.ofMinutes(30));
      StringBuilder batch = new StringBuilder("{\"events\":[");
      for (int i = 0; i < 12; i++) {
        batch.append(i == 0 ? "" : ",").append("{\"at\":\"").append(ts(t.plus(Duration.ofMinutes(i))))
            .append("\",\"seq\":").append(i).append(",\"type\":\"lux\",\"value\":").append(i).append('}');
      }
      batch.append("]}");
      HttpResponse<String> ingested = send(token("zoe"), "POST", "/users/zoe/devices/lamp-1/events/batch", batch.toString(),
          null);
      assertEquals(200, ingested.statusCode(), ingested.body());
      Map<String, Object> result = Json.readObject(ingested.body());
      assertEquals(12, ((Number) result.get("written")).intValue());
      assertEquals(Map.of("index", 11, "status", "written"), ((List<?>) result.get("results")).get(11));
      assertEquals(200, send(token("zoe"), "POST", "/users/zoe/devices/lamp-1/events/batch", batch.toString(), null)
          .statusCode());
      assertEquals(12, eventsOf(testTable, table, "USER#zoe").size());
      assertEquals(400, send(token("zoe"), "POST", "/users/zoe/devices/lamp-1/events/batch",
          "{\"events\":[{\"at\":\"" + ts(t) + "\",\"type\":\"lux\",\"value\":1},{\"at\":\"nope\",\"type\":\"lux\","
              + "\"value\":1}]}", null).statusCode());
      assertEquals(400, send(token("zoe"), "POST", "/users/zoe/devices/lamp-1/events/batch", "{\"events\":[]}", null)
          .statusCode());
      assertEquals(12, eventsOf(testTable, table, "USER#zoe").size(), "a refused batch writes nothing");

      // ST1: the dashboard's recent events (the newest 10) and the user's activity, from the stream
      List<Object> newestTen = new ArrayList<>();
      for (int i = 11; i >= 2; i--) {
        newestTen.add(ts(t.plus(Duration.ofMinutes(i))));
      }
      awaitValue(() -> {
        Map<String, Object> board = Json.readObject(send(token("zoe"), "GET", "/users/zoe/dashboard", null, null).body());
        List<?> r = (List<?>) ((Map<?, ?>) ((List<?>) board.get("devices")).get(0)).get("recent");
        return r.stream().map(o -> ((Map<?, ?>) o).get("at")).toList().equals(newestTen) ? r : null;
      });
      // the pipeline reads the stream from its start: ann's demo readings made ann active too, an hour earlier
      awaitValue(() -> ((List<?>) Json.readObject(send(operator("ops"), "GET", "/analytics/active-users", null, null)
          .body()).get("items")).size() == 2 ? true : null);
      assertEquals(List.of("zoe", "ann"), ((List<?>) Json.readObject(send(operator("ops"), "GET",
          "/analytics/active-users", null, null).body()).get("items")).stream().map(u -> ((Map<?, ?>) u).get("user"))
          .toList());
      assertEquals(403, send(token("zoe"), "GET", "/analytics/active-users", null, null).statusCode());

      // ST2: counts by status over all users: ann's two demo devices and zoe's lamp
      awaitValue(() -> counts(operator("ops")).equals(Map.of("online", 0L, "offline", 3L, "error", 0L)) ? true : null);
      HttpResponse<String> on = send(token("zoe"), "PATCH", "/users/zoe/devices/lamp-1", "{\"status\":\"online\"}", null);
      assertEquals(200, on.statusCode(), on.body());
      awaitValue(() -> counts(operator("ops")).equals(Map.of("online", 1L, "offline", 2L, "error", 0L)) ? true : null);

      // ST3: a rename reaches every event
      assertEquals(200, send(token("zoe"), "PATCH", "/users/zoe/devices/lamp-1", "{\"name\":\"Desk lamp\"}", null)
          .statusCode());
      awaitValue(() -> eventsOf(testTable, table, "USER#zoe").stream()
          .allMatch(e -> e.get("DeviceName").s().equals("Desk lamp")) ? true : null);

      // AP09: events of a type across users, merged from the shards
      Map<String, Object> lux = Json.readObject(send(operator("ops"), "GET", "/analytics/events?type=lux&limit=5&since="
          + enc(ts(t)), null, null).body());
      assertEquals(List.of(11, 10, 9, 8, 7), ((List<?>) lux.get("items")).stream()
          .map(o -> ((Number) ((Map<?, ?>) o).get("value")).intValue()).toList());
      assertEquals(403, send(token("zoe"), "GET", "/analytics/events?type=lux&since=" + enc(ts(t)), null, null)
          .statusCode());

      // AP16 / AP17: tags through the inverted index
      HttpResponse<String> tagged = send(token("zoe"), "PUT", "/users/zoe/devices/lamp-1/tags", "{\"tags\":[\"desk\"]}",
          null);
      assertEquals(200, tagged.statusCode(), tagged.body());
      assertEquals("USER#zoe#TAG#desk", item(testTable, table, "USER#zoe", "DEVICE#lamp-1#TAG#desk").get("GSI2PK").s());
      Map<String, Object> desk = Json.readObject(send(token("zoe"), "GET", "/users/zoe/tags/desk/devices", null, null).body());
      assertEquals(List.of(Map.of("device", "lamp-1", "tag", "desk")), desk.get("items"));
      assertEquals(400, send(token("zoe"), "PUT", "/users/zoe/devices/lamp-1/tags", "{\"tags\":[\"Bad Tag\"]}", null)
          .statusCode());

      // AP08: the device, its events and its tag go; the counts follow
      HttpResponse<String> deleted = send(token("zoe"), "DELETE", "/users/zoe/devices/lamp-1", null, null);
      assertEquals(200, deleted.statusCode(), deleted.body());
      assertEquals(Map.of("device", "lamp-1", "done", true, "deleted", 13, "deletedTotal", 13),
          Json.readObject(deleted.body()));
      assertEquals(List.of(), eventsOf(testTable, table, "USER#zoe"));
      absent(testTable, table, "USER#zoe", "DEVICE#lamp-1");
      absent(testTable, table, "USER#zoe", "DEVICE#lamp-1#TAG#desk");
      assertEquals(404, send(token("zoe"), "DELETE", "/users/zoe/devices/lamp-1", null, null).statusCode());
      awaitValue(() -> counts(operator("ops")).equals(Map.of("online", 0L, "offline", 2L, "error", 0L)) ? true : null);
    } finally {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }
  }

  private Map<String, Long> counts(String operator) throws Exception {
    HttpResponse<String> r = send(operator, "GET", "/analytics/device-status", null, null);
    assertEquals(200, r.statusCode(), r.body());
    Map<String, Long> out = new java.util.LinkedHashMap<>();
    ((Map<?, ?>) Json.readObject(r.body()).get("counts")).forEach((k, v) -> out.put((String) k, ((Number) v).longValue()));
    return out;
  }

  private static List<Map<String, AttributeValue>> eventsOf(TestTable t, String table, String pk) {
    return t.client().query(software.amazon.awssdk.services.dynamodb.model.QueryRequest.builder().tableName(table)
        .consistentRead(true).keyConditionExpression("PK = :pk AND begins_with(SK, :d)")
        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk), ":d", AttributeValue.fromS("DEVICE#")))
        .build()).items().stream().filter(i -> "Event".equals(i.get("Type").s())).toList();
  }

  /** Polls {@code probe} until it answers non-null (the stream pipeline runs every 200 ms), for up to 20 s. */
  private static <T> T awaitValue(java.util.concurrent.Callable<T> probe) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (true) {
      T v = probe.call();
      if (v != null) {
        return v;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the stream did not deliver within 20 s");
      }
      Thread.sleep(100);
    }
  }

  /** A one-hour bearer token of the local issuer for {@code user}, as {@code scripts/token} prints it. */
  private String token(String user) {
    long now = System.currentTimeMillis() / 1000;
    return "Bearer " + new LocalKeys(keysDir).signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, user, now, now + 3600);
  }

  /** A token of a member of the operators group, as {@code scripts/token ops --group operators} prints it. */
  private String operator(String user) {
    long now = System.currentTimeMillis() / 1000;
    return "Bearer " + new LocalKeys(keysDir).signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, user, now, now + 3600,
        List.of(Devices.OPERATORS));
  }

  private static String ts(Instant i) {
    return Timestamps.format(i);
  }

  /** One request; {@code authorization} is the header's value, or null for an anonymous caller. */
  private HttpResponse<String> send(String authorization, String method, String path, String body, String ifMatch)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (authorization != null) {
      b.header("authorization", authorization);
    }
    if (body != null) {
      b.header("content-type", "application/json");
    }
    if (ifMatch != null) {
      b.header("if-match", ifMatch);
    }
    return OpenApiAnswers.of(new DevicesDev()).checked(http.send(b.build(), HttpResponse.BodyHandlers.ofString()));
  }

  private static void absent(TestTable t, String table, String pk, String sk) {
    var r = t.client().getItem(GetItemRequest.builder().tableName(table).consistentRead(true)
        .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build());
    assertEquals(false, r.hasItem() && !r.item().isEmpty(), pk + " " + sk + " was written");
  }

  private static Map<String, AttributeValue> item(TestTable t, String table, String pk, String sk) {
    var r = t.client().getItem(GetItemRequest.builder().tableName(table).consistentRead(true)
        .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build());
    assertNotNull(r.item(), pk + " " + sk);
    assertEquals(false, r.item().isEmpty(), pk + " " + sk + " exists");
    return r.item();
  }

  private static String device(Map<String, Object> page, int i) {
    return (String) ((Map<?, ?>) ((List<?>) page.get("items")).get(i)).get("device");
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
