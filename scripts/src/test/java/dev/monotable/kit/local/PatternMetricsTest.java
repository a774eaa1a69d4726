package dev.monotable.kit.local;

import dev.monotable.kit.catalog.MetricNames;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchTable;
import dev.monotable.kit.bench.Invoker;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;

/**
 * The embedded-metric lines of a local run, read back as {@code scripts/metrics} reads them: every
 * bench case of every registered domain is invoked once through its handler, as the local service
 * does, with {@link MetricsLog} copying stdout's metric lines to a file. Each line must name its
 * domain's service and its route's access pattern, count the DynamoDB requests the client saw, and
 * carry the read and write capacity the endpoint answered for the invocation's requests, as an
 * observer of the SDK's responses ({@link Answered}) adds them up. On an engine that prices by
 * DynamoDB's rules (issue 17's engine, checked against AWS's worked examples by its own tests;
 * {@link #reportsDynamoDbUnits} probes it) that is the capacity DynamoDB's rules give for the
 * items, and every successful item request must have answered one. The engine before issue 17
 * answers a flat 1.0 and nothing for TransactWriteItems: against it the capacity must still reach
 * the lines, and everything else is checked all the same.
 */
@ExtendWith(DynamoDbExtension.class)
class PatternMetricsTest {

  static Stream<String> domains() {
    return DevDomains.all().stream().map(DevDomain::id);
  }

  /** What one invocation should have written. */
  record Expected(String label, String pattern, int status, int requests, double read, double write, int unpriced) {}

  /**
   * Adds up the ConsumedCapacity of the responses while on, by the operation's kind (the kit asks
   * for INDEXES; each answer's total is its CapacityUnits), and counts the successful item requests that answered none.
   */
  static final class Answered implements ExecutionInterceptor {
    double read;
    double write;
    int unpriced;
    boolean on;

    void start() {
      read = 0;
      write = 0;
      unpriced = 0;
      on = true;
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
      if (!on) {
        return;
      }
      SdkResponse r = context.response();
      List<ConsumedCapacity> answered = new ArrayList<>();
      boolean reads = r instanceof GetItemResponse || r instanceof QueryResponse || r instanceof BatchGetItemResponse;
      // One ConsumedCapacity, or a list of them (batch and transaction calls), whatever the operation.
      for (var field : r.sdkFields()) {
        if (field.memberName().equals("ConsumedCapacity")) {
          Object value = field.getValueOrDefault(r);
          if (value instanceof ConsumedCapacity c) {
            answered.add(c);
          } else if (value instanceof List<?> l) {
            l.forEach(c -> answered.add((ConsumedCapacity) c));
          }
        }
      }
      if (answered.isEmpty()) {
        unpriced++;
      }
      for (ConsumedCapacity c : answered) {
        double units = c.capacityUnits() == null ? 0 : c.capacityUnits();
        if (reads) {
          read += units;
        } else {
          write += units;
        }
      }
    }
  }

  @ParameterizedTest
  @MethodSource("domains")
  void everyPatternsLine_shouldCarryItsRequestsAndTheCapacityDynamoDbsRulesGive(String id, TestTable any,
      @TempDir Path dir) throws Exception {
    DevDomain domain = DevDomains.select(id);
    String service = domain.domain().name();
    String name = "monotable-metrics-" + System.nanoTime();
    any.client().createTable(domain.domain().schema().createTableRequest(name));
    Path file = dir.resolve(MetricsLog.FILE);
    PrintStream out = System.out;
    boolean realCapacity;
    List<Expected> expected = new ArrayList<>();
    try {
      realCapacity = reportsDynamoDbUnits(any.client(), name);
      RequestRecorder recorder = new RequestRecorder();
      Answered answered = new Answered();
      try (DynamoDbClient client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
          recorder, answered)) {
        expected.addAll(invokeAll(domain.local(), domain.bench(), client, recorder, answered, name, any, file));
      }
    } finally {
      System.setOut(out);
      any.client().deleteTable(DeleteTableRequest.builder().tableName(name).build());
    }

    List<Map<String, Object>> lines = MetricsReport.read(file);
    assertEquals(expected.size(), lines.size(), "one metric line per invocation");
    List<String> problems = new ArrayList<>();
    double reported = 0;
    for (int i = 0; i < expected.size(); i++) {
      Expected e = expected.get(i);
      Map<String, Object> line = lines.get(i);
      String at = e.label() + ": ";
      check(problems, at + MetricNames.SERVICE, service, line.get(MetricNames.SERVICE));
      check(problems, at + MetricNames.ACCESS_PATTERN, e.pattern(), line.get(MetricNames.ACCESS_PATTERN));
      check(problems, at + "status", e.status(), line.get("status"));
      check(problems, at + MetricNames.DYNAMODB_REQUESTS, e.requests(), line.get(MetricNames.DYNAMODB_REQUESTS));
      check(problems, at + MetricNames.STATUS_5XX, 0, line.get(MetricNames.STATUS_5XX));
      double read = ((Number) line.get(MetricNames.READ_CAPACITY)).doubleValue();
      double write = ((Number) line.get(MetricNames.WRITE_CAPACITY)).doubleValue();
      reported += read + write;
      check(problems, at + MetricNames.READ_CAPACITY, e.read(), read);
      check(problems, at + MetricNames.WRITE_CAPACITY, e.write(), write);
      if (realCapacity && e.unpriced() > 0) {
        problems.add(at + e.unpriced() + " successful requests answered no ConsumedCapacity");
      } else if (read < 0 || write < 0) {
        problems.add(at + "negative capacity " + read + "/" + write);
      }
    }
    assertEquals(List.of(), problems);
    // Before issue 17 the engine answers a flat 1.0, and nothing at all for TransactWriteItems:
    // then the capacity is only required to reach the lines.
    assertTrue(reported > 0, "no line carries the capacity the engine reported");

    // scripts/metrics's rows: one per pattern, with the calls and requests per call of the lines.
    List<MetricsReport.Row> rows = MetricsReport.rows(lines);
    for (MetricsReport.Row row : rows) {
      List<Expected> of = expected.stream().filter(e -> e.pattern().equals(row.pattern())).toList();
      assertEquals(of.size(), row.calls(), row.pattern());
      assertEquals(of.stream().mapToInt(Expected::requests).average().orElse(0), row.requestsPerCall(), 1e-9,
          row.pattern());
      assertEquals(service, row.service());
    }
    assertEquals(expected.stream().map(Expected::pattern).distinct().count(), rows.size());

    // The same rows at scripts/dev's /_local/metrics, for the explorer page.
    MetricsPage page = new MetricsPage(file);
    LocalPages.Response json = page.serve(new LocalPages.Request("GET", MetricsPage.PATH, Map.of(), new byte[0]));
    assertEquals(200, json.status());
    assertEquals(dev.monotable.kit.json.Json.write(MetricsReport.json(rows)),
        new String(json.body(), java.nio.charset.StandardCharsets.UTF_8));
    LocalPages.Response text = page.serve(new LocalPages.Request("GET", MetricsPage.PATH,
        Map.of("format", List.of("text")), new byte[0]));
    assertEquals(MetricsReport.table(rows) + "\n", new String(text.body(), java.nio.charset.StandardCharsets.UTF_8));
    assertEquals(405, page.serve(new LocalPages.Request("POST", MetricsPage.PATH, Map.of(), new byte[0])).status());
  }

  private static void check(List<String> problems, String what, Object want, Object got) {
    boolean same = want instanceof Number w && got instanceof Number g
        ? Math.abs(w.doubleValue() - g.doubleValue()) < 1e-9 : want.equals(got);
    if (!same) {
      problems.add(what + " expected " + want + " but the line says " + got);
    }
  }

  private static <S extends DomainServices> List<Expected> invokeAll(LocalDomain local, BenchDomain<S> bench,
      DynamoDbClient client, RequestRecorder recorder, Answered answered, String table, TestTable any, Path file)
      throws Exception {
    BenchTable<S> loaded = BenchTable.wire(local, bench,
        new TableGateway(client, table, any.cursors(), Clock.systemUTC())).load(bench);
    Invoker<S> invoker = new Invoker<>(loaded, recorder);
    List<Expected> expected = new ArrayList<>();
    try (PrintStream teed = MetricsLog.start(file)) {
      for (BenchCase<S> c : bench.cases(local.domain())) {
        Invoker.Sample s = invoker.invoke(c, answered::start);
        answered.on = false;
        expected.add(new Expected(c.label(), c.endpoint().metricPattern(), s.status(), s.calls().count(),
            answered.read, answered.write, answered.unpriced));
      }
    }
    return expected;
  }

  /**
   * True when the engine prices a 5 KB item's strongly consistent GetItem at 2 read units, as
   * DynamoDB does (4 KB per unit, rounded up), rather than a flat figure.
   */
  static boolean reportsDynamoDbUnits(DynamoDbClient client, String table) {
    Map<String, AttributeValue> key = Map.of("PK", AttributeValue.fromS("probe#capacity"),
        "SK", AttributeValue.fromS("probe#capacity"));
    Map<String, AttributeValue> item = new java.util.HashMap<>(key);
    item.put("Blob", AttributeValue.fromS("x".repeat(5000)));
    client.putItem(PutItemRequest.builder().tableName(table).item(item).build());
    Double units = client.getItem(GetItemRequest.builder().tableName(table).key(key).consistentRead(true)
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).build()).consumedCapacity().capacityUnits();
    client.deleteItem(b -> b.tableName(table).key(key));
    return units != null && units == 2.0;
  }
}
