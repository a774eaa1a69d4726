package dev.monotable.kit.cdk;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awscdk.App;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.assertions.Template;
import software.amazon.awscdk.services.cloudwatch.Metric;

/** The one "fires on the first occurrence" alarm shape, on a bare stack (no app synth). */
class AlarmsOnAnyTest {

  @Test
  void onAny_shouldAlarmOnOneDatapointOfOneOrMore_andStayQuietWithoutData() {
    Stack stack = new Stack(new App(), "S");
    Alarms.onAny(stack, "A", "something broke",
        Metric.Builder.create().namespace("N").metricName("M").statistic("Sum").build());

    Template.fromStack(stack).hasResourceProperties("AWS::CloudWatch::Alarm", Map.of(
        "AlarmDescription", "something broke",
        "Namespace", "N",
        "MetricName", "M",
        "Threshold", 1,
        "EvaluationPeriods", 1,
        "ComparisonOperator", "GreaterThanOrEqualToThreshold",
        "TreatMissingData", "notBreaching"));
  }
}
