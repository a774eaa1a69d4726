package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.TicketFixtures.assertKeys;
import static dev.monotable.forge.e2e.TicketFixtures.expectError;
import static dev.monotable.forge.e2e.TicketFixtures.n;
import static dev.monotable.forge.e2e.TicketFixtures.num;
import static dev.monotable.forge.e2e.TicketFixtures.path;
import static dev.monotable.forge.e2e.TicketFixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.TestTable;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Pull requests over HTTP: open (AP32) from the counter shared with issues, read (AP33), edit,
 * close, reopen and merge (AP37), with the exact PullRequest items behind each answer.
 */
@ExtendWith(ForgeExtension.class)
class PullRequestsE2ETest {
  private Forge forge;
  private TestTable table;
  private TicketFixtures fx;

  @BeforeEach
  void setUp(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new TicketFixtures(forge);
  }

  // ---- AP32: create ---------------------------------------------------------------------------

  @Test
  void create_shouldWriteExactPullRequestAndAnswer201_whenStrangerOpensOnPublicRepo() {
    // GIVEN a public repository and a user unrelated to it
    fx.user("Pr1Own");
    fx.user("pr1guest");
    fx.repo("Pr1Own", "Pr1Own", "Engine", false);

    // WHEN the user opens a pull request
    Reply r = forge.post("/repos/Pr1Own/Engine/pulls").as("pr1guest")
        .json("title", "Faster parser", "body", "2x", "head", "pr1guest:fast-parse", "base", "main").send();

    // THEN 201 with head and base
    assertEquals(201, r.status(), r::toString);
    Map<String, Object> j = r.json();
    assertEquals(1L, num(j.get("number")));
    assertEquals("open", j.get("state"));
    assertEquals("pr1guest", j.get("author"));
    assertEquals("pr1guest:fast-parse", j.get("head"));
    assertEquals("main", j.get("base"));
    assertEquals(1L, num(j.get("version")));

    // AND the PullRequest item is exactly the chart's
    Key key = new Key("PR#pr1own#engine#00000001", "PR#pr1own#engine#00000001");
    Map<String, AttributeValue> item = fx.item(key);
    assertKeys(item, key, Map.of(Gsi.GSI1, new Key("PR#pr1own#engine", "PR#00000001"),
        Gsi.GSI4, new Key("PR#pr1own#engine", "PR#OPEN#99999998")));
    assertEquals("PullRequest", s(item, "Type"));
    assertEquals("Pr1Own", s(item, "Owner"));
    assertEquals("Engine", s(item, "Repo"));
    assertEquals(1, n(item, "Number"));
    assertEquals("Faster parser", s(item, "Title"));
    assertEquals(false, item.get("IsPrivate").bool());
    assertEquals("User", s(item, "OwnerType"));
    assertEquals("2x", s(item, "Body"));
    assertEquals("open", s(item, "State"));
    assertEquals("pr1guest", s(item, "Author"));
    assertEquals("pr1guest:fast-parse", s(item, "Head"));
    assertEquals("main", s(item, "Base"));
    assertEquals(0, n(item, "CommentCount"));
    assertTrue(item.get("Reactions").hasM());
    assertEquals(Map.of(), item.get("Reactions").m());
    assertEquals(1, n(item, "Version"));
    assertEquals(s(item, "CreatedAt"), s(item, "UpdatedAt"));
    assertEquals(j.get("createdAt"), s(item, "CreatedAt"));
    for (String absent : new String[] {"ClosedAt", "MergedAt", "TTL"}) {
      assertFalse(item.containsKey(absent), absent);
    }
  }

  @Test
  void create_shouldNumberIssuesAndPullsFromOneCounter_whenIssuePullIssueOpened() {
    // GIVEN a repository
    fx.user("pr2own");
    fx.repo("pr2own", "pr2own", "mixed", false);

    // WHEN an issue, a pull request and an issue are opened
    int first = fx.issue("pr2own", "pr2own", "mixed", "issue one");
    int second = fx.pull("pr2own", "pr2own", "mixed", "pull two");
    int third = fx.issue("pr2own", "pr2own", "mixed", "issue three");

    // THEN they are 1, 2, 3 from the one Counter
    assertEquals(1, first);
    assertEquals(2, second);
    assertEquals(3, third);
    assertEquals(3, n(fx.item(new Key("COUNTER#pr2own#mixed", "METADATA")), "LastNumber"));

    // AND each number exists under its own kind only
    Map<String, AttributeValue> i1 = fx.item(new Key("ISSUE#pr2own#mixed#00000001", "ISSUE#pr2own#mixed#00000001"));
    Map<String, AttributeValue> p2 = fx.item(new Key("PR#pr2own#mixed#00000002", "PR#pr2own#mixed#00000002"));
    Map<String, AttributeValue> i3 = fx.item(new Key("ISSUE#pr2own#mixed#00000003", "ISSUE#pr2own#mixed#00000003"));
    assertEquals("ISSUE#OPEN#99999998", s(i1, "GSI4SK"));
    assertEquals("PR#OPEN#99999997", s(p2, "GSI4SK"));
    assertEquals("ISSUE#OPEN#99999996", s(i3, "GSI4SK"));
    assertEquals("PR#pr2own#mixed", s(p2, "GSI1PK"));
    assertEquals("PR#00000002", s(p2, "GSI1SK"));
    fx.assertAbsent(Keys.ticket(TicketKind.PULL_REQUEST, "pr2own", "mixed", 1));
    fx.assertAbsent(Keys.ticket(TicketKind.ISSUE, "pr2own", "mixed", 2));
    expectError(forge.get(path("pr2own", "mixed", "pulls") + "/1"), 404, null);
    expectError(forge.get(path("pr2own", "mixed", "issues") + "/2"), 404, null);
    Reply pull = forge.get(path("pr2own", "mixed", "pulls") + "/2").send();
    assertEquals(200, pull.status(), pull::toString);
    assertEquals("pull two", pull.json().get("title"));
  }

  @Test
  void create_shouldAnswer400AndWriteNothing_whenHeadBaseOrTitleInvalid() {
    fx.user("pr3own");
    fx.repo("pr3own", "pr3own", "repo", false);
    Set<Map<String, AttributeValue>> before = fx.snapshot();
    String p = path("pr3own", "repo", "pulls");

    expectError(forge.post(p).as("pr3own").json("title", "t", "base", "main"), 400, "head");
    expectError(forge.post(p).as("pr3own").json("title", "t", "head", "f"), 400, "base");
    expectError(forge.post(p).as("pr3own").json("title", "t", "head", "", "base", "main"), 400, "head");
    expectError(forge.post(p).as("pr3own").json("title", "t", "head", "feat\nure", "base", "main"), 400, "head");
    expectError(forge.post(p).as("pr3own").json("title", "t", "head", "f", "base", "ma\u0000in"), 400, "base");
    expectError(forge.post(p).as("pr3own").json("title", "t", "head", "f", "base", "tab\there"), 400, "base");
    expectError(forge.post(p).as("pr3own").json("title", "t", "head", "h".repeat(256), "base", "main"), 400, "head");
    expectError(forge.post(p).as("pr3own").json("title", "t", "head", 7, "base", "main"), 400, "head");
    expectError(forge.post(p).as("pr3own").json("head", "f", "base", "main"), 400, "title");
    expectError(forge.post(p).as("pr3own").json("title", "x".repeat(257), "head", "f", "base", "main"), 400, "title");
    fx.assertUnchanged(before);

    // 255-character refs and a 256-character title are the upper bounds.
    Reply ok = forge.post(p).as("pr3own")
        .json("title", "x".repeat(256), "head", "h".repeat(255), "base", "b".repeat(255)).send();
    assertEquals(201, ok.status(), ok::toString);
    assertEquals(1L, num(ok.json().get("number")));
  }

  @Test
  void create_shouldAnswer404Or401AndWriteNothing_whenRepoHiddenMissingOrCallerAnonymous() {
    fx.user("pr4own");
    fx.user("pr4guest");
    fx.repo("pr4own", "pr4own", "secret", true);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    expectError(forge.post(path("pr4own", "secret", "pulls")).as("pr4guest")
        .json("title", "t", "head", "f", "base", "main"), 404, null);
    expectError(forge.post(path("pr4own", "nothing", "pulls")).as("pr4own")
        .json("title", "t", "head", "f", "base", "main"), 404, null);
    Reply anonymous = forge.post(path("pr4own", "secret", "pulls")).json("title", "t", "head", "f", "base", "m").send();
    assertEquals(401, anonymous.status(), anonymous::toString);
    fx.assertUnchanged(before);

    int number = fx.pull("pr4own", "pr4own", "secret", "owner may");
    assertEquals(1, number);
  }

  // ---- AP33: get ------------------------------------------------------------------------------

  @Test
  void get_shouldAnswerByVisibility_whenRepoPublicOrPrivate() {
    fx.user("pr5own");
    fx.user("pr5guest");
    fx.repo("pr5own", "pr5own", "pub", false);
    fx.repo("pr5own", "pr5own", "secret", true);
    fx.pull("pr5own", "pr5own", "pub", "open pull");
    fx.pull("pr5own", "pr5own", "secret", "hidden pull");

    Reply pub = forge.get(path("pr5own", "pub", "pulls") + "/1").send();
    assertEquals(200, pub.status(), pub::toString);
    assertEquals("open pull", pub.json().get("title"));
    assertEquals("feature", pub.json().get("head"));
    assertEquals("main", pub.json().get("base"));
    assertEquals("\"1\"", pub.header("etag"));

    expectError(forge.get(path("pr5own", "secret", "pulls") + "/1"), 404, null);
    expectError(forge.get(path("pr5own", "secret", "pulls") + "/1").as("pr5guest"), 404, null);
    Reply owner = forge.get(path("pr5own", "secret", "pulls") + "/1").as("pr5own").send();
    assertEquals(200, owner.status(), owner::toString);

    expectError(forge.get(path("pr5own", "pub", "pulls") + "/2"), 404, null);
    expectError(forge.get(path("pr5own", "pub", "pulls") + "/two"), 400, "number");
  }

  // ---- AP37: update ---------------------------------------------------------------------------

  @Test
  void update_shouldMergeFinallyAndFileUnderClosed_whenOwnerMerges() {
    // GIVEN an open pull request by another user
    fx.user("pr6own");
    fx.user("pr6auth");
    fx.repo("pr6own", "pr6own", "repo", false);
    int number = fx.pull("pr6auth", "pr6own", "repo", "ready");
    String p = path("pr6own", "repo", "pulls") + "/" + number;
    Key key = new Key("PR#pr6own#repo#00000001", "PR#pr6own#repo#00000001");

    // WHEN the repository owner merges it
    Reply merged = forge.patch(p).as("pr6own").ifMatch(1).json("state", "merged").send();

    // THEN it is merged, filed under the closed GSI4 range, with ClosedAt and MergedAt
    assertEquals(200, merged.status(), merged::toString);
    assertEquals("merged", merged.json().get("state"));
    assertEquals(2L, num(merged.json().get("version")));
    Map<String, AttributeValue> item = fx.item(key);
    assertKeys(item, key, Map.of(Gsi.GSI1, new Key("PR#pr6own#repo", "PR#00000001"),
        Gsi.GSI4, new Key("PR#pr6own#repo", "#PR#CLOSED#00000001")));
    assertEquals("merged", s(item, "State"));
    assertEquals(s(item, "UpdatedAt"), s(item, "MergedAt"));
    assertEquals(s(item, "UpdatedAt"), s(item, "ClosedAt"));
    assertEquals(2, n(item, "Version"));
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN anyone tries to reopen or close it THEN 409 on field state, nothing written
    expectError(forge.patch(p).as("pr6own").ifMatch(2).json("state", "open"), 409, "state");
    expectError(forge.patch(p).as("pr6own").json("state", "closed"), 409, "state");
    expectError(forge.patch(p).as("pr6auth").json("state", "open"), 409, "state");
    // AND merging again changes nothing
    Reply again = forge.patch(p).as("pr6own").json("state", "merged").send();
    assertEquals(200, again.status(), again::toString);
    assertEquals(2L, num(again.json().get("version")));
    fx.assertUnchanged(before);

    // AND the title of a merged pull request can still be edited
    Reply retitled = forge.patch(p).as("pr6auth").ifMatch(2).json("title", "ready (merged)").send();
    assertEquals(200, retitled.status(), retitled::toString);
    assertEquals("merged", s(fx.item(key), "State"));
    assertEquals("#PR#CLOSED#00000001", s(fx.item(key), "GSI4SK"));
  }

  @Test
  void update_shouldForbidMergeButAllowClose_whenAuthorIsNotMaintainer() {
    // GIVEN a pull request by a user who does not own the repository
    fx.user("pr7own");
    fx.user("pr7auth");
    fx.repo("pr7own", "pr7own", "repo", false);
    fx.issue("pr7own", "pr7own", "repo", "issue takes number 1");
    int number = fx.pull("pr7auth", "pr7own", "repo", "mine");
    String p = path("pr7own", "repo", "pulls") + "/" + number;
    Key key = Keys.ticket(TicketKind.PULL_REQUEST, "pr7own", "repo", number);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN the author merges THEN 403 and nothing changes
    expectError(forge.patch(p).as("pr7auth").ifMatch(1).json("state", "merged"), 403, null);
    fx.assertUnchanged(before);

    // WHEN the author closes it THEN GSI4SK is the closed key of number 2
    Reply closed = forge.patch(p).as("pr7auth").ifMatch(1).json("state", "closed").send();
    assertEquals(200, closed.status(), closed::toString);
    Map<String, AttributeValue> item = fx.item(key);
    assertEquals("#PR#CLOSED#00000002", s(item, "GSI4SK"));
    assertEquals("closed", s(item, "State"));
    assertFalse(item.containsKey("MergedAt"));

    // WHEN the owner merges the closed one THEN 409: only an open pull request can be merged
    Set<Map<String, AttributeValue>> closedState = fx.snapshot();
    expectError(forge.patch(p).as("pr7own").ifMatch(2).json("state", "merged"), 409, "state");
    fx.assertUnchanged(closedState);

    // WHEN the author reopens it THEN the open key (reverse number) is back
    Reply reopened = forge.patch(p).as("pr7auth").ifMatch(2).json("state", "open").send();
    assertEquals(200, reopened.status(), reopened::toString);
    item = fx.item(key);
    assertEquals("PR#OPEN#99999997", s(item, "GSI4SK"));
    assertFalse(item.containsKey("ClosedAt"));
    assertEquals(3, n(item, "Version"));
  }

  @Test
  void update_shouldAnswer403412Or400AndWriteNothing_whenStrangerStaleOrInvalid() {
    fx.user("pr8own");
    fx.user("pr8auth");
    fx.user("pr8guest");
    fx.repo("pr8own", "pr8own", "repo", false);
    int number = fx.pull("pr8auth", "pr8own", "repo", "by author");
    String p = path("pr8own", "repo", "pulls") + "/" + number;
    assertEquals(200, forge.patch(p).as("pr8auth").ifMatch(1).json("body", "v2").send().status());
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    expectError(forge.patch(p).as("pr8guest").json("title", "hijack"), 403, null);
    expectError(forge.patch(p).as("pr8guest").json("state", "closed"), 403, null);
    Reply stale = expectError(forge.patch(p).as("pr8own").ifMatch(1).json("state", "merged"), 412, "If-Match");
    assertEquals("\"2\"", stale.header("etag"));
    expectError(forge.patch(p).as("pr8own").json("state", "reopened"), 400, "state");
    expectError(forge.patch(p).as("pr8own").json("title", ""), 400, "title");
    expectError(forge.patch(path("pr8own", "repo", "pulls") + "/9").as("pr8own").json("title", "t"), 404, null);
    fx.assertUnchanged(before);

    // The owner edits and merges someone else's pull request in one request.
    Reply merged = forge.patch(p).as("pr8own").ifMatch(2).json("title", "by author, reviewed", "state", "merged")
        .send();
    assertEquals(200, merged.status(), merged::toString);
    assertEquals(3L, num(merged.json().get("version")));
    assertEquals("by author, reviewed", s(fx.item(Keys.ticket(TicketKind.PULL_REQUEST, "pr8own", "repo", number)),
        "Title"));
  }

  @Test
  void create_shouldNumberForkFromOne_whenPullOpenedOnFork() {
    // GIVEN a repository with two tickets, forked by another user
    fx.user("pr10own");
    fx.user("pr10fork");
    fx.repo("pr10own", "pr10own", "app", false);
    fx.issue("pr10own", "pr10own", "app", "one");
    fx.pull("pr10own", "pr10own", "app", "two");
    Reply fork = forge.post("/repos/pr10own/app/forks").as("pr10fork").send();
    assertEquals(201, fork.status(), fork::toString);

    // WHEN the fork's owner opens a pull request on the fork, and then one on the original
    int onFork = fx.pull("pr10fork", "pr10fork", "app", "fork work");
    int onOriginal = fx.pull("pr10fork", "pr10own", "app", "upstream it");

    // THEN the fork has its own sequence from 1 and the original's continues at 3
    assertEquals(1, onFork);
    assertEquals(3, onOriginal);
    assertEquals(1, n(fx.item(Keys.counter("pr10fork", "app")), "LastNumber"));
    assertEquals(3, n(fx.item(Keys.counter("pr10own", "app")), "LastNumber"));
    assertEquals("PR#pr10fork#app", s(fx.item(Keys.ticket(TicketKind.PULL_REQUEST, "pr10fork", "app", 1)), "GSI1PK"));
  }
}
