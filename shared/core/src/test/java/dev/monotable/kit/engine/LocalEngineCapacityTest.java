package dev.monotable.kit.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.testing.TestDomain;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * ConsumedCapacity as DynamoDB charges it, checked against the worked examples of the Developer
 * Guide ("Capacity unit consumption for read operations" / "for write operations", "Item sizes
 * and formats", "Global secondary indexes: provisioned throughput considerations"). The engine's
 * scripts/monotable_engine/capacity.py is the project's one implementation of these rules (the
 * bench reads its answer); stock moto answers a flat 1.0 and fails most of these. Runs against the
 * local engine only: it is written from AWS's documentation, and has not been run against AWS.
 */
class LocalEngineCapacityTest {
  private static final int KB = 1024;
  private static DynamoDbClient client;
  private static String table;
  private static String keysOnly;
  private static final List<String> tables = Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void connect() {
    assumeTrue(LocalEngine.control(LocalDynamoDb.endpoint()).available(), "prices of the local engine");
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
    table = "monotable-capacity-" + UUID.randomUUID().toString().substring(0, 8);
    client.createTable(TestDomain.SCHEMA.createTableRequest(table));
    tables.add(table);
    // A table whose index projects keys only: a write that changes no projected attribute costs
    // the index nothing.
    keysOnly = "monotable-capacity-k-" + UUID.randomUUID().toString().substring(0, 8);
    client.createTable(CreateTableRequest.builder().tableName(keysOnly).billingMode(BillingMode.PAY_PER_REQUEST)
        .attributeDefinitions(attr("PK"), attr("SK"), attr("G"))
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("ByG").keySchema(key("G", KeyType.HASH))
            .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build())
        .build());
    tables.add(keysOnly);
    for (String t : tables) {
      client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(t).build());
    }
  }

  @AfterAll
  static void drop() {
    if (client == null) {
      return;
    }
    for (String t : tables) {
      client.deleteTable(DeleteTableRequest.builder().tableName(t).build());
    }
    client.close();
  }

  private static AttributeDefinition attr(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  /** An item of exactly {@code size} bytes: PK and SK of 8-byte values (20 bytes) plus a padding string. */
  private static Map<String, AttributeValue> sized(String pk, String sk, int size) {
    Map<String, AttributeValue> item = new HashMap<>();
    item.put("PK", s(pad8(pk)));
    item.put("SK", s(pad8(sk)));
    item.put("pad", s("x".repeat(size - 20 - 3)));
    return item;
  }

  private static String pad8(String v) {
    return (v + "________").substring(0, 8);
  }

  private static Map<String, AttributeValue> keyOf(String pk, String sk) {
    return Map.of("PK", s(pad8(pk)), "SK", s(pad8(sk)));
  }

  private static double put(Map<String, AttributeValue> item) {
    return client.putItem(b -> b.tableName(table).item(item).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL))
        .consumedCapacity().capacityUnits();
  }

  private static double get(String pk, String sk, boolean consistent) {
    return client.getItem(b -> b.tableName(table).key(keyOf(pk, sk)).consistentRead(consistent)
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity().capacityUnits();
  }

  // "Item sizes and formats": names count, strings are UTF-8 bytes, a number is 1 byte per two
  // significant digits plus 1 (leading and trailing zeros trimmed), binaries their bytes, booleans
  // and nulls 1 byte, lists and maps 3 bytes plus 1 per element. Each item below is exactly 1,024
  // bytes by those rules (1 write unit), and one byte more costs 2: the rounding edge shows the size.
  @Test
  void itemSize_followsDynamoDbsRules_atTheOneKilobyteEdge() {
    Map<String, AttributeValue> exact = sized("size", "1", KB);
    assertEquals(1.0, put(exact));
    assertEquals(2.0, put(sized("size", "2", KB + 1)));

    Map<String, AttributeValue> typed = sized("size", "3", KB);
    // 41 bytes of attributes take the place of 41 bytes of padding.
    typed.put("pad", s("x".repeat(KB - 20 - 3 - 41)));
    typed.put("N", AttributeValue.fromN("123"));                 // 1 + (2 + 1)
    typed.put("é", AttributeValue.fromS("ab"));                  // 2 + 2 (a two-byte name)
    typed.put("Z", AttributeValue.fromN("0.0500"));              // 1 + (1 + 1): zeros trimmed
    typed.put("B", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[5]))); // 1 + 5
    typed.put("F", AttributeValue.fromBool(true));               // 1 + 1
    typed.put("L", AttributeValue.fromL(List.of(s("ab"), AttributeValue.fromN("7")))); // 1 + 3 + (1 + 2) + (1 + 2)
    typed.put("M", AttributeValue.fromM(Map.of("k", s("v"))));   // 1 + 3 + 1 + 1 + 1
    typed.put("SS", AttributeValue.fromSs(List.of("a", "bc")));   // 2 + 3
    assertEquals(1.0, put(typed), "4 + 4 + 3 + 6 + 2 + 10 + 7 + 5 = 41 bytes of attributes, 1,024 in all");
    typed.put("pad", s("x".repeat(KB - 20 - 3 - 41 + 1)));
    assertEquals(2.0, put(typed), "one byte over 1 KB");
  }

  // Reads: "reading a 3,500-byte item consumes the same throughput as reading a 4 KB item"; "if
  // your item size is 8 KB, you require 2 read units to sustain one strongly consistent read, 1 if
  // you choose eventually consistent reads, or 4 for a transactional read"; "if you perform a read
  // operation on an item that doesn't exist, DynamoDB still consumes read throughput".
  @Test
  void getItem_roundsTheItemUpTo4Kb_halvedWhenEventuallyConsistent_doubledInATransaction() {
    put(sized("r3500", "1", 3500));
    put(sized("r8k", "1", 8 * KB));
    assertEquals(1.0, get("r3500", "1", true));
    assertEquals(2.0, get("r8k", "1", true));
    assertEquals(1.0, get("r8k", "1", false));
    assertEquals(0.5, get("absent", "1", false));
    var t = client.transactGetItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.TOTAL).transactItems(
        TransactGetItem.builder().get(Get.builder().tableName(table).key(keyOf("r8k", "1")).build()).build()));
    assertEquals(4.0, t.consumedCapacity().get(0).capacityUnits());
  }

  // "BatchGetItem: each item in the batch is read separately, so DynamoDB first rounds up the size
  // of each item to the next 4 KB boundary and then calculates the total size. For example, if
  // BatchGetItem reads a 1.5 KB item and a 6.5 KB item, DynamoDB calculates the size as 12 KB."
  // A projection does not lower it: "doing so has no impact on the item size calculations".
  @Test
  void batchGetItem_roundsEachItem_whateverItProjects() {
    put(sized("b15", "1", 1536));
    put(sized("b65", "1", 6656));
    var r = client.batchGetItem(BatchGetItemRequest.builder().returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .requestItems(Map.of(table, KeysAndAttributes.builder().consistentRead(true).projectionExpression("PK")
            .keys(keyOf("b15", "1"), keyOf("b65", "1")).build())).build());
    assertEquals(1, r.consumedCapacity().size());
    assertEquals(table, r.consumedCapacity().get(0).tableName());
    assertEquals(3.0, r.consumedCapacity().get(0).capacityUnits());
  }

  // "Query: all items returned are treated as a single read operation ... For example, suppose
  // your query returns 10 items whose combined size is 40.8 KB. DynamoDB rounds the item size for
  // the operation to 44 KB." Items a filter drops are read, and paid for, all the same.
  @Test
  void query_roundsTheSumOfTheItemsReadOnce_beforeTheFilter() {
    int each = (int) Math.round(40.8 * KB / 10);
    List<WriteRequest> writes = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      writes.add(WriteRequest.builder().putRequest(PutRequest.builder().item(sized("query", "i" + i, each)).build())
          .build());
    }
    client.batchWriteItem(BatchWriteItemRequest.builder().requestItems(Map.of(table, writes)).build());
    var strong = client.query(b -> b.tableName(table).consistentRead(true).keyConditionExpression("PK = :p")
        .expressionAttributeValues(Map.of(":p", s(pad8("query")))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertEquals(10, strong.count());
    assertEquals(11.0, strong.consumedCapacity().capacityUnits(), "44 KB / 4 KB");
    var filtered = client.query(b -> b.tableName(table).keyConditionExpression("PK = :p")
        .filterExpression("attribute_exists(nothing)")
        .expressionAttributeValues(Map.of(":p", s(pad8("query")))).returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertEquals(0, filtered.count());
    assertEquals(10, filtered.scannedCount());
    assertEquals(5.5, filtered.consumedCapacity().capacityUnits(), "eventually consistent: half of 11");
  }

  // Writes: "PutItem ... if you put or delete an item of 1.6 KB, DynamoDB rounds the item size up
  // to 2 KB"; "UpdateItem: the larger of the item sizes before and after the update"; "DeleteItem
  // ... if the item does not exist, DynamoDB still consumes" a unit; "transactional write requests
  // require 2 write request units to perform one write for items up to 1 KB". A write refused by
  // its condition answers an error and no capacity.
  @Test
  void writes_roundTheLargerImageUpTo1Kb_andTransactionsDoubleIt() {
    assertEquals(2.0, put(sized("w16", "1", (int) (1.6 * KB))));
    var shrink = client.updateItem(b -> b.tableName(table).key(keyOf("w16", "1")).updateExpression("REMOVE #p").expressionAttributeNames(Map.of("#p", "pad"))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertEquals(2.0, shrink.consumedCapacity().capacityUnits(), "the larger image is the one before");
    var delete = client.deleteItem(b -> b.tableName(table).key(keyOf("never", "1"))
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    assertEquals(1.0, delete.consumedCapacity().capacityUnits());

    put(sized("w-check", "1", 1536));
    var t = client.transactWriteItems(b -> b.returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).transactItems(
        TransactWriteItem.builder().put(Put.builder().tableName(table).item(sized("w3k", "1", 3 * KB)).build()).build(),
        TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table).key(keyOf("w-check", "1"))
            .conditionExpression("attribute_exists(PK)").build()).build()));
    assertEquals(1, t.consumedCapacity().size());
    assertEquals(6.0 + 4.0, t.consumedCapacity().get(0).capacityUnits(), "3 KB put twice, 1.5 KB check twice");
    assertEquals(10.0, t.consumedCapacity().get(0).writeCapacityUnits());

    assertThrows(ConditionalCheckFailedException.class, () -> client.putItem(b -> b.tableName(table)
        .item(sized("w3k", "1", 100)).conditionExpression("attribute_not_exists(PK)")
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)));
  }

  // Global secondary indexes, "Provisioned throughput considerations": a new item with the index
  // keys is one index write; changing an index key (A to B) is two, one to delete the old entry and
  // one to put the new; removing a key attribute is one delete; an item in the index neither before
  // nor after costs the index nothing; changing only a projected attribute is one. The index's
  // share appears under GlobalSecondaryIndexes with ReturnConsumedCapacity=INDEXES.
  @Test
  void indexWrites_followTheFiveCasesOfTheDeveloperGuide() {
    Map<String, AttributeValue> issue = new HashMap<>(Map.of("PK", s("ISSUE#c1"), "SK", s("ISSUE#c1"),
        "GSI1PK", s("ISSUES#c1"), "GSI1SK", s("ISSUE#1"), "GSI4PK", s("ISSUES#c1"), "GSI4SK", s("OPEN#1"),
        "Type", s("Issue")));
    ConsumedCapacity created = client.putItem(b -> b.tableName(table).item(issue)
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
    assertEquals(3.0, created.capacityUnits());
    assertEquals(1.0, created.table().capacityUnits());
    assertEquals(Map.of("GSI1", 1.0, "GSI4", 1.0), gsiUnits(created), "each index the item enters");

    ConsumedCapacity moved = client.updateItem(b -> b.tableName(table).key(Map.of("PK", s("ISSUE#c1"), "SK",
        s("ISSUE#c1"))).updateExpression("SET GSI4SK = :c").expressionAttributeValues(Map.of(":c", s("CLOSED#1")))
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
    assertEquals(Map.of("GSI1", 1.0, "GSI4", 2.0), gsiUnits(moved), "GSI4's key moved; GSI1's entry changed in place");
    assertEquals(4.0, moved.capacityUnits());

    ConsumedCapacity left = client.updateItem(b -> b.tableName(table).key(Map.of("PK", s("ISSUE#c1"), "SK",
        s("ISSUE#c1"))).updateExpression("REMOVE GSI4PK, GSI4SK")
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
    assertEquals(Map.of("GSI1", 1.0, "GSI4", 1.0), gsiUnits(left), "GSI4's entry deleted, GSI1's changed");

    ConsumedCapacity plain = client.putItem(b -> b.tableName(table).item(Map.of("PK", s("PLAIN#1"), "SK",
        s("PLAIN#1"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
    assertEquals(Map.of(), gsiUnits(plain), "in no index: only the table write");
    assertEquals(1.0, plain.capacityUnits());

    // A keys-only index: an attribute it does not project changes, so its entry stays as it was.
    client.putItem(b -> b.tableName(keysOnly).item(Map.of("PK", s("k"), "SK", s("k"), "G", s("g"), "v", s("1"))));
    ConsumedCapacity unprojected = client.updateItem(b -> b.tableName(keysOnly).key(Map.of("PK", s("k"), "SK", s("k")))
        .updateExpression("SET v = :v").expressionAttributeValues(Map.of(":v", s("2")))
        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)).consumedCapacity();
    assertEquals(Map.of(), gsiUnits(unprojected));
    assertEquals(1.0, unprojected.capacityUnits());
  }

  // "GetItem and BatchGetItem do not access any indexes"; a Query of a GSI reads the index alone,
  // eventually consistent, and the index's entries are what it reads.
  @Test
  void indexQuery_isChargedToTheIndex_atHalfRate() {
    for (int i = 0; i < 3; i++) {
      Map<String, AttributeValue> item = sized("gq" + i, "1", 3 * KB);
      item.put("GSI1PK", s("GQ"));
      item.put("GSI1SK", s("GQ#" + i));
      put(item);
    }
    ConsumedCapacity c = client.query(b -> b.tableName(table).indexName("GSI1").keyConditionExpression("GSI1PK = :p")
        .expressionAttributeValues(Map.of(":p", s("GQ"))).returnConsumedCapacity(ReturnConsumedCapacity.INDEXES))
        .consumedCapacity();
    // 3 entries of 3 KB (plus their 18 bytes of index keys) sum to just over 9 KB: 12 KB, 3 units, halved.
    assertEquals(1.5, c.capacityUnits());
    assertEquals(1.5, c.readCapacityUnits());
    assertEquals(Map.of("GSI1", 1.5), c.globalSecondaryIndexes().entrySet().stream()
        .collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, e -> e.getValue().capacityUnits())));
  }

  // "ConsumedCapacity is only returned if the request asked for it."
  @Test
  void capacity_isAnsweredOnlyWhenAsked() {
    var p = client.putItem(b -> b.tableName(table).item(sized("quiet", "1", 100)));
    assertNull(p.consumedCapacity());
    var w = client.batchWriteItem(BatchWriteItemRequest.builder().requestItems(Map.of(table, List.of(WriteRequest
        .builder().putRequest(PutRequest.builder().item(sized("quiet", "2", 100)).build()).build()))).build());
    assertFalse(w.hasConsumedCapacity());
    var t = client.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder()
        .put(Put.builder().tableName(table).item(sized("quiet", "3", 100)).build()).build()));
    assertFalse(t.hasConsumedCapacity());
    var total = client.getItem(b -> b.tableName(table).key(keyOf("quiet", "1")).consistentRead(true)
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)).consumedCapacity();
    assertEquals(table, total.tableName());
    assertEquals(1.0, total.readCapacityUnits());
    assertNull(total.table(), "TOTAL: no per-table breakdown");
  }

  private static Map<String, Double> gsiUnits(ConsumedCapacity c) {
    Map<String, Double> m = new HashMap<>();
    if (c.hasGlobalSecondaryIndexes()) {
      c.globalSecondaryIndexes().forEach((k, v) -> m.put(k, v.capacityUnits()));
    }
    return m;
  }
}
