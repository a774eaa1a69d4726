package dev.monotable.scripts.local;

import dev.monotable.shared.schema.TableSchema;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Emulates DynamoDB's TTL deletion, which moto does not perform: periodically deletes items whose
 * {@code TTL} (epoch seconds) has passed, each with a condition so an item refreshed meanwhile
 * survives. A local-runner tool: it scans, which application code never does.
 */
public final class TtlSweeper implements AutoCloseable {
  private final DynamoDbClient client;
  private final String table;
  private final Clock clock;
  private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "ttl-sweeper");
    t.setDaemon(true);
    return t;
  });

  public TtlSweeper(DynamoDbClient client, String table, Clock clock) {
    this.client = client;
    this.table = table;
    this.clock = clock;
  }

  public TtlSweeper every(long seconds) {
    executor.scheduleWithFixedDelay(() -> {
      try {
        sweep();
      } catch (RuntimeException e) {
        System.err.println("ttl-sweeper: " + e.getMessage());
      }
    }, seconds, seconds, TimeUnit.SECONDS);
    return this;
  }

  /** One pass; returns how many expired items were deleted. */
  public int sweep() {
    AttributeValue now = AttributeValue.fromN(Long.toString(clock.instant().getEpochSecond()));
    Map<String, AttributeValue> start = null;
    int deleted = 0;
    do {
      ScanRequest.Builder scan = ScanRequest.builder().tableName(table)
          .filterExpression("#ttl < :now")
          .expressionAttributeNames(Map.of("#ttl", TableSchema.TTL))
          .expressionAttributeValues(Map.of(":now", now));
      if (start != null) {
        scan.exclusiveStartKey(start);
      }
      var page = client.scan(scan.build());
      for (Map<String, AttributeValue> item : page.items()) {
        try {
          client.deleteItem(DeleteItemRequest.builder().tableName(table)
              .key(Map.of(TableSchema.PK, item.get(TableSchema.PK), TableSchema.SK, item.get(TableSchema.SK)))
              .conditionExpression("#ttl < :now")
              .expressionAttributeNames(Map.of("#ttl", TableSchema.TTL))
              .expressionAttributeValues(Map.of(":now", now))
              .build());
          deleted++;
        } catch (ConditionalCheckFailedException refreshed) {
          // The item's TTL moved forward since the scan: it is not expired any more.
        }
      }
      start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
    } while (start != null);
    return deleted;
  }

  @Override
  public void close() {
    executor.shutdownNow();
  }
}
