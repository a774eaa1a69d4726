package dev.monotable.kit.cdk;

import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.IMetric;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.constructs.Construct;

/** The alarm shapes the constructs share, so a threshold policy changes in one place. */
final class Alarms {
  private Alarms() {}

  /**
   * Fires on the first datapoint of one or more: for things that should never happen (unhandled
   * errors, throttles, records given up). No data is quiet, not an alarm.
   */
  static Alarm onAny(Construct scope, String id, String description, IMetric metric) {
    return atLeastOne(scope, id, description, metric, 1, 1);
  }

  /**
   * Fires when two of the last three periods reach one or more: for things that may happen once
   * in a while under a burst (a throttled request, a DynamoDB 500 the SDK retried) but not for
   * long. No data is quiet.
   */
  static Alarm sustained(Construct scope, String id, String description, IMetric metric) {
    return atLeastOne(scope, id, description, metric, 3, 2);
  }

  private static Alarm atLeastOne(Construct scope, String id, String description, IMetric metric, int periods,
      int datapoints) {
    return Alarm.Builder.create(scope, id)
        .alarmDescription(description)
        .metric(metric)
        .threshold(1)
        .evaluationPeriods(periods)
        .datapointsToAlarm(datapoints)
        .comparisonOperator(ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD)
        .treatMissingData(TreatMissingData.NOT_BREACHING)
        .build();
  }
}
