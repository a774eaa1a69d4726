package dev.monotable.devices.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.monotable.devices.charts.DevicesCharts;
import dev.monotable.kit.json.Json;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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

      // AP13 / AP04: events
      String event = "{\"at\":\"2026-01-01T22:00:00.000Z\",\"seq\":3,\"type\":\"temperature\",\"value\":19.25}";
      HttpResponse<String> recorded = send(token("ann"), "POST", "/users/ann/devices/thermo-1/events", event, null);
      assertEquals(201, recorded.statusCode(), recorded.body());
      assertEquals(409, send(token("ann"), "POST", "/users/ann/devices/thermo-1/events", event, null).statusCode());
      assertEquals(404, send(token("ann"), "POST", "/users/ann/devices/none/events", event, null).statusCode());
      Map<String, AttributeValue> stored =
          item(testTable, table, "USER#ann", "DEVICE#thermo-1#EVENT#2026-01-01T22:00:00.000Z#00000003");
      assertEquals("Event", stored.get("Type").s());
      assertEquals("19.25", stored.get("Value").n());

      // the demo's readings are at 00, 04, ..., 20h; with 22h: from 08:00 to 22:00 is 22, 20, 16, 12, 08, newest first
      List<String> hours = new ArrayList<>();
      String cursor = null;
      do {
        Map<String, Object> page = Json.readObject(send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from="
            + enc("2026-01-01T08:00:00.000Z") + "&to=" + enc("2026-01-01T22:00:00.000Z") + "&limit=2"
            + (cursor == null ? "" : "&cursor=" + enc(cursor)), null, null).body());
        for (Object o : (List<?>) page.get("items")) {
          hours.add(((String) ((Map<?, ?>) o).get("at")).substring(11, 13));
        }
        cursor = (String) page.get("nextCursor");
      } while (cursor != null);
      assertEquals(List.of("22", "20", "16", "12", "08"), hours);
      assertEquals(400, send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from=" + enc("2026-01-01T08:00:00.000Z"),
          null, null).statusCode());
      assertEquals(400, send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from=yesterday&to="
          + enc("2026-01-01T08:00:00.000Z"), null, null).statusCode());
      assertEquals(400, send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from=" + enc("2026-01-02T00:00:00.000Z")
          + "&to=" + enc("2026-01-01T00:00:00.000Z"), null, null).statusCode());
      // AP14: the dashboard, one Query: profile, then the devices, thermo-1 with its newest event (22h)
      HttpResponse<String> dash = send(token("ann"), "GET", "/users/ann/dashboard", null, null);
      assertEquals(200, dash.statusCode(), dash.body());
      Map<String, Object> board = Json.readObject(dash.body());
      assertEquals("ann", ((Map<?, ?>) board.get("user")).get("user"));
      List<?> boardDevices = (List<?>) board.get("devices");
      assertEquals(List.of("plug-1", "thermo-1"), boardDevices.stream().map(o -> ((Map<?, ?>) o).get("device")).toList());
      assertNull(((Map<?, ?>) boardDevices.get(0)).get("latest"));
      assertEquals("2026-01-01T22:00:00.000Z", ((Map<?, ?>) ((Map<?, ?>) boardDevices.get(1)).get("latest")).get("at"));
      assertEquals(404, send(token("nobody"), "GET", "/users/nobody/dashboard", null, null).statusCode());

      Map<String, Object> none = Json.readObject(send(token("ann"), "GET", "/users/ann/devices/plug-1/events?from="
          + enc("2026-01-01T00:00:00.000Z") + "&to=" + enc("2026-01-02T00:00:00.000Z"), null, null).body());
      assertEquals(List.of(), none.get("items"));
      assertNull(none.get("nextCursor"));

      // refused: anonymous or an invalid token is 401, another user 403, and neither reads nor writes
      String zoeToken = token("zoe");
      String event2 = "{\"at\":\"2026-01-01T23:00:00.000Z\",\"type\":\"temperature\",\"value\":1}";
      for (String[] call : new String[][] {
          {"GET", "/users/ann", null, null},
          {"GET", "/users/ann/devices", null, null},
          {"GET", "/users/ann/devices/thermo-1", null, null},
          {"GET", "/users/ann/devices/thermo-1/events?from=" + enc("2026-01-01T00:00:00.000Z") + "&to="
              + enc("2026-01-02T00:00:00.000Z"), null, null},
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
      absent(testTable, table, "USER#ann", "DEVICE#thermo-1#EVENT#2026-01-01T23:00:00.000Z#00000000");
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

  /** A one-hour bearer token of the local issuer for {@code user}, as {@code scripts/token} prints it. */
  private String token(String user) {
    long now = System.currentTimeMillis() / 1000;
    return "Bearer " + new LocalKeys(keysDir).signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, user, now, now + 3600);
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
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
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
