package dev.monotable.kit.cdk;

import dev.monotable.kit.catalog.MetricNames;
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
import software.amazon.awscdk.services.cloudwatch.Metric;
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
 * The alarms on a domain's service objectives: the API stage's 5xx rate and p99 latency, the p99
 * handler latency of each access pattern against the target its declaration gives ({@link
 * Endpoint#latencyTargetP99Ms()}, read from the functions' embedded metrics), and the table's
 * throttled requests and system errors for the operations its endpoints use. Each notifies the
 * alarm topic and needs more than one datapoint where one could be noise; what to check first for
 * each is in docs/operations.md. A stream consumer's alarms (iterator age, on-failure queue) live
 * with its {@link StreamHandlerFunction}.
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
  private final Map<String, Alarm> patternLatency = new java.util.LinkedHashMap<>();

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
    this.tableThrottles = Alarms.sustained(this, "TableThrottledRequests", "DynamoDB throttled requests on " + table,
        props.table.metricThrottledRequestsForOperations(OperationsMetricOptions.builder()
            .operations(operations).period(period).build()));
    this.tableSystemErrors = Alarms.sustained(this, "TableSystemErrors",
        "DynamoDB system errors (HTTP 500) on " + table,
        props.table.metricSystemErrorsForOperations(SystemErrorsForOperationsMetricOptions.builder()
            .operations(operations).period(period).build()));

    String service = props.service != null ? props.service : props.domain.name();
    for (Map.Entry<String, Integer> target : latencyTargets(props.domain.endpoints()).entrySet()) {
      String pattern = target.getKey();
      patternLatency.put(pattern, Alarm.Builder.create(this, "LatencyP99" + pattern)
          .alarmDescription(pattern + " handler p99 latency above its target of " + target.getValue() + " ms")
          .metric(patternMetric(props.namespace, service, pattern, MetricNames.LATENCY, "p99", period))
          .threshold(target.getValue())
          .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
          // Three of five periods: one slow restore or one slow page is not a trend.
          .evaluationPeriods(5)
          .datapointsToAlarm(3)
          .treatMissingData(TreatMissingData.NOT_BREACHING)
          .build());
    }

    if (props.alarmTopic != null) {
      SnsAction action = new SnsAction(props.alarmTopic);
      List<Alarm> all = new java.util.ArrayList<>(List.of(apiServerErrorRate, apiLatency, tableThrottles,
          tableSystemErrors));
      all.addAll(patternLatency.values());
      for (Alarm alarm : all) {
        alarm.addAlarmAction(action);
      }
    }

    getNode().addValidation(() -> operations.isEmpty()
        ? List.of("no DynamoDB operations to watch")
        // CloudWatch allows at most 10 metrics in one alarm's math expression.
        : operations.size() > 10 ? List.of("more than 10 operations in one alarm: " + operations) : List.of());
  }

  /**
   * The p99 target of each access pattern dimension ({@link Endpoint#metricPattern()}), in catalog
   * order; two routes of one pattern share the larger of their targets.
   */
  public static Map<String, Integer> latencyTargets(List<Endpoint> endpoints) {
    Map<String, Integer> targets = new java.util.LinkedHashMap<>();
    for (Endpoint e : endpoints) {
      targets.merge(e.metricPattern(), e.latencyTargetP99Ms(), Math::max);
    }
    return targets;
  }

  /** One metric of the functions' embedded metrics, for one access pattern of a service. */
  public static Metric patternMetric(String namespace, String service, String pattern, String name, String statistic,
      Duration period) {
    // Sorted dimensions: the template must not vary between runs.
    return Metric.Builder.create()
        .namespace(namespace)
        .metricName(name)
        .dimensionsMap(new TreeMap<>(Map.of(MetricNames.SERVICE, service, MetricNames.ACCESS_PATTERN, pattern)))
        .statistic(statistic)
        .period(period)
        .build();
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
        if (pattern.calls().includes(dev.monotable.kit.catalog.Operation.TRANSACT_WRITE_ITEMS)) {
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

  /** The p99 latency alarm of each access pattern dimension. */
  public Map<String, Alarm> getPatternLatency() {
    return java.util.Collections.unmodifiableMap(patternLatency);
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
    final String namespace;
    final String service;

    private Props(Builder b) {
      this.domain = b.domain;
      this.stage = b.stage;
      this.table = b.table;
      this.operations = b.operations;
      this.alarmTopic = b.alarmTopic;
      this.namespace = b.namespace;
      this.service = b.service;
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private Domain domain;
      private HttpStage stage;
      private TableV2 table;
      private Set<Operation> operations;
      private ITopic alarmTopic;
      private String namespace = MetricNames.DEFAULT_NAMESPACE;
      private String service;

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

      /** Namespace of the functions' metrics. @default {@link MetricNames#DEFAULT_NAMESPACE} */
      public Builder namespace(String namespace) {
        this.namespace = namespace;
        return this;
      }

      /** The {@code service} dimension of the functions' metrics. @default the domain's name */
      public Builder service(String service) {
        this.service = service;
        return this;
      }

      public Props build() {
        return new Props(this);
      }
    }
  }
}
