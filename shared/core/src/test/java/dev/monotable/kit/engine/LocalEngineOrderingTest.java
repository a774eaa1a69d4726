package dev.monotable.kit.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The engine's ordered keys (scripts/monotable_engine/indexes.py, scans.py): Query, GSI Query and
 * Scan pages in DynamoDB's order and with its paging, whatever the sort key's type. N sorts by
 * value (all 38 digits), S by UTF-8 bytes (not Java's UTF-16 order), B by unsigned bytes (not by
 * base64 text, as stock moto does). Runs against any endpoint; the tables are its own.
 */
class LocalEngineOrderingTest {
  private static DynamoDbClient client;
  private static final List<String> TABLES = new ArrayList<>();

  @BeforeAll
  static void connect() {
    assumeTrue(LocalDynamoDb.endpoint() != null, "needs an endpoint");
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
  }

  @AfterAll
  static void drop() {
    if (client != null) {
      TABLES.forEach(t -> client.deleteTable(b -> b.tableName(t)));
      client.close();
    }
  }

  /** A table PK (S) + SK of the given type, and GSI1 (G1 S, G1S of the given type, everything projected). */
  private static String table(ScalarAttributeType sortType) {
    String name = "monotable-ordering-" + UUID.randomUUID().toString().substring(0, 8);
    client.createTable(b -> b.tableName(name).billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .attributeDefinitions(def("PK", ScalarAttributeType.S), def("SK", sortType), def("G1", ScalarAttributeType.S),
            def("G1S", sortType))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("GSI1")
            .keySchema(key("G1", KeyType.HASH), key("G1S", KeyType.RANGE))
            .projection(p -> p.projectionType(ProjectionType.ALL)).build()));
    client.waiter().waitUntilTableExists(b -> b.tableName(name));
    TABLES.add(name);
    return name;
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static AttributeDefinition def(String name, ScalarAttributeType type) {
    return AttributeDefinition.builder().attributeName(name).attributeType(type).build();
  }

  private static void put(String table, String pk, AttributeValue sk, String gsiPartition) {
    Map<String, AttributeValue> item = new HashMap<>(Map.of("PK", AttributeValue.fromS(pk), "SK", sk));
    if (gsiPartition != null) {
      item.put("G1", AttributeValue.fromS(gsiPartition));
      item.put("G1S", sk);
    }
    client.putItem(b -> b.tableName(table).item(item));
  }

  /** Every page of a query (Limit 2), each resumed from the last one's LastEvaluatedKey. */
  private static List<AttributeValue> paged(QueryRequest.Builder request, String attr) {
    List<AttributeValue> seen = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      QueryResponse r = client.query(request.limit(2).exclusiveStartKey(start).build());
      r.items().forEach(i -> seen.add(i.get(attr)));
      start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return seen;
  }

  private static <T> List<T> reversed(List<T> list) {
    List<T> copy = new ArrayList<>(list);
    java.util.Collections.reverse(copy);
    return copy;
  }

  @Test
  void numbers_sortByValue_withAll38Digits_forwardBackwardAndPaged() {
    String t = table(ScalarAttributeType.N);
    List<String> ordered = List.of("-1E+2", "-10", "-9.5", "0", "0.000001", "2", "10", "1E+2",
        "99999999999999999999999999999999999998", "99999999999999999999999999999999999999");
    for (String n : reversed(ordered)) {
      put(t, "P", AttributeValue.fromN(n), "G");
    }
    List<AttributeValue> expected = numbers(ordered.stream().map(AttributeValue::fromN).toList());
    Function<String, QueryRequest.Builder> onTable = cond -> QueryRequest.builder().tableName(t)
        .keyConditionExpression("PK = :p" + cond);
    assertEquals(expected, numbers(paged(onTable.apply("").expressionAttributeValues(Map.of(":p", AttributeValue.fromS("P"))), "SK")));
    assertEquals(reversed(expected), numbers(paged(onTable.apply("").scanIndexForward(false)
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("P"))), "SK")));
    assertEquals(expected.subList(2, 7), numbers(paged(onTable.apply(" AND SK BETWEEN :a AND :b")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("P"), ":a", AttributeValue.fromN("-9.5"),
            ":b", AttributeValue.fromN("10"))), "SK")));
    assertEquals(expected.subList(9, 10), numbers(paged(onTable.apply(" AND SK > :a")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("P"),
            ":a", AttributeValue.fromN("99999999999999999999999999999999999998"))), "SK")), "38 digits, not a double");
    assertEquals(reversed(expected), numbers(paged(QueryRequest.builder().tableName(t).indexName("GSI1")
        .keyConditionExpression("G1 = :g").scanIndexForward(false)
        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("G"))), "G1S")));
  }

  /** Numbers compared by value: 1E+2 and 100 are the same key, however the endpoint writes them back. */
  private static List<AttributeValue> numbers(List<AttributeValue> values) {
    return values.stream()
        .map(v -> AttributeValue.fromN(new java.math.BigDecimal(v.n()).stripTrailingZeros().toPlainString())).toList();
  }

  @Test
  void strings_sortByUtf8Bytes_notUtf16() {
    String t = table(ScalarAttributeType.S);
    // UTF-8 byte order: "\uFF5E" (EF BD 9E) before the emoji (F0 ...); UTF-16 (Java's String order) puts the
    // emoji (D83D ...) first.
    List<String> ordered = List.of("A", "Z", "a", "a\u0000", "ab", "\u00e9", "\u4e2d", "\uFF5E", "\uD83D\uDE00");
    for (String s : reversed(ordered)) {
      put(t, "P", AttributeValue.fromS(s), "G");
    }
    List<AttributeValue> expected = ordered.stream().map(AttributeValue::fromS).toList();
    assertEquals(expected, paged(QueryRequest.builder().tableName(t).keyConditionExpression("PK = :p")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("P"))), "SK"));
    assertEquals(reversed(expected), paged(QueryRequest.builder().tableName(t).indexName("GSI1")
        .keyConditionExpression("G1 = :g").scanIndexForward(false)
        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("G"))), "G1S"));
    assertEquals(List.of(AttributeValue.fromS("a"), AttributeValue.fromS("a\u0000"), AttributeValue.fromS("ab")),
        paged(QueryRequest.builder().tableName(t).keyConditionExpression("PK = :p AND begins_with(SK, :a)")
            .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("P"), ":a", AttributeValue.fromS("a"))), "SK"));
  }

  @Test
  void binaries_sortByUnsignedBytes_notByTheirBase64Text() {
    String t = table(ScalarAttributeType.B);
    List<byte[]> ordered = List.of(new byte[] {0}, new byte[] {0, 0}, new byte[] {1}, new byte[] {0x7f},
        new byte[] {(byte) 0x80}, new byte[] {(byte) 0xfe, 1}, new byte[] {(byte) 0xff});
    for (byte[] b : reversed(ordered)) {
      put(t, "P", AttributeValue.fromB(SdkBytes.fromByteArray(b)), "G");
    }
    List<AttributeValue> expected = ordered.stream().map(b -> AttributeValue.fromB(SdkBytes.fromByteArray(b))).toList();
    assertEquals(expected, paged(QueryRequest.builder().tableName(t).keyConditionExpression("PK = :p")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("P"))), "SK"));
    assertEquals(expected.subList(4, 7), paged(QueryRequest.builder().tableName(t).indexName("GSI1")
        .keyConditionExpression("G1 = :g AND G1S >= :b")
        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("G"),
            ":b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {(byte) 0x80})))), "G1S"));
  }

  @Test
  void gsiQueries_holdOnlyItemsWithTheIndexKeys_andFollowEveryWrite() {
    String t = table(ScalarAttributeType.S);
    put(t, "P", AttributeValue.fromS("a"), "G");
    put(t, "P", AttributeValue.fromS("b"), null); // sparse: not in GSI1
    put(t, "P", AttributeValue.fromS("c"), "G");
    QueryRequest.Builder gsi = QueryRequest.builder().tableName(t).indexName("GSI1").keyConditionExpression("G1 = :g")
        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("G")));
    assertEquals(List.of(AttributeValue.fromS("a"), AttributeValue.fromS("c")), paged(gsi, "SK"));
    client.updateItem(b -> b.tableName(t).key(Map.of("PK", AttributeValue.fromS("P"), "SK", AttributeValue.fromS("b")))
        .updateExpression("SET G1 = :g, G1S = :s")
        .expressionAttributeValues(Map.of(":g", AttributeValue.fromS("G"), ":s", AttributeValue.fromS("0"))));
    client.updateItem(b -> b.tableName(t).key(Map.of("PK", AttributeValue.fromS("P"), "SK", AttributeValue.fromS("c")))
        .updateExpression("REMOVE G1"));
    client.deleteItem(b -> b.tableName(t).key(Map.of("PK", AttributeValue.fromS("P"), "SK", AttributeValue.fromS("a"))));
    assertEquals(List.of(AttributeValue.fromS("b")), paged(gsi, "SK"), "moved in by an update, out by a REMOVE and a delete");
  }

  @Test
  void limit_countsItemsBeforeTheFilter_andPagesStopAtOneMegabyte() {
    String t = table(ScalarAttributeType.S);
    for (int i = 0; i < 6; i++) {
      String sk = "k" + i;
      client.putItem(b -> b.tableName(t).item(Map.of("PK", AttributeValue.fromS("P"), "SK", AttributeValue.fromS(sk),
          "v", AttributeValue.fromS(sk))));
    }
    QueryResponse filtered = client.query(b -> b.tableName(t).keyConditionExpression("PK = :p").filterExpression("v = :k")
        .limit(3).expressionAttributeValues(Map.of(":p", AttributeValue.fromS("P"), ":k", AttributeValue.fromS("k4"))));
    assertEquals(0, filtered.count());
    assertEquals(3, filtered.scannedCount());
    assertEquals(AttributeValue.fromS("k2"), filtered.lastEvaluatedKey().get("SK"));
    String big = "x".repeat(350_000);
    for (int i = 0; i < 4; i++) {
      Map<String, AttributeValue> item = Map.of("PK", AttributeValue.fromS("BIG"), "SK", AttributeValue.fromS("b" + i),
          "blob", AttributeValue.fromS(big));
      client.putItem(b -> b.tableName(t).item(item));
    }
    QueryResponse page = client.query(b -> b.tableName(t).keyConditionExpression("PK = :p")
        .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("BIG"))));
    assertEquals(2, page.count(), "three items of 350 KB pass 1 MB");
    assertEquals(AttributeValue.fromS("b1"), page.lastEvaluatedKey().get("SK"));
  }

  @Test
  void scanPages_andParallelSegments_readEveryItemOnce() {
    String t = table(ScalarAttributeType.S);
    Set<String> written = new HashSet<>();
    for (int i = 0; i < 60; i++) {
      put(t, "P" + (i % 17), AttributeValue.fromS("s" + i), i % 2 == 0 ? "G" : null);
      written.add("P" + (i % 17) + "/s" + i);
    }
    DynamoDbLimitGuard.allowScan(true);
    try {
      assertEquals(written, scanned(t, null, null));
      Set<String> union = new HashSet<>();
      for (int segment = 0; segment < 4; segment++) {
        Set<String> part = scanned(t, segment, 4);
        part.forEach(k -> assertFalse(union.contains(k), k + " in two segments"));
        union.addAll(part);
      }
      assertEquals(written, union);
    } finally {
      DynamoDbLimitGuard.allowScan(false);
    }
  }

  private static Set<String> scanned(String t, Integer segment, Integer total) {
    Set<String> seen = new HashSet<>();
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> from = start;
      ScanResponse r = client.scan(b -> b.tableName(t).limit(7).exclusiveStartKey(from).segment(segment).totalSegments(total));
      r.items().forEach(i -> assertTrue(seen.add(i.get("PK").s() + "/" + i.get("SK").s()), "read twice: " + i));
      start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return seen;
  }
}
