package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.local.StreamPipeline.DeadLetter;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.CountedComment;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;

/**
 * The stream handlers (ST1..ST4) as {@code scripts/dev} runs them: writes over HTTP, the local
 * pipeline reading the table's stream in the background, the effects checked over HTTP and in
 * the table.
 */
@ExtendWith(ForgeExtension.class)
@ForgeExtension.WithStreams
class StreamsE2ETest {
  /** The pipeline polls every 200 ms; effects must show well within this. */
  private static final Duration SOON = Duration.ofSeconds(5);

  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  StreamsE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  @Test
  void issuesAndComments_shouldMoveTheRepositoryUp_countComments_andReachOwnerAndActorFeeds() {
    // GIVEN alice's two repositories, the newer one on top of AP15
    String alice = fx.user("Alice");
    String bob = fx.user("Bob");
    fx.repo(alice, alice, "older", false);
    fx.repo(alice, alice, "newer", false);
    forge.awaitIndexes(); // a user's repositories are an index (GSI3)
    assertEquals(List.of("newer", "older"), repoNames(alice));

    // WHEN bob opens an issue on the older one
    Reply issue = forge.post("/repos/" + alice + "/older/issues").as(bob).json("title", "Crash", "body", "b").send();
    assertEquals(201, issue.status(), issue::toString);
    String issueAt = (String) issue.json().get("createdAt");

    // THEN, within moments: the older repository is on top, and both feeds show the issue
    await(() -> repoNames(alice).equals(List.of("older", "newer")), "ST1 moves the repository up");
    Map<String, AttributeValue> repo = table.item(Keys.repository(alice, "older")).orElseThrow();
    assertEquals(issueAt, repo.get("UpdatedAt").s());
    assertEquals("#" + issueAt, repo.get("GSI3SK").s());
    assertEquals("ACCOUNT#" + lower(alice), repo.get("GSI3PK").s());
    await(() -> events(alice).contains("IssueOpened by " + bob), "ST2 writes the owner's feed");
    await(() -> events(bob).contains("IssueOpened by " + bob), "ST2 writes the actor's feed");

    // WHEN bob comments twice
    for (String body : List.of("first", "second")) {
      Reply c = forge.post("/repos/" + alice + "/older/issues/1/comments").as(bob).json("body", body).send();
      assertEquals(201, c.status(), c::toString);
    }

    // THEN commentCount follows, both feeds show the comments, and UpdatedAt is the last comment's
    await(() -> Long.valueOf(2).equals(commentCount(alice, "older", 1)), "ST3 counts the comments");
    await(() -> events(alice).stream().filter(e -> e.equals("IssueCommented by " + bob)).count() == 2,
        "ST2 records each comment");
    assertEquals(2, events(bob).stream().filter(e -> e.equals("IssueCommented by " + bob)).count());
    String lastComment = lastCommentCreatedAt(alice, "older", 1);
    await(() -> lastComment.equals(table.item(Keys.repository(alice, "older")).orElseThrow().get("UpdatedAt").s()),
        "ST1 follows the last comment");
    assertEquals(2, table.itemsOfType(CountedComment.TYPE).stream()
        .filter(i -> i.get("PK").s().equals(Keys.ticket(TicketKind.ISSUE, alice, "older", 1).pk())).count());
  }

  @Test
  void replayingEveryRecord_shouldChangeNothing() {
    // GIVEN activity of every kind the handlers consume, fully processed
    String owner = fx.user("Owner");
    String fan = fx.user("Fan");
    fx.repo(owner, owner, "tool", false);
    assertEquals(201, forge.post("/repos/" + owner + "/tool/issues").as(fan).json("title", "t").send().status());
    assertEquals(201, forge.post("/repos/" + owner + "/tool/issues/1/comments").as(fan).json("body", "c").send().status());
    assertEquals(201, forge.post("/repos/" + owner + "/tool/pulls").as(fan)
        .json("title", "p", "head", "fix", "base", "main").send().status());
    assertEquals(204, forge.put("/user/starred/" + owner + "/tool").as(fan).send().status(), "star");
    assertEquals(201, forge.post("/repos/" + owner + "/tool/forks").as(fan).send().status(), "fork");
    forge.pipeline().drain();
    Set<Map<String, AttributeValue>> before = new HashSet<>(table.scanAll());
    assertEquals(Long.valueOf(1), commentCount(owner, "tool", 1));

    // WHEN the whole stream is delivered again (Lambda after a lost checkpoint)
    int replayed = forge.pipeline().replay();

    // THEN not one item differs: no second activity, count or receipt, no UpdatedAt moved
    assertTrue(replayed >= 7, "replayed " + replayed + " records");
    assertEquals(before, new HashSet<>(table.scanAll()));
  }

  @Test
  void poisonRecord_shouldBeReportedAndDeadLettered_whileTheRestApply() {
    // GIVEN an issue, and a comment item no handler can read (an id that is not a ULID), written
    // straight to the table the way a faulty tool would
    String owner = fx.user("Poison");
    fx.repo(owner, owner, "repo", false);
    assertEquals(201, forge.post("/repos/" + owner + "/repo/issues").as(owner).json("title", "t").send().status());
    forge.pipeline().drain();
    int lettersBefore = forge.pipeline().deadLetters().size();
    Map<String, AttributeValue> poison = new java.util.HashMap<>(new Comment(TicketKind.ISSUE, owner, "repo", 1,
        "01JGQ8ZR5C0MMENT00000000A1", owner, "bad", "2026-01-02T04:00:00.000Z", "2026-01-02T04:00:00.000Z", 1,
        new dev.monotable.forge.model.Visibility(false, false)).toItem());
    poison.put("SK", AttributeValue.fromS("ISSUE#00000001#COMMENT#not-a-ulid"));
    poison.put("Id", AttributeValue.fromS("not-a-ulid"));
    table.put(poison);

    // WHEN a good comment follows it
    assertEquals(201, forge.post("/repos/" + owner + "/repo/issues/1/comments").as(owner).json("body", "ok").send()
        .status());

    // THEN the good comment is counted, and each consumer of comments gave up on the poison alone
    await(() -> Long.valueOf(1).equals(commentCount(owner, "repo", 1)), "the record after the poison applies");
    forge.pipeline().drain();
    List<DeadLetter> letters = forge.pipeline().deadLetters().subList(lettersBefore, forge.pipeline().deadLetters().size());
    assertEquals(Set.of("ST1", "ST2", "ST3"), letters.stream().map(DeadLetter::stream).collect(java.util.stream.Collectors.toSet()),
        letters.toString());
    letters.forEach(l -> {
      assertEquals(1, l.eventIds().size(), "bisect isolates the poison record: " + l);
      assertTrue(l.reason().startsWith("retries exhausted"), l.reason());
    });
    assertTrue(forge.pipeline().deadLetterFile().toFile().isFile(), "reported in " + forge.pipeline().deadLetterFile());

    // The broken item leaves (its REMOVE is poison too) so the chart check after the test passes.
    table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name())
        .key(Map.of("PK", poison.get("PK"), "SK", poison.get("SK"))).build());
    forge.pipeline().drain();
    assertEquals(Long.valueOf(1), commentCount(owner, "repo", 1));
  }

  @Test
  void expiredInvitation_shouldVanishFromAp11AtOnce_andYieldSt4ActivityAfterTheEnginesSweep() throws Exception {
    // GIVEN a pending invitation
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    assertEquals(201, forge.post("/orgs/" + org + "/invitations").as(admin).json("email", "dana@example.io").send()
        .status());
    assertEquals(1, forge.get("/orgs/" + org + "/invitations").as(admin).send().items().size());

    // WHEN the service's time passes its TTL: AP11 hides it at once, before any deletion
    forge.clock().advance(Duration.ofDays(7).plusMinutes(1));
    assertEquals(List.of(), forge.get("/orgs/" + org + "/invitations").as(admin).send().items());
    assertTrue(table.item(Keys.invitation(org, "dana@example.io")).isPresent(), "not deleted yet");

    // WHEN the engine's TTL process deletes it (DynamoDB's userIdentity on the REMOVE record)
    URI engine = LocalDynamoDb.endpoint();
    Assumptions.assumeTrue(engine != null && engineAvailable(engine),
        "the DynamoDB endpoint has no /_engine control API (real AWS, DynamoDB Local or plain moto): "
            + "TTL deletion by the engine cannot be triggered, so ST4 is not exercised here");
    // Only this class's table: the engine is shared by every test class of the JVM.
    engine(engine, "/_engine/clock", "{\"advanceSeconds\": " + Duration.ofDays(7).plusMinutes(2).toSeconds()
        + ", \"table\": \"" + table.name() + "\"}");
    engine(engine, "/_engine/ttl/sweep", "{}");

    // THEN the invitation is gone and the org's feed shows that it expired (no address in it)
    await(() -> table.item(Keys.invitation(org, "dana@example.io")).isEmpty(), "the engine deletes it");
    await(() -> events(org).contains("InvitationExpired by null"), "ST4 records the expiry");
    List<Map<String, Object>> feed = forge.get("/users/" + org + "/events").send().items();
    assertEquals(1, feed.size(), feed.toString());
    assertEquals("an invitation to join " + org + " as member expired", feed.get(0).get("summary"));
    assertTrue(!feed.toString().contains("dana@"), "the public feed names no address");
  }

  // ---- helpers -----------------------------------------------------------------------------

  private List<String> repoNames(String owner) {
    Reply r = forge.get("/users/" + owner + "/repos").send();
    assertEquals(200, r.status(), r::toString);
    return r.items().stream().map(i -> (String) i.get("name")).toList();
  }

  /** AP12 entries as "Event by Actor", newest first. */
  private List<String> events(String account) {
    Reply r = forge.get("/users/" + account + "/events").send();
    assertEquals(200, r.status(), r::toString);
    return r.items().stream().map(i -> i.get("event") + " by " + i.get("actor")).toList();
  }

  private Long commentCount(String owner, String repo, int number) {
    Reply r = forge.get("/repos/" + owner + "/" + repo + "/issues/" + number).send();
    assertEquals(200, r.status(), r::toString);
    return ((Number) r.json().get("commentCount")).longValue();
  }

  private String lastCommentCreatedAt(String owner, String repo, int number) {
    List<Map<String, Object>> comments = forge.get("/repos/" + owner + "/" + repo + "/issues/" + number + "/comments")
        .send().items();
    return (String) comments.get(comments.size() - 1).get("createdAt");
  }

  private static void await(Supplier<Boolean> condition, String what) {
    Instant deadline = Instant.now().plus(SOON);
    while (Instant.now().isBefore(deadline)) {
      if (Boolean.TRUE.equals(condition.get())) {
        return;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    fail(what + ": not seen within " + SOON.toSeconds() + " s");
  }

  private static boolean engineAvailable(URI endpoint) {
    try {
      HttpResponse<String> r = HttpClient.newHttpClient().send(
          HttpRequest.newBuilder(endpoint.resolve("/_engine/status")).GET().build(),
          HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  private static void engine(URI endpoint, String path, String body) throws IOException, InterruptedException {
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(endpoint.resolve(path))
            .header("content-type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), path + ": " + r.body());
    assertNotNull(r.body());
  }
}
