package dev.monotable.kit.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.keys.Key;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LoseFirstAnswer;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A write whose answer is lost after DynamoDB applied it, then retried by the SDK with the same
 * request (and by a client with the same Idempotency-Key): answered as the first attempt, applied
 * once. Before WriteTokens, the retry met its own write: a create's attribute_not_exists refused it
 * (409), a versioned update's If-Match refused it (412), an update without If-Match applied twice.
 */
@ExtendWith(DynamoDbExtension.class)
class LostAnswerTest {
  private final TestTable table;
  private final LoseFirstAnswer lose = new LoseFirstAnswer();
  private final DynamoDbClient client = DynamoDbExtension.newClient(new DynamoDbLimitGuard(), lose);
  private final TableGateway gateway;

  LostAnswerTest(TestTable table) {
    this.table = table;
    this.gateway = new TableGateway(client, table.name(), table.cursors(), MutableClock.at("2090-01-02T00:00:00.000Z"));
  }

  @AfterEach
  void close() {
    WriteTokens.close();
    client.close();
  }

  @Test
  void transaction_whoseAnswerWasLost_isAnsweredAsTheFirstAttempt_byTheSdksRetry() {
    lose.operation = "TransactWriteItems";
    WriteTransaction tx = new WriteTransaction(gateway);
    tx.putIfAbsent(item("LOST#1", "one"));
    String answer = tx.commit("created", failures -> "refused: the retry met its own write");

    assertEquals("created", answer);
    assertEquals(2, lose.attempts.get(), "the first attempt's answer was dropped and the SDK retried");
    assertEquals(2, lose.tokens.size());
    assertEquals(lose.tokens.get(0), lose.tokens.get(1), "the retry carries the first attempt's ClientRequestToken");
    assertEquals(36, lose.tokens.get(0).length());
    assertEquals("one", table.item(new Key("LOST#1", "A")).orElseThrow().get("Text").s());
  }

  @Test
  void versionedUpdate_whoseAnswerWasLost_answersTheNewVersion_notStale() {
    gateway.putIfAbsent(VersionedUpdateTest.MEMO_ENTITY.toItem(Map.of("memo", "m1", "text", "one",
        "createdAt", "2090-01-01T00:00:00.000Z")));
    lose.operation = "UpdateItem";

    Map<String, Object> after = gateway.updateVersioned(VersionedUpdateTest.MEMO_ENTITY, Map.of("memo", "m1"),
        Map.of("text", "two"), 1L);

    assertEquals(2, lose.attempts.get());
    assertEquals(2L, after.get("version"));
    assertEquals("two", after.get("text"));
    assertEquals("2", table.item(new Key("MEMO#m1", "MEMO#m1")).orElseThrow().get("Version").n());
  }

  @Test
  void versionedUpdate_withoutIfMatch_whoseAnswerWasLost_isAppliedOnce() {
    gateway.putIfAbsent(VersionedUpdateTest.MEMO_ENTITY.toItem(Map.of("memo", "m2", "text", "one",
        "createdAt", "2090-01-01T00:00:00.000Z")));
    lose.operation = "UpdateItem";

    Map<String, Object> after = gateway.updateVersioned(VersionedUpdateTest.MEMO_ENTITY, Map.of("memo", "m2"),
        Map.of("text", "two"), null);

    assertEquals(2L, after.get("version"));
    assertEquals("2", table.item(new Key("MEMO#m2", "MEMO#m2")).orElseThrow().get("Version").n(),
        "the retry did not bump the version again");
    assertEquals(3L, gateway.updateVersioned(VersionedUpdateTest.MEMO_ENTITY, Map.of("memo", "m2"),
        Map.of("text", "three"), null).get("version"), "the next update (another token) applies");
  }

  @Test
  void clientRetry_withTheSameIdempotencyKey_sharesTheTokens_andAnotherTransactionUnderThemIsStillEvaluated() {
    WriteTokens.open("client-key-0001", "request-1", "alice", "POST /things", "/things", "{}");
    String first = WriteTokens.next();
    String second = WriteTokens.next();
    WriteTokens.open("client-key-0001", "request-2", "alice", "POST /things", "/things", "{}");
    assertEquals(first, WriteTokens.next(), "a client's retry (another invocation) derives the same tokens");
    assertEquals(second, WriteTokens.next());
    WriteTokens.open("client-key-0001", "request-3", "alice", "POST /things", "/things", "{\"other\":1}");
    assertNotEquals(first, WriteTokens.next(), "the key reused for another request gives other tokens");
    WriteTokens.open(null, "request-4");
    String byRequest = WriteTokens.next();
    WriteTokens.open(null, "request-5");
    assertNotEquals(byRequest, WriteTokens.next());

    // The same transaction sent again under the same key: applied once.
    WriteTokens.open("client-key-0002", "request-6", "alice", "POST /counters", "/counters", "{}");
    add("COUNT#1");
    WriteTokens.open("client-key-0002", "request-7", "alice", "POST /counters", "/counters", "{}");
    add("COUNT#1");
    assertEquals("1", table.item(new Key("COUNT#1", "A")).orElseThrow().get("N").n());
    // Another transaction under the same token (new ids in a retry's writes): evaluated on its own.
    WriteTokens.open("client-key-0002", "request-8", "alice", "POST /counters", "/counters", "{}");
    add("COUNT#2");
    assertTrue(table.item(new Key("COUNT#2", "A")).isPresent());
  }

  private void add(String pk) {
    WriteTransaction tx = new WriteTransaction(gateway);
    tx.update(new Key(pk, "A"), "ADD #n :one", null, Map.of("#n", "N"), Map.of(":one", AttributeValue.fromN("1")));
    tx.commit(failures -> { });
  }

  private static Map<String, AttributeValue> item(String pk, String text) {
    return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("A"), "Type", AttributeValue.fromS("Thing"),
        "Text", AttributeValue.fromS(text));
  }
}
