package dev.monotable.kit.catalog;

/**
 * The vocabulary of the service's metrics: the namespace, the two dimensions and the metric names
 * the functions write in their embedded-metric log lines ({@code kit.log.Emf}) and infra's alarms
 * and dashboard read. One place, so writer and readers cannot drift apart.
 */
public final class MetricNames {
  private MetricNames() {}

  /** Namespace when {@code POWERTOOLS_METRICS_NAMESPACE} is unset. */
  public static final String DEFAULT_NAMESPACE = "Monotable";
  /** Dimension: the domain's service name. */
  public static final String SERVICE = "service";
  /** Dimension: the access pattern (an endpoint's {@code metricPattern()}, or a stream's ST id). */
  public static final String ACCESS_PATTERN = "accessPattern";

  public static final String REQUESTS = "Requests";
  public static final String LATENCY = "Latency";
  public static final String STATUS_2XX = "Status2xx";
  public static final String STATUS_4XX = "Status4xx";
  public static final String STATUS_5XX = "Status5xx";
  /** Prefix of the per-code 4xx count, for example {@code 4xx.not_found}. */
  public static final String CLIENT_ERROR_PREFIX = "4xx.";
  public static final String DYNAMODB_REQUESTS = "DynamoDbRequests";
  public static final String READ_CAPACITY = "ReadCapacity";
  public static final String WRITE_CAPACITY = "WriteCapacity";
  public static final String CONDITIONAL_REFUSALS = "ConditionalRefusals";
  public static final String TRANSACTION_CONFLICTS = "TransactionConflicts";
  public static final String SDK_RETRIES = "SdkRetries";
  public static final String THROTTLES = "Throttles";
  public static final String COLD_START = "ColdStart";
  public static final String RECORDS = "Records";
  public static final String APPLIED = "Applied";
  public static final String ALREADY_APPLIED = "AlreadyApplied";
  public static final String IGNORED = "Ignored";
  public static final String FAILURES = "Failures";
  public static final String BATCH_LAG = "BatchLag";
  /** A migration's writes the two designs did not take alike, by {@link #OLD_TABLE} (kit.migrate.lambda.MigrationSignals). */
  public static final String MIGRATION_DIVERGENCES = "MigrationDivergences";
  /** A migration's reads whose two sides answered differently (read switch at {@code both}), by access pattern. */
  public static final String MIGRATION_READ_DIFFERENCES = "MigrationReadDifferences";
  /** A migration's reads answered from the old design (served), by access pattern. */
  public static final String MIGRATION_OLD_READS = "MigrationOldReads";
  /** A migration's reads made on the single table while a pattern is switched, by access pattern. */
  public static final String MIGRATION_NEW_READS = "MigrationNewReads";
  /** The dimension of {@link #MIGRATION_DIVERGENCES}: the old table written. */
  public static final String OLD_TABLE = "oldTable";
}
