package dev.monotable.infra;

import static dev.monotable.infra.Json.props;
import static dev.monotable.infra.Json.resources;
import static dev.monotable.infra.Json.target;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cdk.ServiceAlarms;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.assertions.Match;
import software.amazon.awscdk.services.dynamodb.Operation;

/** Every function has error and throttle alarms; the API and table have theirs; all notify the topic. */
class AlarmsTest {

  @Test
  void everyFunction_shouldHaveErrorAndThrottleAlarms_whenSynthesized() {
    SynthesizedForge forge = SynthesizedForge.get();
    for (String handler : EndpointCatalog.endpoints().stream().map(Endpoint::handlerClass).distinct().toList()) {
      DeployedFunction fn = DeployedFunction.of(forge, handler);
      List<String> metrics = new ArrayList<>();
      for (Map<String, Object> alarm : resources(fn.template(), "AWS::CloudWatch::Alarm").values()) {
        Object dims = props(alarm).get("Dimensions");
        if (dims instanceof List<?> l && l.size() == 1
            && fn.functionId().equals(target(((Map<?, ?>) l.get(0)).get("Value")))) {
          metrics.add(String.valueOf(props(alarm).get("MetricName")));
        }
      }
      assertEquals(List.of("Errors", "Throttles"), metrics.stream().sorted().toList(), handler);
    }
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
        if (!notifies) {
          silent.add(t.getKey() + "/" + a.getKey());
        }
      }
    }
    assertEquals(List.of(), silent);
    assertTrue(alarms >= 2 * 38 + 4, "alarms: " + alarms);
  }

  @Test
  void operationsOf_shouldMapConditionChecksToTransactWriteItems_whenCatalogUsesTransactions() {
    Set<Operation> operations = ServiceAlarms.operationsOf(EndpointCatalog.endpoints());

    assertTrue(operations.contains(Operation.TRANSACT_WRITE_ITEMS));
    assertTrue(operations.contains(Operation.QUERY));
    assertTrue(operations.size() <= 10, "CloudWatch math allows 10 metrics per alarm: " + operations);
    assertEquals(Set.of(Operation.GET_ITEM, Operation.BATCH_GET_ITEM, Operation.QUERY, Operation.PUT_ITEM,
        Operation.UPDATE_ITEM, Operation.DELETE_ITEM, Operation.TRANSACT_WRITE_ITEMS), operations);
  }
}
