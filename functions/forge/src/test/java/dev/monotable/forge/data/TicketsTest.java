package dev.monotable.forge.data;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;

import static dev.monotable.forge.data.TicketFixtures.*;
import static dev.monotable.forge.keys.TicketKind.ISSUE;
import static dev.monotable.forge.keys.TicketKind.PULL_REQUEST;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.TicketState;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LoseFirstAnswer;
import dev.monotable.kit.data.TableGateway;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
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
class TicketsTest {
  private static final String T1 = "2026-03-04T05:06:07.891Z";

  private final TestTable table;
  private MutableClock clock;
  private Tickets tickets;
  /** Static: JUnit makes one instance per test, and the table lives for the whole class. */
  private static final AtomicInteger REPO_SEQ = new AtomicInteger();

  TicketsTest(TestTable table) {
    this.table = table;
  }

  @BeforeEach
  void setUp() {
    clock = MutableClock.at(T1);
    tickets = new Tickets(table.gateway(clock));
    TicketFixtures.profiles(table, "Alice", "Bob", "Carol", "Dave", "Erin");
  }

  /** A fresh public repository of user Alice per test, so tests never see each other's tickets. */
  private String aliceRepo() {
    String name = "Hello-World-" + REPO_SEQ.incrementAndGet();
    userRepo(table, "Alice", name, false);
    return name;
  }

  private Map<String, AttributeValue> itemOf(TicketKind kind, String owner, String repo, int number) {
    return table.item(Keys.ticket(kind, owner, repo, number)).orElseThrow();
  }

  private long counterOf(String owner, String repo) {
    return Long.parseLong(table.item(Keys.counter(owner, repo)).orElseThrow().get("LastNumber").n());
  }

  // ---- a lost answer, retried by the SDK --------------------------------------------------------

  // The SDK's retry of the counter's ADD whose answer was lost applied it again: the issue got
  // number 2 and number 1 was a gap. Its token makes the retry find its own increment.
  @Test
  void create_whoseCounterIncrementLostItsAnswer_takesTheNextNumber_notOneMore() {
    String repo = aliceRepo();
    LoseFirstAnswer lose = new LoseFirstAnswer();
    try (DynamoDbClient client = DynamoDbExtension.newClient(new DynamoDbLimitGuard(), lose)) {
      Tickets retried = new Tickets(new TableGateway(client, table.name(), table.cursors(), clock));
      lose.operation = "UpdateItem";
      Ticket first = retried.create(ISSUE, "Alice", "alice", repo, "first", null, null, null);
      assertEquals(2, lose.attempts.get(), "the increment's answer was lost and the SDK sent it again");
      assertEquals(1, first.number());
      assertEquals(1, counterOf("alice", repo));
      lose.operation = null;
      assertEquals(2, retried.create(ISSUE, "Alice", "alice", repo, "second", null, null, null).number());
    }
  }

  // The SDK's retry of a PATCH whose UpdateItem applied but lost its answer met the version it wrote:
  // 412 "version 1 is stale". It now knows that version as its own write.
  @Test
  void update_whoseAnswerWasLost_answersTheNewVersion_notStale() {
    String repo = aliceRepo();
    int n = tickets.create(ISSUE, "Alice", "alice", repo, "Plan", null, null, null).number();
    LoseFirstAnswer lose = new LoseFirstAnswer();
    try (DynamoDbClient client = DynamoDbExtension.newClient(new DynamoDbLimitGuard(), lose)) {
      Tickets retried = new Tickets(new TableGateway(client, table.name(), table.cursors(), clock));
      lose.operation = "UpdateItem";
      Ticket after = retried.update(ISSUE, "Alice", "alice", repo, n, 1L, new TicketPatch("Plan B", null, null));
      assertEquals(2, lose.attempts.get());
      assertEquals(2, after.version());
      assertEquals("Plan B", after.title());
      assertEquals("2", itemOf(ISSUE, "alice", repo, n).get("Version").n());
    }
  }

  // ---- create ---------------------------------------------------------------------------------

  @Test
  void create_shouldCopyThePrivateOrgVisibility_whenAMemberOpens_andWriteNothing_forAStrangerOrAGhost() {
    // GIVEN a private repository of org Acme, member Dave
    String repo = "vault-" + REPO_SEQ.incrementAndGet();
    orgRepo(table, "Acme", repo, true);
    member(table, "Acme", "Dave", Role.MEMBER);

    // WHEN the member opens an issue (the first increment is refused on visibility; the member path retries)
    Ticket t = tickets.create(ISSUE, "Dave", "acme", repo, "Plan", null, null, null);

    // THEN issue 1 carries the repository's visibility and display owner
    assertEquals(1, t.number());
    Map<String, AttributeValue> item = itemOf(ISSUE, "acme", repo, 1);
    assertEquals(true, item.get("IsPrivate").bool());
    assertEquals("Organization", item.get("OwnerType").s());
    assertEquals("Acme", item.get("Owner").s());
    assertEquals("REPO#acme#" + repo, item.get("GSI1PK").s());

    // AND a stranger (404) and a caller without a profile on a public repository (403) write nothing
    List<Map<String, AttributeValue>> before = snapshot(table);
    assertThrows(NotFoundException.class, () -> tickets.create(ISSUE, "Erin", "acme", repo, "x", null, null, null));
    String open = aliceRepo();
    List<Map<String, AttributeValue>> withOpen = snapshot(table);
    ForbiddenException ghost = assertThrows(ForbiddenException.class,
        () -> tickets.create(ISSUE, "Ghost", "alice", open, "x", null, null, null));
    assertEquals(RepoAccess.PROFILE_REQUIRED, ghost.getMessage());
    assertEquals(withOpen, snapshot(table));
    assertTrue(withOpen.containsAll(before));
    assertEquals(0, counterOf("alice", open));
  }

  @Test
  void create_shouldWriteExactIssueItem_whenCallerCanSeeRepository() {
    // GIVEN a public repository of Alice
    String repo = aliceRepo();
    String lower = repo.toLowerCase();

    // WHEN Bob (a stranger) opens an issue, naming the repository in another case
    Ticket t = tickets.create(ISSUE, "Bob", "alice", repo.toUpperCase(), "Crash on start", "Steps...", null, null);

    // THEN the item has the chart's keys (lower-case) and the display forms of the repository
    Map<String, AttributeValue> item = itemOf(ISSUE, "alice", repo, 1);
    assertItem(attrs(
        "PK", "ISSUE#alice#" + lower + "#00000001", "SK", "ISSUE#alice#" + lower + "#00000001",
        "GSI1PK", "REPO#alice#" + lower, "GSI1SK", "ISSUE#00000001",
        "GSI4PK", "REPO#alice#" + lower, "GSI4SK", "ISSUE#OPEN#99999998",
        "Type", "Issue", "Owner", "Alice", "Repo", repo, "Number", 1,
        "Title", "Crash on start", "Body", "Steps...", "State", "open", "Author", "Bob",
        "CommentCount", 0, "Reactions", Map.of(), "IsPrivate", false, "OwnerType", "User",
        "CreatedAt", T1, "UpdatedAt", T1, "SchemaVersion", 1, "Version", 1), item);
    assertNoGsi(item, Gsi.GSI2, Gsi.GSI3);
    assertEquals(Ticket.fromItem(item), t);
    assertEquals(Ticket.open(ISSUE, "Alice", repo, new Visibility(false, false), 1, "Bob", "Crash on start",
        "Steps...", null, null, T1), t);
    Map<String, AttributeValue> counter = table.item(Keys.counter("alice", repo)).orElseThrow();
    assertEquals("1", counter.get("LastNumber").n());
    assertEquals(T1, counter.get("UpdatedAt").s());
    assertEquals(SEEDED_AT, counter.get("CreatedAt").s());
  }

  @Test
  void create_shouldWriteExactPullRequestItem_withHeadAndBase() {
    String repo = aliceRepo();
    String lower = repo.toLowerCase();

    Ticket t = tickets.create(PULL_REQUEST, "Alice", "Alice", repo, "Add feature", null, "feature/x", "main");

    Map<String, AttributeValue> item = itemOf(PULL_REQUEST, "alice", repo, 1);
    assertItem(attrs(
        "PK", "PR#alice#" + lower + "#00000001", "SK", "PR#alice#" + lower + "#00000001",
        "GSI1PK", "PR#alice#" + lower, "GSI1SK", "PR#00000001",
        "GSI4PK", "PR#alice#" + lower, "GSI4SK", "PR#OPEN#99999998",
        "Type", "PullRequest", "Owner", "Alice", "Repo", repo, "Number", 1,
        "Title", "Add feature", "State", "open", "Author", "Alice", "Head", "feature/x", "Base", "main",
        "CommentCount", 0, "Reactions", Map.of(), "IsPrivate", false, "OwnerType", "User",
        "CreatedAt", T1, "UpdatedAt", T1, "SchemaVersion", 1, "Version", 1), item);
    assertNoGsi(item, Gsi.GSI2, Gsi.GSI3);
    assertEquals(Ticket.fromItem(item), t);
  }

  @Test
  void create_shouldShareOneNumberSequence_acrossIssuesAndPullRequests() {
    String repo = aliceRepo();

    Ticket first = tickets.create(ISSUE, "Bob", "alice", repo, "one", null, null, null);
    Ticket second = tickets.create(PULL_REQUEST, "Bob", "alice", repo, "two", null, "b", "main");
    Ticket third = tickets.create(ISSUE, "Bob", "alice", repo, "three", null, null, null);

    assertEquals(List.of(1, 2, 3), List.of(first.number(), second.number(), third.number()));
    assertEquals("Issue", itemOf(ISSUE, "alice", repo, 1).get("Type").s());
    assertEquals("PullRequest", itemOf(PULL_REQUEST, "alice", repo, 2).get("Type").s());
    assertEquals("Issue", itemOf(ISSUE, "alice", repo, 3).get("Type").s());
    assertTrue(table.item(Keys.ticket(PULL_REQUEST, "alice", repo, 1)).isEmpty());
    assertTrue(table.item(Keys.ticket(ISSUE, "alice", repo, 2)).isEmpty());
    assertEquals(3, counterOf("alice", repo));
  }

  @Test
  void create_shouldIgnoreHeadAndBase_whenKindIsIssue() {
    String repo = aliceRepo();

    Ticket t = tickets.create(ISSUE, "Bob", "alice", repo, "t", null, "feature", "main");

    Map<String, AttributeValue> item = itemOf(ISSUE, "alice", repo, 1);
    assertFalse(item.containsKey("Head"));
    assertFalse(item.containsKey("Base"));
    assertNull(t.head());
  }

  @Test
  void create_shouldRejectAndWriteNothing_whenInputBreaksRules() {
    String repo = aliceRepo();
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertField("title", () -> tickets.create(ISSUE, "Bob", "alice", repo, " ", null, null, null));
    assertField("title", () -> tickets.create(ISSUE, "Bob", "alice", repo, "x".repeat(257), null, null, null));
    assertField("title", () -> tickets.create(ISSUE, "Bob", "alice", repo, null, null, null, null));
    assertField("body", () -> tickets.create(ISSUE, "Bob", "alice", repo, "t", "x".repeat(65_537), null, null));
    assertField("head", () -> tickets.create(PULL_REQUEST, "Bob", "alice", repo, "t", null, null, "main"));
    assertField("base", () -> tickets.create(PULL_REQUEST, "Bob", "alice", repo, "t", null, "x", "ma\nin"));
    assertField("base", () -> tickets.create(PULL_REQUEST, "Bob", "alice", repo, "t", null, "x", "b".repeat(256)));
    assertField("repo", () -> tickets.create(ISSUE, "Bob", "alice", "..", "t", null, null, null));

    assertEquals(before, snapshot(table));
    assertEquals(0, counterOf("alice", repo));
  }

  @Test
  void create_shouldAcceptLimits_whenInputIsAtTheEdge() {
    String repo = aliceRepo();

    Ticket t = tickets.create(PULL_REQUEST, "Bob", "alice", repo, "x".repeat(256), "y".repeat(65_536),
        "h".repeat(255), "b");

    assertEquals(256, itemOf(PULL_REQUEST, "alice", repo, t.number()).get("Title").s().length());
  }

  @Test
  void create_shouldThrowNotFound_whenRepositoryMissingOrPrivateToCaller() {
    userRepo(table, "Carol", "secret", true);
    List<Map<String, AttributeValue>> before = snapshot(table);

    NotFoundException missing = assertThrows(NotFoundException.class,
        () -> tickets.create(ISSUE, "Bob", "alice", "no-such-repo", "t", null, null, null));
    NotFoundException hidden = assertThrows(NotFoundException.class,
        () -> tickets.create(ISSUE, "Bob", "carol", "secret", "t", null, null, null));

    assertEquals("repository not found", missing.getMessage());
    assertEquals("repository not found", hidden.getMessage());
    assertEquals(before, snapshot(table));
  }

  @Test
  void create_shouldOpen_whenRepositoryIsPrivateAndCallerIsOrgMember() {
    orgRepo(table, "Acme", "internal", true);
    member(table, "Acme", "Dave", Role.MEMBER);

    Ticket t = tickets.create(ISSUE, "Dave", "acme", "internal", "t", null, null, null);

    assertEquals(1, t.number());
    assertEquals("Acme", t.owner());
    assertEquals("Dave", itemOf(ISSUE, "acme", "internal", 1).get("Author").s());
  }

  @Test
  void create_shouldThrowNotFound_whenCounterIsMissing() {
    // GIVEN a repository item without its counter (the counter condition is what guards the number)
    String repo = "no-counter";
    table.put(new dev.monotable.forge.model.Repository("Alice", repo, null, false, false, null, 0, 0, SEEDED_AT,
        SEEDED_AT, 1).toItem());
    List<Map<String, AttributeValue>> before = snapshot(table);

    NotFoundException e = assertThrows(NotFoundException.class,
        () -> tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null));

    assertEquals("repository not found", e.getMessage());
    // The failed condition must not have created a counter by upsert.
    assertEquals(before, snapshot(table));
  }

  @Test
  void create_shouldThrowUnauthorized_whenNoCaller() {
    String repo = aliceRepo();
    assertThrows(UnauthorizedException.class, () -> tickets.create(ISSUE, null, "alice", repo, "t", null, null, null));
    assertEquals(0, counterOf("alice", repo));
  }

  // ---- get ------------------------------------------------------------------------------------

  @Test
  void get_shouldReturnTicket_whenVisibleEvenToAnonymous() {
    String repo = aliceRepo();
    Ticket created = tickets.create(PULL_REQUEST, "Bob", "alice", repo, "t", "b", "h", "main");

    assertEquals(created, tickets.get(PULL_REQUEST, null, "ALICE", repo, 1));
    assertEquals(created, tickets.get(PULL_REQUEST, "Carol", "alice", repo.toLowerCase(), 1));
  }

  @Test
  void get_shouldThrowNotFoundNamingKind_whenNumberIsTheOtherKindOrMissing() {
    String repo = aliceRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null);

    assertEquals("pull request not found",
        assertThrows(NotFoundException.class, () -> tickets.get(PULL_REQUEST, "Bob", "alice", repo, 1)).getMessage());
    assertEquals("issue not found",
        assertThrows(NotFoundException.class, () -> tickets.get(ISSUE, "Bob", "alice", repo, 2)).getMessage());
    assertEquals("repository not found",
        assertThrows(NotFoundException.class, () -> tickets.get(ISSUE, "Bob", "alice", "nope", 1)).getMessage());
  }

  @Test
  void get_shouldHidePrivateRepository_fromStrangersButNotFromOwnerOrMembers() {
    orgRepo(table, "Acme", "vault", true);
    member(table, "Acme", "Dave", Role.ADMIN);
    tickets.create(ISSUE, "Dave", "acme", "vault", "t", null, null, null);

    assertEquals("repository not found",
        assertThrows(NotFoundException.class, () -> tickets.get(ISSUE, "Bob", "acme", "vault", 1)).getMessage());
    assertThrows(NotFoundException.class, () -> tickets.get(ISSUE, null, "acme", "vault", 1));
    assertEquals("Dave", tickets.get(ISSUE, "dave", "acme", "vault", 1).author());
  }

  // ---- list -----------------------------------------------------------------------------------

  /**
   * Issues at 1,2,4,5,7,8,9,10 and pull requests at 3,6; issues 5, 1 and 8 closed in that order.
   */
  private String repoWithMixedTickets() {
    String repo = aliceRepo();
    for (int n = 1; n <= 10; n++) {
      clock.advance(Duration.ofSeconds(1));
      if (n == 3 || n == 6) {
        tickets.create(PULL_REQUEST, "Bob", "alice", repo, "pr " + n, null, "h" + n, "main");
      } else {
        tickets.create(ISSUE, "Bob", "alice", repo, "issue " + n, null, null, null);
      }
    }
    for (int n : new int[] {5, 1, 8}) {
      tickets.update(ISSUE, "Alice", "alice", repo, n, 1L, TicketPatch.state("closed"));
    }
    return repo;
  }

  private static List<Integer> numbers(Page<Ticket> page) {
    return page.items().stream().map(Ticket::number).toList();
  }

  @Test
  void list_shouldReturnOpenIssuesNewestFirst_overSeveralPages() {
    String repo = repoWithMixedTickets();

    Page<Ticket> p1 = tickets.list(ISSUE, null, "alice", repo, "open", PageRequest.first(2));
    Page<Ticket> p2 = tickets.list(ISSUE, null, "alice", repo, "open", new PageRequest(2, p1.nextCursor()));
    Page<Ticket> p3 = tickets.list(ISSUE, null, "alice", repo, "open", new PageRequest(2, p2.nextCursor()));

    assertEquals(List.of(10, 9), numbers(p1));
    assertMorePages(p1);
    assertEquals(List.of(7, 4), numbers(p2));
    assertMorePages(p2);
    assertEquals(List.of(2), numbers(p3));
    assertLastPage(p3);
    assertTrue(p1.items().stream().allMatch(t -> t.kind() == ISSUE && t.state() == TicketState.OPEN));
  }

  @Test
  void list_shouldDefaultToOpen_whenStateIsNull() {
    String repo = repoWithMixedTickets();

    Page<Ticket> page = tickets.list(ISSUE, null, "alice", repo, null, PageRequest.first(30));

    assertEquals(List.of(10, 9, 7, 4, 2), numbers(page));
    assertLastPage(page);
  }

  @Test
  void list_shouldReturnClosedIssuesOldestFirst_regardlessOfClosingOrder() {
    String repo = repoWithMixedTickets();

    Page<Ticket> p1 = tickets.list(ISSUE, null, "alice", repo, "closed", PageRequest.first(2));
    Page<Ticket> p2 = tickets.list(ISSUE, null, "alice", repo, "closed", new PageRequest(2, p1.nextCursor()));

    assertEquals(List.of(1, 5), numbers(p1));
    assertMorePages(p1);
    assertEquals(List.of(8), numbers(p2));
    assertLastPage(p2);
    assertTrue(p1.items().stream().allMatch(t -> t.state() == TicketState.CLOSED));
  }

  @Test
  void list_shouldReturnAllIssuesByNumber_withoutPullRequests() {
    String repo = repoWithMixedTickets();

    Page<Ticket> p1 = tickets.list(ISSUE, null, "alice", repo, "all", PageRequest.first(3));
    Page<Ticket> p2 = tickets.list(ISSUE, null, "alice", repo, "all", new PageRequest(3, p1.nextCursor()));
    Page<Ticket> p3 = tickets.list(ISSUE, null, "alice", repo, "all", new PageRequest(3, p2.nextCursor()));

    assertEquals(List.of(1, 2, 4), numbers(p1));
    assertMorePages(p1);
    assertEquals(List.of(5, 7, 8), numbers(p2));
    assertMorePages(p2);
    assertEquals(List.of(9, 10), numbers(p3));
    assertLastPage(p3);
  }

  @Test
  void list_shouldIncludeMergedInClosedPullRequests_oldestFirst() {
    String repo = repoWithMixedTickets();
    tickets.update(PULL_REQUEST, "Alice", "alice", repo, 6, 1L, TicketPatch.state("merged"));

    assertEquals(List.of(3), numbers(tickets.list(PULL_REQUEST, null, "alice", repo, "open", PageRequest.first(30))));
    assertEquals(List.of(6), numbers(tickets.list(PULL_REQUEST, null, "alice", repo, "closed", PageRequest.first(30))));

    tickets.update(PULL_REQUEST, "Alice", "alice", repo, 3, 1L, TicketPatch.state("closed"));

    Page<Ticket> closed = tickets.list(PULL_REQUEST, null, "alice", repo, "closed", PageRequest.first(30));
    assertEquals(List.of(3, 6), numbers(closed));
    assertEquals(List.of(TicketState.CLOSED, TicketState.MERGED), closed.items().stream().map(Ticket::state).toList());
    assertEquals(List.of(), tickets.list(PULL_REQUEST, null, "alice", repo, "open", PageRequest.first(30)).items());
    assertEquals(List.of(3, 6), numbers(tickets.list(PULL_REQUEST, null, "alice", repo, "all", PageRequest.first(30))));
  }

  @Test
  void list_shouldRejectCursor_whenIssuedForAnotherStateRepositoryOrKind() {
    String repo = repoWithMixedTickets();
    String other = repoWithMixedTickets();
    String openCursor = tickets.list(ISSUE, null, "alice", repo, "open", PageRequest.first(1)).nextCursor();
    assertNotNull(openCursor);

    assertField("cursor", () -> tickets.list(ISSUE, null, "alice", repo, "closed", new PageRequest(1, openCursor)));
    assertField("cursor", () -> tickets.list(ISSUE, null, "alice", repo, "all", new PageRequest(1, openCursor)));
    assertField("cursor", () -> tickets.list(ISSUE, null, "alice", other, "open", new PageRequest(1, openCursor)));
    assertField("cursor",
        () -> tickets.list(PULL_REQUEST, null, "alice", repo, "open", new PageRequest(1, openCursor)));
    // The same cursor is still good where it was issued: the rejections above are not a broken cursor.
    assertEquals(List.of(9), numbers(tickets.list(ISSUE, null, "alice", repo, "open", new PageRequest(1, openCursor))));
  }

  @Test
  void list_shouldRejectUnknownState_beforeAnyRequest() {
    // A missing repository would be a 404: the 400 proves the state was checked first.
    assertField("state", () -> tickets.list(ISSUE, null, "alice", "missing", "merged", PageRequest.first(1)));
    assertField("state", () -> tickets.list(ISSUE, null, "alice", "missing", "OPEN", PageRequest.first(1)));
  }

  @Test
  void list_shouldHidePrivateRepository_fromStrangers() {
    orgRepo(table, "Acme", "hidden-list", true);
    member(table, "Acme", "Dave", Role.MEMBER);
    tickets.create(ISSUE, "Dave", "acme", "hidden-list", "t", null, null, null);

    assertThrows(NotFoundException.class,
        () -> tickets.list(ISSUE, "Bob", "acme", "hidden-list", "open", PageRequest.first(5)));
    assertThrows(NotFoundException.class,
        () -> tickets.list(ISSUE, null, "acme", "hidden-list", "all", PageRequest.first(5)));
    assertEquals(List.of(1), numbers(tickets.list(ISSUE, "Dave", "acme", "hidden-list", "open", PageRequest.first(5))));
  }

  // ---- update ---------------------------------------------------------------------------------

  @Test
  void update_shouldEditTitleAndBody_whenCallerIsAuthor() {
    String repo = aliceRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "old", "old body", null, null);
    clock.advance(Duration.ofMinutes(5));
    String t2 = "2026-03-04T05:11:07.891Z";

    Ticket t = tickets.update(ISSUE, "bob", "alice", repo, 1, 1L, new TicketPatch("new", "", null));

    String lower = repo.toLowerCase();
    Map<String, AttributeValue> item = new java.util.HashMap<>(itemOf(ISSUE, "alice", repo, 1));
    assertEquals(36, item.remove("WriteToken").s().length(), "the update's token, which its SDK retry recognises");
    assertItem(attrs(
        "PK", "ISSUE#alice#" + lower + "#00000001", "SK", "ISSUE#alice#" + lower + "#00000001",
        "GSI1PK", "REPO#alice#" + lower, "GSI1SK", "ISSUE#00000001",
        "GSI4PK", "REPO#alice#" + lower, "GSI4SK", "ISSUE#OPEN#99999998",
        "Type", "Issue", "Owner", "Alice", "Repo", repo, "Number", 1,
        "Title", "new", "Body", "", "State", "open", "Author", "Bob",
        "CommentCount", 0, "Reactions", Map.of(), "IsPrivate", false, "OwnerType", "User",
        "CreatedAt", T1, "UpdatedAt", t2, "SchemaVersion", 1, "Version", 2), item);
    assertEquals(Ticket.fromItem(item), t);
  }

  @Test
  void update_shouldRewriteGsi4AndClosedAt_whenClosedAndReopened() {
    String repo = aliceRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null);
    tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null);
    clock.advance(Duration.ofSeconds(1));
    String closedAt = "2026-03-04T05:06:08.891Z";

    // WHEN the owner closes issue 2
    Ticket closed = tickets.update(ISSUE, "Alice", "alice", repo, 2, 1L, TicketPatch.state("closed"));

    Map<String, AttributeValue> item = itemOf(ISSUE, "alice", repo, 2);
    assertEquals("#ISSUE#CLOSED#00000002", item.get("GSI4SK").s());
    assertEquals("REPO#alice#" + repo.toLowerCase(), item.get("GSI4PK").s());
    assertEquals("ISSUE#00000002", item.get("GSI1SK").s());
    assertEquals("closed", item.get("State").s());
    assertEquals(closedAt, item.get("ClosedAt").s());
    assertEquals(closedAt, item.get("UpdatedAt").s());
    assertEquals("2", item.get("Version").n());
    assertFalse(item.containsKey("MergedAt"));
    assertNoGsi(item, Gsi.GSI2, Gsi.GSI3);
    assertEquals(TicketState.CLOSED, closed.state());
    assertEquals(closedAt, closed.closedAt());

    // WHEN the author reopens it (authors may close and reopen their own)
    clock.advance(Duration.ofSeconds(1));
    Ticket reopened = tickets.update(ISSUE, "Bob", "alice", repo, 2, 2L, TicketPatch.state("open"));

    item = itemOf(ISSUE, "alice", repo, 2);
    assertEquals("ISSUE#OPEN#99999997", item.get("GSI4SK").s());
    assertEquals("open", item.get("State").s());
    assertFalse(item.containsKey("ClosedAt"));
    assertEquals("3", item.get("Version").n());
    assertNull(reopened.closedAt());
    assertEquals(Ticket.fromItem(item), reopened);
  }

  @Test
  void update_shouldMergeAndMakeStateFinal_whenMaintainerMerges() {
    orgRepo(table, "Acme", "merge-me", false);
    member(table, "Acme", "Dave", Role.MEMBER);
    tickets.create(PULL_REQUEST, "Bob", "acme", "merge-me", "pr", null, "feature", "main");
    clock.advance(Duration.ofSeconds(2));
    String mergedAt = "2026-03-04T05:06:09.891Z";

    // WHEN an org member (not admin, not author) merges
    Ticket merged = tickets.update(PULL_REQUEST, "Dave", "acme", "merge-me", 1, 1L, TicketPatch.state("merged"));

    Map<String, AttributeValue> item = new java.util.HashMap<>(itemOf(PULL_REQUEST, "acme", "merge-me", 1));
    assertEquals(36, item.remove("WriteToken").s().length(), "the update's token, which its SDK retry recognises");
    assertItem(attrs(
        "PK", "PR#acme#merge-me#00000001", "SK", "PR#acme#merge-me#00000001",
        "GSI1PK", "PR#acme#merge-me", "GSI1SK", "PR#00000001",
        "GSI4PK", "PR#acme#merge-me", "GSI4SK", "#PR#CLOSED#00000001",
        "Type", "PullRequest", "Owner", "Acme", "Repo", "merge-me", "Number", 1,
        "Title", "pr", "State", "merged", "Author", "Bob", "Head", "feature", "Base", "main",
        "CommentCount", 0, "Reactions", Map.of(), "ClosedAt", mergedAt, "MergedAt", mergedAt,
        "IsPrivate", false, "OwnerType", "Organization",
        "CreatedAt", T1, "UpdatedAt", mergedAt, "SchemaVersion", 1, "Version", 2), item);
    assertEquals(Ticket.fromItem(item), merged);

    // THEN merged is final: neither reopen nor close, by anyone; the item stays as it is
    List<Map<String, AttributeValue>> before = snapshot(table);
    assertEquals("state", assertThrows(ConflictException.class,
        () -> tickets.update(PULL_REQUEST, "Dave", "acme", "merge-me", 1, 2L, TicketPatch.state("open"))).conflict());
    assertEquals("state", assertThrows(ConflictException.class,
        () -> tickets.update(PULL_REQUEST, "Dave", "acme", "merge-me", 1, 2L, TicketPatch.state("closed"))).conflict());
    assertEquals(before, snapshot(table));

    // ...but its title may still be edited, and "merged" again is no state change
    Ticket edited = tickets.update(PULL_REQUEST, "Bob", "acme", "merge-me", 1, 2L,
        new TicketPatch("renamed", null, "merged"));
    assertEquals(TicketState.MERGED, edited.state());
    assertEquals(mergedAt, edited.mergedAt());
    assertEquals("#PR#CLOSED#00000001", itemOf(PULL_REQUEST, "acme", "merge-me", 1).get("GSI4SK").s());
    assertEquals(3, edited.version());
  }

  @Test
  void update_shouldRejectMerge_whenPullRequestIsClosed() {
    String repo = aliceRepo();
    tickets.create(PULL_REQUEST, "Bob", "alice", repo, "pr", null, "h", "main");
    tickets.update(PULL_REQUEST, "Alice", "alice", repo, 1, 1L, TicketPatch.state("closed"));
    List<Map<String, AttributeValue>> before = snapshot(table);

    ConflictException e = assertThrows(ConflictException.class,
        () -> tickets.update(PULL_REQUEST, "Alice", "alice", repo, 1, 2L, TicketPatch.state("merged")));

    assertEquals("state", e.conflict());
    assertEquals(before, snapshot(table));
  }

  @Test
  void update_shouldForbidMerge_whenCallerIsOnlyTheAuthor() {
    String repo = aliceRepo();
    tickets.create(PULL_REQUEST, "Bob", "alice", repo, "pr", null, "h", "main");
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertThrows(ForbiddenException.class,
        () -> tickets.update(PULL_REQUEST, "Bob", "alice", repo, 1, 1L, TicketPatch.state("merged")));
    assertEquals(before, snapshot(table));

    // The author may close their own pull request
    assertEquals(TicketState.CLOSED,
        tickets.update(PULL_REQUEST, "Bob", "alice", repo, 1, 1L, TicketPatch.state("closed")).state());
  }

  @Test
  void update_shouldForbidStranger_onPublicRepository_andHideOnPrivate() {
    String repo = aliceRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null);
    orgRepo(table, "Acme", "private-upd", true);
    member(table, "Acme", "Dave", Role.MEMBER);
    tickets.create(ISSUE, "Dave", "acme", "private-upd", "t", null, null, null);
    orgRepo(table, "Acme", "public-upd", false);
    tickets.create(ISSUE, "Dave", "acme", "public-upd", "t", null, null, null);
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertThrows(ForbiddenException.class,
        () -> tickets.update(ISSUE, "Carol", "alice", repo, 1, 1L, TicketPatch.title("hijacked")));
    assertThrows(ForbiddenException.class,
        () -> tickets.update(ISSUE, "Carol", "alice", repo, 1, 1L, TicketPatch.state("closed")));
    // a stranger to the org on its public repository: neither owner, member nor author
    assertThrows(ForbiddenException.class,
        () -> tickets.update(ISSUE, "Carol", "acme", "public-upd", 1, 1L, TicketPatch.state("closed")));
    assertEquals("repository not found", assertThrows(NotFoundException.class,
        () -> tickets.update(ISSUE, "Carol", "acme", "private-upd", 1, 1L, TicketPatch.title("x"))).getMessage());
    assertThrows(UnauthorizedException.class,
        () -> tickets.update(ISSUE, null, "alice", repo, 1, 1L, TicketPatch.title("x")));
    assertEquals(before, snapshot(table));
  }

  @Test
  void update_shouldLetOwnerAndOrgMembersEditAnyTicket() {
    orgRepo(table, "Acme", "shared-upd", false);
    member(table, "Acme", "Dave", Role.MEMBER);
    member(table, "Acme", "Erin", Role.ADMIN);
    tickets.create(ISSUE, "Bob", "acme", "shared-upd", "t", null, null, null);
    String repo = aliceRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null);

    assertEquals("by dave", tickets.update(ISSUE, "Dave", "acme", "shared-upd", 1, 1L, TicketPatch.title("by dave"))
        .title());
    assertEquals("by erin", tickets.update(ISSUE, "Erin", "acme", "shared-upd", 1, 2L, TicketPatch.title("by erin"))
        .title());
    assertEquals("by alice", tickets.update(ISSUE, "ALICE", "alice", repo, 1, 1L, TicketPatch.title("by alice"))
        .title());
  }

  @Test
  void update_shouldThrowVersionMismatch_whenExpectedVersionIsStaleOrAhead() {
    String repo = aliceRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null);
    tickets.update(ISSUE, "Bob", "alice", repo, 1, 1L, TicketPatch.title("v2"));
    List<Map<String, AttributeValue>> before = snapshot(table);

    VersionMismatchException stale = assertThrows(VersionMismatchException.class,
        () -> tickets.update(ISSUE, "Bob", "alice", repo, 1, 1L, TicketPatch.title("lost update")));
    VersionMismatchException ahead = assertThrows(VersionMismatchException.class,
        () -> tickets.update(ISSUE, "Bob", "alice", repo, 1, 7L, TicketPatch.state("closed")));

    assertEquals(2, stale.currentVersion());
    assertEquals(2, ahead.currentVersion());
    assertEquals(before, snapshot(table));
  }

  @Test
  void update_shouldRejectInvalidPatch_beforeAnyRequest() {
    String repo = aliceRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null);
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertField("state", () -> tickets.update(ISSUE, "Bob", "alice", repo, 1, 1L, TicketPatch.state("merged")));
    assertField("state", () -> tickets.update(PULL_REQUEST, "Bob", "alice", repo, 1, 1L, TicketPatch.state("done")));
    assertField("title", () -> tickets.update(ISSUE, "Bob", "alice", repo, 1, 1L, TicketPatch.title("")));
    assertField("body", () -> tickets.update(ISSUE, "Bob", "alice", repo, 1, 1L, TicketPatch.body("b".repeat(65_537))));
    // A missing repository would be a 404: the 400 proves validation came first.
    assertField("title", () -> tickets.update(ISSUE, "Bob", "alice", "missing", 1, 1L, TicketPatch.title("")));
    assertField("number", () -> tickets.update(ISSUE, "Bob", "alice", repo, 0, 1L, TicketPatch.title("x")));
    assertEquals(before, snapshot(table));
  }

  @Test
  void update_shouldWriteNothing_whenPatchChangesNothing() {
    String repo = aliceRepo();
    Ticket created = tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null);
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertEquals(created, tickets.update(ISSUE, "Bob", "alice", repo, 1, 1L, new TicketPatch(null, null, null)));
    assertEquals(created, tickets.update(ISSUE, "Bob", "alice", repo, 1, 1L, TicketPatch.state("open")));
    assertEquals(before, snapshot(table));
    // ...and still checks the version, so a stale client learns it is stale
    assertThrows(VersionMismatchException.class,
        () -> tickets.update(ISSUE, "Bob", "alice", repo, 1, 5L, new TicketPatch(null, null, null)));
  }

  @Test
  void update_shouldThrowNotFound_whenTicketMissing() {
    String repo = aliceRepo();
    tickets.create(ISSUE, "Bob", "alice", repo, "t", null, null, null);

    assertEquals("pull request not found", assertThrows(NotFoundException.class,
        () -> tickets.update(PULL_REQUEST, "Alice", "alice", repo, 1, 1L, TicketPatch.title("x"))).getMessage());
    assertEquals("issue not found", assertThrows(NotFoundException.class,
        () -> tickets.update(ISSUE, "Alice", "alice", repo, 9, 1L, TicketPatch.title("x"))).getMessage());
  }
}
