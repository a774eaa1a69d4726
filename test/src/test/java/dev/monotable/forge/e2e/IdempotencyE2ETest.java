package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** POST of issues and pull requests with {@code Idempotency-Key}: a retried request gets the first answer. */
@ExtendWith(ForgeExtension.class)
class IdempotencyE2ETest {
  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  IdempotencyE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  private String repo() {
    String owner = fx.user("Own");
    fx.repo(owner, owner, "lib", false);
    return owner;
  }

  private Reply post(String owner, String caller, String kind, String key, String json) {
    return forge.post("/repos/" + owner + "/lib/" + kind).as(caller).header("idempotency-key", key).raw(json).send();
  }

  @Test
  void retriedPost_shouldGetTheFirstAnswer_andCreateOneIssueAndOneRecord() {
    // GIVEN a first POST that created issue 1
    String owner = repo();
    Instant before = Instant.now();
    Reply first = post(owner, owner, "issues", "req-0001-abcdef", "{\"title\":\"once\"}");
    Instant after = Instant.now();
    assertEquals(201, first.status(), first::toString);
    var snapshot = fx.snapshot();

    // WHEN the client, not knowing, sends it again
    Reply again = post(owner, owner, "issues", "req-0001-abcdef", "{\"title\":\"once\"}");

    // THEN the same answer, and nothing more was written
    assertEquals(201, again.status(), again::toString);
    assertEquals(first.json(), again.json());
    fx.assertUnchanged(snapshot);
    assertEquals(1L, table.itemsOfType("Issue").stream().filter(i -> i.get("Owner").s().equals(owner)).count());
    // AND the record is exactly the chart's, pointing at the issue, expiring in 24 hours
    String pk = "IDEMPOTENCY#" + owner.toLowerCase() + "#req-0001-abcdef";
    Map<String, AttributeValue> record = table.item(Keys.idempotency(owner, "req-0001-abcdef")).orElseThrow();
    var issueKey = Keys.ticket(TicketKind.ISSUE, owner, "lib", 1);
    String created = record.get("CreatedAt").s();
    ForgeFixtures.assertWrittenBetween(created, before, after);
    long ttl = Long.parseLong(record.get("TTL").n());
    assertEquals(Timestamps.parse(created).getEpochSecond() + 24 * 3600, ttl);
    assertEquals(ForgeFixtures.item("PK", pk, "SK", pk, "Type", "IdempotencyRecord", "SchemaVersion", 1,
        "Username", owner, "IdempotencyKey", "req-0001-abcdef", "Route", "POST /repos/{owner}/{repo}/issues",
        "RequestHash", record.get("RequestHash").s(), "TargetPK", issueKey.pk(), "TargetSK", issueKey.sk(),
        "TTL", ttl, "CreatedAt", created, "UpdatedAt", created), record);
    assertTrue(record.get("RequestHash").s().matches("[A-Za-z0-9_-]{43}"));
  }

  @Test
  void sameKeyForAnotherRequest_shouldAnswer409AndWriteNothing() {
    String owner = repo();
    assertEquals(201, post(owner, owner, "issues", "req-0002-abcdef", "{\"title\":\"a\"}").status());
    var snapshot = fx.snapshot();

    Reply otherBody = post(owner, owner, "issues", "req-0002-abcdef", "{\"title\":\"b\"}");
    Reply otherRoute = post(owner, owner, "pulls", "req-0002-abcdef", "{\"title\":\"a\",\"head\":\"f\",\"base\":\"m\"}");

    assertError(otherBody, 409, "conflict", "Idempotency-Key");
    assertError(otherRoute, 409, "conflict", "Idempotency-Key");
    fx.assertUnchanged(snapshot);
  }

  @Test
  void keys_shouldBeScopedToTheCaller() {
    String owner = repo();
    String other = fx.user("Oth");

    Reply mine = post(owner, owner, "issues", "shared-key-123", "{\"title\":\"t\"}");
    Reply theirs = post(owner, other, "issues", "shared-key-123", "{\"title\":\"t\"}");

    assertEquals(1, mine.json().get("number"));
    assertEquals(2, theirs.json().get("number"), theirs::toString);
  }

  @Test
  void malformedKeys_shouldAnswer400NamingTheHeader_andWriteNothing() {
    String owner = repo();
    var snapshot = fx.snapshot();

    for (String key : List.of("short", "has space in it", "x".repeat(65), "key#with#hash", "key/../other")) {
      Reply r = forge.post("/repos/" + owner + "/lib/issues").as(owner).header("idempotency-key", key)
          .json("title", "t").send();
      assertError(r, 400, "validation", "Idempotency-Key");
    }
    fx.assertUnchanged(snapshot);
  }

  @Test
  void retriedCommentPost_shouldGetTheFirstAnswer_andAddOneComment() {
    String owner = repo();
    assertEquals(201, forge.post("/repos/" + owner + "/lib/issues").as(owner).json("title", "t").send().status());
    String path = "/repos/" + owner + "/lib/issues/1/comments";
    Reply first = forge.post(path).as(owner).header("idempotency-key", "comment-key-01").json("body", "hi").send();
    assertEquals(201, first.status(), first::toString);
    var snapshot = fx.snapshot();

    Reply again = forge.post(path).as(owner).header("idempotency-key", "comment-key-01").json("body", "hi").send();
    Reply reused = forge.post(path).as(owner).header("idempotency-key", "comment-key-01").json("body", "other").send();
    Reply plain = forge.post(path).as(owner).json("body", "hi").send();

    assertEquals(201, again.status(), again::toString);
    assertEquals(first.json(), again.json());
    assertError(reused, 409, "conflict", "Idempotency-Key");
    // without the header a retry is a new comment, as before
    assertEquals(201, plain.status());
    assertTrue(!plain.json().get("id").equals(first.json().get("id")));
    var record = table.item(Keys.idempotency(owner, "comment-key-01")).orElseThrow();
    assertEquals("POST /repos/{owner}/{repo}/issues/{number}/comments", record.get("Route").s());
    assertEquals("ISSUE#00000001#COMMENT#" + first.json().get("id"), record.get("TargetSK").s());
    assertEquals(snapshot.size() + 1, fx.snapshot().size(), "only the plain POST wrote (its comment)");
  }
}
