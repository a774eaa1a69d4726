package dev.monotable.devices.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import dev.monotable.kit.testing.OpenApiAnswers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;

/**
 * Devices' input rules over real HTTP (the kit's local service on a table of its own, seeded with
 * the demo data: user ann, devices plug-1 and thermo-1), for the defects of issue 24: DynamoDB's
 * number rules (a 400 naming the field, never a 500, never rounded), {@code GET /health}, the field
 * of an unknown body field, one strict rule for timestamps on read and write routes, and cursors
 * that are exactly one issued or a 400. Where a request is refused, the table is checked item by
 * item: nothing was written.
 */
@ExtendWith(DynamoDbExtension.class)
class DevicesInputRulesTest {

  @TempDir
  static Path keysDir;

  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static LocalService service;
  private static TestTable testTable;
  private static String table;
  private static String base;

  @BeforeAll
  static void start(TestTable t) throws Exception {
    testTable = t;
    table = "monotable-devices-rules-" + UUID.randomUUID().toString().substring(0, 8);
    service = new LocalService(new DevicesDev().local()).start(new LocalService.Options(0,
        LocalDynamoDb.endpoint(), false, table, true, new LocalKeys(keysDir), t.client()));
    base = service.api().baseUrl();
  }

  @AfterAll
  static void stop() throws Exception {
    if (service != null) {
      service.close();
    }
    if (testTable != null && table != null) {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }
  }

  // ---- numbers: DynamoDB's 38 digits and 1e-130..1e126, exact ------------------------------

  @Test
  void recordEvent_shouldRefuseWith400NamingValue_andWriteNothing_whenTheNumberIsOutsideDynamoDbsRules() throws Exception {
    // GIVEN values DynamoDB refuses or would round: below 1e-130 (a 500 before: "Number underflow"),
    // far below it (stored as 0 before: parsed as a double), and 39 to 42 significant digits
    // (rounded to 17 before)
    List<String> refused = List.of("1e-131", "-1e-131", "1e-400", "9.9e-131",
        "1234567890123.45678901234567890123456789", "123456789012345678901234567890123456789",
        "1.23456789012345678901234567890123456789012", "-0.0000000000123456789012345678901234567890123456789012");
    Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofMinutes(40));
    int seq = 100;
    for (String value : refused) {
      String ts = Timestamps.format(at);
      // WHEN
      HttpResponse<String> r = send(token("ann"), "POST", "/users/ann/devices/thermo-1/events",
          "{\"at\":\"" + ts + "\",\"seq\":" + seq + ",\"type\":\"temperature\",\"value\":" + value + "}");

      // THEN a 400 naming the field, and no event item
      assertError(r, 400, "validation", "value", value);
      absent("USER#ann", "DEVICE#thermo-1#EVENT#" + ts + "#" + String.format("%08d", seq));
      seq++;
    }
  }

  @Test
  void recordEvents_shouldRefuseTheWholeBatchNamingTheEvent_whenOneNumberIsOutsideDynamoDbsRules() throws Exception {
    // GIVEN a batch whose first event is fine and whose second is below DynamoDB's smallest magnitude
    String t0 = Timestamps.format(Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofMinutes(50)));
    String t1 = Timestamps.format(Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofMinutes(49)));
    for (String bad : List.of("1e-131", "1e-400", "1234567890123.45678901234567890123456789")) {
      String body = "{\"events\":[{\"at\":\"" + t0 + "\",\"type\":\"lux\",\"value\":1},"
          + "{\"at\":\"" + t1 + "\",\"type\":\"lux\",\"value\":" + bad + "}]}";

      // WHEN
      HttpResponse<String> r = send(token("ann"), "POST", "/users/ann/devices/thermo-1/events/batch", body);

      // THEN a 400 naming the event's field, and neither event written
      assertError(r, 400, "validation", "events[1].value", bad);
      absent("USER#ann", "DEVICE#thermo-1#EVENT#" + t0 + "#00000000");
      absent("USER#ann", "DEVICE#thermo-1#EVENT#" + t1 + "#00000000");
    }
  }

  @Test
  void recordEvent_shouldStoreTheExactDecimal_whenTheNumberIsWithinDynamoDbsRules() throws Exception {
    // GIVEN numbers at DynamoDB's edges (38 significant digits, 1e-130) and 0
    Map<String, String> stored = new java.util.LinkedHashMap<>();
    stored.put("1234567890123.4567890123456789012345678", "1234567890123.4567890123456789012345678");
    stored.put("-0.000000000000123456789012345678901234567890123456780", "-1.2345678901234567890123456789012345678E-13");
    stored.put("1e-130", "1E-130");
    stored.put("-1e-130", "-1E-130");
    stored.put("0.0", "0");
    stored.put("120.50", "120.5");
    Instant at = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(Duration.ofMinutes(30));
    int seq = 200;
    for (Map.Entry<String, String> e : stored.entrySet()) {
      String ts = Timestamps.format(at);
      // WHEN
      HttpResponse<String> r = send(token("ann"), "POST", "/users/ann/devices/thermo-1/events",
          "{\"at\":\"" + ts + "\",\"seq\":" + seq + ",\"type\":\"temperature\",\"value\":" + e.getKey() + "}");

      // THEN 201, and the item's N is exactly that number (no double in between)
      assertEquals(201, r.statusCode(), e.getKey() + ": " + r.body());
      Map<String, AttributeValue> item = item("USER#ann", "DEVICE#thermo-1#EVENT#" + ts + "#" + String.format("%08d", seq));
      BigDecimal n = new BigDecimal(item.get("Value").n());
      assertEquals(0, n.compareTo(new BigDecimal(e.getValue())), e.getKey() + " stored as " + item.get("Value").n());
      assertEquals(new BigDecimal(e.getValue()).stripTrailingZeros().unscaledValue(),
          n.stripTrailingZeros().unscaledValue(), "every digit of " + e.getKey());
      // and the answer carries the same number
      assertEquals(0, new BigDecimal(Json.readObject(r.body()).get("value").toString()).compareTo(n), r.body());
      seq++;
    }
  }

  // ---- GET /health -------------------------------------------------------------------------

  @Test
  void health_shouldAnswer200WithTheTable_asForgesDoes() throws Exception {
    // WHEN the address the banner of scripts/dev prints is called, anonymously
    HttpResponse<String> r = send(null, "GET", "/health", null);

    // THEN liveness, the table and the endpoint in use
    assertEquals(200, r.statusCode(), r.body());
    Map<String, Object> body = Json.readObject(r.body());
    assertEquals("ok", body.get("status"));
    assertEquals(table, body.get("table"));
    assertEquals(LocalDynamoDb.endpoint().toString(), body.get("endpoint"));
  }

  // ---- unknown body fields -------------------------------------------------------------------

  @Test
  void bodyRoutes_shouldNameTheUnknownField_inTheError() throws Exception {
    // WHEN a body carries a field its route does not take
    HttpResponse<String> profile = send(token("amy"), "PUT", "/users/amy",
        "{\"name\":\"A\",\"email\":\"a@example.com\",\"nickname\":\"x\"}");
    HttpResponse<String> device = send(token("ann"), "PATCH", "/users/ann/devices/plug-1", "{\"colour\":\"red\"}");

    // THEN the error names it, and nothing is written
    assertError(profile, 400, "validation", "nickname", "PUT /users/amy");
    assertError(device, 400, "validation", "colour", "PATCH plug-1");
    absent("USER#amy", "#PROFILE");
    assertEquals("1", item("USER#ann", "DEVICE#plug-1").get("Version").n());
  }

  // ---- timestamps: one strict rule for read and write routes --------------------------------

  @Test
  void timestamps_shouldBeRefusedNamingTheParameter_whenHour24OrALeapSecond_onReadAndWriteRoutes() throws Exception {
    // GIVEN today's date with hour 24 and with second 60: java.time would read them as the next day
    // and as second 59, so read routes took them while write routes refused them
    String day = LocalDate.now(ZoneOffset.UTC).minusDays(1).toString();
    String valid = day + "T10:00:00.000Z";
    for (String odd : List.of(day + "T24:00:00.000Z", day + "T23:59:60.000Z")) {
      // WHEN / THEN every parameter that takes a timestamp refuses it, naming itself
      assertError(send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from=" + enc(odd) + "&to="
          + enc(Timestamps.format(Instant.now())), null), 400, "validation", "from", odd);
      assertError(send(token("ann"), "GET", "/users/ann/devices/thermo-1/events?from=" + enc(valid) + "&to="
          + enc(odd), null), 400, "validation", "to", odd);
      assertError(send(token("ann"), "GET", "/users/ann/events?from=" + enc(odd) + "&to="
          + enc(Timestamps.format(Instant.now())), null), 400, "validation", "from", odd);
      assertError(send(token("ann"), "GET", "/users/ann/events?from=" + enc(valid) + "&to=" + enc(odd), null),
          400, "validation", "to", odd);
      assertError(send(operator(), "GET", "/analytics/events?type=temperature&since=" + enc(odd), null),
          400, "validation", "since", odd);
      assertError(send(token("ann"), "POST", "/users/ann/devices/thermo-1/events",
          "{\"at\":\"" + odd + "\",\"type\":\"temperature\",\"value\":1}"), 400, "validation", "at", odd);
      assertError(send(token("ann"), "POST", "/users/ann/devices/thermo-1/events/batch",
          "{\"events\":[{\"at\":\"" + odd + "\",\"type\":\"temperature\",\"value\":1}]}"), 400, "validation",
          "events[0].at", odd);
    }
  }

  // ---- cursors: exactly one that was issued, or a 400 --------------------------------------

  @Test
  void cursors_shouldBeRefused_whenEmptyOrNotCanonical() throws Exception {
    // GIVEN a cursor the API issued
    Map<String, Object> first = Json.readObject(send(token("ann"), "GET", "/users/ann/devices?limit=1", null).body());
    String cursor = (String) first.get("nextCursor");
    assertNotNull(cursor);
    HttpResponse<String> next = send(token("ann"), "GET", "/users/ann/devices?limit=1&cursor=" + enc(cursor), null);
    assertEquals(200, next.statusCode(), next.body());

    // WHEN an empty cursor, or the issued one with padding or another spelling of its last character
    // THEN 400 invalid_cursor: an empty cursor is not the first page, and a cursor is one text only
    for (String odd : List.of("", cursor + "=", cursor + "==", cursor + "%3D%3D", sibling(cursor))) {
      HttpResponse<String> r = send(token("ann"), "GET", "/users/ann/devices?limit=1&cursor=" + odd, null);
      assertError(r, 400, "invalid_cursor", "cursor", "cursor=" + odd);
    }
  }

  /**
   * The issued cursor with its last character changed in bits the decoder ignores (unpadded
   * base64's last character carries 2 or 4 spare bits), so it decodes to the same bytes; or the
   * cursor unchanged when it has no spare bits.
   */
  private static String sibling(String cursor) {
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int spare = switch (cursor.length() % 4) {
      case 2 -> 4;
      case 3 -> 2;
      default -> 0;
    };
    if (spare == 0) {
      return cursor + "=";
    }
    int last = alphabet.indexOf(cursor.charAt(cursor.length() - 1));
    return cursor.substring(0, cursor.length() - 1) + alphabet.charAt(last ^ 1);
  }

  // ---- helpers -------------------------------------------------------------------------------

  private static void assertError(HttpResponse<String> r, int status, String code, String field, String what)
      throws Exception {
    assertEquals(status, r.statusCode(), what + ": " + r.body());
    Map<?, ?> error = (Map<?, ?>) Json.readObject(r.body()).get("error");
    assertEquals(code, error.get("code"), what + ": " + r.body());
    assertEquals(field, error.get("field"), what + ": " + r.body());
  }

  private static String token(String user) {
    long now = System.currentTimeMillis() / 1000;
    return "Bearer " + new LocalKeys(keysDir).signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, user, now, now + 3600);
  }

  private static String operator() {
    long now = System.currentTimeMillis() / 1000;
    return "Bearer " + new LocalKeys(keysDir).signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, "ops", now, now + 3600,
        List.of(dev.monotable.devices.Devices.OPERATORS));
  }

  private static HttpResponse<String> send(String authorization, String method, String path, String body)
      throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
    if (authorization != null) {
      b.header("authorization", authorization);
    }
    if (body != null) {
      b.header("content-type", "application/json");
    }
    return OpenApiAnswers.of(new DevicesDev()).checked(HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString()));
  }

  private static void absent(String pk, String sk) {
    var r = testTable.client().getItem(GetItemRequest.builder().tableName(table).consistentRead(true)
        .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build());
    assertFalse(r.hasItem() && !r.item().isEmpty(), pk + " " + sk + " was written: " + r.item());
  }

  private static Map<String, AttributeValue> item(String pk, String sk) {
    var r = testTable.client().getItem(GetItemRequest.builder().tableName(table).consistentRead(true)
        .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build());
    assertFalse(r.item() == null || r.item().isEmpty(), pk + " " + sk + " exists");
    return r.item();
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
