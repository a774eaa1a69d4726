package dev.monotable.kit.cdk;

import dev.monotable.kit.catalog.MetricNames;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awscdk.CfnResource;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.services.apigatewayv2.HttpStage;
import software.amazon.awscdk.services.cloudwatch.Dashboard;
import software.amazon.awscdk.services.cloudwatch.GraphWidget;
import software.amazon.awscdk.services.cloudwatch.HorizontalAnnotation;
import software.amazon.awscdk.services.cloudwatch.IMetric;
import software.amazon.awscdk.services.cloudwatch.IWidget;
import software.amazon.awscdk.services.cloudwatch.MathExpression;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.TextWidget;
import software.amazon.awscdk.services.dynamodb.Operation;
import software.amazon.awscdk.services.dynamodb.TableV2;
import software.constructs.Construct;

/**
 * One CloudWatch dashboard per domain stack, built from the domain's declarations so a new access
 * pattern or stream consumer appears on it without editing it: per access pattern, handler latency
 * p50/p99 against its target and its answers and capacity (the functions' embedded metrics);
 * the table's throttles, system errors, request latency per operation and TTL deletions, and where
 * Contributor Insights shows its hottest and most throttled keys; the HTTP API's requests, 4xx, 5xx
 * and latency; each stream consumer's iterator age, records, failures and on-failure queue depth;
 * cold starts.
 */
public final class ServiceDashboard extends Construct {
  private static final Duration PERIOD = Duration.minutes(5);
  private static final int FULL = 24;
  private static final int HALF = 12;

  private final Dashboard dashboard;

  public ServiceDashboard(Construct scope, String id, Props props) {
    super(scope, id);
    Domain domain = Objects.requireNonNull(props.domain, "domain");
    Objects.requireNonNull(props.table, "table");
    Objects.requireNonNull(props.stage, "stage");
    String service = props.service != null ? props.service : domain.name();
    String namespace = props.namespace;
    List<IWidget> widgets = new ArrayList<>();

    widgets.add(text("# " + domain.name() + ": the service\n"
        + "Alarms and what to check first: docs/operations.md. Metrics: namespace `" + namespace
        + "`, dimensions `service`=" + service + ", `accessPattern`."));
    widgets.add(graph("HTTP API: requests, 4xx, 5xx", FULL,
        List.of(props.stage.metricCount(sum()), props.stage.metricClientError(sum()),
            props.stage.metricServerError(sum())),
        List.of(props.stage.metricLatency(stat("p50")), props.stage.metricLatency(stat("p99")))));
    widgets.add(graph("Cold starts by access pattern", FULL, List.of(search(namespace, service, MetricNames.COLD_START)),
        List.of()));

    widgets.add(text("## Access patterns\nHandler latency p50/p99 (ms, the line is the pattern's target) | "
        + "answers and DynamoDB work per 5 minutes"));
    for (Map.Entry<String, Integer> p : ServiceAlarms.latencyTargets(domain.endpoints()).entrySet()) {
      String pattern = p.getKey();
      widgets.add(GraphWidget.Builder.create()
          .title(pattern + " latency")
          .width(HALF)
          .left(List.of(metric(namespace, service, pattern, MetricNames.LATENCY, "p50"),
              metric(namespace, service, pattern, MetricNames.LATENCY, "p99")))
          .leftAnnotations(List.of(HorizontalAnnotation.builder().value(p.getValue()).label("p99 target").build()))
          .build());
      widgets.add(graph(pattern + " answers and capacity", HALF,
          List.of(metric(namespace, service, pattern, MetricNames.REQUESTS, "Sum"),
              metric(namespace, service, pattern, MetricNames.STATUS_4XX, "Sum"),
              metric(namespace, service, pattern, MetricNames.STATUS_5XX, "Sum"),
              metric(namespace, service, pattern, MetricNames.CONDITIONAL_REFUSALS, "Sum")),
          List.of(metric(namespace, service, pattern, MetricNames.READ_CAPACITY, "Sum"),
              metric(namespace, service, pattern, MetricNames.WRITE_CAPACITY, "Sum"),
              metric(namespace, service, pattern, MetricNames.DYNAMODB_REQUESTS, "Sum"))));
    }

    TableV2 table = props.table;
    Set<Operation> operations = ServiceAlarms.operationsOf(domain.endpoints());
    widgets.add(text("## Table"));
    // One math expression per graph: each names its per-operation metrics by the operation.
    widgets.add(graph("Table: throttled requests | TTL deletions", HALF,
        List.of(table.metricThrottledRequestsForOperations(
            software.amazon.awscdk.services.dynamodb.OperationsMetricOptions.builder()
                .operations(List.copyOf(operations)).period(PERIOD).build())),
        List.of(table.metric("TimeToLiveDeletedItemCount", sum()))));
    widgets.add(graph("Table: system errors (HTTP 500)", HALF,
        List.of(table.metricSystemErrorsForOperations(
            software.amazon.awscdk.services.dynamodb.SystemErrorsForOperationsMetricOptions.builder()
                .operations(List.copyOf(operations)).period(PERIOD).build())),
        List.of()));
    List<IMetric> latency = new ArrayList<>();
    for (Operation op : operations) {
      latency.add(table.metricSuccessfulRequestLatency(MetricOptions.builder()
          .dimensionsMap(new TreeMap<>(Map.of("TableName", table.getTableName(), "Operation", cloudWatchName(op))))
          .statistic("Average").period(PERIOD).build()));
    }
    widgets.add(graph("Table: request latency per operation (ms, average)", FULL, latency, List.of()));
    widgets.add(text(contributorInsights(props.contributorInsights, domain, table)));

    if (!props.streams.isEmpty()) {
      widgets.add(text("## Stream consumers"));
    }
    for (StreamHandlerFunction s : props.streams) {
      String stream = s.getDeclaration().stream();
      widgets.add(graph(stream + " " + s.getDeclaration().handlerName() + ": iterator age (ms) and queue", HALF,
          List.of(s.getFunction().getFunction().metric("IteratorAge", stat("Maximum")),
              metric(namespace, service, stream, MetricNames.BATCH_LAG, "Maximum")),
          List.of(s.getFailures().metricApproximateNumberOfMessagesVisible(stat("Maximum")))));
      widgets.add(graph(stream + " records", HALF,
          List.of(metric(namespace, service, stream, MetricNames.RECORDS, "Sum"),
              metric(namespace, service, stream, MetricNames.APPLIED, "Sum"),
              metric(namespace, service, stream, MetricNames.IGNORED, "Sum"),
              metric(namespace, service, stream, MetricNames.FAILURES, "Sum")),
          List.of(s.getFunction().getFunction().metricErrors(sum()))));
    }

    this.dashboard = Dashboard.Builder.create(this, "Dashboard")
        .dashboardName(props.dashboardName)
        .defaultInterval(Duration.hours(3))
        .build();
    // Each widget on a row of its own width; CloudWatch flows them left to right.
    dashboard.addWidgets(widgets.toArray(IWidget[]::new));
    // Tags an app puts on every resource are not a property CloudFormation's dashboard schema takes
    // (cfn-lint E3002): the dashboard goes untagged.
    ((CfnResource) dashboard.getNode().getDefaultChild()).addPropertyDeletionOverride("Tags");
  }

  /** {@code GET_ITEM} to {@code GetItem}: the {@code Operation} dimension's value. */
  static String cloudWatchName(Operation op) {
    StringBuilder b = new StringBuilder();
    for (String word : op.name().split("_")) {
      b.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
    }
    return b.toString();
  }

  private static String contributorInsights(boolean on, Domain domain, TableV2 table) {
    StringBuilder b = new StringBuilder("### Hottest and most throttled keys\n");
    if (!on) {
      return b.append("Contributor Insights is off on this stage (context `contributorInsights=true` turns it on)."
          + " Without it, the table's throttles above say that a key is hot, not which one.").toString();
    }
    b.append("Contributor Insights is on for the table and each index (")
        .append(String.join(", ", domain.schema().gsis().stream().map(Gsi::indexName).toList()))
        .append("). CloudWatch > Insights > Contributor Insights, rules `DynamoDBContributorInsights-*` of the "
            + "stack's table (output `TableName`): most accessed (PKC/SKC) and most throttled (PKT/SKT) keys; "
            + "or the table's Monitor tab in the DynamoDB console.");
    return b.toString();
  }

  private static IWidget text(String markdown) {
    return TextWidget.Builder.create().markdown(markdown).width(FULL).height(2).build();
  }

  private static IWidget graph(String title, int width, List<? extends IMetric> left, List<? extends IMetric> right) {
    GraphWidget.Builder b = GraphWidget.Builder.create().title(title).width(width).left(List.copyOf(left));
    if (!right.isEmpty()) {
      b.right(List.copyOf(right));
    }
    return b.build();
  }

  private static IMetric metric(String namespace, String service, String pattern, String name, String statistic) {
    return ServiceAlarms.patternMetric(namespace, service, pattern, name, statistic, PERIOD);
  }

  /** Every access pattern's series of one metric, found by search: one line each. */
  private static IMetric search(String namespace, String service, String name) {
    return MathExpression.Builder.create()
        .expression("SEARCH('{" + namespace + "," + MetricNames.ACCESS_PATTERN + "," + MetricNames.SERVICE + "} MetricName=\""
            + name + "\" " + MetricNames.SERVICE + "=\"" + service + "\"', 'Sum', 300)")
        .label(name)
        .period(PERIOD)
        .build();
  }

  private static MetricOptions sum() {
    return stat("Sum");
  }

  private static MetricOptions stat(String statistic) {
    return MetricOptions.builder().statistic(statistic).period(PERIOD).build();
  }

  public Dashboard getDashboard() {
    return dashboard;
  }

  public static Props.Builder props() {
    return new Props.Builder();
  }

  /** Properties of a {@link ServiceDashboard}. */
  public static final class Props {
    final Domain domain;
    final TableV2 table;
    final HttpStage stage;
    final List<StreamHandlerFunction> streams;
    final String namespace;
    final String service;
    final String dashboardName;
    final boolean contributorInsights;

    private Props(Builder b) {
      this.domain = b.domain;
      this.table = b.table;
      this.stage = b.stage;
      this.streams = List.copyOf(b.streams);
      this.namespace = b.namespace;
      this.service = b.service;
      this.dashboardName = b.dashboardName;
      this.contributorInsights = b.contributorInsights;
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private Domain domain;
      private TableV2 table;
      private HttpStage stage;
      private List<StreamHandlerFunction> streams = List.of();
      private String namespace = MetricNames.DEFAULT_NAMESPACE;
      private String service;
      private String dashboardName;
      private boolean contributorInsights;

      /** The domain whose patterns and consumers are shown. Required. */
      public Builder domain(Domain domain) {
        this.domain = domain;
        return this;
      }

      /** Required. */
      public Builder table(TableV2 table) {
        this.table = table;
        return this;
      }

      /** The HTTP API's stage. Required. */
      public Builder stage(HttpStage stage) {
        this.stage = stage;
        return this;
      }

      /** @default none */
      public Builder streams(List<StreamHandlerFunction> streams) {
        this.streams = streams;
        return this;
      }

      /** @default {@link MetricNames#DEFAULT_NAMESPACE} */
      public Builder namespace(String namespace) {
        this.namespace = namespace;
        return this;
      }

      /** @default the domain's name */
      public Builder service(String service) {
        this.service = service;
        return this;
      }

      /** @default generated by CloudFormation */
      public Builder dashboardName(String dashboardName) {
        this.dashboardName = dashboardName;
        return this;
      }

      /** Whether the table has Contributor Insights (the dashboard says where to look). @default false */
      public Builder contributorInsights(boolean contributorInsights) {
        this.contributorInsights = contributorInsights;
        return this;
      }

      public Props build() {
        return new Props(this);
      }
    }
  }
}
