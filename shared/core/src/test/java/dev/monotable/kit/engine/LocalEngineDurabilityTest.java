package dev.monotable.kit.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.testing.TestDomain;
import dev.monotable.kit.Env;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Durable mode ({@code scripts/engine --data-dir}): what an engine acknowledged is there after it is
 * killed with SIGKILL at a random moment of a storm of concurrent puts and transactions, a
 * transaction is all or nothing, and the stream holds exactly one INSERT per item present; a torn
 * last journal record is dropped with a message; a journal of another format is refused, never half
 * read. Each test starts engines of its own on a temporary directory (the suite's engine stays in
 * memory). Runs where the suite runs on the local engine.
 */
class LocalEngineDurabilityTest {
  private static final int KILLS = 20;
  private static final int WRITERS = 6;
  private static final String TABLE = "monotable-durable";
  private static Path script;

  @BeforeAll
  static void engineOnly() {
    assumeTrue(LocalEngine.control(LocalDynamoDb.endpoint()).available(), "durable mode of the local engine");
    script = LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE));
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static DynamoDbClient client(LocalEngine engine) {
    return DynamoDbClients.create(engine.endpoint(), DynamoDbExtension.region());
  }

  @Test
  void acknowledgedWrites_surviveTwentySigkillsDuringAStorm_andTransactionsAreWhole(@TempDir Path dir)
      throws Exception {
    LocalEngine engine = LocalEngine.start(script, 0, dir);
    try (DynamoDbClient c = client(engine)) {
      c.createTable(TestDomain.SCHEMA.createTableRequest(TABLE));
      c.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(TABLE).build());
    }
    // Keys whose write was answered 200: they must be there after every restart.
    Set<String> ackedPuts = ConcurrentHashMap.newKeySet();
    Set<String> ackedTransactions = ConcurrentHashMap.newKeySet();
    Random random = new Random(17);
    int[] sequence = new int[WRITERS];
    for (int kill = 1; kill <= KILLS; kill++) {
      AtomicBoolean stop = new AtomicBoolean();
      ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
      List<Future<?>> writers = new ArrayList<>();
      try (DynamoDbClient c = client(engine)) {
        for (int w = 0; w < WRITERS; w++) {
          int writer = w;
          writers.add(pool.submit(() -> storm(c, writer, sequence, stop, ackedPuts, ackedTransactions)));
        }
        Thread.sleep(150 + random.nextInt(450));
        engine.kill(); // SIGKILL in the middle of the storm
        stop.set(true);
        for (Future<?> f : writers) {
          f.get(60, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      engine = LocalEngine.start(script, 0, dir);
      verify(engine, ackedPuts, ackedTransactions, "after kill " + kill);
    }
    System.out.printf("durable mode: %d kills, %d acknowledged puts and %d acknowledged transactions kept%n", KILLS,
        ackedPuts.size(), ackedTransactions.size());
    assertTrue(ackedPuts.size() > KILLS && ackedTransactions.size() > KILLS,
        "the storm wrote: " + ackedPuts.size() + " puts, " + ackedTransactions.size() + " transactions");
    engine.close();
  }

  /** One writer: puts and two-item transactions (with a counter update) until the engine dies. */
  private static void storm(DynamoDbClient c, int writer, int[] sequence, AtomicBoolean stop, Set<String> ackedPuts,
      Set<String> ackedTransactions) {
    while (!stop.get()) {
      int n;
      synchronized (sequence) {
        n = ++sequence[writer];
      }
      String id = String.format("%06d", n);
      try {
        if (n % 2 == 0) {
          c.putItem(b -> b.tableName(TABLE).item(Map.of("PK", s("P#" + writer), "SK", s(id), "v", s("put " + id))));
          ackedPuts.add(writer + "/" + id);
        } else {
          c.transactWriteItems(b -> b.transactItems(
              TransactWriteItem.builder().put(Put.builder().tableName(TABLE)
                  .item(Map.of("PK", s("T#" + writer), "SK", s(id + "#A"), "v", s(id))).build()).build(),
              TransactWriteItem.builder().put(Put.builder().tableName(TABLE)
                  .item(Map.of("PK", s("T#" + writer), "SK", s(id + "#B"), "v", s(id))).build()).build(),
              TransactWriteItem.builder().update(Update.builder().tableName(TABLE)
                  .key(Map.of("PK", s("C#" + writer), "SK", s("C"))).updateExpression("ADD n :one")
                  .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))).build()).build()));
          ackedTransactions.add(writer + "/" + id);
        }
      } catch (RuntimeException e) {
        return; // the engine was killed: this write's fate is unknown, and it need not be there
      }
    }
  }

  private static List<Map<String, AttributeValue>> partition(DynamoDbClient c, String pk) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      Map<String, AttributeValue> from = start;
      QueryResponse r = c.query(b -> b.tableName(TABLE).consistentRead(true).keyConditionExpression("PK = :p")
          .expressionAttributeValues(Map.of(":p", s(pk))).exclusiveStartKey(from));
      items.addAll(r.items());
      start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return items;
  }

  private static void verify(LocalEngine engine, Set<String> ackedPuts, Set<String> ackedTransactions, String when) {
    try (DynamoDbClient c = client(engine); DynamoDbStreamsClient streams =
        DynamoDbClients.streams(engine.endpoint(), DynamoDbExtension.region())) {
      Set<String> present = new HashSet<>();
      int committedTransactions = 0;
      for (int w = 0; w < WRITERS; w++) {
        for (Map<String, AttributeValue> i : partition(c, "P#" + w)) {
          present.add("P#" + w + "|" + i.get("SK").s());
        }
        Map<String, Set<String>> halves = new TreeMap<>();
        for (Map<String, AttributeValue> i : partition(c, "T#" + w)) {
          present.add("T#" + w + "|" + i.get("SK").s());
          String sk = i.get("SK").s();
          halves.computeIfAbsent(sk.substring(0, sk.length() - 2), k -> new HashSet<>()).add(sk.substring(sk.length() - 1));
        }
        for (Map.Entry<String, Set<String>> e : halves.entrySet()) {
          assertEquals(Set.of("A", "B"), e.getValue(), when + ": transaction " + w + "/" + e.getKey() + " is partial");
        }
        List<Map<String, AttributeValue>> counter = partition(c, "C#" + w);
        int counted = counter.isEmpty() ? 0 : Integer.parseInt(counter.get(0).get("n").n());
        if (!counter.isEmpty()) {
          present.add("C#" + w + "|C");
        }
        assertEquals(halves.size(), counted, when + ": writer " + w + "'s counter counts its committed transactions");
        committedTransactions += halves.size();
      }
      for (String k : ackedPuts) {
        String[] p = k.split("/");
        assertTrue(present.contains("P#" + p[0] + "|" + p[1]), when + ": acknowledged put " + k + " is missing");
      }
      for (String k : ackedTransactions) {
        String[] p = k.split("/");
        assertTrue(present.contains("T#" + p[0] + "|" + p[1] + "#A"), when + ": acknowledged transaction " + k + " is missing");
      }
      // The stream: one INSERT per item (the counters: one INSERT, then MODIFYs), no record of a
      // write the table does not hold, none twice.
      Map<String, List<String>> events = new HashMap<>();
      String arn = c.describeTable(b -> b.tableName(TABLE)).table().latestStreamArn();
      String shard = streams.describeStream(b -> b.streamArn(arn)).streamDescription().shards().get(0).shardId();
      String iterator = streams.getShardIterator(b -> b.streamArn(arn).shardId(shard)
          .shardIteratorType(ShardIteratorType.TRIM_HORIZON)).shardIterator();
      Set<String> sequenceNumbers = new HashSet<>();
      while (iterator != null) {
        String it = iterator;
        GetRecordsResponse r = streams.getRecords(b -> b.shardIterator(it).limit(1000));
        for (Record rec : r.records()) {
          var keys = rec.dynamodb().keys();
          events.computeIfAbsent(keys.get("PK").s() + "|" + keys.get("SK").s(), k -> new ArrayList<>())
              .add(rec.eventNameAsString());
          assertTrue(sequenceNumbers.add(rec.dynamodb().sequenceNumber()), when + ": a stream record twice");
        }
        iterator = r.records().isEmpty() ? null : r.nextShardIterator();
      }
      Set<String> counters = new HashSet<>();
      for (int w = 0; w < WRITERS; w++) {
        counters.add("C#" + w + "|C");
      }
      assertEquals(present, events.keySet(), when + ": the stream's keys are the items' keys");
      for (Map.Entry<String, List<String>> e : events.entrySet()) {
        if (counters.contains(e.getKey())) {
          assertEquals("INSERT", e.getValue().get(0), when + ": " + e.getKey());
          assertEquals(e.getValue().size() - 1, e.getValue().stream().filter("MODIFY"::equals).count());
        } else {
          assertEquals(List.of("INSERT"), e.getValue(), when + ": " + e.getKey());
        }
      }
      assertTrue(committedTransactions >= ackedTransactions.size());
    }
  }

  @Test
  void aTornLastRecord_isDroppedWithAMessage_andTheRestIsKept(@TempDir Path dir) throws Exception {
    try (LocalEngine engine = LocalEngine.start(script, 0, dir); DynamoDbClient c = client(engine)) {
      c.createTable(TestDomain.SCHEMA.createTableRequest(TABLE));
      c.putItem(b -> b.tableName(TABLE).item(Map.of("PK", s("KEPT"), "SK", s("1"))));
      engine.kill();
    }
    // Half a record, as a process killed inside write() leaves it: no newline, no valid checksum.
    Files.writeString(dir.resolve("journal"), "0badc0de {\"a\":\"123", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    try (LocalEngine engine = LocalEngine.start(script, 0, dir); DynamoDbClient c = client(engine)) {
      assertTrue(c.getItem(b -> b.tableName(TABLE).key(Map.of("PK", s("KEPT"), "SK", s("1")))).hasItem());
      String log = Files.readString(engine.log().toPath());
      assertTrue(log.contains("dropped a torn last record of 18 bytes"), log);
    }
  }

  @Test
  void aJournalOfAnotherFormat_isRefused_beforeAnythingIsRead(@TempDir Path dir) throws IOException {
    Files.writeString(dir.resolve("journal"), "monotable-engine-journal 99\n", StandardCharsets.UTF_8);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> LocalEngine.start(script, 0, dir));
    assertTrue(e.getMessage().contains("is not a journal of format 1"), e.getMessage());
    assertTrue(e.getMessage().contains("written by another version of the engine. Nothing was read."), e.getMessage());
  }

  @Test
  void aSecondEngineOnTheSameDirectory_isRefused_andTheDirectoryIsFreeOnceTheFirstStops(@TempDir Path dir) {
    // scripts/dev takes a free port when 8000 is in use: a second one of the same checkout must not
    // write the first one's journal.
    try (LocalEngine first = LocalEngine.start(script, 0, dir)) {
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> LocalEngine.start(script, 0, dir));
      assertTrue(e.getMessage().contains("another engine is using " + dir), e.getMessage());
    }
    try (LocalEngine again = LocalEngine.start(script, 0, dir)) {
      assertTrue(again.port() > 0);
    }
  }
}
