package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.TicketFixtures.assertKeys;
import static dev.monotable.forge.e2e.TicketFixtures.expectError;
import static dev.monotable.forge.e2e.TicketFixtures.n;
import static dev.monotable.forge.e2e.TicketFixtures.num;
import static dev.monotable.forge.e2e.TicketFixtures.path;
import static dev.monotable.forge.e2e.TicketFixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.testing.TestTable;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Reactions over HTTP (AP30/AP31 on issues, AP40/AP41 on pull requests): idempotent 204s, the
 * Reaction item per user, target and type, and the counts in the target's Reactions map as the
 * GET representation shows them.
 */
@ExtendWith(ForgeExtension.class)
class ReactionsE2ETest {
  private Forge forge;
  private TestTable table;
  private TicketFixtures fx;

  @BeforeEach
  void setUp(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new TicketFixtures(forge);
  }

  private Reply react(String method, String caller, String owner, String repo, String kind, int number, String type) {
    Forge.Call call = forge.call(method, path(owner, repo, kind) + "/" + number + "/reactions/" + type);
    return (caller == null ? call : call.as(caller)).send();
  }

  @SuppressWarnings("unchecked")
  private long shownCount(String owner, String repo, String kind, int number, String type) {
    Reply r = forge.get(path(owner, repo, kind) + "/" + number).as(owner).send();
    assertEquals(200, r.status(), r::toString);
    return num(((Map<String, Object>) r.json().get("reactions")).get(type));
  }

  @Test
  void react_shouldWriteOneReactionAndCountOnce_whenUserReactsTwice() {
    // GIVEN an issue on a public repository with upper-case names
    fx.user("Rx1Own");
    fx.user("Rx1Fan");
    fx.repo("Rx1Own", "Rx1Own", "Show", false);
    int number = fx.issue("Rx1Own", "Rx1Own", "Show", "nice");
    Key issueKey = Keys.ticket(TicketKind.ISSUE, "Rx1Own", "Show", number);
    Map<String, AttributeValue> issueBefore = fx.item(issueKey);

    // WHEN a user reacts with heart
    Reply r = react("PUT", "Rx1Fan", "Rx1Own", "Show", "issues", number, "heart");

    // THEN 204 without a body
    assertEquals(204, r.status(), r::toString);
    assertEquals("", r.body());
    // AND one Reaction item, keyed by target and by user and type, in no index
    Key key = new Key("REACTION#rx1own#show#ISSUE#00000001", "REACTION#rx1fan#heart");
    Map<String, AttributeValue> item = fx.item(key);
    assertKeys(item, key, Map.of());
    assertEquals("Reaction", s(item, "Type"));
    assertEquals("Issue", s(item, "Target"));
    assertEquals("Rx1Own", s(item, "Owner"));
    assertEquals("Show", s(item, "Repo"));
    assertEquals(1, n(item, "Number"));
    assertEquals("Rx1Fan", s(item, "Username"));
    assertEquals("heart", s(item, "Reaction"));
    assertEquals(s(item, "CreatedAt"), s(item, "UpdatedAt"));
    assertFalse(item.containsKey("Version"), "a Reaction is never updated, so it has no Version");
    // AND the issue counts it, without a new Version or UpdatedAt (a pending edit stays valid)
    Map<String, AttributeValue> issue = fx.item(issueKey);
    assertEquals(Map.of("heart", AttributeValue.fromN("1")), issue.get("Reactions").m());
    assertEquals(1, n(issue, "Version"));
    assertEquals(s(issueBefore, "UpdatedAt"), s(issue, "UpdatedAt"));
    assertEquals(1, shownCount("Rx1Own", "Show", "issues", number, "heart"));

    // WHEN the same reaction is sent again (any name case) THEN 204 and nothing changes
    Set<Map<String, AttributeValue>> before = fx.snapshot();
    assertEquals(204, react("PUT", "Rx1Fan", "Rx1Own", "Show", "issues", number, "heart").status());
    assertEquals(204, react("PUT", "rx1fan", "rx1own", "SHOW", "issues", number, "heart").status());
    fx.assertUnchanged(before);
  }

  @Test
  void react_shouldReadPlusOneAlike_whenPathHasRawPlusOrPercentEncodedPlus() {
    fx.user("rx2own");
    fx.user("rx2a");
    fx.user("rx2b");
    fx.repo("rx2own", "rx2own", "repo", false);
    int number = fx.issue("rx2own", "rx2own", "repo", "vote");
    Key issueKey = Keys.ticket(TicketKind.ISSUE, "rx2own", "repo", number);

    // WHEN a user reacts with /reactions/+1 and again with /reactions/%2B1
    assertEquals(204, react("PUT", "rx2a", "rx2own", "repo", "issues", number, "+1").status());
    assertEquals(204, react("PUT", "rx2a", "rx2own", "repo", "issues", number, "%2B1").status());

    // THEN both name the +1 reaction: one item, counted once
    fx.item(new Key("REACTION#rx2own#repo#ISSUE#00000001", "REACTION#rx2a#+1"));
    assertEquals(1, shownCount("rx2own", "repo", "issues", number, "+1"));
    assertEquals("1", fx.item(issueKey).get("Reactions").m().get("+1").n());

    // WHEN a second user reacts +1 (encoded) and one reacts -1
    assertEquals(204, react("PUT", "rx2b", "rx2own", "repo", "issues", number, "%2B1").status());
    assertEquals(204, react("PUT", "rx2b", "rx2own", "repo", "issues", number, "-1").status());

    // THEN the representation shows +1: 2 and -1: 1, the other types 0
    assertEquals(2, shownCount("rx2own", "repo", "issues", number, "+1"));
    assertEquals(1, shownCount("rx2own", "repo", "issues", number, "-1"));
    assertEquals(0, shownCount("rx2own", "repo", "issues", number, "eyes"));

    // WHEN each removes +1, once encoded and once raw THEN the count is back to 0
    assertEquals(204, react("DELETE", "rx2a", "rx2own", "repo", "issues", number, "%2B1").status());
    assertEquals(204, react("DELETE", "rx2b", "rx2own", "repo", "issues", number, "+1").status());
    assertEquals(0, shownCount("rx2own", "repo", "issues", number, "+1"));
    fx.assertAbsent(new Key("REACTION#rx2own#repo#ISSUE#00000001", "REACTION#rx2a#+1"));
    fx.assertAbsent(new Key("REACTION#rx2own#repo#ISSUE#00000001", "REACTION#rx2b#+1"));
    fx.item(new Key("REACTION#rx2own#repo#ISSUE#00000001", "REACTION#rx2b#-1"));
  }

  @Test
  void unreact_shouldDeleteReactionAndDecrementOnce_whenRemovedTwice() {
    fx.user("rx3own");
    fx.repo("rx3own", "rx3own", "repo", false);
    int number = fx.issue("rx3own", "rx3own", "repo", "meh");
    assertEquals(204, react("PUT", "rx3own", "rx3own", "repo", "issues", number, "confused").status());
    assertEquals(204, react("PUT", "rx3own", "rx3own", "repo", "issues", number, "rocket").status());
    Key reaction = new Key("REACTION#rx3own#repo#ISSUE#00000001", "REACTION#rx3own#confused");
    fx.item(reaction);

    // WHEN the reaction is removed
    Reply r = react("DELETE", "rx3own", "rx3own", "repo", "issues", number, "confused");

    // THEN 204, its item is gone and the count is 0 while the other type stays
    assertEquals(204, r.status(), r::toString);
    fx.assertAbsent(reaction);
    Map<String, AttributeValue> issue = fx.item(Keys.ticket(TicketKind.ISSUE, "rx3own", "repo", number));
    assertEquals(Map.of("confused", AttributeValue.fromN("0"), "rocket", AttributeValue.fromN("1")),
        issue.get("Reactions").m());
    assertEquals(1, n(issue, "Version"));

    // WHEN removed again, or a reaction never given is removed THEN 204 and nothing changes
    Set<Map<String, AttributeValue>> before = fx.snapshot();
    assertEquals(204, react("DELETE", "rx3own", "rx3own", "repo", "issues", number, "confused").status());
    assertEquals(204, react("DELETE", "rx3own", "rx3own", "repo", "issues", number, "laugh").status());
    fx.assertUnchanged(before);
    assertEquals(0, shownCount("rx3own", "repo", "issues", number, "confused"));
  }

  @Test
  void react_shouldWritePrReactionUnderPrKey_whenReactingOnPullRequest() {
    fx.user("rx4own");
    fx.repo("rx4own", "rx4own", "repo", false);
    fx.issue("rx4own", "rx4own", "repo", "issue 1");
    int pull = fx.pull("rx4own", "rx4own", "repo", "pull 2");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // The pull request's number under /issues is a missing issue.
    expectError(forge.put(path("rx4own", "repo", "issues") + "/2/reactions/hooray").as("rx4own"), 404, null);
    fx.assertUnchanged(before);

    assertEquals(204, react("PUT", "rx4own", "rx4own", "repo", "pulls", pull, "hooray").status());

    Key key = new Key("REACTION#rx4own#repo#PR#00000002", "REACTION#rx4own#hooray");
    Map<String, AttributeValue> item = fx.item(key);
    assertKeys(item, key, Map.of());
    assertEquals("PullRequest", s(item, "Target"));
    assertEquals(2, n(item, "Number"));
    assertEquals(1, shownCount("rx4own", "repo", "pulls", pull, "hooray"));
    assertEquals(0, shownCount("rx4own", "repo", "issues", 1, "hooray"));

    assertEquals(204, react("DELETE", "rx4own", "rx4own", "repo", "pulls", pull, "hooray").status());
    fx.assertAbsent(key);
    assertEquals(0, shownCount("rx4own", "repo", "pulls", pull, "hooray"));
  }

  @Test
  void react_shouldAnswer400TypeAndWriteNothing_whenTypeUnknown() {
    fx.user("rx5own");
    fx.repo("rx5own", "rx5own", "repo", false);
    int number = fx.issue("rx5own", "rx5own", "repo", "typed");
    Set<Map<String, AttributeValue>> before = fx.snapshot();
    String base = path("rx5own", "repo", "issues") + "/" + number + "/reactions/";

    for (String bad : new String[] {"thumbsup", "HEART", "%2B2", "%23heart", "heart%20"}) {
      expectError(forge.put(base + bad).as("rx5own"), 400, "type");
      expectError(forge.delete(base + bad).as("rx5own"), 400, "type");
    }
    expectError(forge.put(path("rx5own", "repo", "issues") + "/one/reactions/heart").as("rx5own"), 400, "number");

    fx.assertUnchanged(before);
  }

  @Test
  void react_shouldAnswer404Or401AndWriteNothing_whenIssueMissingRepoHiddenOrCallerAnonymous() {
    fx.user("rx6own");
    fx.user("rx6guest");
    fx.repo("rx6own", "rx6own", "pub", false);
    fx.repo("rx6own", "rx6own", "secret", true);
    fx.issue("rx6own", "rx6own", "pub", "visible");
    fx.issue("rx6own", "rx6own", "secret", "hidden");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    expectError(forge.put(path("rx6own", "pub", "issues") + "/2/reactions/eyes").as("rx6guest"), 404, null);
    expectError(forge.put(path("rx6own", "secret", "issues") + "/1/reactions/eyes").as("rx6guest"), 404, null);
    expectError(forge.put(path("rx6own", "gone", "issues") + "/1/reactions/eyes").as("rx6guest"), 404, null);
    expectError(forge.put(path("rx6own", "secret", "pulls") + "/1/reactions/eyes").as("rx6guest"), 404, null);
    assertEquals(401, react("PUT", null, "rx6own", "pub", "issues", 1, "eyes").status());
    assertEquals(401, react("DELETE", null, "rx6own", "pub", "issues", 1, "eyes").status());
    fx.assertUnchanged(before);

    // The owner of the private repository may react.
    assertEquals(204, react("PUT", "rx6own", "rx6own", "secret", "issues", 1, "eyes").status());
    assertEquals(1, shownCount("rx6own", "secret", "issues", 1, "eyes"));
  }

  @Test
  void unreact_shouldAnswer404AndChangeNothing_whenStrangerRemovesOnPrivateRepo() {
    // GIVEN the owner's reaction on a private repository's issue
    fx.user("rx7own");
    fx.user("rx7guest");
    fx.repo("rx7own", "rx7own", "secret", true);
    fx.issue("rx7own", "rx7own", "secret", "hidden");
    assertEquals(204, react("PUT", "rx7own", "rx7own", "secret", "issues", 1, "heart").status());
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN a stranger removes "their" reaction there
    Reply r = react("DELETE", "rx7guest", "rx7own", "secret", "issues", 1, "heart");

    // THEN a private repository and everything under it is 404 to a non-member, exactly like a
    // missing repository, and nothing changes
    assertEquals(404, r.status(), r::toString);
    assertEquals(404, react("DELETE", "rx7guest", "rx7own", "gone", "issues", 1, "heart").status());
    fx.assertUnchanged(before);
  }
}
