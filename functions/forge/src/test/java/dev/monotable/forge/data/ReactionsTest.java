package dev.monotable.forge.data;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.kit.data.TableGateway;

import static dev.monotable.forge.data.TicketFixtures.*;
import static dev.monotable.forge.keys.TicketKind.ISSUE;
import static dev.monotable.forge.keys.TicketKind.PULL_REQUEST;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Reaction;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class ReactionsTest {
  private static final String T1 = "2026-07-08T09:10:11.121Z";
  /** Static: JUnit makes one instance per test, and the table lives for the whole class. */
  private static final AtomicInteger REPO_SEQ = new AtomicInteger();

  private final TestTable table;
  private MutableClock clock;
  private Tickets tickets;
  private Reactions reactions;

  ReactionsTest(TestTable table) {
    this.table = table;
  }

  @BeforeEach
  void setUp() {
    clock = MutableClock.at(T1);
    TableGateway gateway = table.gateway(clock);
    tickets = new Tickets(gateway);
    reactions = new Reactions(gateway);
    TicketFixtures.profiles(table, "Alice", "Bob", "Carol", "Dave", "Erin");
  }

  /** A public repository of Alice with issue 1 and pull request 2, both by Bob. */
  private String repoWithIssueAndPullRequest() {
    String repo = "Fun-" + REPO_SEQ.incrementAndGet();
    userRepo(table, "Alice", repo, false);
    tickets.create(ISSUE, "Bob", "alice", repo, "issue", null, null, null);
    tickets.create(PULL_REQUEST, "Bob", "alice", repo, "pr", null, "h", "main");
    return repo;
  }

  private Map<String, AttributeValue> ticketItem(TicketKind kind, String repo, int number) {
    return table.item(Keys.ticket(kind, "alice", repo, number)).orElseThrow();
  }

  /** The ticket's Reactions map as plain numbers. */
  private Map<String, Long> counts(TicketKind kind, String repo, int number) {
    Map<String, Long> out = new java.util.TreeMap<>();
    ticketItem(kind, repo, number).get("Reactions").m().forEach((k, v) -> out.put(k, Long.parseLong(v.n())));
    return out;
  }

  private List<Map<String, AttributeValue>> reactionItems(String repo) {
    String prefix = "REACTION#alice#" + repo.toLowerCase() + "#";
    return table.itemsOfType(Reaction.TYPE).stream().filter(i -> i.get("PK").s().startsWith(prefix)).toList();
  }

  // ---- react ----------------------------------------------------------------------------------

  @Test
  void react_shouldWriteExactReactionItem_andCountPlusOne_withoutTouchingVersion() {
    String repo = repoWithIssueAndPullRequest();
    String lower = repo.toLowerCase();
    Map<String, AttributeValue> ticketBefore = ticketItem(ISSUE, repo, 1);
    clock.advance(Duration.ofSeconds(3));
    String t2 = "2026-07-08T09:10:14.121Z";

    boolean added = reactions.react(ISSUE, "Carol", "ALICE", repo, 1, "+1");

    assertTrue(added);
    Map<String, AttributeValue> item = table.item(Keys.reaction(ISSUE, "alice", repo, 1, "carol", "+1")).orElseThrow();
    assertItem(attrs(
        "PK", "REACTION#alice#" + lower + "#ISSUE#00000001", "SK", "REACTION#carol#+1",
        "Type", "Reaction", "Target", "Issue", "Owner", "Alice", "Repo", repo, "Number", 1,
        "Username", "Carol", "Reaction", "+1",
        "CreatedAt", t2, "UpdatedAt", t2, "SchemaVersion", 1), item);
    assertNoGsi(item, Gsi.GSI1, Gsi.GSI2, Gsi.GSI3, Gsi.GSI4);
    assertEquals(Map.of("+1", 1L), counts(ISSUE, repo, 1));
    // A reaction must not invalidate a pending edit's If-Match, nor move the ticket's UpdatedAt.
    Map<String, AttributeValue> ticketAfter = ticketItem(ISSUE, repo, 1);
    assertEquals(ticketBefore.get("Version"), ticketAfter.get("Version"));
    assertEquals(ticketBefore.get("UpdatedAt"), ticketAfter.get("UpdatedAt"));
  }

  @Test
  void react_shouldBeIdempotent_whenSameUserReactsTwice() {
    String repo = repoWithIssueAndPullRequest();
    assertTrue(reactions.react(ISSUE, "Carol", "alice", repo, 1, "heart"));
    List<Map<String, AttributeValue>> before = snapshot(table);

    boolean again = reactions.react(ISSUE, "carol", "alice", repo, 1, "heart");

    assertFalse(again);
    assertEquals(before, snapshot(table));
    assertEquals(Map.of("heart", 1L), counts(ISSUE, repo, 1));
  }

  @Test
  void react_shouldCountPerType_acrossUsers() {
    String repo = repoWithIssueAndPullRequest();

    assertTrue(reactions.react(ISSUE, "Carol", "alice", repo, 1, "+1"));
    assertTrue(reactions.react(ISSUE, "Dave", "alice", repo, 1, "+1"));
    assertTrue(reactions.react(ISSUE, "Carol", "alice", repo, 1, "-1"));
    assertTrue(reactions.react(ISSUE, "Carol", "alice", repo, 1, "heart"));
    assertTrue(reactions.react(ISSUE, "Alice", "alice", repo, 1, "rocket"));

    assertEquals(Map.of("+1", 2L, "-1", 1L, "heart", 1L, "rocket", 1L), counts(ISSUE, repo, 1));
    assertEquals(5, reactionItems(repo).size());
    // the pull request next to it is untouched
    assertEquals(Map.of(), counts(PULL_REQUEST, repo, 2));
    assertEquals(Map.of("+1", 2L, "-1", 1L, "heart", 1L, "rocket", 1L),
        tickets.get(ISSUE, null, "alice", repo, 1).reactions());
  }

  @Test
  void react_shouldWritePullRequestKeys_whenKindIsPullRequest() {
    String repo = repoWithIssueAndPullRequest();

    assertTrue(reactions.react(PULL_REQUEST, "Carol", "alice", repo, 2, "eyes"));

    Map<String, AttributeValue> item = table.item(Keys.reaction(PULL_REQUEST, "alice", repo, 2, "carol", "eyes"))
        .orElseThrow();
    assertEquals("REACTION#alice#" + repo.toLowerCase() + "#PR#00000002", item.get("PK").s());
    assertEquals("REACTION#carol#eyes", item.get("SK").s());
    assertEquals("PullRequest", item.get("Target").s());
    assertEquals(Map.of("eyes", 1L), counts(PULL_REQUEST, repo, 2));
    assertEquals(Map.of(), counts(ISSUE, repo, 1));
  }

  @Test
  void react_shouldThrowNotFoundAndWriteNothing_whenTicketMissingOrRepositoryHidden() {
    String repo = repoWithIssueAndPullRequest();
    orgRepo(table, "Acme", "private-fun", true);
    member(table, "Acme", "Dave", Role.MEMBER);
    tickets.create(ISSUE, "Dave", "acme", "private-fun", "t", null, null, null);
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertEquals("pull request not found", assertThrows(NotFoundException.class,
        () -> reactions.react(PULL_REQUEST, "Carol", "alice", repo, 1, "+1")).getMessage());
    assertEquals("issue not found", assertThrows(NotFoundException.class,
        () -> reactions.react(ISSUE, "Carol", "alice", repo, 7, "+1")).getMessage());
    assertEquals("repository not found", assertThrows(NotFoundException.class,
        () -> reactions.react(ISSUE, "Carol", "acme", "private-fun", 1, "+1")).getMessage());
    assertEquals(before, snapshot(table));

    assertTrue(reactions.react(ISSUE, "Dave", "acme", "private-fun", 1, "+1"));
  }

  @Test
  void react_shouldRejectAndWriteNothing_whenTypeUnknownOrNoCaller() {
    String repo = repoWithIssueAndPullRequest();
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertField("type", () -> reactions.react(ISSUE, "Carol", "alice", repo, 1, "thumbsup"));
    assertField("type", () -> reactions.react(ISSUE, "Carol", "alice", repo, 1, "+2"));
    assertField("type", () -> reactions.react(ISSUE, "Carol", "alice", repo, 1, null));
    // A missing repository would be a 404: the 400 proves validation came first.
    assertField("type", () -> reactions.react(ISSUE, "Carol", "alice", "missing", 1, "HEART"));
    assertField("type", () -> reactions.unreact(ISSUE, "Carol", "alice", repo, 1, "like"));
    assertThrows(UnauthorizedException.class, () -> reactions.react(ISSUE, null, "alice", repo, 1, "+1"));
    assertThrows(UnauthorizedException.class, () -> reactions.unreact(ISSUE, null, "alice", repo, 1, "+1"));
    assertEquals(before, snapshot(table));
  }

  // ---- unreact --------------------------------------------------------------------------------

  @Test
  void unreact_shouldDeleteReactionAndDecrement_thenBeIdempotent() {
    String repo = repoWithIssueAndPullRequest();
    reactions.react(ISSUE, "Carol", "alice", repo, 1, "+1");
    reactions.react(ISSUE, "Dave", "alice", repo, 1, "+1");
    reactions.react(ISSUE, "Carol", "alice", repo, 1, "laugh");

    boolean removed = reactions.unreact(ISSUE, "CAROL", "alice", repo, 1, "+1");

    assertTrue(removed);
    assertTrue(table.item(Keys.reaction(ISSUE, "alice", repo, 1, "carol", "+1")).isEmpty());
    assertTrue(table.item(Keys.reaction(ISSUE, "alice", repo, 1, "dave", "+1")).isPresent());
    assertTrue(table.item(Keys.reaction(ISSUE, "alice", repo, 1, "carol", "laugh")).isPresent());
    assertEquals(Map.of("+1", 1L, "laugh", 1L), counts(ISSUE, repo, 1));

    List<Map<String, AttributeValue>> before = snapshot(table);
    assertFalse(reactions.unreact(ISSUE, "Carol", "alice", repo, 1, "+1"));
    assertEquals(before, snapshot(table));

    assertTrue(reactions.unreact(ISSUE, "Dave", "alice", repo, 1, "+1"));
    assertEquals(Map.of("+1", 0L, "laugh", 1L), counts(ISSUE, repo, 1));
    assertEquals("1", ticketItem(ISSUE, repo, 1).get("Version").n());
  }

  @Test
  void unreact_shouldReturnFalseOrNotFound_andWriteNothing_whenNeverReactedOrTicketMissing() {
    String repo = repoWithIssueAndPullRequest();
    reactions.react(PULL_REQUEST, "Carol", "alice", repo, 2, "hooray");
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertFalse(reactions.unreact(PULL_REQUEST, "Dave", "alice", repo, 2, "hooray"));
    assertFalse(reactions.unreact(PULL_REQUEST, "Carol", "alice", repo, 2, "confused"));
    // the same number as the other kind: a distinct target, which does not exist
    assertThrows(NotFoundException.class, () -> reactions.unreact(ISSUE, "Carol", "alice", repo, 2, "hooray"));
    assertThrows(NotFoundException.class, () -> reactions.unreact(ISSUE, "Carol", "alice", repo, 99, "hooray"));
    assertThrows(NotFoundException.class, () -> reactions.unreact(ISSUE, "Carol", "nobody", "nothing", 1, "hooray"));

    assertEquals(before, snapshot(table));
    assertEquals(Map.of("hooray", 1L), counts(PULL_REQUEST, repo, 2));
  }

  @Test
  void reactAndUnreact_shouldAnswerAsTheReadDecides_whenTheRepositoryIsPrivateOrTheCallerHasNoProfile() {
    // GIVEN a member's reaction on an issue of a private org repository, and a public issue
    orgRepo(table, "Acme", "Private-Joy", true);
    member(table, "Acme", "Dave", Role.MEMBER);
    tickets.create(ISSUE, "Dave", "acme", "private-joy", "t", null, null, null);
    String repo = repoWithIssueAndPullRequest();

    // WHEN the member reacts with the path in lower case
    assertTrue(reactions.react(ISSUE, "Dave", "acme", "private-joy", 1, "heart"));
    assertFalse(reactions.react(ISSUE, "Dave", "acme", "private-joy", 1, "heart"));

    // THEN the reaction copies the stored names; strangers and callers without a profile change nothing
    Map<String, AttributeValue> item = table.item(Keys.reaction(ISSUE, "acme", "private-joy", 1, "dave", "heart"))
        .orElseThrow();
    assertEquals(List.of("Acme", "Private-Joy"), List.of(item.get("Owner").s(), item.get("Repo").s()));
    List<Map<String, AttributeValue>> before = snapshot(table);
    assertEquals("repository not found", assertThrows(NotFoundException.class,
        () -> reactions.unreact(ISSUE, "Carol", "acme", "private-joy", 1, "heart")).getMessage());
    assertEquals(RepoAccess.PROFILE_REQUIRED, assertThrows(ForbiddenException.class,
        () -> reactions.react(ISSUE, "Nobody", "alice", repo, 1, "heart")).getMessage());
    assertEquals(RepoAccess.PROFILE_REQUIRED, assertThrows(ForbiddenException.class,
        () -> reactions.unreact(ISSUE, "Nobody", "alice", repo, 1, "heart")).getMessage());
    assertEquals(before, snapshot(table));

    // AND the member removes it (the read allows it), once
    assertTrue(reactions.unreact(ISSUE, "Dave", "acme", "private-joy", 1, "heart"));
    assertFalse(reactions.unreact(ISSUE, "Dave", "acme", "private-joy", 1, "heart"));
    assertEquals("0", table.item(Keys.ticket(ISSUE, "acme", "private-joy", 1)).orElseThrow()
        .get("Reactions").m().get("heart").n());
  }

  @Test
  void react_shouldAddAgain_afterUnreact() {
    String repo = repoWithIssueAndPullRequest();
    reactions.react(PULL_REQUEST, "Carol", "alice", repo, 2, "+1");
    reactions.unreact(PULL_REQUEST, "Carol", "alice", repo, 2, "+1");
    clock.advance(Duration.ofMinutes(1));

    assertTrue(reactions.react(PULL_REQUEST, "Carol", "alice", repo, 2, "+1"));

    assertEquals(Map.of("+1", 1L), counts(PULL_REQUEST, repo, 2));
    assertEquals("2026-07-08T09:11:11.121Z",
        table.item(Keys.reaction(PULL_REQUEST, "alice", repo, 2, "carol", "+1")).orElseThrow().get("CreatedAt").s());
  }
}
