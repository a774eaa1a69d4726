package dev.monotable.kit.engine;

import dev.monotable.testing.TestDomain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * What the local engine still does differently from DynamoDB, one test per row of
 * docs/local-engine.md. Each asserts the engine's behaviour as it is, so a moto upgrade that fixes
 * one fails here and the row can go. Application code depends on none of these (the SDK guard of
 * the test suite and the code's own checks cover the ones that would hide a bug). Runs only
 * against the local engine.
 */
class LocalEngineDeparturesTest {
  private static DynamoDbClient client;
  private static String table;

  @BeforeAll
  static void connect() {
    assumeTrue(LocalEngine.control(LocalDynamoDb.endpoint()).available(), "describes the local engine only");
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
    table = "monotable-departures-" + UUID.randomUUID().toString().substring(0, 8);
    client.createTable(TestDomain.SCHEMA.createTableRequest(table));
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(table).build());
  }

  @AfterAll
  static void drop() {
    if (client != null) {
      client.deleteTable(DeleteTableRequest.builder().tableName(table).build());
      client.close();
    }
  }

  private static Map<String, AttributeValue> item(String pk, String sk, String attr, AttributeValue value) {
    return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk), attr, value);
  }

  // DynamoDB: a Scan with Select=COUNT answers Count only.
  @Test
  void scanWithSelectCount_alsoReturnsItems() {
    client.putItem(PutItemRequest.builder().tableName(table).item(item("COUNT", "1", "n", AttributeValue.fromN("1"))).build());
    var r = client.scan(b -> b.tableName(table).select(Select.COUNT));
    assertTrue(r.count() >= 1);
    assertTrue(r.hasItems() && !r.items().isEmpty(), "moto returns the items with the count");
  }

  // DynamoDB: a Query whose Limit is reached returns a LastEvaluatedKey, even at the partition's last item
  // (the next page is then empty); the engine returns one only when more items follow.
  @Test
  void aQueryReachingItsLimitAtTheLastItem_returnsNoLastEvaluatedKey() {
    client.putItem(PutItemRequest.builder().tableName(table).item(item("LIMIT", "1", "n", AttributeValue.fromN("1"))).build());
    client.putItem(PutItemRequest.builder().tableName(table).item(item("LIMIT", "2", "n", AttributeValue.fromN("2"))).build());
    var first = client.query(b -> b.tableName(table).keyConditionExpression("PK = :p").limit(1)
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("LIMIT"))));
    assertTrue(first.hasLastEvaluatedKey() && !first.lastEvaluatedKey().isEmpty(), "more items follow: a key");
    var last = client.query(b -> b.tableName(table).keyConditionExpression("PK = :p").limit(2)
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("LIMIT"))));
    assertEquals(2, last.count());
    assertTrue(!last.hasLastEvaluatedKey() || last.lastEvaluatedKey().isEmpty(), "the engine: no key at the last item");
  }

  // DynamoDB: UPDATED_NEW returns only the attributes the update wrote, not the key.
  @Test
  void updatedNew_onAnUpsert_alsoReturnsTheKey() {
    var r = client.updateItem(b -> b.tableName(table)
        .key(Map.of("PK", AttributeValue.fromS("UPSERT"), "SK", AttributeValue.fromS("1")))
        .updateExpression("SET x = :v").expressionAttributeValues(Map.of(":v", AttributeValue.fromS("y")))
        .returnValues(ReturnValue.UPDATED_NEW));
    assertEquals(List.of("PK", "SK", "x"), r.attributes().keySet().stream().sorted().toList());
  }

  // DynamoDB rejects enabling TTL on a table where it is already enabled (ValidationException).
  @Test
  void enablingTtlTwice_isAccepted() {
    client.updateTimeToLive(TableSchema.enableTtlRequest(table));
    client.updateTimeToLive(TableSchema.enableTtlRequest(table));
  }

  // DynamoDB: a filter comparing values of different types is false for that item; moto fails
  // the whole request (the engine answers 400, where plain moto answered 500).
  @Test
  void aFilterComparingDifferentTypes_failsTheRequest() {
    client.putItem(PutItemRequest.builder().tableName(table).item(item("MIXED", "1", "v", AttributeValue.fromN("1"))).build());
    client.putItem(PutItemRequest.builder().tableName(table).item(item("MIXED", "2", "v", AttributeValue.fromS("x"))).build());
    DynamoDbException e = assertThrows(DynamoDbException.class, () -> client.query(b -> b.tableName(table)
        .keyConditionExpression("PK = :p").filterExpression("v > :n")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("MIXED"), ":n", AttributeValue.fromN("0")))));
    assertEquals(400, e.statusCode());
  }

  // DynamoDB rejects a transaction whose items add up to more than 4 MB.
  @Test
  void aTransactionOverFourMegabytes_isAccepted() {
    List<TransactWriteItem> puts = IntStream.range(0, 12).mapToObj(i -> TransactWriteItem.builder().put(Put.builder()
        .tableName(table).item(item("HUGE", Integer.toString(i), "b", AttributeValue.fromS("x".repeat(390_000)))).build())
        .build()).toList();
    client.transactWriteItems(b -> b.transactItems(puts));
  }
}
