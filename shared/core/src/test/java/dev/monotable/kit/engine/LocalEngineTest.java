package dev.monotable.kit.engine;

import dev.monotable.kit.Env;
import dev.monotable.testing.TestDomain;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The engine the whole suite stands on, tested as DynamoDB behaves. Each test names the moto defect
 * it guards: run against stock {@code moto_server} (DYNAMODB_ENDPOINT=http://127.0.0.1:PORT) the
 * race, limit, token and TTL tests fail; against {@code scripts/engine} they pass. Tests that need
 * the engine's control API (its clock, its memory figure) are skipped elsewhere; none runs against
 * real AWS, whose behaviour they describe.
 */
class LocalEngineTest {
  private static final String ENGINE_TABLE_PREFIX = "monotable-engine-test-";
  private static DynamoDbClient client;
  private static DynamoDbStreamsClient streams;
  private static final List<String> tables = Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void connect() {
    assumeTrue(LocalDynamoDb.endpoint() != null, "engine tests describe the local engine, not real AWS");
    // No limit guard here: these tests send what DynamoDB rejects, to see the engine reject it too.
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
    streams = DynamoDbClients.streams(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
  }

  @AfterAll
  static void dropTables() {
    if (client == null) {
      return;
    }
    for (String t : List.copyOf(tables)) {
      client.deleteTable(DeleteTableRequest.builder().tableName(t).build());
    }
    client.close();
    streams.close();
  }

  private static String newTable() {
    String name = ENGINE_TABLE_PREFIX + UUID.randomUUID().toString().substring(0, 8);
    client.createTable(TestDomain.SCHEMA.createTableRequest(name));
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(name).build());
    client.updateTimeToLive(TableSchema.enableTtlRequest(name));
    tables.add(name);
    return name;
  }

  private static Map<String, AttributeValue> item(String pk, String sk, String... attrs) {
    Map<String, AttributeValue> item = new java.util.HashMap<>();
    item.put("PK", AttributeValue.fromS(pk));
    item.put("SK", AttributeValue.fromS(sk));
    for (int i = 0; i < attrs.length; i += 2) {
      item.put(attrs[i], attrs[i + 1].matches("-?\\d+") ? AttributeValue.fromN(attrs[i + 1]) : AttributeValue.fromS(attrs[i + 1]));
    }
    return item;
  }

  private static boolean exists(String table, String pk, String sk) {
    var r = client.getItem(GetItemRequest.builder().tableName(table).consistentRead(true)
        .key(Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk))).build());
    return r.hasItem() && !r.item().isEmpty();
  }

  private static int partitionSize(String table, String pk) {
    return client.query(QueryRequest.builder().tableName(table).consistentRead(true)
        .keyConditionExpression("PK = :p").expressionAttributeValues(Map.of(":p", AttributeValue.fromS(pk)))
        .build()).count();
  }

  private static <T> List<T> race(int threads, Callable<T> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        futures.add(pool.submit(task));
      }
      List<T> results = new ArrayList<>();
      for (Future<T> f : futures) {
        results.add(f.get(120, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  private static TransactWriteItem put(String table, Map<String, AttributeValue> item, String condition) {
    return TransactWriteItem.builder().put(Put.builder().tableName(table).item(item).conditionExpression(condition).build()).build();
  }

  // moto deep-copies the table per transaction and restores the copy on cancel: 2 of 10 trials of
  // 40 racing conditional transactions had more than one winner.
  @Test
  void concurrentConditionalTransactions_haveExactlyOneWinner_andNoStrayWrites() throws Exception {
    String table = newTable();
    for (int r = 0; r < 5; r++) {
      int round = r;
      String claim = "CLAIM#" + round;
      AtomicInteger next = new AtomicInteger();
      List<Boolean> won = race(32, () -> {
        int me = next.getAndIncrement();
        try {
          client.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
              put(table, item(claim, "A", "owner", "w" + me), "attribute_not_exists(PK)"),
              put(table, item("SIDE#" + round, "S#" + me), null)).build());
          return true;
        } catch (TransactionCanceledException e) {
          return false;
        }
      });
      assertEquals(1, won.stream().filter(w -> w).count(), "round " + round + ": exactly one winner");
      assertEquals(1, partitionSize(table, "SIDE#" + round), "round " + round + ": only the winner's side write");
    }
  }

  // moto restores its whole-table copy when a transaction is cancelled: 45 of 240 PutItems
  // acknowledged meanwhile vanished.
  @Test
  void acknowledgedPuts_surviveConcurrentCancelledTransactions() throws Exception {
    String table = newTable();
    client.putItem(PutItemRequest.builder().tableName(table).item(item("TAKEN", "A")).build());
    AtomicInteger next = new AtomicInteger();
    List<List<Integer>> acknowledged = race(16, () -> {
      List<Integer> mine = new ArrayList<>();
      for (int i = 0; i < 15; i++) {
        int n = next.getAndIncrement();
        if (n % 2 == 0) {
          client.putItem(PutItemRequest.builder().tableName(table).item(item("PUT", "N#" + n)).build());
          mine.add(n);
        } else {
          assertThrows(TransactionCanceledException.class, () -> client.transactWriteItems(
              TransactWriteItemsRequest.builder().transactItems(
                  put(table, item("TX", "N#" + n), null),
                  put(table, item("TAKEN", "A"), "attribute_not_exists(PK)")).build()));
        }
      }
      return mine;
    });
    List<Integer> all = acknowledged.stream().flatMap(List::stream).toList();
    assertEquals(120, all.size());
    for (int n : all) {
      assertTrue(exists(table, "PUT", "N#" + n), "acknowledged put N#" + n + " is lost");
    }
    assertEquals(0, partitionSize(table, "TX"), "a cancelled transaction wrote");
  }

  // DynamoDB evaluates every condition of a transaction before writing anything.
  @Test
  void transactionConditions_seeTheStateBeforeTheTransaction_andCancelledOnesLeaveNoStreamRecord() {
    String table = newTable();
    client.putItem(PutItemRequest.builder().tableName(table).item(item("C", "1", "n", "1")).build());
    TransactionCanceledException e = assertThrows(TransactionCanceledException.class, () -> client.transactWriteItems(
        TransactWriteItemsRequest.builder().transactItems(
            put(table, item("C", "2", "n", "2"), null),
            TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(Map.of("PK", AttributeValue.fromS("C"), "SK", AttributeValue.fromS("1")))
                .updateExpression("ADD n :one").conditionExpression("n = :two")
                .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"), ":two", AttributeValue.fromN("2")))
                .build()).build()).build()));
    assertEquals(List.of("None", "ConditionalCheckFailed"),
        e.cancellationReasons().stream().map(r -> r.code()).toList());
    assertTrue(!exists(table, "C", "2"));
    List<Record> records = records(table);
    assertEquals(1, records.size(), "only the PutItem before the transaction is in the stream");
  }

  // moto's rollback copies every item of the table (and its stream records) for every action:
  // its transactions take seconds at 100,000 items.
  @Test
  void transactionTime_growsWithTheTransaction_notTheTable() {
    String small = newTable();
    String large = newTable();
    fill(small, 500);
    fill(large, 20_000);
    double smallMillis = medianTransactionMillis(small);
    double largeMillis = medianTransactionMillis(large);
    System.out.printf("transaction median: %.2f ms at 500 items, %.2f ms at 20,000 items%n", smallMillis, largeMillis);
    assertTrue(largeMillis < 2.5 * smallMillis, "20,000-item table vs 500: " + largeMillis + " ms vs " + smallMillis + " ms");
  }

  private static void fill(String table, int count) {
    List<WriteRequest> batch = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      batch.add(WriteRequest.builder().putRequest(PutRequest.builder()
          .item(item("FILL#" + (i % 1000), String.format("%08d", i), "GSI1PK", "G#" + (i % 50), "GSI1SK",
              // "K" keeps it a string: GSI1SK is an S key of the index, and DynamoDB refuses a number there.
              "K" + String.format("%08d", i), "Body", "x".repeat(200))).build()).build());
      if (batch.size() == 25 || i == count - 1) {
        client.batchWriteItem(BatchWriteItemRequest.builder().requestItems(Map.of(table, List.copyOf(batch))).build());
        batch.clear();
      }
    }
  }

  private static double medianTransactionMillis(String table) {
    List<Long> nanos = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      long start = System.nanoTime();
      try {
        client.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
            put(table, item("T#" + i, "A", "n", "1"), null),
            put(table, item("T#" + i, "B", "n", "1"), null),
            put(table, item("FILL#1", "00000001"), i % 2 == 0 ? "attribute_not_exists(PK)" : null)).build());
      } catch (TransactionCanceledException expectedHalfTheTime) {
        // cancelled transactions cost their rollback, which is what moto made O(table)
      }
      if (i >= 10) {
        nanos.add(System.nanoTime() - start);
      }
    }
    Collections.sort(nanos);
    return nanos.get(nanos.size() / 2) / 1e6;
  }

  // moto keeps every stream record and copies the table per transaction action: a server reached
  // 9.7-14 GB and was killed by the kernel.
  @Test
  void memory_staysBounded_overManyTransactionsOnALargeTable() {
    LocalEngine.Control engine = LocalEngine.control(LocalDynamoDb.endpoint());
    assumeTrue(engine.available(), "needs the engine's status (memory figure)");
    String table = newTable();
    fill(table, 20_000);
    for (int i = 0; i < 100; i++) {
      transactionMix(table, i);
    }
    long before = ((Number) engine.status().get("rssBytes")).longValue();
    for (int i = 100; i < 1_500; i++) {
      transactionMix(table, i);
    }
    long after = ((Number) engine.status().get("rssBytes")).longValue();
    System.out.printf("engine RSS %d MB -> %d MB over 1,400 transactions at 20,000 items%n", before >> 20, after >> 20);
    assertTrue(after - before < (300L << 20), "RSS grew by " + ((after - before) >> 20) + " MB");
  }

  private static void transactionMix(String table, int i) {
    try {
      client.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
          put(table, item("MIX#" + (i % 100), "A", "n", Integer.toString(i), "Body", "y".repeat(500)), null),
          put(table, item("FILL#1", "00000001"), i % 3 == 0 ? "attribute_not_exists(PK)" : null)).build());
    } catch (TransactionCanceledException expected) {
      // a third of them are cancelled
    }
  }

  // moto's BaseModel appends every instance it makes to a class-level list: every item ever written
  // (and every stream record and shard iterator) stayed in memory, about 7 KB per write.
  @Test
  void writtenAndReplacedItems_areNotRetainedByTheServer() {
    LocalEngine.Control engine = LocalEngine.control(LocalDynamoDb.endpoint());
    assumeTrue(engine.available(), "needs the engine's status");
    String table = newTable();
    for (int i = 0; i < 200; i++) {
      client.putItem(PutItemRequest.builder().tableName(table).item(item("SAME", "1", "n", Integer.toString(i))).build());
    }
    assertEquals(0, ((Number) engine.status().get("modelInstancesRetained")).intValue());
  }

  // moto stores TTL but never expires items, and its REMOVE records carry no userIdentity.
  @Test
  void ttl_expiresItems_withDynamoDbsServiceIdentity_andUserDeletesHaveNone() throws Exception {
    String table = newTable();
    long now = Instant.now().getEpochSecond();
    client.putItem(PutItemRequest.builder().tableName(table).item(item("TTL", "past", "TTL", Long.toString(now - 5))).build());
    client.putItem(PutItemRequest.builder().tableName(table).item(item("TTL", "future", "TTL", Long.toString(now + 365 * 86400))).build());
    client.putItem(PutItemRequest.builder().tableName(table).item(item("TTL", "text", "TTL", "soon")).build());
    client.putItem(PutItemRequest.builder().tableName(table).item(item("TTL", "user")).build());
    client.deleteItem(DeleteItemRequest.builder().tableName(table)
        .key(Map.of("PK", AttributeValue.fromS("TTL"), "SK", AttributeValue.fromS("user"))).build());
    // The sweep runs every second, but waits 20 times its own duration when a pass is slow (a
    // loaded machine, large tables): allow for that rather than fail on a busy CI host.
    Instant deadline = Instant.now().plusSeconds(30);
    while (exists(table, "TTL", "past") && Instant.now().isBefore(deadline)) {
      Thread.sleep(200);
    }
    assertTrue(!exists(table, "TTL", "past"), "an item past its TTL is expired by the background sweep within seconds");
    assertTrue(exists(table, "TTL", "future"));
    assertTrue(exists(table, "TTL", "text"), "a TTL attribute that is not a number never expires");
    List<Record> removes = records(table).stream().filter(r -> r.eventNameAsString().equals("REMOVE")).toList();
    assertEquals(2, removes.size());
    Record user = removes.stream().filter(r -> r.dynamodb().keys().get("SK").s().equals("user")).findFirst().orElseThrow();
    Record ttl = removes.stream().filter(r -> r.dynamodb().keys().get("SK").s().equals("past")).findFirst().orElseThrow();
    assertEquals(null, user.userIdentity(), "a user's delete names no service principal");
    assertEquals("Service", ttl.userIdentity().type());
    assertEquals("dynamodb.amazonaws.com", ttl.userIdentity().principalId());
    assertEquals("past", ttl.dynamodb().oldImage().get("SK").s(), "the REMOVE record carries the old image");
  }

  @Test
  void ttl_followsTheEnginesClock_soTestsCanExpireItemsInSeconds() {
    LocalEngine.Control engine = LocalEngine.control(LocalDynamoDb.endpoint());
    assumeTrue(engine.available(), "needs the engine's clock");
    String table = newTable();
    long inAnHour = Instant.now().getEpochSecond() + 3600;
    client.putItem(PutItemRequest.builder().tableName(table).item(item("CLOCK", "1", "TTL", Long.toString(inAnHour))).build());
    engine.sweepTtl();
    assertTrue(exists(table, "CLOCK", "1"));
    String other = newTable();
    client.putItem(PutItemRequest.builder().tableName(other).item(item("CLOCK", "1", "TTL", Long.toString(inAnHour))).build());
    engine.advanceTtlClock(table, Duration.ofHours(2));
    assertTrue(engine.sweepTtl() >= 1);
    assertTrue(!exists(table, "CLOCK", "1"));
    assertTrue(exists(other, "CLOCK", "1"), "another table's time did not move");
  }

  // moto creates an UpdateItem's new item with an internal PutItem of its keys: a key-only INSERT
  // record (no Type, so no stream filter matches it) came before the real one.
  @Test
  void updateItemThatCreatesItsItem_writesOneInsertRecord_withTheWholeNewImage() {
    String table = newTable();
    client.updateItem(b -> b.tableName(table)
        .key(Map.of("PK", AttributeValue.fromS("UPSERT"), "SK", AttributeValue.fromS("1")))
        .updateExpression("SET #t = :t ADD n :one")
        .expressionAttributeNames(Map.of("#t", "Type"))
        .expressionAttributeValues(Map.of(":t", AttributeValue.fromS("Counter"), ":one", AttributeValue.fromN("1"))));
    List<Record> records = records(table);
    assertEquals(1, records.size(), records.toString());
    assertEquals("INSERT", records.get(0).eventNameAsString());
    assertEquals("Counter", records.get(0).dynamodb().newImage().get("Type").s());
  }

  // DynamoDB writes no stream record for a write that changes nothing; moto wrote a MODIFY.
  @Test
  void aWriteThatChangesNothing_writesNoStreamRecord() {
    String table = newTable();
    client.putItem(PutItemRequest.builder().tableName(table).item(item("SAME", "1", "n", "1")).build());
    client.putItem(PutItemRequest.builder().tableName(table).item(item("SAME", "1", "n", "1")).build());
    client.putItem(PutItemRequest.builder().tableName(table).item(item("SAME", "1", "n", "2")).build());
    assertEquals(List.of("INSERT", "MODIFY"), records(table).stream().map(Record::eventNameAsString).toList());
  }

  // moto applies a TransactWriteItems again when its ClientRequestToken is reused.
  @Test
  void clientRequestToken_makesATransactionIdempotent_andRejectsADifferentRequest() {
    String table = newTable();
    TransactWriteItemsRequest add = TransactWriteItemsRequest.builder().clientRequestToken("token-" + table)
        .transactItems(TransactWriteItem.builder().update(Update.builder().tableName(table)
            .key(Map.of("PK", AttributeValue.fromS("TOKEN"), "SK", AttributeValue.fromS("1")))
            .updateExpression("ADD n :one").expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1")))
            .build()).build()).build();
    client.transactWriteItems(add);
    client.transactWriteItems(add);
    assertEquals("1", counter(table));
    TransactWriteItemsRequest other = add.toBuilder().transactItems(put(table, item("TOKEN", "2"), null)).build();
    assertThrows(IdempotentParameterMismatchException.class, () -> client.transactWriteItems(other));
    assertTrue(!exists(table, "TOKEN", "2"));

    LocalEngine.Control engine = LocalEngine.control(LocalDynamoDb.endpoint());
    if (engine.available()) {
      engine.advanceClock(Duration.ofMinutes(11));
      client.transactWriteItems(add);
      assertEquals("2", counter(table), "after ten minutes the token starts a new request");
    }
  }

  // moto takes a token of any length; DynamoDB refuses one of more than 36 characters before anything
  // else, writing nothing.
  @Test
  void clientRequestToken_ofMoreThan36Characters_isRefused_andWritesNothing() {
    String table = newTable();
    TransactWriteItemsRequest write = TransactWriteItemsRequest.builder().clientRequestToken("t".repeat(37))
        .transactItems(put(table, item("TOKEN", "LONG"), null)).build();
    DynamoDbException refused = assertThrows(DynamoDbException.class, () -> client.transactWriteItems(write));
    assertEquals("ValidationException", refused.awsErrorDetails().errorCode());
    assertEquals(400, refused.statusCode());
    assertTrue(refused.awsErrorDetails().errorMessage().contains(
        "at 'clientRequestToken' failed to satisfy constraint: Member must have length less than or equal to 36"),
        refused.awsErrorDetails().errorMessage());
    assertTrue(!exists(table, "TOKEN", "LONG"));
    client.transactWriteItems(write.toBuilder().clientRequestToken("t".repeat(36)).build());
    assertTrue(exists(table, "TOKEN", "LONG"), "36 characters are allowed");
  }

  // moto answers a repeat with the first answer's write units; DynamoDB reports the read units of
  // reading the items ("subsequent calls with the same client token return the number of read
  // capacity units consumed in reading the item"), here one 3,000-byte item read transactionally: 2.
  @Test
  void aRepeatedToken_reportsReadCapacity_notTheWritesItDidNotMake() {
    String table = newTable();
    TransactWriteItemsRequest write = TransactWriteItemsRequest.builder().clientRequestToken("capacity-" + table.hashCode())
        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
        .transactItems(put(table, item("TOKEN", "CU", "Body", "y".repeat(3000)), null)).build();
    ConsumedCapacity first = client.transactWriteItems(write).consumedCapacity().get(0);
    assertEquals(6.0, first.writeCapacityUnits(), "a transactional write of a 3 KB item: 2 x 3 units");
    ConsumedCapacity repeat = client.transactWriteItems(write).consumedCapacity().get(0);
    assertEquals(null, repeat.writeCapacityUnits());
    assertEquals(2.0, repeat.readCapacityUnits());
    assertEquals(2.0, repeat.capacityUnits());
  }

  private static String counter(String table) {
    return client.getItem(GetItemRequest.builder().tableName(table).consistentRead(true)
        .key(Map.of("PK", AttributeValue.fromS("TOKEN"), "SK", AttributeValue.fromS("1"))).build()).item().get("n").n();
  }

  // moto accepts a BatchWriteItem of more than 25 requests and rejects TransactGetItems above 25.
  @Test
  void limits_areDynamoDbs() {
    String table = newTable();
    List<WriteRequest> writes = IntStream.range(0, 26).mapToObj(i -> WriteRequest.builder()
        .putRequest(PutRequest.builder().item(item("LIMIT", "W#" + i)).build()).build()).toList();
    DynamoDbException tooMany = assertThrows(DynamoDbException.class, () -> client.batchWriteItem(
        BatchWriteItemRequest.builder().requestItems(Map.of(table, writes)).build()));
    assertEquals("ValidationException", tooMany.awsErrorDetails().errorCode());
    assertEquals(0, partitionSize(table, "LIMIT"), "a rejected batch writes nothing");

    List<TransactGetItem> gets = IntStream.range(0, 100).mapToObj(i -> TransactGetItem.builder().get(Get.builder()
        .tableName(table).key(Map.of("PK", AttributeValue.fromS("LIMIT"), "SK", AttributeValue.fromS("G#" + i))).build())
        .build()).toList();
    assertEquals(100, client.transactGetItems(TransactGetItemsRequest.builder().transactItems(gets).build()).responses().size());

    List<TransactWriteItem> puts = IntStream.range(0, 101).mapToObj(i -> put(table, item("LIMIT", "T#" + i), null)).toList();
    DynamoDbException tooLarge = assertThrows(DynamoDbException.class, () -> client.transactWriteItems(
        TransactWriteItemsRequest.builder().transactItems(puts).build()));
    assertEquals("ValidationException", tooLarge.awsErrorDetails().errorCode());
    client.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(puts.subList(0, 100)).build());
    assertEquals(100, partitionSize(table, "LIMIT"));
  }

  // moto answers HTTP 500 to requests it cannot parse; the SDK then retries them for seconds.
  @Test
  void malformedRequests_answer400_andWriteNothing() throws Exception {
    String table = newTable();
    assertMalformed("{not json", "PutItem");
    assertMalformed("{\"TableName\":\"" + table + "\"}", "PutItem");
    assertMalformed("{\"TableName\":\"" + table + "\",\"Item\":{\"PK\":{\"S\":\"x\\ud800\"},\"SK\":{\"S\":\"1\"}}}", "PutItem");
    assertEquals(0, partitionSize(table, "x\ufffd"));
  }

  // moto routes by the Authorization header: an unsigned request was answered as S3, 200 and a
  // ListBuckets XML. DynamoDB refuses it at the door, writing nothing.
  @Test
  void unsignedRequests_areRefusedAsDynamoDbRefusesThem() throws Exception {
    String table = newTable();
    for (String method : List.of("GET", "POST")) {
      HttpURLConnection c = (HttpURLConnection) LocalDynamoDb.endpoint().toURL().openConnection();
      c.setRequestMethod(method);
      if (method.equals("POST")) {
        c.setDoOutput(true);
        c.setRequestProperty("Content-Type", "application/x-amz-json-1.0");
        c.setRequestProperty("X-Amz-Target", "DynamoDB_20120810.PutItem");
        c.getOutputStream().write(("{\"TableName\":\"" + table + "\",\"Item\":{\"PK\":{\"S\":\"UNSIGNED\"},"
            + "\"SK\":{\"S\":\"1\"}}}").getBytes(StandardCharsets.UTF_8));
      }
      assertEquals(400, c.getResponseCode(), method);
      String answer = new String(c.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(answer.contains("MissingAuthenticationTokenException"), method + ": " + answer);
      assertTrue(c.getContentType().startsWith("application/x-amz-json-1.0"), c.getContentType());
    }
    assertTrue(!exists(table, "UNSIGNED", "1"));
  }

  private static void assertMalformed(String body, String operation) throws IOException {
    HttpURLConnection c = (HttpURLConnection) LocalDynamoDb.endpoint().toURL().openConnection();
    c.setRequestMethod("POST");
    c.setDoOutput(true);
    c.setRequestProperty("Content-Type", "application/x-amz-json-1.0");
    c.setRequestProperty("X-Amz-Target", "DynamoDB_20120810." + operation);
    c.setRequestProperty("Authorization", "AWS4-HMAC-SHA256 Credential=local/20260101/"
        + DynamoDbExtension.region() + "/dynamodb/aws4_request, SignedHeaders=host, Signature=0");
    c.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
    assertEquals(400, c.getResponseCode(), body);
    String answer = new String(c.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(answer.contains("ValidationException"), answer);
  }

  private static List<Record> records(String table) {
    String arn = client.describeTable(DescribeTableRequest.builder().tableName(table).build()).table().latestStreamArn();
    var shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0);
    String iterator = streams.getShardIterator(GetShardIteratorRequest.builder().streamArn(arn).shardId(shard.shardId())
        .shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()).shardIterator();
    return streams.getRecords(GetRecordsRequest.builder().shardIterator(iterator).build()).records();
  }

  @Test
  void theEngineRefusesAnUntestedMoto_orOneWhoseShapeChanged() throws Exception {
    assumeTrue(LocalEngine.control(LocalDynamoDb.endpoint()).available() || System.getenv("DYNAMODB_ENDPOINT") == null,
        "checks the launcher of this repository");
    Path script = LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE));
    // Copies run from other folders: the launcher, the package, the pin and the command-line module.
    Path untested = copyOfTheEngine();
    Path pin = untested.resolveSibling("requirements.txt");
    Files.writeString(pin, Files.readString(pin).replaceAll("moto\\[server\\]==\\S+", "moto[server]==0.0.1"));
    Run refused = run(untested, Map.of());
    assertEquals(3, refused.exit());
    assertTrue(refused.output().contains("refusing to start") && refused.output().contains(pin.toRealPath() + " pins moto 0.0.1")
        && refused.output().contains("pip install -r " + pin.toRealPath()), refused.output());

    Path reshaped = copyOfTheEngine();
    Path guard = reshaped.resolveSibling("monotable_engine").resolve("guard.py");
    Files.writeString(guard, Files.readString(guard).replace("(DynamoDBBackend.transact_write_items, \"copy.deepcopy\")",
        "(DynamoDBBackend.transact_write_items, \"a line moto no longer has\")"));
    Run changed = run(reshaped, Map.of());
    assertEquals(3, changed.exit());
    assertTrue(changed.output().contains("changed where this engine patches it")
        && changed.output().contains("transact_write_items"), changed.output());

    Run ok = run(script, Map.of());
    assertEquals(0, ok.exit(), ok.output());
  }

  /** A copy of scripts/engine with what it runs (package, pin, monotable_cli.py) in a new folder; returns the launcher. */
  private static Path copyOfTheEngine() throws IOException {
    Path scripts = LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)).getParent();
    Path dir = Files.createTempDirectory("engine-check");
    for (String file : List.of("engine", "monotable_cli.py", "requirements.txt")) {
      Files.copy(scripts.resolve(file), dir.resolve(file));
    }
    Files.createDirectory(dir.resolve("monotable_engine"));
    try (var modules = Files.list(scripts.resolve("monotable_engine"))) {
      for (Path module : modules.filter(f -> f.toString().endsWith(".py")).toList()) {
        Files.copy(module, dir.resolve("monotable_engine").resolve(module.getFileName()));
      }
    }
    return dir.resolve("engine");
  }

  private record Run(int exit, String output) {}

  private static Run run(Path script, Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("python3", script.toString(), "--check").redirectErrorStream(true);
    pb.environment().remove("MONOTABLE_ENGINE_ALLOW_UNTESTED_MOTO");
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return new Run(p.exitValue(), out);
  }

  // The engine answers Query from its own partition and index maps and serializes reads itself;
  // both must answer exactly as moto's own code does. Differential: the same seeded operations
  // against the engine and stock moto_server, every answer compared (scripts/engine-difftest).
  @Test
  void theEnginesOwnQueryAndReadPaths_answerExactlyAsMotosOwn() throws Exception {
    assumeTrue(System.getenv("DYNAMODB_ENDPOINT") == null || LocalEngine.control(LocalDynamoDb.endpoint()).available(),
        "compares the launcher of this repository with moto");
    Path difftest = LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)).resolveSibling("engine-difftest");
    Process p = new ProcessBuilder("python3", difftest.toString(), "--steps", "600", "--seed", "11")
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "difftest did not finish");
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("600 steps, 0 differences"), out);
  }

  @Test
  void anEngineStartedOnPortZero_announcesItsPort_andStops() {
    assumeTrue(System.getenv("DYNAMODB_ENDPOINT") == null || LocalEngine.control(LocalDynamoDb.endpoint()).available(),
        "starts the launcher of this repository");
    long start = System.nanoTime();
    try (LocalEngine engine = LocalEngine.start(LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)), 0)) {
      System.out.printf("engine started in %d ms%n", (System.nanoTime() - start) / 1_000_000);
      assertTrue(engine.port() > 0);
      assertTrue(LocalEngine.control(engine.endpoint()).available());
      assertEquals(URI.create("http://127.0.0.1:" + engine.port()), engine.endpoint());
    }
  }
}
