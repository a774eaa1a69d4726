package dev.monotable.kit.cdk;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.domain.Domain;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.apigatewayv2.HttpStage;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.MathExpression;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.cloudwatch.actions.SnsAction;
import software.amazon.awscdk.services.dynamodb.Operation;
import software.amazon.awscdk.services.dynamodb.OperationsMetricOptions;
import software.amazon.awscdk.services.dynamodb.SystemErrorsForOperationsMetricOptions;
import software.amazon.awscdk.services.dynamodb.TableV2;
import software.amazon.awscdk.services.sns.ITopic;
import software.constructs.Construct;

/**
 * Alarms on the shared parts of a domain's service: the API stage's 5xx rate and latency, and the
 * table's throttled requests and system errors for the operations its endpoints use. Per-function
 * error and throttle alarms live with each {@link RouteFunction}.
 */
public final class ServiceAlarms extends Construct {

  /** Percentage of requests answered 5xx over five minutes that raises the alarm. */
  public static final double SERVER_ERROR_RATE_PERCENT = 5;

  /** p99 end-to-end latency in milliseconds that raises the alarm. */
  public static final double LATENCY_P99_MS = 2500;

  private final Alarm apiServerErrorRate;
  private final Alarm apiLatency;
  private final Alarm tableThrottles;
  private final Alarm tableSystemErrors;

  public ServiceAlarms(Construct scope, String id, Props props) {
    super(scope, id);
    Objects.requireNonNull(props.domain, "domain");
    Objects.requireNonNull(props.stage, "stage");
    Objects.requireNonNull(props.table, "table");
    Duration period = Duration.minutes(5);

    this.apiServerErrorRate = Alarm.Builder.create(this, "ApiServerErrorRate")
        .alarmDescription("More than " + SERVER_ERROR_RATE_PERCENT + "% of API requests answered 5xx")
        .metric(MathExpression.Builder.create()
            .label("5xx rate (%)")
            .expression("IF(requests > 0, 100 * errors / requests, 0)")
            // Sorted: the order of the metrics in the template must not vary between runs.
            .usingMetrics(new TreeMap<>(Map.of(
                "errors", props.stage.metricServerError(MetricOptions.builder().statistic("Sum").period(period).build()),
                "requests", props.stage.metricCount(MetricOptions.builder().statistic("Sum").period(period).build()))))
            .period(period)
            .build())
        .threshold(SERVER_ERROR_RATE_PERCENT)
        .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
        .evaluationPeriods(3)
        .datapointsToAlarm(2)
        .treatMissingData(TreatMissingData.NOT_BREACHING)
        .build();

    this.apiLatency = Alarm.Builder.create(this, "ApiLatencyP99")
        .alarmDescription("API p99 latency above " + LATENCY_P99_MS + " ms")
        .metric(props.stage.metricLatency(MetricOptions.builder().statistic("p99").period(period).build()))
        .threshold(LATENCY_P99_MS)
        .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
        .evaluationPeriods(3)
        .datapointsToAlarm(3)
        .treatMissingData(TreatMissingData.NOT_BREACHING)
        .build();

    Set<Operation> watched = props.operations != null ? props.operations : operationsOf(props.domain.endpoints());
    List<Operation> operations = watched.isEmpty() ? List.of() : List.copyOf(EnumSet.copyOf(watched));
    String table = "the " + props.domain.name() + " table";
    this.tableThrottles = Alarms.onAny(this, "TableThrottledRequests", "DynamoDB throttled requests on " + table,
        props.table.metricThrottledRequestsForOperations(OperationsMetricOptions.builder()
            .operations(operations).period(period).build()));
    this.tableSystemErrors = Alarms.onAny(this, "TableSystemErrors",
        "DynamoDB system errors (HTTP 500) on " + table,
        props.table.metricSystemErrorsForOperations(SystemErrorsForOperationsMetricOptions.builder()
            .operations(operations).period(period).build()));

    if (props.alarmTopic != null) {
      SnsAction action = new SnsAction(props.alarmTopic);
      for (Alarm alarm : List.of(apiServerErrorRate, apiLatency, tableThrottles, tableSystemErrors)) {
        alarm.addAlarmAction(action);
      }
    }

    getNode().addValidation(() -> operations.isEmpty()
        ? List.of("no DynamoDB operations to watch")
        // CloudWatch allows at most 10 metrics in one alarm's math expression.
        : operations.size() > 10 ? List.of("more than 10 operations in one alarm: " + operations) : List.of());
  }

  /** DynamoDB operations (CloudWatch {@code Operation} dimension) the endpoints issue. */
  public static Set<Operation> operationsOf(List<Endpoint> endpoints) {
    Set<Operation> operations = EnumSet.noneOf(Operation.class);
    for (Endpoint endpoint : endpoints) {
      for (DynamoAction action : endpoint.actions()) {
        operations.add(switch (action) {
          case GET_ITEM -> Operation.GET_ITEM;
          case BATCH_GET_ITEM -> Operation.BATCH_GET_ITEM;
          case QUERY -> Operation.QUERY;
          case PUT_ITEM -> Operation.PUT_ITEM;
          case UPDATE_ITEM -> Operation.UPDATE_ITEM;
          case DELETE_ITEM -> Operation.DELETE_ITEM;
          case BATCH_WRITE_ITEM -> Operation.BATCH_WRITE_ITEM;
          // A condition check only exists inside a write transaction.
          case CONDITION_CHECK_ITEM -> Operation.TRANSACT_WRITE_ITEMS;
        });
      }
      for (AccessPatternSpec pattern : endpoint.patterns()) {
        if (pattern.operation().contains("TransactWriteItems")) {
          operations.add(Operation.TRANSACT_WRITE_ITEMS);
        }
      }
    }
    return operations;
  }

  public Alarm getApiServerErrorRate() {
    return apiServerErrorRate;
  }

  public Alarm getApiLatency() {
    return apiLatency;
  }

  public Alarm getTableThrottles() {
    return tableThrottles;
  }

  public Alarm getTableSystemErrors() {
    return tableSystemErrors;
  }

  public static Props.Builder props() {
    return new Props.Builder();
  }

  /** Properties of {@link ServiceAlarms}. */
  public static final class Props {
    final Domain domain;
    final HttpStage stage;
    final TableV2 table;
    final Set<Operation> operations;
    final ITopic alarmTopic;

    private Props(Builder b) {
      this.domain = b.domain;
      this.stage = b.stage;
      this.table = b.table;
      this.operations = b.operations;
      this.alarmTopic = b.alarmTopic;
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private Domain domain;
      private HttpStage stage;
      private TableV2 table;
      private Set<Operation> operations;
      private ITopic alarmTopic;

      /** The domain whose table and API are watched. Required. */
      public Builder domain(Domain domain) {
        this.domain = domain;
        return this;
      }

      /** API stage whose 5xx rate and latency are watched. Required. */
      public Builder stage(HttpStage stage) {
        this.stage = stage;
        return this;
      }

      /** The domain's table. Required. */
      public Builder table(TableV2 table) {
        this.table = table;
        return this;
      }

      /**
       * Operations whose throttles and system errors are watched; at most 10.
       *
       * @default {@link #operationsOf} the domain's endpoints
       */
      public Builder operations(Set<Operation> operations) {
        this.operations = operations;
        return this;
      }

      /** @default alarms without actions */
      public Builder alarmTopic(ITopic alarmTopic) {
        this.alarmTopic = alarmTopic;
        return this;
      }

      public Props build() {
        return new Props(this);
      }
    }
  }
}
