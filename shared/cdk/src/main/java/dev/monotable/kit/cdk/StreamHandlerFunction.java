package dev.monotable.kit.cdk;

import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import io.github.cdklabs.cdknag.NagPackSuppression;
import io.github.cdklabs.cdknag.NagSuppressions;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import software.amazon.awscdk.Duration;
import software.amazon.awscdk.RemovalPolicy;
import software.amazon.awscdk.services.cloudwatch.Alarm;
import software.amazon.awscdk.services.cloudwatch.ComparisonOperator;
import software.amazon.awscdk.services.cloudwatch.MetricOptions;
import software.amazon.awscdk.services.cloudwatch.TreatMissingData;
import software.amazon.awscdk.services.cloudwatch.actions.SnsAction;
import software.amazon.awscdk.services.dynamodb.ITableV2;
import software.amazon.awscdk.services.iam.Effect;
import software.amazon.awscdk.services.iam.PolicyStatement;
import software.amazon.awscdk.services.lambda.Code;
import software.amazon.awscdk.services.lambda.EventSourceMapping;
import software.amazon.awscdk.services.lambda.FilterCriteria;
import software.amazon.awscdk.services.lambda.FilterRule;
import software.amazon.awscdk.services.lambda.StartingPosition;
import software.amazon.awscdk.services.lambda.eventsources.SqsDlq;
import software.amazon.awscdk.services.logs.RetentionDays;
import software.amazon.awscdk.services.sns.ITopic;
import software.amazon.awscdk.services.sqs.DeadLetterQueue;
import software.amazon.awscdk.services.sqs.Queue;
import software.amazon.awscdk.services.sqs.QueueEncryption;
import software.constructs.Construct;

/**
 * A consumer of the table's stream built from a {@link StreamHandlerDeclaration}: a
 * {@link RouteFunction} (SnapStart, alias, own role and log group, tracing), an event source
 * mapping on its alias that filters by event name and item {@code Type} before invoking, and an
 * SQS queue that receives the metadata of batches that exhausted their retries or grew older than
 * the declared maximum record age, with alarms on the queue's depth and on the function's
 * iterator age. A declared outlet is an SQS FIFO queue (with its dead-letter queue) the function
 * may only send to, its URL in {@code OUTLET_QUEUE_URL}.
 */
public final class StreamHandlerFunction extends Construct {

  /**
   * 60 s: a batch of up to 100 records makes one to three DynamoDB calls per record; a minute
   * leaves room for throttling retries, and a timeout only re-delivers the batch (handlers are
   * idempotent), it never loses it.
   */
  public static final Duration TIMEOUT = Duration.seconds(60);

  /**
   * Iterator age (how old the newest record handed to the function was) that raises the alarm:
   * five minutes of lag means the feed, counts and "recently updated" order are visibly stale.
   */
  public static final double ITERATOR_AGE_ALARM_MS = 300_000;

  private final StreamHandlerDeclaration declaration;
  private final RouteFunction function;
  private final EventSourceMapping mapping;
  private final Queue failures;
  private final Alarm iteratorAge;
  private final Alarm failedBatches;
  private final Queue outlet;
  private final Queue outletFailures;

  public StreamHandlerFunction(Construct scope, String id, Props props) {
    super(scope, id);
    StreamHandlerDeclaration declaration = Objects.requireNonNull(props.declaration, "declaration");
    this.declaration = declaration;
    Objects.requireNonNull(props.table, "table");
    String streamArn = Objects.requireNonNull(props.table.getTableStreamArn(), "the table has no stream");

    Map<String, String> environment = new java.util.TreeMap<>(props.environment);
    if (declaration.outlet() != null) {
      // A FIFO queue: the message's id is its deduplication id, so a resend after a crash is dropped.
      this.outletFailures = Queue.Builder.create(this, declaration.outlet() + "DeadLetters")
          .fifo(true)
          .encryption(QueueEncryption.SQS_MANAGED)
          .enforceSsl(true)
          .retentionPeriod(Duration.days(14))
          .removalPolicy(props.removalPolicy)
          .build();
      NagSuppressions.addResourceSuppressions(outletFailures, List.of(NagPackSuppression.builder()
          .id("AwsSolutions-SQS3")
          .reason("This queue is itself the dead-letter queue of the outlet queue.")
          .build()));
      this.outlet = Queue.Builder.create(this, declaration.outlet())
          .fifo(true)
          .encryption(QueueEncryption.SQS_MANAGED)
          .enforceSsl(true)
          .retentionPeriod(Duration.days(4))
          .deadLetterQueue(DeadLetterQueue.builder().queue(outletFailures).maxReceiveCount(5).build())
          .removalPolicy(props.removalPolicy)
          .build();
      environment.put(Env.OUTLET_QUEUE_URL, outlet.getQueueUrl());
    } else {
      this.outlet = null;
      this.outletFailures = null;
    }

    this.function = new RouteFunction(this, "Handler", RouteFunction.props()
        .handlerClass(declaration.handlerClass())
        .description(declaration.stream() + " (table stream): " + declaration.handlerClass())
        .code(props.code)
        .timeout(TIMEOUT)
        .environment(environment)
        .logRetention(props.logRetention)
        .logRemovalPolicy(props.removalPolicy)
        .tracing(props.tracing)
        .build());

    this.failures = Queue.Builder.create(this, "OnFailure")
        .encryption(QueueEncryption.SQS_MANAGED)
        .enforceSsl(true)
        .retentionPeriod(Duration.days(14))
        .removalPolicy(props.removalPolicy)
        .build();
    NagSuppressions.addResourceSuppressions(failures, List.of(NagPackSuppression.builder()
        .id("AwsSolutions-SQS3")
        .reason("This queue is itself the on-failure destination (dead letter) of the stream mapping.")
        .build()));

    // Lambda polls the stream with the function's role: read access to this stream only.
    function.allow(List.of(PolicyStatement.Builder.create()
        .sid("ReadTableStream")
        .effect(Effect.ALLOW)
        .actions(List.of("dynamodb:DescribeStream", "dynamodb:GetRecords", "dynamodb:GetShardIterator"))
        .resources(List.of(streamArn))
        .build(),
        PolicyStatement.Builder.create()
            .sid("ListTableStreams")
            .effect(Effect.ALLOW)
            .actions(List.of("dynamodb:ListStreams"))
            .resources(List.of("*"))
            .build()));
    NagSuppressions.addResourceSuppressions(function.getRole(), List.of(NagPackSuppression.builder()
        .id("AwsSolutions-IAM5")
        .reason("dynamodb:ListStreams has no resource-level permission (IAM only accepts '*'); "
            + "it lists stream ARNs, no data. Reads are limited to this table's stream.")
        .appliesTo(List.of("Resource::*"))
        .build()), true);
    function.allow(tableStatements(declaration, props.table.getTableArn()));
    if (outlet != null) {
      // Sending only, to this queue only: not grantSendMessages, which adds GetQueueAttributes and GetQueueUrl.
      function.allow(List.of(PolicyStatement.Builder.create()
          .sid("SendToOutlet")
          .effect(Effect.ALLOW)
          .actions(List.of("sqs:SendMessage"))
          .resources(List.of(outlet.getQueueArn()))
          .build()));
    }

    this.mapping = EventSourceMapping.Builder.create(this, "Mapping")
        .target(function.getAlias())
        .eventSourceArn(streamArn)
        .startingPosition(StartingPosition.TRIM_HORIZON)
        .batchSize(declaration.batchSize())
        .bisectBatchOnError(declaration.bisectBatchOnError())
        .retryAttempts(declaration.retryAttempts())
        .maxRecordAge(Duration.seconds(declaration.maximumRecordAgeSeconds()))
        .reportBatchItemFailures(declaration.reportBatchItemFailures())
        .onFailure(new SqsDlq(failures))
        .filters(filters(declaration))
        .build();

    // A message in the queue is records given up: never noise, and it stays until someone acts.
    this.failedBatches = Alarms.onAny(this, "FailedBatchesAlarm",
        declaration.handlerClass() + " gave up on stream records (see its on-failure queue)",
        failures.metricApproximateNumberOfMessagesVisible(
            MetricOptions.builder().period(Duration.minutes(5)).statistic("Maximum").build()));
    this.iteratorAge = Alarm.Builder.create(this, "IteratorAgeAlarm")
        .alarmDescription(declaration.handlerClass() + " lags behind the table stream by more than "
            + (long) (ITERATOR_AGE_ALARM_MS / 1000) + " s")
        .metric(function.getFunction().metric("IteratorAge",
            MetricOptions.builder().period(Duration.minutes(5)).statistic("Maximum").build()))
        .threshold(ITERATOR_AGE_ALARM_MS)
        // Two of three five-minute periods: one slow batch after a deploy is not an outage.
        .evaluationPeriods(3)
        .datapointsToAlarm(2)
        .comparisonOperator(ComparisonOperator.GREATER_THAN_THRESHOLD)
        .treatMissingData(TreatMissingData.NOT_BREACHING)
        .build();
    if (props.alarmTopic != null) {
      failedBatches.addAlarmAction(new SnsAction(props.alarmTopic));
      iteratorAge.addAlarmAction(new SnsAction(props.alarmTopic));
    }

    getNode().addValidation(declaration::problems);
  }

  /** Lambda ORs the filters: one per event name, on the image that event carries. */
  static List<Map<String, Object>> filters(StreamHandlerDeclaration declaration) {
    List<Map<String, Object>> filters = new ArrayList<>();
    List<String> types = List.copyOf(new TreeSet<>(declaration.itemTypes()));
    for (String eventName : new TreeSet<>(declaration.eventNames())) {
      String image = eventName.equals("REMOVE") ? "OldImage" : "NewImage";
      // Ordered maps: the pattern is rendered as a JSON string, which must not change between runs.
      Map<String, Object> pattern = new java.util.LinkedHashMap<>();
      pattern.put("eventName", FilterRule.isEqual(eventName));
      pattern.put("dynamodb", Map.of(image, Map.of(TableSchema.TYPE, Map.of("S", FilterRule.or(types.toArray(String[]::new))))));
      if (declaration.ttlDeletionsOnly()) {
        // What DynamoDB writes on the REMOVE record of a TTL deletion, and on no other record.
        Map<String, Object> identity = new java.util.LinkedHashMap<>();
        identity.put("type", FilterRule.isEqual(StreamHandlerDeclaration.TTL_IDENTITY_TYPE));
        identity.put("principalId", FilterRule.isEqual(StreamHandlerDeclaration.TTL_PRINCIPAL));
        pattern.put("userIdentity", identity);
      }
      filters.add(FilterCriteria.filter(pattern));
    }
    return filters;
  }

  static List<PolicyStatement> tableStatements(StreamHandlerDeclaration declaration, String tableArn) {
    List<PolicyStatement> statements = new ArrayList<>();
    List<String> actions = declaration.actions().stream().map(DynamoAction::iamName).sorted().toList();
    if (!actions.isEmpty()) {
      statements.add(PolicyStatement.Builder.create().sid("Table").effect(Effect.ALLOW)
          .actions(actions).resources(List.of(tableArn)).build());
    }
    if (!declaration.indexes().isEmpty()) {
      statements.add(PolicyStatement.Builder.create().sid("QueryIndexes").effect(Effect.ALLOW)
          .actions(List.of(DynamoAction.QUERY.iamName()))
          .resources(EnumSet.copyOf(declaration.indexes()).stream()
              .map((Gsi gsi) -> TableAccess.indexArn(tableArn, gsi)).toList())
          .build());
    }
    return statements;
  }

  public StreamHandlerDeclaration getDeclaration() {
    return declaration;
  }

  public RouteFunction getFunction() {
    return function;
  }

  public EventSourceMapping getMapping() {
    return mapping;
  }

  public Queue getFailures() {
    return failures;
  }

  /** The queue of the declaration's outlet, or null without one. */
  public Queue getOutlet() {
    return outlet;
  }

  public Alarm getIteratorAgeAlarm() {
    return iteratorAge;
  }

  public Alarm getFailedBatchesAlarm() {
    return failedBatches;
  }

  public static Props.Builder props() {
    return new Props.Builder();
  }

  /** Properties of a {@link StreamHandlerFunction}. */
  public static final class Props {
    final StreamHandlerDeclaration declaration;
    final ITableV2 table;
    final Code code;
    final Map<String, String> environment;
    final ITopic alarmTopic;
    final boolean tracing;
    final RetentionDays logRetention;
    final RemovalPolicy removalPolicy;

    private Props(Builder b) {
      this.declaration = b.declaration;
      this.table = b.table;
      this.code = b.code;
      this.environment = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(b.environment));
      this.alarmTopic = b.alarmTopic;
      this.tracing = b.tracing;
      this.logRetention = b.logRetention;
      this.removalPolicy = b.removalPolicy;
    }

    /** Builder of {@link Props}. */
    public static final class Builder {
      private StreamHandlerDeclaration declaration;
      private ITableV2 table;
      private Code code;
      private Map<String, String> environment = Map.of();
      private ITopic alarmTopic;
      private boolean tracing = true;
      private RetentionDays logRetention = RetentionDays.ONE_MONTH;
      private RemovalPolicy removalPolicy = RemovalPolicy.RETAIN;

      /** Required. */
      public Builder declaration(StreamHandlerDeclaration declaration) {
        this.declaration = declaration;
        return this;
      }

      /** The domain's table; must have a stream. Required. */
      public Builder table(ITableV2 table) {
        this.table = table;
        return this;
      }

      /** The functions jar asset. Required. */
      public Builder code(Code code) {
        this.code = code;
        return this;
      }

      /** @default none (add TABLE_NAME and LOG_LEVEL here) */
      public Builder environment(Map<String, String> environment) {
        this.environment = environment;
        return this;
      }

      /** @default alarms without actions */
      public Builder alarmTopic(ITopic alarmTopic) {
        this.alarmTopic = alarmTopic;
        return this;
      }

      /** X-Ray active tracing on the function ({@link RouteFunction.Props.Builder#tracing}). @default true */
      public Builder tracing(boolean tracing) {
        this.tracing = tracing;
        return this;
      }

      /** @default one month */
      public Builder logRetention(RetentionDays logRetention) {
        this.logRetention = logRetention;
        return this;
      }

      /** Of the log group and the on-failure queue. @default RETAIN */
      public Builder removalPolicy(RemovalPolicy removalPolicy) {
        this.removalPolicy = removalPolicy;
        return this;
      }

      public Props build() {
        return new Props(this);
      }
    }
  }
}
