package dev.monotable.kit.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.testing.TestDomain;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * The engine's eventual-consistency mode (per table, through /_engine/consistency): a GSI Query
 * and reads without ConsistentRead see a write only after its delay, consistent reads at once; a
 * table without the mode stays strongly consistent.
 */
class LocalEngineConsistencyTest {
  private static final Duration LAG = Duration.ofMillis(700);
  private static DynamoDbClient client;
  private static String eventual;
  private static String strong;

  @BeforeAll
  static void connect() {
    assumeTrue(LocalEngine.control(LocalDynamoDb.endpoint()).available(), "a mode of the local engine");
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
    eventual = "monotable-eventual-" + UUID.randomUUID().toString().substring(0, 8);
    strong = "monotable-strong-" + UUID.randomUUID().toString().substring(0, 8);
    for (String t : List.of(eventual, strong)) {
      client.createTable(TestDomain.SCHEMA.createTableRequest(t));
      client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(t).build());
    }
    LocalEngine.control(LocalDynamoDb.endpoint()).eventuallyConsistent(eventual, LAG, LAG);
  }

  @AfterAll
  static void drop() {
    if (client != null) {
      client.deleteTable(b -> b.tableName(eventual));
      client.deleteTable(b -> b.tableName(strong));
      client.close();
    }
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static Map<String, AttributeValue> key(String pk) {
    return Map.of("PK", s(pk), "SK", s(pk));
  }

  private static List<String> gsi(String table, String pk) {
    return client.query(b -> b.tableName(table).indexName("GSI1").keyConditionExpression("GSI1PK = :p")
        .expressionAttributeValues(Map.of(":p", s(pk)))).items().stream().map(i -> i.get("v").s()).toList();
  }

  private static String read(String table, String pk, boolean consistent) {
    var r = client.getItem(b -> b.tableName(table).key(key(pk)).consistentRead(consistent));
    return r.hasItem() && !r.item().isEmpty() ? r.item().get("v").s() : null;
  }

  private static void put(String table, String pk, String v) {
    client.putItem(b -> b.tableName(table).item(Map.of("PK", s(pk), "SK", s(pk), "GSI1PK", s("G#" + pk),
        "GSI1SK", s("1"), "v", s(v))));
  }

  @Test
  void aWrite_reachesTheIndexAndEventuallyConsistentReadsAfterItsDelay_consistentReadsAtOnce() throws Exception {
    put(eventual, "lag", "one");
    assertEquals("one", read(eventual, "lag", true), "a consistent read sees the write at once");
    assertEquals(null, read(eventual, "lag", false), "an eventually consistent read may miss a new item");
    assertEquals(List.of(), gsi(eventual, "G#lag"), "the index lags its table");
    var batch = client.batchGetItem(b -> b.requestItems(Map.of(eventual,
        KeysAndAttributes.builder().keys(key("lag")).build())));
    assertTrue(batch.responses().get(eventual).isEmpty(), "BatchGetItem without ConsistentRead lags too");
    Thread.sleep(LAG.toMillis() + 300);
    assertEquals("one", read(eventual, "lag", false));
    assertEquals(List.of("one"), gsi(eventual, "G#lag"));

    put(eventual, "lag", "two");
    assertEquals(List.of("one"), gsi(eventual, "G#lag"), "the previous image, not nothing");
    assertEquals("one", read(eventual, "lag", false));
    client.deleteItem(b -> b.tableName(eventual).key(key("lag")));
    assertEquals(null, read(eventual, "lag", true));
    assertEquals(List.of("one"), gsi(eventual, "G#lag"), "writes become visible in order");
    Thread.sleep(LAG.toMillis() + 300);
    assertEquals(List.of(), gsi(eventual, "G#lag"));
    assertEquals(null, read(eventual, "lag", false));
  }

  @Test
  void aTableWithoutTheMode_staysStronglyConsistent() {
    put(strong, "now", "one");
    assertEquals("one", read(strong, "now", false));
    assertEquals(List.of("one"), gsi(strong, "G#now"));
  }
}
