package dev.monotable.infra;

import static dev.monotable.infra.Json.props;
import static dev.monotable.infra.Json.resources;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cdk.ServiceAlarms;
import dev.monotable.forge.Forge;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.MetricNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.services.dynamodb.Operation;

/**
 * The alarms are the service's objectives, not one per function: the API's 5xx rate and latency,
 * the p99 latency of each access pattern against its declared target, the table's throttles and
 * system errors, each stream consumer's iterator age and on-failure queue; every one notifies the
 * topic and says how many datapoints it needs.
 */
class AlarmsTest {

  @Test
  void functions_shouldHaveNoAlarmOfTheirOwn_whenSynthesized() {
    SynthesizedForge forge = SynthesizedForge.get();
    List<String> perFunction = new ArrayList<>();
    for (Map.Entry<String, Map<String, Object>> t : forge.json().entrySet()) {
      for (Map.Entry<String, Map<String, Object>> a : resources(t.getValue(), "AWS::CloudWatch::Alarm").entrySet()) {
        Object metric = props(a.getValue()).get("MetricName");
        if ("Errors".equals(metric) || "Throttles".equals(metric)) {
          perFunction.add(t.getKey() + "/" + a.getKey());
        }
      }
    }
    assertEquals(List.of(), perFunction);
  }

  @Test
  void everyAccessPattern_shouldHaveAP99LatencyAlarm_atItsDeclaredTarget() {
    SynthesizedForge forge = SynthesizedForge.get();
    Map<String, Integer> targets = ServiceAlarms.latencyTargets(Forge.DOMAIN.endpoints());
    // One per pattern dimension: AP15's two routes share one, AP24-26's handler has one.
    assertTrue(targets.containsKey("AP15") && targets.containsKey("AP24+AP25+AP26"), targets.keySet().toString());
    for (Map.Entry<String, Integer> t : targets.entrySet()) {
      forge.root().hasResourceProperties("AWS::CloudWatch::Alarm", Map.of(
          "Namespace", MetricNames.DEFAULT_NAMESPACE,
          "MetricName", MetricNames.LATENCY,
          "ExtendedStatistic", "p99",
          "Dimensions", List.of(
              Map.of("Name", MetricNames.ACCESS_PATTERN, "Value", t.getKey()),
              Map.of("Name", MetricNames.SERVICE, "Value", "Forge")),
          "Threshold", t.getValue(),
          "EvaluationPeriods", 5,
          "DatapointsToAlarm", 3));
    }
    assertEquals(AccessPatternSpec.DEFAULT_LATENCY_TARGET_P99_MS, targets.get("AP02"));
  }

  @Test
  void alarmCount_shouldBeOnePerPatternPlusTheServicesAndTwoPerStreamConsumer() {
    SynthesizedForge forge = SynthesizedForge.get();
    int alarms = 0;
    for (Map<String, Object> t : forge.json().values()) {
      alarms += resources(t, "AWS::CloudWatch::Alarm").size();
    }
    // 4 service alarms (5xx rate, API p99, table throttles, table system errors).
    assertEquals(ServiceAlarms.latencyTargets(Forge.DOMAIN.endpoints()).size() + 4
        + 2 * Forge.DOMAIN.streams().size(), alarms);
  }

  @Test
  void serviceAlarms_shouldWatchApi5xxRateLatencyAndTableErrors_whenSynthesized() {
    SynthesizedForge forge = SynthesizedForge.get();
    forge.root().hasResourceProperties("AWS::CloudWatch::Alarm", Map.of(
        "Threshold", ServiceAlarms.SERVER_ERROR_RATE_PERCENT,
        "Metrics", Match.arrayWith(List.of(Match.objectLike(Map.of(
            "Expression", "IF(requests > 0, 100 * errors / requests, 0)"))))));
    forge.root().hasResourceProperties("AWS::CloudWatch::Alarm", Map.of(
        "MetricName", "Latency", "ExtendedStatistic", "p99", "Threshold", ServiceAlarms.LATENCY_P99_MS));
    forge.root().hasResourceProperties("AWS::CloudWatch::Alarm", Map.of(
        "AlarmDescription", Match.stringLikeRegexp("DynamoDB throttled requests.*"),
        "Metrics", Match.arrayWith(List.of(Match.objectLike(Map.of(
            "MetricStat", Match.objectLike(Map.of("Metric", Match.objectLike(Map.of(
                "MetricName", "ThrottledRequests")))))))))); 
    forge.root().hasResourceProperties("AWS::CloudWatch::Alarm", Map.of(
        "AlarmDescription", Match.stringLikeRegexp("DynamoDB system errors.*"),
        "Metrics", Match.arrayWith(List.of(Match.objectLike(Map.of(
            "MetricStat", Match.objectLike(Map.of("Metric", Match.objectLike(Map.of(
                "MetricName", "SystemErrors"))))))))));
  }

  @Test
  void everyAlarm_shouldNotifyTheAlarmTopic_whenSynthesized() {
    SynthesizedForge forge = SynthesizedForge.get();
    String topicId = resources(forge.json().get(forge.stack.getStackName()), "AWS::SNS::Topic").keySet().iterator().next();
    List<String> silent = new ArrayList<>();
    int alarms = 0;
    for (Map.Entry<String, Map<String, Object>> t : forge.json().entrySet()) {
      for (Map.Entry<String, Map<String, Object>> a : resources(t.getValue(), "AWS::CloudWatch::Alarm").entrySet()) {
        alarms++;
        Object actions = props(a.getValue()).get("AlarmActions");
        String expected = t.getKey().equals(forge.stack.getStackName())
            ? topicId : forge.parameterFor(t.getKey(), topicId, null);
        boolean notifies = actions instanceof List<?> l && l.size() == 1 && Json.isRef(l.get(0), expected);
        // Every alarm says how many datapoints it needs, so none flaps on CloudWatch's default.
        if (!notifies || props(a.getValue()).get("DatapointsToAlarm") == null) {
          silent.add(t.getKey() + "/" + a.getKey());
        }
      }
    }
    assertEquals(List.of(), silent);
    assertTrue(alarms > 4, "alarms: " + alarms);
  }

  @Test
  void operationsOf_shouldMapConditionChecksToTransactWriteItems_whenCatalogUsesTransactions() {
    Set<Operation> operations = ServiceAlarms.operationsOf(Forge.DOMAIN.endpoints());

    assertTrue(operations.contains(Operation.TRANSACT_WRITE_ITEMS));
    assertTrue(operations.contains(Operation.QUERY));
    assertTrue(operations.size() <= 10, "CloudWatch math allows 10 metrics per alarm: " + operations);
    assertEquals(Set.of(Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY, Operation.PUT_ITEM,
        Operation.UPDATE_ITEM, Operation.DELETE_ITEM, Operation.TRANSACT_WRITE_ITEMS), operations);
  }
}
