package dev.monotable.forge.data;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;

import static dev.monotable.forge.data.TicketFixtures.*;
import static dev.monotable.forge.keys.TicketKind.ISSUE;
import static dev.monotable.forge.keys.TicketKind.PULL_REQUEST;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Role;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class CommentsTest {
  private static final String T1 = "2026-05-06T07:08:09.123Z";
  /** Static: JUnit makes one instance per test, and the table lives for the whole class. */
  private static final AtomicInteger REPO_SEQ = new AtomicInteger();

  private final TestTable table;
  private MutableClock clock;
  private Tickets tickets;
  private Comments comments;

  CommentsTest(TestTable table) {
    this.table = table;
  }

  @BeforeEach
  void setUp() {
    clock = MutableClock.at(T1);
    TableGateway gateway = table.gateway(clock);
    tickets = new Tickets(gateway);
    comments = new Comments(gateway);
    TicketFixtures.profiles(table, "Alice", "Bob", "Carol", "Dave", "Erin");
  }

  /** A public repository of Alice with issue 1 and pull request 2, both by Bob. */
  private String repoWithIssueAndPullRequest() {
    String repo = "Talk-" + REPO_SEQ.incrementAndGet();
    userRepo(table, "Alice", repo, false);
    tickets.create(ISSUE, "Bob", "alice", repo, "issue", null, null, null);
    tickets.create(PULL_REQUEST, "Bob", "alice", repo, "pr", null, "h", "main");
    return repo;
  }

  private static List<String> bodies(Page<Comment> page) {
    return page.items().stream().map(Comment::body).toList();
  }

  // ---- create ---------------------------------------------------------------------------------

  @Test
  void create_shouldWriteExactIssueCommentItem_withTimeOrderedId() {
    String repo = repoWithIssueAndPullRequest();
    String lower = repo.toLowerCase();

    Comment c = comments.create(ISSUE, "Carol", "ALICE", repo.toLowerCase(), 1, "Me too");

    Map<String, AttributeValue> item = table.item(Keys.comment(ISSUE, "alice", repo, 1, c.id())).orElseThrow();
    assertItem(attrs(
        "PK", "REPO#alice#" + lower, "SK", "ISSUE#00000001#COMMENT#" + c.id(),
        "Type", "IssueComment", "Owner", "Alice", "Repo", repo, "Number", 1, "Id", c.id(),
        "Author", "Carol", "Body", "Me too", "IsPrivate", false, "OwnerType", "User",
        "CreatedAt", T1, "UpdatedAt", T1, "SchemaVersion", 1, "Version", 1), item);
    assertNoGsi(item, Gsi.GSI1, Gsi.GSI2, Gsi.GSI3, Gsi.GSI4);
    assertTrue(Segments.ULID.matcher(c.id()).matches());
    // The first 10 ULID characters are the millisecond time: comments sort by creation time.
    assertEquals(Ulid.next(Instant.parse(T1)).substring(0, 10), c.id().substring(0, 10));
    assertEquals(Comment.fromItem(item), c);
  }

  @Test
  void create_shouldWriteExactPrCommentItem_andLeaveCommentCountToTheStream() {
    String repo = repoWithIssueAndPullRequest();
    String lower = repo.toLowerCase();

    Comment c = comments.create(PULL_REQUEST, "Alice", "alice", repo, 2, "LGTM");

    Map<String, AttributeValue> item = table.item(Keys.comment(PULL_REQUEST, "alice", repo, 2, c.id())).orElseThrow();
    assertItem(attrs(
        "PK", "REPO#alice#" + lower, "SK", "PR#00000002#COMMENT#" + c.id(),
        "Type", "PRComment", "Owner", "Alice", "Repo", repo, "Number", 2, "Id", c.id(),
        "Author", "Alice", "Body", "LGTM", "IsPrivate", false, "OwnerType", "User",
        "CreatedAt", T1, "UpdatedAt", T1, "SchemaVersion", 1, "Version", 1), item);
    assertNoGsi(item, Gsi.GSI1, Gsi.GSI2, Gsi.GSI3, Gsi.GSI4);
    // CommentCount belongs to stream handler ST3; the comment transaction must not touch the ticket.
    Map<String, AttributeValue> pr = table.item(Keys.ticket(PULL_REQUEST, "alice", repo, 2)).orElseThrow();
    assertEquals("0", pr.get("CommentCount").n());
    assertEquals("1", pr.get("Version").n());
  }

  @Test
  void create_shouldThrowNotFoundAndWriteNothing_whenTicketMissingOrOtherKind() {
    String repo = repoWithIssueAndPullRequest();
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertEquals("pull request not found", assertThrows(NotFoundException.class,
        () -> comments.create(PULL_REQUEST, "Carol", "alice", repo, 1, "x")).getMessage());
    assertEquals("issue not found", assertThrows(NotFoundException.class,
        () -> comments.create(ISSUE, "Carol", "alice", repo, 2, "x")).getMessage());
    assertEquals("issue not found", assertThrows(NotFoundException.class,
        () -> comments.create(ISSUE, "Carol", "alice", repo, 3, "x")).getMessage());
    assertEquals("repository not found", assertThrows(NotFoundException.class,
        () -> comments.create(ISSUE, "Carol", "alice", "missing", 1, "x")).getMessage());
    assertEquals(before, snapshot(table));
  }

  @Test
  void create_shouldRejectAndWriteNothing_whenBodyBreaksRules() {
    String repo = repoWithIssueAndPullRequest();
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertField("body", () -> comments.create(ISSUE, "Carol", "alice", repo, 1, null));
    assertField("body", () -> comments.create(ISSUE, "Carol", "alice", repo, 1, "  "));
    assertField("body", () -> comments.create(ISSUE, "Carol", "alice", repo, 1, "x".repeat(65_537)));
    // A missing repository would be a 404: the 400 proves validation came first.
    assertField("body", () -> comments.create(ISSUE, "Carol", "alice", "missing", 1, ""));
    assertField("number", () -> comments.create(ISSUE, "Carol", "alice", repo, 0, "x"));
    assertThrows(UnauthorizedException.class, () -> comments.create(ISSUE, null, "alice", repo, 1, "x"));
    assertEquals(before, snapshot(table));
  }

  @Test
  void create_shouldHidePrivateRepository_fromStrangersButNotMembers() {
    orgRepo(table, "Acme", "private-talk", true);
    member(table, "Acme", "Dave", Role.MEMBER);
    tickets.create(ISSUE, "Dave", "acme", "private-talk", "t", null, null, null);
    List<Map<String, AttributeValue>> before = snapshot(table);

    assertEquals("repository not found", assertThrows(NotFoundException.class,
        () -> comments.create(ISSUE, "Carol", "acme", "private-talk", 1, "x")).getMessage());
    assertEquals(before, snapshot(table));

    Comment c = comments.create(ISSUE, "Dave", "acme", "private-talk", 1, "internal note");
    assertEquals("Acme", c.owner());
    assertTrue(table.item(Keys.comment(ISSUE, "acme", "private-talk", 1, c.id())).isPresent());
  }

  @Test
  void create_shouldCopyTheFacts_whenTheFirstAttemptsAssumptionsAreWrong() {
    // GIVEN a public org repository, a private one of a user, and a caller without a profile
    orgRepo(table, "Acme", "Open-Talk", false);
    tickets.create(ISSUE, "Bob", "acme", "open-talk", "t", null, null, null);
    userRepo(table, "Alice", "Own-Talk", true);
    tickets.create(ISSUE, "Alice", "alice", "own-talk", "t", null, null, null);

    // WHEN comments are written under them with the path in lower case
    Comment org = comments.create(ISSUE, "Carol", "acme", "open-talk", 1, "org");
    Comment own = comments.create(ISSUE, "Alice", "alice", "own-talk", 1, "mine");
    List<Map<String, AttributeValue>> before = snapshot(table);
    ForbiddenException noProfile = assertThrows(ForbiddenException.class,
        () -> comments.create(ISSUE, "Nobody", "acme", "open-talk", 1, "x"));

    // THEN the items carry the stored names and visibility, and the caller without a profile wrote nothing
    Map<String, AttributeValue> orgItem = table.item(Keys.comment(ISSUE, "acme", "open-talk", 1, org.id())).orElseThrow();
    assertEquals(List.of("Acme", "Open-Talk", "false", "Organization"), List.of(orgItem.get("Owner").s(),
        orgItem.get("Repo").s(), orgItem.get("IsPrivate").bool().toString(), orgItem.get("OwnerType").s()));
    Map<String, AttributeValue> ownItem = table.item(Keys.comment(ISSUE, "alice", "own-talk", 1, own.id())).orElseThrow();
    assertEquals(List.of("Alice", "Own-Talk", "true", "User"), List.of(ownItem.get("Owner").s(),
        ownItem.get("Repo").s(), ownItem.get("IsPrivate").bool().toString(), ownItem.get("OwnerType").s()));
    assertEquals(RepoAccess.PROFILE_REQUIRED, noProfile.getMessage());
    assertEquals(before, snapshot(table));
  }

  // ---- list -----------------------------------------------------------------------------------

  @Test
  void list_shouldReturnOneTicketsCommentsOldestFirst_overSeveralPages() {
    // GIVEN five comments on issue 1, interleaved with comments on PR 2 and another issue
    String repo = repoWithIssueAndPullRequest();
    tickets.create(ISSUE, "Bob", "alice", repo, "issue 3", null, null, null);
    for (int i = 1; i <= 5; i++) {
      clock.advance(Duration.ofMillis(7));
      comments.create(ISSUE, "Carol", "alice", repo, 1, "c" + i);
      comments.create(PULL_REQUEST, "Carol", "alice", repo, 2, "pr c" + i);
      if (i % 2 == 0) {
        comments.create(ISSUE, "Carol", "alice", repo, 3, "other c" + i);
      }
    }

    Page<Comment> p1 = comments.list(ISSUE, null, "alice", repo, 1, PageRequest.first(2));
    Page<Comment> p2 = comments.list(ISSUE, null, "alice", repo, 1, new PageRequest(2, p1.nextCursor()));
    Page<Comment> p3 = comments.list(ISSUE, null, "alice", repo, 1, new PageRequest(2, p2.nextCursor()));

    assertEquals(List.of("c1", "c2"), bodies(p1));
    assertMorePages(p1);
    assertEquals(List.of("c3", "c4"), bodies(p2));
    assertMorePages(p2);
    assertEquals(List.of("c5"), bodies(p3));
    assertLastPage(p3);
    assertTrue(p1.items().stream().allMatch(c -> c.kind() == ISSUE && c.number() == 1));

    Page<Comment> pr = comments.list(PULL_REQUEST, "Carol", "alice", repo, 2, PageRequest.first(30));
    assertEquals(List.of("pr c1", "pr c2", "pr c3", "pr c4", "pr c5"), bodies(pr));
    assertLastPage(pr);
    assertEquals(List.of("other c2", "other c4"),
        bodies(comments.list(ISSUE, null, "alice", repo, 3, PageRequest.first(30))));
  }

  @Test
  void list_shouldRejectCursor_whenIssuedForAnotherTicketKindOrRepository() {
    String repo = repoWithIssueAndPullRequest();
    String other = repoWithIssueAndPullRequest();
    tickets.create(ISSUE, "Bob", "alice", repo, "issue 3", null, null, null);
    for (int i = 1; i <= 3; i++) {
      clock.advance(Duration.ofMillis(5));
      comments.create(ISSUE, "Carol", "alice", repo, 1, "c" + i);
      comments.create(ISSUE, "Carol", "alice", repo, 3, "d" + i);
      comments.create(PULL_REQUEST, "Carol", "alice", repo, 2, "p" + i);
      comments.create(ISSUE, "Carol", "alice", other, 1, "o" + i);
    }
    String cursor = comments.list(ISSUE, null, "alice", repo, 1, PageRequest.first(1)).nextCursor();
    assertNotNull(cursor);

    // Same partition (the repository's collection) but another issue: the number in the scope rejects it
    assertField("cursor", () -> comments.list(ISSUE, null, "alice", repo, 3, new PageRequest(1, cursor)));
    assertField("cursor", () -> comments.list(PULL_REQUEST, null, "alice", repo, 2, new PageRequest(1, cursor)));
    assertField("cursor", () -> comments.list(ISSUE, null, "alice", other, 1, new PageRequest(1, cursor)));
    assertEquals(List.of("c2"), bodies(comments.list(ISSUE, null, "alice", repo, 1, new PageRequest(1, cursor))));
  }

  @Test
  void list_shouldThrowNotFound_whenTicketMissingOrRepositoryPrivate() {
    String repo = repoWithIssueAndPullRequest();
    orgRepo(table, "Acme", "private-list", true);
    member(table, "Acme", "Dave", Role.ADMIN);
    tickets.create(ISSUE, "Dave", "acme", "private-list", "t", null, null, null);
    comments.create(ISSUE, "Dave", "acme", "private-list", 1, "secret");

    assertEquals("issue not found", assertThrows(NotFoundException.class,
        () -> comments.list(ISSUE, null, "alice", repo, 2, PageRequest.first(5))).getMessage());
    assertEquals("repository not found", assertThrows(NotFoundException.class,
        () -> comments.list(ISSUE, "Carol", "acme", "private-list", 1, PageRequest.first(5))).getMessage());
    assertEquals(List.of("secret"), bodies(comments.list(ISSUE, "Dave", "acme", "private-list", 1,
        PageRequest.first(5))));
    Page<Comment> empty = comments.list(ISSUE, null, "alice", repo, 1, PageRequest.first(5));
    assertEquals(List.of(), empty.items());
    assertLastPage(empty);
  }
}
