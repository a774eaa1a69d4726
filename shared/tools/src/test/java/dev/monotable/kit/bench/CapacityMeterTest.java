package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The meter adds up the ConsumedCapacity the engine answers for real calls (the engine's own rules
 * are tested by LocalEngineCapacityTest): it asks for it on every call, and reads the index share.
 */
@ExtendWith(DynamoDbExtension.class)
class CapacityMeterTest {
  private static CapacityMeter meter;
  private static DynamoDbClient client;
  private static String table;

  @BeforeAll
  static void setUp(TestTable t) {
    table = t.name();
    meter = new CapacityMeter();
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(), meter);
  }

  @AfterAll
  static void tearDown() {
    client.close();
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static Map<String, AttributeValue> issue(String id, String body) {
    Map<String, AttributeValue> i = new HashMap<>(Map.of("PK", s("ISSUE#" + id), "SK", s("ISSUE#" + id),
        "GSI1PK", s("ISSUES#" + id), "GSI1SK", s("ISSUE#1"), "GSI4PK", s("ISSUES#" + id), "GSI4SK", s("OPEN#1"),
        "Type", s("Issue")));
    i.put("Body", s(body));
    return i;
  }

  private static Map<String, AttributeValue> key(String pk) {
    return Map.of("PK", s(pk), "SK", s(pk));
  }

  @Test
  void putThenUpdate_shouldCountTheItemAndEachIndexEntry_twiceWhenTheKeyMoves() {
    meter.start();
    client.putItem(PutItemRequest.builder().tableName(table).item(issue("m1", "small")).build());
    // A new item under 1 KB with GSI1 and GSI4 keys: 1 write, plus 1 per index entry.
    assertEquals(new Capacity.Units(0, 3, 2), meter.stop());

    meter.start();
    client.updateItem(UpdateItemRequest.builder().tableName(table).key(key("ISSUE#m1"))
        .updateExpression("SET GSI4SK = :c").expressionAttributeValues(Map.of(":c", s("CLOSED#1"))).build());
    // GSI4's key moved (delete + put), GSI1's entry changed in place (1), the item itself (1).
    assertEquals(new Capacity.Units(0, 4, 3), meter.stop());
    assertEquals(Capacity.Units.ZERO, meter.stop(), "stopped: nothing more is priced");
    client.putItem(PutItemRequest.builder().tableName(table).item(issue("m1b", "unpriced")).build());
    assertEquals(Capacity.Units.ZERO, meter.stop(), "calls while stopped are not priced");
  }

  @Test
  void transaction_shouldDoubleEveryItem_theConditionCheckIncluded() {
    client.putItem(PutItemRequest.builder().tableName(table).item(issue("m2", "x")).build());
    meter.start();
    client.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
        TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table).key(key("ISSUE#m2"))
            .conditionExpression("attribute_exists(PK)").build()).build(),
        TransactWriteItem.builder().put(Put.builder().tableName(table)
            .item(Map.of("PK", s("REPO#m2"), "SK", s("ISSUE#1#COMMENT#1"), "Type", s("IssueComment"))).build())
            .build()).build());
    assertEquals(new Capacity.Units(0, 4, 0), meter.stop());
  }

  @Test
  void reads_shouldRoundPerItemForGetsAndOnceForAQuery() {
    String big = "x".repeat(5 * 1024);
    client.putItem(PutItemRequest.builder().tableName(table).item(issue("m3", big)).build());
    client.putItem(PutItemRequest.builder().tableName(table).item(Map.of("PK", s("Q#m3"), "SK", s("A"),
        "Body", s(big))).build());
    client.putItem(PutItemRequest.builder().tableName(table).item(Map.of("PK", s("Q#m3"), "SK", s("B"),
        "Body", s("y".repeat(2 * 1024)))).build());

    meter.start();
    // 5 KB rounds to 8 KB: 2 units strongly consistent, 1 eventually.
    client.getItem(GetItemRequest.builder().tableName(table).key(key("ISSUE#m3")).consistentRead(true).build());
    assertEquals(2.0, meter.stop().read());
    meter.start();
    client.getItem(GetItemRequest.builder().tableName(table).key(key("ISSUE#m3")).build());
    assertEquals(1.0, meter.stop().read());

    meter.start();
    // Projection does not shrink the bill: the whole 5 KB item is read. A missing key costs 1 unit.
    client.batchGetItem(BatchGetItemRequest.builder().requestItems(Map.of(table, KeysAndAttributes.builder()
        .keys(List.of(key("ISSUE#m3"), key("ISSUE#none"))).projectionExpression("PK").consistentRead(true).build()))
        .build());
    assertEquals(3.0, meter.stop().read());

    meter.start();
    // 5 KB + 2 KB summed once: 7 KB rounds to 8 KB, 2 units strongly consistent (the items alone would be 3).
    client.query(QueryRequest.builder().tableName(table).keyConditionExpression("PK = :p")
        .expressionAttributeValues(Map.of(":p", s("Q#m3"))).consistentRead(true).build());
    assertEquals(new Capacity.Units(2, 0, 0), meter.stop());
  }
}
