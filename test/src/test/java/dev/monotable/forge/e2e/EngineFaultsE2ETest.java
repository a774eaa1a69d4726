package dev.monotable.forge.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.engine.LocalEngine;
import dev.monotable.kit.keys.Key;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * DynamoDB's own failures, raised by the local engine on request (its control API,
 * {@code /_engine/faults}) on the very table and items the service uses, with no proxy between:
 * a transaction conflict is 503 (Retry-After) and writes nothing, a single-item write meeting a transaction is
 * 503 too, throttling and server errors are retried by the SDK within the call's deadline and applied
 * once, and retries spent answer 503 with Retry-After having written nothing. The proxy-level
 * faults (lost answers, dropped connections) stay in {@link FaultsE2ETest}.
 */
@ExtendWith(ForgeExtension.class)
@HandlerDeadlines
class EngineFaultsE2ETest {
  private static LocalEngine.Control engine;

  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  EngineFaultsE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  @BeforeAll
  static void engineOnly() {
    engine = LocalEngine.control(LocalDynamoDb.endpoint());
    assumeTrue(engine.available(), "faults on request are the local engine's");
  }

  @AfterEach
  void clear() {
    engine.clearFaults();
  }

  private static Map<String, String> key(Key k) {
    return Map.of("PK", k.pk(), "SK", k.sk());
  }

  private String repo() {
    String owner = fx.user("Own");
    fx.repo(owner, owner, "lib", false);
    return owner;
  }

  private String starCount(String owner) {
    return table.item(Keys.repository(owner, "lib")).orElseThrow().get("StarCount").n();
  }

  @Test
  void aTransactionConflict_answers503_writesNothing_andTheClientsRetrySucceeds() {
    // GIVEN the star transaction (the star and the repository's count) meets another transaction on the repository
    String owner = repo();
    String fan = fx.user("Fan");
    engine.injectFault("TransactWriteItems", table.name(), key(Keys.repository(owner, "lib")),
        "TransactionConflictException", 1);
    var before = fx.snapshot();

    // WHEN
    Forge.Reply conflict = forge.put("/user/starred/" + owner + "/lib").as(fan).send();

    // THEN 503 naming the conflict with Retry-After, nothing written, and the client's retry stars once
    assertEquals(503, conflict.status(), conflict::toString);
    assertEquals(List.of("1"), conflict.headers().get("retry-after"), conflict::toString);
    assertTrue(conflict.body().contains("\"transaction_conflict\""), conflict::toString);
    fx.assertUnchanged(before);
    assertEquals(204, forge.put("/user/starred/" + owner + "/lib").as(fan).send().status());
    assertEquals("1", starCount(owner));
    assertTrue(table.item(Keys.star(fan, owner, "lib")).isPresent());
  }

  @Test
  void aSingleItemWriteMeetingATransaction_answers503_onlyForTheChosenItem() {
    // GIVEN a transaction holds Ann's profile, not Bob's
    String ann = fx.user("Ann");
    String bob = fx.user("Bob");
    engine.injectFault("UpdateItem", table.name(), key(Keys.account(ann)), "TransactionConflictException", 1);

    // WHEN Bob edits his profile, then Ann hers
    assertEquals(200, forge.patch("/users/" + bob).as(bob).json("name", "Bob B").send().status());
    assertEquals(1, engine.pendingFaults().size(), "Bob's write did not meet the fault on Ann's profile");
    var before = fx.snapshot();
    Forge.Reply annReply = forge.patch("/users/" + ann).as(ann).json("name", "Ann A").send();

    // THEN Ann's write is refused with 503 (retry shortly) and wrote nothing; her retry passes
    assertEquals(503, annReply.status(), annReply::toString);
    assertTrue(annReply.body().contains("\"transaction_conflict\""), annReply::toString);
    fx.assertUnchanged(before);
    assertTrue(engine.pendingFaults().isEmpty());
    assertEquals(200, forge.patch("/users/" + ann).as(ann).json("name", "Ann A").send().status());
    assertEquals("Ann A", table.item(Keys.account(ann)).orElseThrow().get("Name").s());
  }

  @Test
  void throttlingAndServerErrors_areRetriedByTheSdkWithinTheDeadline_andAppliedOnce() {
    for (String error : List.of("ProvisionedThroughputExceededException", "ThrottlingException", "InternalServerError")) {
      // GIVEN the next two calls of the star transaction fail with the error
      String owner = repo();
      String fan = fx.user("Fan");
      engine.injectFault("TransactWriteItems", table.name(), key(Keys.repository(owner, "lib")), error, 2);

      // WHEN
      long started = System.nanoTime();
      Forge.Reply r = forge.put("/user/starred/" + owner + "/lib").as(fan).send();
      long millis = (System.nanoTime() - started) / 1_000_000;

      // THEN the SDK's third attempt committed it, within the call's deadline, and the count moved once
      assertEquals(204, r.status(), error + ": " + r);
      assertTrue(engine.pendingFaults().isEmpty(), error + ": both failures were met");
      assertTrue(millis < DynamoDbClients.CALL_TIMEOUT.toMillis() + 2_000, error + " took " + millis + " ms");
      assertEquals("1", starCount(owner), error);
    }
  }

  @Test
  void retriesSpent_answer503WithRetryAfter_andWriteNothing() {
    for (String error : List.of("ProvisionedThroughputExceededException", "ThrottlingException", "InternalServerError")) {
      // GIVEN every call of the star transaction fails, more often than the SDK retries
      String owner = repo();
      String fan = fx.user("Fan");
      engine.injectFault("TransactWriteItems", table.name(), key(Keys.repository(owner, "lib")), error, 100);
      var before = fx.snapshot();

      // WHEN
      long started = System.nanoTime();
      Forge.Reply r = forge.put("/user/starred/" + owner + "/lib").as(fan).send();
      long millis = (System.nanoTime() - started) / 1_000_000;

      // THEN 503 with Retry-After before the function's deadline, and nothing written
      assertEquals(503, r.status(), error + ": " + r);
      assertEquals("1", r.header("retry-after"), error + ": " + r);
      assertTrue(millis < DynamoDbClients.CALL_TIMEOUT.toMillis() + 2_000, error + " took " + millis + " ms");
      fx.assertUnchanged(before);
      engine.clearFaults();
    }
  }
}
