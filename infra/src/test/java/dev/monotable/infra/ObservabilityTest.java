package dev.monotable.infra;

import static dev.monotable.infra.Json.list;
import static dev.monotable.infra.Json.map;
import static dev.monotable.infra.Json.props;
import static dev.monotable.infra.Json.resources;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.forge.Forge;
import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.MetricNames;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.cdk.ServiceAlarms;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The production stage as synthesized: one dashboard built from the catalog, every function traced
 * and writing its metrics under the domain's service, Contributor Insights on the table and each
 * index.
 */
class ObservabilityTest {
  private final SynthesizedForge forge = SynthesizedForge.get();

  /** The dashboard's body with its tokens left as they are: the widget JSON is in the literal parts. */
  private String dashboardBody() {
    Map<String, Map<String, Object>> dashboards = resources(forge.json().get(forge.stack.getStackName()),
        "AWS::CloudWatch::Dashboard");
    assertEquals(1, dashboards.size(), "one dashboard per domain stack");
    Object body = props(dashboards.values().iterator().next()).get("DashboardBody");
    StringBuilder text = new StringBuilder();
    for (Object part : list(list(map(body).get("Fn::Join")).get(1))) {
      text.append(part instanceof String s ? s : "<token>");
    }
    return text.toString();
  }

  @Test
  void dashboard_shouldShowEveryAccessPatternAndStreamConsumer_fromTheCatalog() {
    String body = dashboardBody();
    for (Map.Entry<String, Integer> p : ServiceAlarms.latencyTargets(Forge.DOMAIN.endpoints()).entrySet()) {
      assertTrue(body.contains("\"title\":\"" + p.getKey() + " latency\""), p.getKey());
      assertTrue(body.contains("\"title\":\"" + p.getKey() + " answers and capacity\""), p.getKey());
      // The target line of the pattern's latency graph.
      assertTrue(body.contains("{\"value\":" + p.getValue() + ",\"label\":\"p99 target\""), p.getKey());
    }
    for (StreamHandlerDeclaration s : Forge.DOMAIN.streams()) {
      assertTrue(body.contains("\"title\":\"" + s.stream() + " " + s.handlerName() + ": iterator age (ms) and queue\""),
          s.stream());
    }
    for (String metric : List.of(MetricNames.LATENCY, MetricNames.READ_CAPACITY, MetricNames.WRITE_CAPACITY,
        MetricNames.STATUS_5XX, MetricNames.BATCH_LAG, MetricNames.COLD_START, "ThrottledRequests", "SystemErrors",
        "SuccessfulRequestLatency", "TimeToLiveDeletedItemCount", "IteratorAge", "ApproximateNumberOfMessagesVisible",
        "5xx", "4xx")) {
      assertTrue(body.contains("\"" + metric + "\""), metric);
    }
    assertTrue(body.contains("[\"" + MetricNames.DEFAULT_NAMESPACE + "\",\"" + MetricNames.LATENCY + "\",\""
        + MetricNames.ACCESS_PATTERN + "\",\"AP02\",\"" + MetricNames.SERVICE + "\",\"Forge\""), "AP02's latency series");
    assertTrue(body.contains("Contributor Insights is on for the table and each index"));
  }

  @Test
  void everyFunction_shouldBeTracedAndNameItsMetricsService() {
    int functions = 0;
    List<String> problems = new ArrayList<>();
    for (Map.Entry<String, Map<String, Object>> t : forge.json().entrySet()) {
      for (Map.Entry<String, Map<String, Object>> fn : resources(t.getValue(), "AWS::Lambda::Function").entrySet()) {
        functions++;
        Map<String, Object> p = props(fn.getValue());
        if (!Map.of("Mode", "Active").equals(p.get("TracingConfig"))) {
          problems.add(fn.getKey() + " tracing " + p.get("TracingConfig"));
        }
        Map<String, Object> variables = map(map(p.get("Environment")).get("Variables"));
        if (!"Forge".equals(variables.get(Env.POWERTOOLS_SERVICE_NAME))
            || !MetricNames.DEFAULT_NAMESPACE.equals(variables.get(Env.POWERTOOLS_METRICS_NAMESPACE))) {
          problems.add(fn.getKey() + " metrics environment " + variables);
        }
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(functions > Forge.DOMAIN.streams().size(), "functions: " + functions);
  }

  @Test
  void table_shouldHaveContributorInsightsOnItselfAndEachIndex_inProduction() {
    Map<String, Object> table = resources(forge.json().get(forge.stack.getStackName()), "AWS::DynamoDB::GlobalTable")
        .values().iterator().next();
    Map<String, Object> replica = map(list(props(table).get("Replicas")).get(0));
    assertEquals(true, map(replica.get("ContributorInsightsSpecification")).get("Enabled"));
    List<Object> indexes = list(replica.get("GlobalSecondaryIndexes"));
    assertEquals(Forge.SCHEMA.gsis().stream().map(Gsi::indexName).toList(),
        indexes.stream().map(i -> map(i).get("IndexName")).toList());
    for (Object i : indexes) {
      assertEquals(Map.of("Enabled", true), map(i).get("ContributorInsightsSpecification"));
    }
  }
}
