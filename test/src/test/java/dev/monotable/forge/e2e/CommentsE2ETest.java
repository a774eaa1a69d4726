package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.TicketFixtures.assertKeys;
import static dev.monotable.forge.e2e.TicketFixtures.expectError;
import static dev.monotable.forge.e2e.TicketFixtures.field;
import static dev.monotable.forge.e2e.TicketFixtures.n;
import static dev.monotable.forge.e2e.TicketFixtures.num;
import static dev.monotable.forge.e2e.TicketFixtures.path;
import static dev.monotable.forge.e2e.TicketFixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Comments over HTTP (AP28/AP29 on issues, AP38/AP39 on pull requests): the exact comment items
 * in the repository's partition, oldest-first lists followed page by page, and the separation of
 * one ticket's comments from another's (items and cursors).
 */
@ExtendWith(ForgeExtension.class)
class CommentsE2ETest {
  private static final String ULID = "[0-9A-HJKMNP-TV-Z]{26}";

  private Forge forge;
  private TestTable table;
  private TicketFixtures fx;

  @BeforeEach
  void setUp(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new TicketFixtures(forge);
  }

  @Test
  void createComment_shouldWriteExactIssueCommentAndAnswer201_whenStrangerCommentsOnPublicIssue() {
    // GIVEN an issue on a public repository with upper-case names
    fx.user("Cm1Own");
    fx.user("cm1guest");
    fx.repo("Cm1Own", "Cm1Own", "Talk", false);
    int number = fx.issue("Cm1Own", "Cm1Own", "Talk", "discuss");
    Map<String, AttributeValue> issueBefore = fx.item(Keys.ticket(TicketKind.ISSUE, "Cm1Own", "Talk", number));

    // WHEN another user comments
    Reply r = forge.post("/repos/Cm1Own/Talk/issues/1/comments").as("cm1guest").json("body", "+1 from me").send();

    // THEN 201 with the comment
    assertEquals(201, r.status(), r::toString);
    Map<String, Object> j = r.json();
    String id = (String) j.get("id");
    assertTrue(id.matches(ULID), id);
    assertEquals("Cm1Own", j.get("owner"));
    assertEquals("Talk", j.get("repo"));
    assertEquals(1L, num(j.get("number")));
    assertEquals("cm1guest", j.get("author"));
    assertEquals("+1 from me", j.get("body"));
    assertEquals(1L, num(j.get("version")));
    assertEquals(j.get("createdAt"), j.get("updatedAt"));

    // AND the IssueComment item sits in the repository's partition, in no index
    Key key = new Key("REPO#cm1own#talk", "ISSUE#00000001#COMMENT#" + id);
    Map<String, AttributeValue> item = fx.item(key);
    assertKeys(item, key, Map.of());
    assertEquals("IssueComment", s(item, "Type"));
    assertEquals("Cm1Own", s(item, "Owner"));
    assertEquals("Talk", s(item, "Repo"));
    assertEquals(1, n(item, "Number"));
    assertEquals(id, s(item, "Id"));
    assertEquals("cm1guest", s(item, "Author"));
    assertEquals("+1 from me", s(item, "Body"));
    assertEquals(false, item.get("IsPrivate").bool());
    assertEquals("User", s(item, "OwnerType"));
    assertEquals(1, n(item, "Version"));
    assertEquals(1, n(item, "SchemaVersion"));
    assertEquals(j.get("createdAt"), s(item, "CreatedAt"));
    assertEquals(s(item, "CreatedAt"), s(item, "UpdatedAt"));
    // AND the issue itself was only checked, not written (its count belongs to stream handler ST3)
    assertEquals(issueBefore, fx.item(Keys.ticket(TicketKind.ISSUE, "Cm1Own", "Talk", number)));
  }

  @Test
  void createComment_shouldWritePrCommentUnderPrKey_whenCommentingOnPullRequest() {
    fx.user("cm2own");
    fx.repo("cm2own", "cm2own", "repo", false);
    fx.issue("cm2own", "cm2own", "repo", "issue 1");
    int pull = fx.pull("cm2own", "cm2own", "repo", "pull 2");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN the pull request's number is used under /issues (or an issue's under /pulls) THEN 404
    expectError(forge.post(path("cm2own", "repo", "issues") + "/2/comments").as("cm2own").json("body", "x"), 404,
        null);
    expectError(forge.post(path("cm2own", "repo", "pulls") + "/1/comments").as("cm2own").json("body", "x"), 404,
        null);
    fx.assertUnchanged(before);

    // WHEN commenting on the pull request THEN a PRComment keyed PR#{n8}#COMMENT#{id}
    String id = fx.comment("cm2own", "cm2own", "repo", "pulls", pull, "LGTM");
    Key key = new Key("REPO#cm2own#repo", "PR#00000002#COMMENT#" + id);
    Map<String, AttributeValue> item = fx.item(key);
    assertKeys(item, key, Map.of());
    assertEquals("PRComment", s(item, "Type"));
    assertEquals(2, n(item, "Number"));
    assertEquals("LGTM", s(item, "Body"));
    assertEquals(1, n(item, "Version"));
    Reply list = forge.get(path("cm2own", "repo", "pulls") + "/2/comments").send();
    assertEquals(List.of("LGTM"), field(list.items(), "body"));
    Reply issueList = forge.get(path("cm2own", "repo", "issues") + "/1/comments").send();
    assertEquals(List.of(), issueList.items());
  }

  @Test
  void listComments_shouldReturnOldestFirstAcrossPagesAndOnlyThisIssues_whenTwoIssuesHaveComments() {
    // GIVEN issues 1 and 2 with comments written alternately (one partition holds both)
    fx.user("cm3own");
    fx.user("cm3guest");
    fx.repo("cm3own", "cm3own", "repo", false);
    fx.issue("cm3own", "cm3own", "repo", "one");
    fx.issue("cm3own", "cm3own", "repo", "two");
    for (int i = 1; i <= 5; i++) {
      fx.comment(i % 2 == 0 ? "cm3guest" : "cm3own", "cm3own", "repo", "issues", 1, "one-" + i);
      if (i <= 3) {
        fx.comment("cm3guest", "cm3own", "repo", "issues", 2, "two-" + i);
      }
    }

    // WHEN issue 1's comments are read two at a time
    List<Map<String, Object>> one = fx.pages(path("cm3own", "repo", "issues") + "/1/comments", null,
        Map.of("limit", "2"), 2, 2, 1);

    // THEN oldest first, only issue 1's
    assertEquals(List.of("one-1", "one-2", "one-3", "one-4", "one-5"), field(one, "body"));
    assertEquals(List.of("cm3own", "cm3guest", "cm3own", "cm3guest", "cm3own"), field(one, "author"));
    assertEquals(List.of(1L, 1L, 1L, 1L, 1L), field(one, "number"));
    List<Map<String, Object>> two = fx.pages(path("cm3own", "repo", "issues") + "/2/comments", "cm3own",
        Map.of("limit", "2"), 2, 1);
    assertEquals(List.of("two-1", "two-2", "two-3"), field(two, "body"));
    List<Object> ids = field(one, "id");
    assertEquals(ids.stream().sorted().toList(), ids, "ULIDs sort in creation order");
  }

  @Test
  void listComments_shouldAnswer400Cursor_whenCursorOfAnotherIssueOrRepo() {
    // GIVEN issue 1 and issue 2 with two comments each, and a copy of issue 1 in another repository
    fx.user("cm4own");
    fx.repo("cm4own", "cm4own", "repo", false);
    fx.repo("cm4own", "cm4own", "other", false);
    fx.issue("cm4own", "cm4own", "repo", "one");
    fx.issue("cm4own", "cm4own", "repo", "two");
    fx.issue("cm4own", "cm4own", "other", "one elsewhere");
    for (int i = 1; i <= 2; i++) {
      fx.comment("cm4own", "cm4own", "repo", "issues", 1, "one-" + i);
      fx.comment("cm4own", "cm4own", "repo", "issues", 2, "two-" + i);
      fx.comment("cm4own", "cm4own", "other", "issues", 1, "other-" + i);
    }
    String base = path("cm4own", "repo", "issues");
    String cursor = forge.get(base + "/1/comments").query("limit", "1").send().nextCursor();
    assertNotNull(cursor);

    // WHEN issue 1's cursor is used on issue 2, on issue 1 of another repository or on the issue list
    expectError(forge.get(base + "/2/comments").query("limit", "1").query("cursor", cursor), 400, "cursor");
    expectError(forge.get(path("cm4own", "other", "issues") + "/1/comments").query("cursor", cursor), 400, "cursor");
    expectError(forge.get(base).query("cursor", cursor), 400, "cursor");

    // THEN refused; on its own list it continues with the second comment
    Reply next = forge.get(base + "/1/comments").query("limit", "1").query("cursor", cursor).send();
    assertEquals(200, next.status(), next::toString);
    assertEquals(List.of("one-2"), field(next.items(), "body"));
  }

  @Test
  void createComment_shouldAnswer400BodyAndWriteNothing_whenBodyInvalid() {
    fx.user("cm5own");
    fx.repo("cm5own", "cm5own", "repo", false);
    fx.issue("cm5own", "cm5own", "repo", "one");
    String p = path("cm5own", "repo", "issues") + "/1/comments";
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    expectError(forge.post(p).as("cm5own").json("body", ""), 400, "body");
    expectError(forge.post(p).as("cm5own").json("body", "  \n "), 400, "body");
    // a field the route does not take is named first (the endpoint's declared body), before the missing body
    expectError(forge.post(p).as("cm5own").json("text", "wrong field"), 400, "text");
    expectError(forge.post(p).as("cm5own").json("body", null), 400, "body");
    expectError(forge.post(p).as("cm5own").json("body", 5), 400, "body");
    expectError(forge.post(p).as("cm5own").json("body", "b".repeat(65_537)), 400, "body");
    expectError(forge.post(p).as("cm5own").raw("not json"), 400, null);
    expectError(forge.post(path("cm5own", "repo", "issues") + "/x/comments").as("cm5own").json("body", "b"), 400,
        "number");
    fx.assertUnchanged(before);

    Reply max = forge.post(p).as("cm5own").json("body", "b".repeat(65_536)).send();
    assertEquals(201, max.status(), max::toString);
  }

  @Test
  void comments_shouldAnswer404Or401AndWriteNothing_whenIssueMissingRepoHiddenOrCallerAnonymous() {
    fx.user("cm6own");
    fx.user("cm6guest");
    fx.repo("cm6own", "cm6own", "pub", false);
    fx.repo("cm6own", "cm6own", "secret", true);
    fx.issue("cm6own", "cm6own", "pub", "one");
    fx.issue("cm6own", "cm6own", "secret", "hidden");
    fx.comment("cm6own", "cm6own", "secret", "issues", 1, "internal note");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // Missing issue, missing repository
    expectError(forge.post(path("cm6own", "pub", "issues") + "/2/comments").as("cm6guest").json("body", "b"), 404,
        null);
    expectError(forge.get(path("cm6own", "pub", "issues") + "/2/comments"), 404, null);
    expectError(forge.post(path("cm6own", "gone", "issues") + "/1/comments").as("cm6guest").json("body", "b"), 404,
        null);
    // A private repository's comments, to a stranger and to an anonymous reader
    expectError(forge.post(path("cm6own", "secret", "issues") + "/1/comments").as("cm6guest").json("body", "b"), 404,
        null);
    expectError(forge.get(path("cm6own", "secret", "issues") + "/1/comments").as("cm6guest"), 404, null);
    expectError(forge.get(path("cm6own", "secret", "issues") + "/1/comments"), 404, null);
    // No token, or an expired one
    Reply anonymous = forge.post(path("cm6own", "pub", "issues") + "/1/comments").json("body", "b").send();
    assertEquals(401, anonymous.status(), anonymous::toString);
    Reply expired = forge.post(path("cm6own", "pub", "issues") + "/1/comments")
        .header("authorization", "Bearer " + fx.expiredToken("cm6guest")).json("body", "b").send();
    assertEquals(401, expired.status(), expired::toString);
    // A bad limit on the list
    expectError(forge.get(path("cm6own", "pub", "issues") + "/1/comments").query("limit", "0"), 400, "limit");
    fx.assertUnchanged(before);

    Reply owner = forge.get(path("cm6own", "secret", "issues") + "/1/comments").as("cm6own").send();
    assertEquals(200, owner.status(), owner::toString);
    assertEquals(List.of("internal note"), field(owner.items(), "body"));
  }
}
