package dev.monotable.kit.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.testing.TestDomain;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Requests DynamoDB refuses, for the operations the kit uses: each is refused by the engine with
 * DynamoDB's exception type and message, and writes nothing. The cases follow the API reference
 * (ExpressionAttributeNames/Values: "must be used in an expression"; Key: "you must provide all of
 * the attributes for the primary key"; Limit: minimum 1) and DynamoDB's own words for them. Run
 * against the engine before issue 17 (DYNAMODB_ENDPOINT of that engine), 18 of the 31 cases fail.
 * Each case cleans up after itself, so one an engine wrongly accepts does not fail the next.
 */
class LocalEngineValidationTest {
  private static DynamoDbClient client;
  private static String table;

  @BeforeAll
  static void connect() {
    assumeTrue(LocalEngine.control(LocalDynamoDb.endpoint()).available(), "describes the local engine");
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
    table = "monotable-validation-" + UUID.randomUUID().toString().substring(0, 8);
    client.createTable(TestDomain.SCHEMA.createTableRequest(table));
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(table).build());
  }

  @AfterAll
  static void drop() {
    if (client != null) {
      client.deleteTable(b -> b.tableName(table));
      client.close();
    }
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static final Map<String, AttributeValue> KEY = Map.of("PK", s("V#1"), "SK", s("V#1"));
  private static final Map<String, AttributeValue> ONE = Map.of(":one", AttributeValue.fromN("1"));

  private static Arguments refused(String name, String message, Consumer<DynamoDbClient> call) {
    return Arguments.of(name, message, call);
  }

  static Stream<Arguments> cases() {
    String notSchema = "The provided key element does not match the schema";
    return Stream.of(
        // ---- expression attribute values
        refused("PutItem, a value its condition does not use",
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}",
            c -> c.putItem(b -> b.tableName(table).item(KEY).conditionExpression("attribute_not_exists(PK)")
                .expressionAttributeValues(Map.of(":x", s("1"))))),
        refused("UpdateItem, a value its expressions do not use",
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}",
            c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("ADD n :one")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":x", s("1"))))),
        refused("DeleteItem, a value its condition does not use",
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}",
            c -> c.deleteItem(b -> b.tableName(table).key(KEY).conditionExpression("attribute_exists(PK)")
                .expressionAttributeValues(Map.of(":x", s("1"))))),
        refused("Query, a value its expressions do not use",
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:z}",
            c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p")
                .expressionAttributeValues(Map.of(":p", s("V#1"), ":z", s("1"))))),
        refused("UpdateItem, a value it does not define",
            "Invalid UpdateExpression: An expression attribute value used in expression is not defined; attribute value: :a",
            c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET a = :a"))),
        refused("PutItem, a condition value it does not define",
            "Invalid ConditionExpression: An expression attribute value used in expression is not defined; attribute value: :v",
            c -> c.putItem(b -> b.tableName(table).item(KEY).conditionExpression("v = :v"))),
        refused("Query, a key condition value it does not define",
            "Invalid KeyConditionExpression: An expression attribute value used in expression is not defined; attribute value: :p",
            c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p"))),
        refused("Query, a filter value it does not define",
            "Invalid FilterExpression: An expression attribute value used in expression is not defined; attribute value: :f",
            c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p").filterExpression("v = :f")
                .expressionAttributeValues(Map.of(":p", s("V#1"))))),
        refused("PutItem, values without an expression",
            "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null",
            c -> c.putItem(b -> b.tableName(table).item(KEY).expressionAttributeValues(ONE))),
        // ---- expression attribute names
        refused("UpdateItem, a name its expressions do not use",
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}",
            c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("ADD n :one")
                .expressionAttributeNames(Map.of("#b", "b")).expressionAttributeValues(ONE))),
        refused("Query, a name its expressions do not use",
            "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}",
            c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p")
                .expressionAttributeNames(Map.of("#b", "b")).expressionAttributeValues(Map.of(":p", s("V#1"))))),
        refused("UpdateItem, a name it does not define",
            "Invalid UpdateExpression: An expression attribute name used in the document path is not defined; attribute name: #a",
            c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET #a = :one")
                .expressionAttributeValues(ONE))),
        refused("PutItem, a condition name it does not define",
            "Invalid ConditionExpression: An expression attribute name used in the document path is not defined; attribute name: #v",
            c -> c.putItem(b -> b.tableName(table).item(KEY).conditionExpression("attribute_not_exists(#v)"))),
        refused("GetItem, a projection name it does not define",
            "Invalid ProjectionExpression: An expression attribute name used in the document path is not defined; attribute name: #n",
            c -> c.getItem(b -> b.tableName(table).key(KEY).projectionExpression("#n"))),
        refused("GetItem, names without an expression",
            "ExpressionAttributeNames can only be specified when using expressions",
            c -> c.getItem(b -> b.tableName(table).key(KEY).expressionAttributeNames(Map.of("#n", "n")))),
        // ---- expression syntax and reserved words (moto already answers these as DynamoDB)
        refused("UpdateItem, a reserved word unescaped",
            "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: name",
            c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET name = :one")
                .expressionAttributeValues(ONE))),
        refused("UpdateItem, a syntax error",
            "Invalid UpdateExpression: Syntax error; token: \"=\", near: \"= = :one\"",
            c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET a = = :one")
                .expressionAttributeValues(ONE))),
        refused("Query, a key condition on a non-key attribute",
            "Query condition missed key schema element: PK",
            c -> c.query(b -> b.tableName(table).keyConditionExpression("x = :one").expressionAttributeValues(ONE))),
        // ---- keys
        refused("GetItem, a key of the wrong type", notSchema,
            c -> c.getItem(b -> b.tableName(table).key(Map.of("PK", AttributeValue.fromN("1"), "SK", s("V#1"))))),
        refused("GetItem, a key without its sort key", notSchema,
            c -> c.getItem(b -> b.tableName(table).key(Map.of("PK", s("V#1"))))),
        refused("DeleteItem, a key with an extra attribute", notSchema,
            c -> c.deleteItem(b -> b.tableName(table).key(Map.of("PK", s("V#1"), "SK", s("V#1"), "x", s("1"))))),
        refused("UpdateItem, a key of the wrong type", notSchema,
            c -> c.updateItem(b -> b.tableName(table).key(Map.of("PK", s("V#1"), "SK", AttributeValue.fromN("1")))
                .updateExpression("ADD n :one").expressionAttributeValues(ONE))),
        refused("BatchGetItem, a key without its sort key", notSchema,
            c -> c.batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder()
                .keys(Map.of("PK", s("V#1"))).build())))),
        refused("TransactGetItems, a key of the wrong type", notSchema,
            c -> c.transactGetItems(b -> b.transactItems(TransactGetItem.builder().get(Get.builder().tableName(table)
                .key(Map.of("PK", AttributeValue.fromN("1"), "SK", s("V#1"))).build()).build()))),
        refused("PutItem, an item without its sort key",
            "One or more parameter values were invalid: Missing the key SK in the item",
            c -> c.putItem(b -> b.tableName(table).item(Map.of("PK", s("V#1"))))),
        refused("PutItem, a key attribute of the wrong type",
            "One or more parameter values were invalid: Type mismatch for key PK expected: S actual: N",
            c -> c.putItem(b -> b.tableName(table).item(Map.of("PK", AttributeValue.fromN("1"), "SK", s("V#1"))))),
        refused("BatchWriteItem, an item without its sort key",
            "One or more parameter values were invalid: Missing the key SK in the item",
            c -> c.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(WriteRequest.builder()
                .putRequest(PutRequest.builder().item(Map.of("PK", s("V#1"))).build()).build()))))),
        refused("TransactWriteItems, a ConditionCheck key without its sort key", notSchema,
            c -> c.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().conditionCheck(ConditionCheck
                .builder().tableName(table).key(Map.of("PK", s("V#1"))).conditionExpression("attribute_exists(PK)")
                .build()).build()))),
        refused("TransactWriteItems, an Update value it does not use",
            "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}",
            c -> c.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().update(Update.builder()
                .tableName(table).key(KEY).updateExpression("ADD n :one")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":x", s("1")))
                .build()).build()))),
        refused("TransactWriteItems, two actions on one item",
            "Transaction request cannot include multiple operations on one item",
            c -> c.transactWriteItems(b -> b.transactItems(
                TransactWriteItem.builder().put(Put.builder().tableName(table).item(KEY).build()).build(),
                TransactWriteItem.builder().put(Put.builder().tableName(table).item(KEY).build()).build()))),
        // ---- limits
        refused("Query, Limit 0",
            "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value "
                + "greater than or equal to 1",
            c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p").limit(0)
                .expressionAttributeValues(Map.of(":p", s("V#1"))))));
  }

  private static List<Map<String, AttributeValue>> partition() {
    return client.query(b -> b.tableName(table).consistentRead(true).keyConditionExpression("PK = :p")
        .expressionAttributeValues(Map.of(":p", s("V#1")))).items();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aRequestDynamoDbRefuses_isRefusedWithItsTypeAndMessage_andWritesNothing(String name, String message,
      Consumer<DynamoDbClient> call) {
    List<Map<String, AttributeValue>> before = partition();
    try {
      DynamoDbException e = assertThrows(DynamoDbException.class, () -> call.accept(client), name);
      assertEquals(400, e.statusCode(), name);
      assertEquals("ValidationException", e.awsErrorDetails().errorCode(), name);
      assertEquals(message, e.awsErrorDetails().errorMessage(), name);
      assertEquals(before, partition(), name + " wrote nothing");
    } finally {
      // Each case on its own: what an engine wrongly accepted must not fail the next case.
      client.deleteItem(b -> b.tableName(table).key(KEY));
    }
  }
}
