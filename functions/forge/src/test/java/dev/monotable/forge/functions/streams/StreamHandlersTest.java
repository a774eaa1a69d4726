package dev.monotable.forge.functions.streams;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.forge.charts.EntityCharts;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;

import static org.junit.jupiter.api.Assertions.*;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse.BatchItemFailure;
import dev.monotable.forge.functions.Services;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.CountedComment;
import dev.monotable.forge.model.Invitation;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.TicketState;
import dev.monotable.forge.model.User;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;

/**
 * ST1..ST4 against a real table, fed the JSON Lambda delivers (src/test/resources/streams: INSERT,
 * MODIFY, REMOVE, TTL REMOVE), with the exact resulting items checked, and every batch delivered
 * a second time to prove the effects are exactly-once.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class StreamHandlersTest {
  private static final String T0 = "2036-01-01T00:00:00.000Z";
  private static final String ISSUE_AT = "2036-01-02T03:04:05.678Z";
  private static final String COMMENT_AT = "2036-01-02T04:00:00.000Z";
  private static final String COMMENT_ID = "01JGQ8ZR5C0MMENT00000000A1";
  private static final Key REPO = Keys.repository("alice", "hello-forge");
  private static final Key ISSUE = Keys.ticket(TicketKind.ISSUE, "alice", "hello-forge", 1);

  private final TestTable table;
  private final Services services;

  StreamHandlersTest(TestTable table) {
    this.table = table;
    this.services = new Services(table.gateway(MutableClock.at("2036-01-03T00:00:00.000Z")), null);
  }

  @BeforeEach
  void givenAliceRepositoryWithIssueOne() {
    for (Map<String, AttributeValue> item : table.scanAll()) {
      table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name())
          .key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))).build());
    }
    for (String u : List.of("alice", "Bob", "Carol")) {
      table.put(new User(u, u.toLowerCase() + "@example.com", null, null, T0, T0, 1).toItem());
    }
    table.put(repository(false).toItem());
    table.put(Ticket.open(TicketKind.ISSUE, repository(false), 1, "Bob", "Crash on start", "It fails on Tuesdays",
        null, null, ISSUE_AT).toItem());
  }

  @AfterEach
  void everyItemMatchesItsChart() {
    for (Map<String, AttributeValue> item : table.scanAll()) {
      assertEquals(List.of(), EntityCharts.VALIDATOR.validate(item), item.get("PK").s() + " / " + item.get("SK").s());
    }
  }

  // ---- ST1 ---------------------------------------------------------------------------------

  @Test
  void repoUpdated_shouldMoveRepositoryToTheIssueTime_andIgnoreTheEdit() {
    StreamsEventResponse response = handle(new RepoUpdatedHandler(services), "issue-opened-then-edited.json");

    assertEquals(List.of(), failures(response));
    Map<String, AttributeValue> repo = table.item(REPO).orElseThrow();
    assertEquals(ISSUE_AT, repo.get("UpdatedAt").s());
    assertEquals("#" + ISSUE_AT, repo.get("GSI3SK").s());
    assertEquals("ACCOUNT#alice", repo.get("GSI3PK").s());
    // Only the two attributes moved: no new Version (If-Match of clients stays valid), same counters.
    Map<String, AttributeValue> expected = new java.util.HashMap<>(repository(false).toItem());
    expected.put("UpdatedAt", AttributeValue.fromS(ISSUE_AT));
    expected.put("GSI3SK", AttributeValue.fromS("#" + ISSUE_AT));
    assertEquals(expected, repo);

    // Delivered again: nothing changes.
    assertEquals(List.of(), failures(handle(new RepoUpdatedHandler(services), "issue-opened-then-edited.json")));
    assertEquals(expected, table.item(REPO).orElseThrow());
  }

  @Test
  void repoUpdated_shouldNeverMoveBack_whenAnOlderCommentArrivesLate() {
    handle(new RepoUpdatedHandler(services), "comment-added.json");
    assertEquals(COMMENT_AT, table.item(REPO).orElseThrow().get("UpdatedAt").s());

    StreamsEventResponse response = handle(new RepoUpdatedHandler(services), "comment-added-late.json");

    assertEquals(List.of(), failures(response));
    assertEquals(COMMENT_AT, table.item(REPO).orElseThrow().get("UpdatedAt").s());
    assertEquals("#" + COMMENT_AT, table.item(REPO).orElseThrow().get("GSI3SK").s());
  }

  // ---- ST2 ---------------------------------------------------------------------------------

  @Test
  void activityFeed_shouldRecordTheIssueInOwnerAndActorFeeds_exactlyOnce() {
    StreamsEventResponse response = handle(new ActivityFeedHandler(services), "issue-opened-then-edited.json");

    assertEquals(List.of(), failures(response));
    List<Map<String, AttributeValue>> entries = activities();
    assertEquals(List.of("ACCOUNT#alice", "ACCOUNT#bob"), entries.stream().map(i -> i.get("PK").s()).toList());
    for (Map<String, AttributeValue> e : entries) {
      assertEquals("#ACTIVITY#" + ISSUE_AT + "#" + e.get("Id").s(), e.get("SK").s());
      assertEquals("IssueOpened", e.get("Event").s());
      assertEquals("Bob", e.get("Actor").s());
      assertEquals("alice", e.get("Owner").s());
      assertEquals("hello-forge", e.get("Repo").s());
      assertEquals("1", e.get("Number").n());
      assertEquals("Bob opened issue #1: Crash on start", e.get("Summary").s());
      assertEquals(ISSUE_AT, e.get("CreatedAt").s());
      assertEquals(Long.toString(Instant.parse(ISSUE_AT).plus(Duration.ofDays(90)).getEpochSecond()), e.get("TTL").n());
      // the id is a ULID of the issue's own time, so the feed sorts by when it happened
      assertEquals(dev.monotable.kit.keys.Ulid.next(Instant.parse(ISSUE_AT)).substring(0, 10),
          e.get("Id").s().substring(0, 10));
    }

    // The same batch again (a retry after a timeout): the same two entries, no third.
    assertEquals(List.of(), failures(handle(new ActivityFeedHandler(services), "issue-opened-then-edited.json")));
    assertEquals(entries, activities());
  }

  @Test
  void activityFeed_shouldRecordNothing_whenTheRepositoryIsPrivate() {
    table.put(repository(true).toItem());

    StreamsEventResponse response = handle(new ActivityFeedHandler(services), "issue-opened-then-edited.json");

    assertEquals(List.of(), failures(response));
    assertEquals(List.of(), activities());
  }

  @Test
  void activityFeed_shouldRecordStarsAndForks_inOwnerAndActorFeeds() {
    StreamsEventResponse response = handle(new ActivityFeedHandler(services), "star-and-fork.json");

    assertEquals(List.of(), failures(response));
    Set<String> entries = activities().stream()
        .map(i -> i.get("PK").s() + " " + i.get("Event").s() + " " + i.get("Actor").s() + " " + i.get("Summary").s())
        .collect(Collectors.toSet());
    assertEquals(Set.of(
        "ACCOUNT#alice Starred Carol Carol starred alice/hello-forge",
        "ACCOUNT#carol Starred Carol Carol starred alice/hello-forge",
        "ACCOUNT#alice Forked Carol Carol forked alice/hello-forge to Carol/hello-forge",
        "ACCOUNT#carol Forked Carol Carol forked alice/hello-forge to Carol/hello-forge"), entries);
    handle(new ActivityFeedHandler(services), "star-and-fork.json");
    assertEquals(4, activities().size());
  }

  // ---- ST3 ---------------------------------------------------------------------------------

  @Test
  void commentCount_shouldFollowInsertAndRemove_exactlyOncePerRecord() {
    StreamsEventResponse added = handle(new CommentCountHandler(services), "comment-added.json");

    assertEquals(List.of(), failures(added));
    assertEquals("1", table.item(ISSUE).orElseThrow().get("CommentCount").n());
    Key receiptKey = Keys.countedComment(TicketKind.ISSUE, "alice", "hello-forge", 1, COMMENT_ID);
    assertEquals("ISSUE#alice#hello-forge#00000001", receiptKey.pk());
    assertEquals("COUNTED#" + COMMENT_ID, receiptKey.sk());
    assertEquals(new CountedComment(TicketKind.ISSUE, "alice", "hello-forge", 1, COMMENT_ID, COMMENT_AT).toItem(),
        table.item(receiptKey).orElseThrow());
    // the ticket's Version and UpdatedAt do not move for a counter
    assertEquals("1", table.item(ISSUE).orElseThrow().get("Version").n());
    assertEquals(ISSUE_AT, table.item(ISSUE).orElseThrow().get("UpdatedAt").s());

    handle(new CommentCountHandler(services), "comment-added.json");
    assertEquals("1", table.item(ISSUE).orElseThrow().get("CommentCount").n());

    assertEquals(List.of(), failures(handle(new CommentCountHandler(services), "comment-removed.json")));
    assertEquals("0", table.item(ISSUE).orElseThrow().get("CommentCount").n());
    assertTrue(table.item(receiptKey).isEmpty());

    handle(new CommentCountHandler(services), "comment-removed.json");
    assertEquals("0", table.item(ISSUE).orElseThrow().get("CommentCount").n());
  }

  @Test
  void commentCount_shouldReportThePoisonRecord_andApplyOnlyTheRecordsBeforeIt() {
    DynamodbEvent batch = StreamEvents.load("comments-with-poison.json");

    StreamsEventResponse response = new CommentCountHandler(services).handleRequest(batch, null);

    // Lambda retries from the reported record; the one before it is applied, the one after waits.
    assertEquals(List.of("111100000000000000000007"), failures(response));
    assertEquals("1", table.item(ISSUE).orElseThrow().get("CommentCount").n());
    assertEquals(List.of(COMMENT_ID), table.itemsOfType(CountedComment.TYPE).stream()
        .map(i -> i.get("Id").s()).toList());

    // Lambda's retry of the failed suffix reports the same record and changes nothing.
    batch.setRecords(batch.getRecords().subList(1, 3));
    assertEquals(List.of("111100000000000000000007"),
        failures(new CommentCountHandler(services).handleRequest(batch, null)));
    assertEquals("1", table.item(ISSUE).orElseThrow().get("CommentCount").n());
  }

  @Test
  void commentCount_shouldCountNothing_whenTheIssueIsGone() {
    table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name()).key(ISSUE.toMap()).build());

    StreamsEventResponse response = handle(new CommentCountHandler(services), "comment-added.json");

    assertEquals(List.of(), failures(response));
    // no phantom issue created by ADD, no receipt
    assertTrue(table.item(ISSUE).isEmpty());
    assertEquals(List.of(), table.itemsOfType(CountedComment.TYPE));
  }

  // ---- ST4 ---------------------------------------------------------------------------------

  @Test
  void invitationExpired_shouldRecordTheExpiry_inTheOrgFeedOnce() {
    StreamsEventResponse response = handle(new InvitationExpiredHandler(services), "invitation-expired-by-ttl.json");

    assertEquals(List.of(), failures(response));
    List<Map<String, AttributeValue>> entries = activities();
    assertEquals(1, entries.size());
    Map<String, AttributeValue> e = entries.get(0);
    String expiredAt = "2036-01-08T00:00:00.000Z";
    assertEquals("ACCOUNT#acme", e.get("PK").s());
    assertEquals("#ACTIVITY#" + expiredAt + "#" + e.get("Id").s(), e.get("SK").s());
    assertEquals("Acme", e.get("Account").s());
    assertEquals("InvitationExpired", e.get("Event").s());
    assertEquals("an invitation to join Acme as member expired", e.get("Summary").s());
    assertFalse(e.containsKey("Actor"));
    // the feed is public: no e-mail address in it
    assertFalse(e.toString().contains("dana@"));
    assertEquals(Long.toString(Instant.parse(expiredAt).plus(Duration.ofDays(90)).getEpochSecond()), e.get("TTL").n());

    handle(new InvitationExpiredHandler(services), "invitation-expired-by-ttl.json");
    assertEquals(entries, activities());
  }

  @Test
  void invitationExpired_shouldIgnoreADeleteByAUser() {
    StreamsEventResponse response = handle(new InvitationExpiredHandler(services), "invitation-deleted-by-user.json");

    assertEquals(List.of(), failures(response));
    assertEquals(List.of(), activities());
  }

  @Test
  void invitationFixture_shouldBeTheItemTheModelWrites() {
    // The recorded OldImage is exactly what AP10 stores, so the test exercises real items.
    Invitation invitation = new Invitation("Acme", "dana@example.com", Role.MEMBER, "alice", T0,
        Instant.parse("2036-01-08T00:00:00.000Z").getEpochSecond());
    ChangeRecord r = ChangeRecord.of(StreamEvents.load("invitation-expired-by-ttl.json").getRecords().get(0));
    assertEquals(invitation.toItem(), r.oldImage());
    assertTrue(r.ttlDeletion());
    assertFalse(ChangeRecord.of(StreamEvents.load("invitation-deleted-by-user.json").getRecords().get(0)).ttlDeletion());
  }

  // ---- helpers -----------------------------------------------------------------------------

  private static Repository repository(boolean isPrivate) {
    return new Repository("alice", "hello-forge", "demo", isPrivate, false, null, 0, 0, T0, T0, 1);
  }

  private static StreamsEventResponse handle(StreamHandler<?> handler, String fixture) {
    return handler.handleRequest(StreamEvents.load(fixture), null);
  }

  private static List<String> failures(StreamsEventResponse response) {
    return response.getBatchItemFailures().stream().map(BatchItemFailure::getItemIdentifier).toList();
  }

  private List<Map<String, AttributeValue>> activities() {
    return table.itemsOfType(Activity.TYPE).stream()
        .sorted(Comparator.comparing((Map<String, AttributeValue> i) -> i.get("PK").s())
            .thenComparing(i -> i.get("SK").s()))
        .toList();
  }
}
