package dev.monotable.testing;

import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.schema.TableSchema;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/** A freshly created table for one test class, with helpers to inspect the exact items written. */
public record TestTable(DynamoDbClient client, String name) {

  /** Fixed test key for cursors, so tests can forge and alter cursors deliberately. */
  public static final byte[] CURSOR_SECRET = "monotable-test-cursor-secret-0123456789".getBytes(StandardCharsets.UTF_8);

  public CursorCodec cursors() {
    return new CursorCodec(CURSOR_SECRET);
  }

  public TableGateway gateway(Clock clock) {
    return new TableGateway(client, name, cursors(), clock);
  }

  /** The raw item at a key, read consistently, for assertions on keys and attributes. */
  public Optional<Map<String, AttributeValue>> item(Key key) {
    var r = client.getItem(GetItemRequest.builder().tableName(name).key(key.toMap()).consistentRead(true).build());
    return r.hasItem() && !r.item().isEmpty() ? Optional.of(r.item()) : Optional.empty();
  }

  public void put(Map<String, AttributeValue> item) {
    client.putItem(PutItemRequest.builder().tableName(name).item(item).build());
  }

  /** Every item of the table. Tests only: application code never scans. */
  public List<Map<String, AttributeValue>> scanAll() {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    DynamoDbLimitGuard.allowScan(true);
    try {
      do {
        ScanRequest.Builder b = ScanRequest.builder().tableName(name).consistentRead(true);
        if (start != null) {
          b.exclusiveStartKey(start);
        }
        ScanResponse r = client.scan(b.build());
        items.addAll(r.items());
        start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
      } while (start != null);
    } finally {
      DynamoDbLimitGuard.allowScan(false);
    }
    return items;
  }

  /** Items of one Type. */
  public List<Map<String, AttributeValue>> itemsOfType(String type) {
    return scanAll().stream().filter(i -> i.containsKey(TableSchema.TYPE) && type.equals(i.get(TableSchema.TYPE).s()))
        .toList();
  }
}
