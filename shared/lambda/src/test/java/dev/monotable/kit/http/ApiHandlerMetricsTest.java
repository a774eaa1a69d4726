package dev.monotable.kit.http;

import dev.monotable.kit.catalog.MetricNames;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.log.Emf;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The invocation's one log line is also its metrics, in CloudWatch's embedded metric format. */
class ApiHandlerMetricsTest {

  private static Map<String, Object> lineOf(Function<Request, Response> f, String routeKeyMethod) throws Exception {
    PrintStream out = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      new ApiHandlerTest.Probe(f).handleRequest(ApiEvent.request(routeKeyMethod, "/x").as("alice").build(), null);
    } finally {
      System.setOut(out);
    }
    String[] lines = bytes.toString(StandardCharsets.UTF_8).strip().split("\n");
    assertEquals(1, lines.length, "one line per invocation");
    return Json.readObject(lines[0]);
  }

  @Test
  @SuppressWarnings("unchecked")
  void handleRequest_shouldWriteItsMetricsAsEmf_inItsOneLogLine() throws Exception {
    Map<String, Object> line = lineOf(req -> Response.ok(Map.of()), "GET");

    // The dimensions: the domain's service and, for a handler outside the catalog, its own name.
    assertEquals("Notes", line.get("service"));
    assertEquals("Probe", line.get("accessPattern"));
    Map<String, Object> aws = (Map<String, Object>) line.get("_aws");
    assertTrue(aws.get("Timestamp") instanceof Number);
    Map<String, Object> directive = ((List<Map<String, Object>>) aws.get("CloudWatchMetrics")).get(0);
    assertEquals("Monotable", directive.get("Namespace"));
    assertEquals(List.of(List.of("service", "accessPattern")), directive.get("Dimensions"));
    List<String> names = ((List<Map<String, Object>>) directive.get("Metrics")).stream()
        .map(m -> (String) m.get("Name")).toList();
    assertEquals(List.of(MetricNames.REQUESTS, MetricNames.LATENCY, MetricNames.STATUS_2XX, MetricNames.STATUS_4XX, MetricNames.STATUS_5XX,
        MetricNames.DYNAMODB_REQUESTS, MetricNames.READ_CAPACITY, MetricNames.WRITE_CAPACITY, MetricNames.CONDITIONAL_REFUSALS,
        MetricNames.TRANSACTION_CONFLICTS, MetricNames.SDK_RETRIES, MetricNames.THROTTLES, MetricNames.COLD_START), names);
    // Every declared metric has its value in the line (CloudWatch drops the line otherwise).
    for (String name : names) {
      assertTrue(line.get(name) instanceof Number, name);
    }
    assertEquals(1, line.get(MetricNames.REQUESTS));
    assertEquals(1, line.get(MetricNames.STATUS_2XX));
    assertEquals(0, line.get(MetricNames.STATUS_4XX));
    assertEquals(0, line.get(MetricNames.DYNAMODB_REQUESTS));
    assertEquals("Milliseconds", ((List<Map<String, Object>>) directive.get("Metrics")).get(1).get("Unit"));
  }

  @Test
  void handleRequest_shouldCountA4xxUnderItsErrorCode() throws Exception {
    Map<String, Object> line = lineOf(req -> { throw new NotFoundException("user"); }, "GET");
    assertEquals(1, line.get(MetricNames.STATUS_4XX));
    assertEquals(0, line.get(MetricNames.STATUS_2XX));
    assertEquals(1, line.get("4xx.not_found"));
    assertTrue(line.toString().contains("Name=4xx.not_found"));
  }

  @Test
  void handleRequest_shouldCountA5xx_andWriteTheLineAtAnyLevel() throws Exception {
    Map<String, Object> line = lineOf(req -> { throw new IllegalStateException("boom"); }, "GET");
    assertEquals(1, line.get(MetricNames.STATUS_5XX));
    assertEquals("ERROR", line.get("level"));
  }

  /** Two handler classes of one process (the local service runs them all in one). */
  static final class One {}

  static final class Other {}

  @Test
  void coldStart_shouldBeOneOncePerHandler_andNotBeConsumedByPriming() {
    Emf.priming(() -> assertEquals(0, Emf.coldStart(One.class)));
    assertEquals(1, Emf.coldStart(One.class));
    assertEquals(0, Emf.coldStart(One.class));
    assertEquals(1, Emf.coldStart(Other.class));
    Emf.priming(() -> { });
    assertEquals(1, Emf.coldStart(One.class), "the first invocation after a snapshot's restore is cold");
  }
}
