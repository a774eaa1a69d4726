package dev.monotable.devices.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.devices.Devices;
import dev.monotable.devices.ingest.Ingest.Response;
import dev.monotable.devices.ingest.IngestPlan.Batch;
import dev.monotable.kit.bench.Stats;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.testing.DynamoDbExtension;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** scripts/ingest's plan, its handling of the batch route's answers, its rate, report and raw baseline. */
class IngestTest {
  private static final Instant NOW = Instant.parse("2026-11-26T10:00:00.000Z");

  @Test
  void plan_shouldSpreadTheEventsEvenly_inBatchesOfOneDeviceAndAtMost25_roundRobin() {
    IngestPlan plan = new IngestPlan(103, 4, NOW);
    List<Batch> batches = plan.batches();
    // 26, 26, 26, 25 events: two batches per device (25 + 1, 25 + 1, 25 + 1, 25).
    assertEquals(List.of(0, 1, 2, 3, 0, 1, 2), batches.stream().map(Batch::device).toList());
    assertEquals(List.of(25, 25, 25, 25, 1, 1, 1), batches.stream().map(b -> b.events().size()).toList());
    assertEquals(103, batches.stream().mapToInt(b -> b.events().size()).sum());
    assertEquals("/users/ingest-u00000/devices/ingest-d000003/events/batch", batches.get(3).path());
    assertEquals(1, plan.users());
    assertEquals(2, new IngestPlan(1000, 11, NOW).users());
  }

  @Test
  void plan_shouldGiveEachEventItsOwnSeq_andTimesWithinTheRoutes90Days() {
    IngestPlan plan = new IngestPlan(60, 2, NOW);
    Set<String> keys = new HashSet<>();
    for (Batch b : plan.batches()) {
      for (Map<String, Object> e : b.events()) {
        Instant at = Timestamps.parse((String) e.get("at"));
        assertTrue(at.isBefore(NOW) && at.isAfter(NOW.minus(Duration.ofDays(89))), e.toString());
        assertTrue(keys.add(b.deviceId() + "#" + e.get("at") + "#" + e.get("seq")), "one key per event: " + e);
      }
    }
    assertEquals(60, keys.size());
    Map<String, Object> first = plan.batches().get(0).events().get(0);
    assertEquals(Map.of("at", "2026-11-26T09:30:00.000Z", "seq", 0, "type", "temperature"),
        Map.of("at", first.get("at"), "seq", first.get("seq"), "type", first.get("type")));
  }

  @Test
  void unprocessed_shouldBeTheIndexesAnsweredUnprocessed_orAllWhenTheAnswerCannotBeRead() {
    assertEquals(List.of(), Ingest.unprocessed("{\"written\":2,\"unprocessed\":0,\"results\":[{\"index\":0,"
        + "\"status\":\"written\"},{\"index\":1,\"status\":\"written\"}]}", 2));
    assertEquals(List.of(1, 3), Ingest.unprocessed("{\"written\":2,\"unprocessed\":2,\"results\":[{\"index\":0,"
        + "\"status\":\"written\"},{\"index\":1,\"status\":\"unprocessed\"},{\"index\":2,\"status\":\"written\"},"
        + "{\"index\":3,\"status\":\"unprocessed\"}]}", 4));
    assertEquals(List.of(0, 1, 2), Ingest.unprocessed("<html>", 3));
  }

  /** A transport answering from a script, recording each request's events. */
  private static final class Scripted implements Ingest.Transport {
    final Deque<Response> answers = new ArrayDeque<>();
    final List<List<Object>> sentSeqs = new ArrayList<>();

    @Override
    public Response post(String path, String authorization, String body) throws java.io.IOException {
      @SuppressWarnings("unchecked")
      List<Map<String, Object>> events = (List<Map<String, Object>>) Json.readObject(body).get("events");
      sentSeqs.add(events.stream().map(e -> e.get("seq")).toList());
      assertEquals("Bearer t", authorization);
      return answers.isEmpty() ? new Response(200, written(events.size()), -1) : answers.poll();
    }
  }

  private static String written(int n) {
    StringBuilder b = new StringBuilder("{\"written\":" + n + ",\"unprocessed\":0,\"results\":[");
    for (int k = 0; k < n; k++) {
      b.append(k == 0 ? "" : ",").append("{\"index\":").append(k).append(",\"status\":\"written\"}");
    }
    return b.append("]}").toString();
  }

  @Test
  void sendBatch_shouldResendOnlyTheUnprocessedEvents_andBackOffWhenThrottled() throws Exception {
    Batch batch = new IngestPlan(3, 1, NOW).batches().get(0);
    Scripted t = new Scripted();
    t.answers.add(new Response(207, "{\"written\":2,\"unprocessed\":1,\"results\":[{\"index\":0,\"status\":"
        + "\"written\"},{\"index\":1,\"status\":\"unprocessed\"},{\"index\":2,\"status\":\"written\"}]}", -1));
    t.answers.add(new Response(503, "{\"error\":{\"code\":\"unavailable\"}}", 0));
    Ingest.Outcome o = Ingest.sendBatch(batch, t, "Bearer t");
    // The whole batch, then event seq 1 alone, twice (after the 207, and again after the 503).
    assertEquals(List.of(List.of(0, 1, 2), List.of(1), List.of(1)), t.sentSeqs);
    assertEquals(3, o.requests());
    assertEquals(3, o.written());
    assertEquals(1, o.resent());
    assertEquals(1, o.throttled());
    assertEquals(0, o.failed());
    assertNull(o.failure());
  }

  @Test
  void sendBatch_shouldCountABadBatchAsFailed_andNameTheAnswer() throws Exception {
    Batch batch = new IngestPlan(2, 1, NOW).batches().get(0);
    Scripted t = new Scripted();
    t.answers.add(new Response(404, "{\"error\":{\"code\":\"not_found\",\"field\":\"device\"}}", -1));
    Ingest.Outcome o = Ingest.sendBatch(batch, t, "Bearer t");
    assertEquals(2, o.failed());
    assertEquals(0, o.written());
    assertEquals("404 {\"error\":{\"code\":\"not_found\",\"field\":\"device\"}} "
        + "(/users/ingest-u00000/devices/ingest-d000000/events/batch)", o.failure());
  }

  @Test
  void send_shouldHoldTheRate() throws Exception {
    IngestPlan plan = new IngestPlan(75, 1, NOW);
    Ingest.Result r = Ingest.send(plan, 100, new Scripted(), u -> "t", null);
    // Three batches of 25 at 100 events/s: the third leaves 0.5 s after the first.
    assertTrue(r.seconds() >= 0.49, "held to the rate: " + r.seconds());
    assertEquals(75, r.written());
    assertEquals(3, r.batches());
    assertEquals(3, r.requests());
    assertEquals(3, r.perBatch().n());
  }

  @Test
  void requireRoute_shouldFailInOneLine_whenTheDomainHasNoBatchRoute() {
    OpsMain.Failure f = assertThrows(OpsMain.Failure.class, () -> Ingest.requireRoute(List.of()));
    assertEquals("the Devices domain of this build has no route POST /users/{user}/devices/{device}/events/batch: "
        + "scripts/ingest needs the batch ingest route", f.getMessage());
    Ingest.requireRoute(List.of(new Endpoint("POST", "/users/{user}/devices/{device}/events/batch", "x.Handler",
        Auth.REQUIRED, List.of(), Set.of(), Set.of())));
  }

  @Test
  void report_shouldPrintTheFigures_andTheShareOfTheRawRate() {
    Ingest.Result r = new Ingest.Result(100, 4, 0, 4, 5, 100, 1, 0, 0, null, 2.0, Stats.of(new long[] {2_000_000,
        4_000_000}), Stats.of(new long[] {1_000_000}), 200, 1000);
    String s = IngestReport.summary(r);
    assertTrue(s.startsWith("ingest: 100 events over 4 devices, unthrottled\n"), s);
    assertTrue(s.contains("written   100 events in 2.0 s: 50 items/s"), s);
    assertTrue(s.contains("per batch p50 2.00 ms, p99 4.00 ms"), s);
    assertTrue(s.contains("1 events resent (answered unprocessed); 0 throttled answers (429/503); 0 events failed"), s);
    assertTrue(s.contains("200 items/s (1,000 items); the route reaches 25% of it"), s);
    String md = IngestReport.markdown(r, "scripts/ingest --write-docs", "2026-11-26T10:00Z", "Setting.");
    assertTrue(md.contains("| 100 | 4 | unthrottled | 4 | 5 | 1 | 0 | 0 | 2.0 | 50 | 2.00 / 4.00 | 1.00 / 1.00 |"), md);
  }

  @Test
  void streamTally_shouldSumEachStreamsLogLines_andCountTrimsAndGiveUps_untilStopped() {
    StreamTally tally = new StreamTally();
    tally.accept("{\"handler\":\"RecentEventsHandler\",\"accessPattern\":\"ST1\",\"Records\":100,\"Failures\":0,"
        + "\"DynamoDbRequests\":6,\"ReadCapacity\":5.0,\"WriteCapacity\":4.0,\"ConditionalRefusals\":1}");
    tally.accept("{\"handler\":\"RecentEventsHandler\",\"accessPattern\":\"ST1\",\"Records\":50,\"Failures\":1,"
        + "\"DynamoDbRequests\":2,\"ReadCapacity\":1.5,\"WriteCapacity\":1.0,\"ConditionalRefusals\":0}");
    tally.accept("{\"pipeline\":\"stream\",\"level\":\"WARN\",\"message\":\"records aged out of the stream\"}");
    tally.accept("{\"pipeline\":\"stream\",\"level\":\"ERROR\",\"message\":\"batch given up: written\"}");
    tally.accept("not json");
    tally.stop();
    tally.accept("{\"handler\":\"X\",\"accessPattern\":\"ST1\",\"Records\":100}");

    StreamTally.Totals st1 = tally.streams().get("ST1");
    assertEquals(2, st1.invocations());
    assertEquals(150, st1.records());
    assertEquals(1, st1.failures());
    assertEquals(8, st1.requests());
    assertEquals(6.5, st1.readUnits());
    assertEquals(5.0, st1.writeUnits());
    assertEquals(1, st1.refusals());
    assertEquals(1, tally.trimWarnings());
    assertEquals(1, tally.deadLetters());
    assertEquals("ST1 | 150 | 2 | 1 | 0.053 | 0.043 | 0.033 | 0.007 | 0.040 | 0.0800",
        StreamTally.perRecord("ST1", st1, 100));
  }

  @Test
  void rawRate_shouldWriteTheDomainsEventItems_withBatchWriteItem() {
    String table = "ingest-raw-" + UUID.randomUUID().toString().substring(0, 8);
    DynamoDbClient client = DynamoDbExtension.newClient();
    client.createTable(Devices.SCHEMA.createTableRequest(table));
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(table).build());
    try {
      double rate = Ingest.rawRate(client, table, 60, NOW);
      assertTrue(rate > 0);
      int n = client.query(QueryRequest.builder().tableName(table).keyConditionExpression("PK = :p")
          .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("USER#ingest-raw"))).select(Select.COUNT)
          .build()).count();
      assertEquals(60, n);
    } finally {
      client.deleteTable(DeleteTableRequest.builder().tableName(table).build());
      client.close();
    }
  }
}
