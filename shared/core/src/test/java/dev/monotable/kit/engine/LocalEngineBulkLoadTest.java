package dev.monotable.kit.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestDomain;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The engine's bulk load ({@code POST /_engine/load}, {@link LocalEngine.Control#load}): JSON lines
 * of items in ImportTable's format, each checked as PutItem checks its item, all or nothing,
 * indexed for queries at once. Runs only against the local engine.
 */
class LocalEngineBulkLoadTest {
  private static DynamoDbClient client;
  private static String table;
  private static LocalEngine.Control engine;

  @BeforeAll
  static void connect() {
    engine = LocalEngine.control(LocalDynamoDb.endpoint());
    assumeTrue(engine.available(), "the bulk load is the local engine's");
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
    table = "monotable-bulk-" + UUID.randomUUID().toString().substring(0, 8);
    client.createTable(TestDomain.SCHEMA.createTableRequest(table));
    client.waiter().waitUntilTableExists(b -> b.tableName(table));
  }

  @AfterAll
  static void drop() {
    if (client != null) {
      client.deleteTable(b -> b.tableName(table));
      client.close();
    }
  }

  @Test
  void loadedItems_areThereAttributeForAttribute_andInTheirIndex() {
    int loaded = engine.load(table, """
        {"Item": {"PK": {"S": "BULK#1"}, "SK": {"S": "A"}, "GSI1PK": {"S": "G#bulk"}, "GSI1SK": {"S": "2"}, "n": {"N": "1.50"}}}
        {"PK": {"S": "BULK#1"}, "SK": {"S": "B"}, "GSI1PK": {"S": "G#bulk"}, "GSI1SK": {"S": "1"}, "tags": {"SS": ["x", "y"]}}

        """);

    assertEquals(2, loaded);
    var a = client.getItem(b -> b.tableName(table).consistentRead(true)
        .key(Map.of("PK", AttributeValue.fromS("BULK#1"), "SK", AttributeValue.fromS("A")))).item();
    assertEquals(Map.of("PK", AttributeValue.fromS("BULK#1"), "SK", AttributeValue.fromS("A"),
        "GSI1PK", AttributeValue.fromS("G#bulk"), "GSI1SK", AttributeValue.fromS("2"), "n", AttributeValue.fromN("1.50")), a);
    var byIndex = client.query(b -> b.tableName(table).indexName("GSI1").keyConditionExpression("GSI1PK = :g")
        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("G#bulk")))).items();
    assertEquals(java.util.List.of("B", "A"), byIndex.stream().map(i -> i.get("SK").s()).toList());
  }

  @Test
  void aRefusedLine_loadsNothing_andItsNumberIsInTheAnswer() {
    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> engine.load(table, """
        {"PK": {"S": "BULK#2"}, "SK": {"S": "A"}}
        {"PK": {"S": "BULK#2"}, "SK": {"S": "B"}, "n": {"N": "1e-131"}}
        """));

    assertTrue(refused.getMessage().contains("400") && refused.getMessage().contains("line 2"), refused.getMessage());
    assertEquals(0, client.query(b -> b.tableName(table).keyConditionExpression("PK = :p").consistentRead(true)
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("BULK#2")))).count());
  }
}
