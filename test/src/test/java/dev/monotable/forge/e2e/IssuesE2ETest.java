package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.TicketFixtures.assertKeys;
import static dev.monotable.forge.e2e.TicketFixtures.expectError;
import static dev.monotable.forge.e2e.TicketFixtures.n;
import static dev.monotable.forge.e2e.TicketFixtures.num;
import static dev.monotable.forge.e2e.TicketFixtures.path;
import static dev.monotable.forge.e2e.TicketFixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.TestTable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Issues over HTTP: open (AP22), read (AP23), edit, close and reopen (AP27), with the exact Issue
 * and Counter items behind each answer. Each test uses its own accounts and repository.
 */
@ExtendWith(ForgeExtension.class)
class IssuesE2ETest {
  private Forge forge;
  private TestTable table;
  private TicketFixtures fx;

  @BeforeEach
  void setUp(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new TicketFixtures(forge);
  }

  // ---- AP22: create ---------------------------------------------------------------------------

  @Test
  void create_shouldWriteExactIssueAndAnswer201_whenOwnerOpensIssue() {
    // GIVEN a public repository whose names have upper-case letters (keys hold lower case)
    fx.user("IssOwner1");
    fx.repo("IssOwner1", "IssOwner1", "Hello-Forge", false);

    // WHEN its owner opens an issue
    Reply r = forge.post("/repos/IssOwner1/Hello-Forge/issues").as("IssOwner1")
        .json("title", "First bug", "body", "It breaks").send();

    // THEN 201 with the full representation
    assertEquals(201, r.status(), r::toString);
    Map<String, Object> j = r.json();
    assertEquals(1L, num(j.get("number")));
    assertEquals("IssOwner1", j.get("owner"));
    assertEquals("Hello-Forge", j.get("repo"));
    assertEquals("First bug", j.get("title"));
    assertEquals("It breaks", j.get("body"));
    assertEquals("open", j.get("state"));
    assertEquals("IssOwner1", j.get("author"));
    assertEquals(0L, num(j.get("commentCount")));
    assertEquals(1L, num(j.get("version")));
    assertEquals("\"1\"", r.header("etag"));
    assertFalse(j.containsKey("head"), "issues have no head");
    Map<String, Object> zero = new LinkedHashMap<>();
    for (String t : new String[] {"+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"}) {
      zero.put(t, 0);
    }
    assertEquals(zero, j.get("reactions"));
    assertEquals(j.get("createdAt"), j.get("updatedAt"));

    // AND the Issue item is exactly the chart's: keys, GSI1 and GSI4 (open, reverse number), no GSI2/GSI3
    Map<String, AttributeValue> item = fx.item(new Key("ISSUE#issowner1#hello-forge#00000001",
        "ISSUE#issowner1#hello-forge#00000001"));
    assertKeys(item, new Key("ISSUE#issowner1#hello-forge#00000001", "ISSUE#issowner1#hello-forge#00000001"),
        Map.of(Gsi.GSI1, new Key("REPO#issowner1#hello-forge", "ISSUE#00000001"),
            Gsi.GSI4, new Key("REPO#issowner1#hello-forge", "ISSUE#OPEN#99999998")));
    assertEquals("Issue", s(item, "Type"));
    assertEquals("IssOwner1", s(item, "Owner"));
    assertEquals("Hello-Forge", s(item, "Repo"));
    assertEquals(1, n(item, "Number"));
    assertEquals("First bug", s(item, "Title"));
    assertEquals("It breaks", s(item, "Body"));
    assertEquals("open", s(item, "State"));
    assertEquals("IssOwner1", s(item, "Author"));
    assertEquals(0, n(item, "CommentCount"));
    assertEquals(false, item.get("IsPrivate").bool());
    assertEquals("User", s(item, "OwnerType"));
    assertEquals(Map.of(), item.get("Reactions").m());
    assertTrue(item.get("Reactions").hasM(), "Reactions must be a map so AP30's ADD Reactions.type works");
    assertEquals(1, n(item, "Version"));
    assertEquals(1, n(item, "SchemaVersion"));
    assertEquals(j.get("createdAt"), s(item, "CreatedAt"));
    assertEquals(s(item, "CreatedAt"), s(item, "UpdatedAt"));
    for (String absent : new String[] {"Head", "Base", "ClosedAt", "MergedAt", "TTL"}) {
      assertFalse(item.containsKey(absent), absent + " must be absent on a new issue");
    }

    // AND the repository's Counter handed out number 1
    Map<String, AttributeValue> counter = fx.item(new Key("COUNTER#issowner1#hello-forge", "METADATA"));
    assertKeys(counter, new Key("COUNTER#issowner1#hello-forge", "METADATA"),
        Map.of(Gsi.GSI1, new Key("PR#issowner1#hello-forge", "REPO#issowner1#hello-forge"),
            Gsi.GSI4, new Key("PR#issowner1#hello-forge", "#REPO#issowner1#hello-forge")));
    assertEquals("Counter", s(counter, "Type"));
    assertEquals(1, n(counter, "LastNumber"));
  }

  @Test
  void create_shouldOpenIssueAsCaller_whenStrangerOpensOnPublicRepo() {
    // GIVEN someone else's public repository
    fx.user("iss2own");
    fx.user("iss2guest");
    fx.repo("iss2own", "iss2own", "pub", false);

    // WHEN a user with no relation to it opens an issue
    Reply r = forge.post(path("iss2own", "pub", "issues")).as("iss2guest").json("title", "Hi").send();

    // THEN it is theirs, numbered 1, with no body
    assertEquals(201, r.status(), r::toString);
    assertEquals("iss2guest", r.json().get("author"));
    assertEquals(1L, num(r.json().get("number")));
    Map<String, AttributeValue> item = fx.item(Keys.ticket(TicketKind.ISSUE, "iss2own", "pub", 1));
    assertEquals("iss2guest", s(item, "Author"));
    assertFalse(item.containsKey("Body"), "an absent body is not stored");
  }

  @Test
  void create_shouldAnswer404AndWriteNothing_whenRepoPrivateAndCallerStranger() {
    // GIVEN a private repository
    fx.user("iss3own");
    fx.user("iss3guest");
    fx.repo("iss3own", "iss3own", "secret", true);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN a stranger opens an issue THEN 404, and the counter did not move
    expectError(forge.post(path("iss3own", "secret", "issues")).as("iss3guest").json("title", "x"), 404, null);
    fx.assertUnchanged(before);

    // WHEN the owner does THEN 201
    Reply ok = forge.post(path("iss3own", "secret", "issues")).as("iss3own").json("title", "mine").send();
    assertEquals(201, ok.status(), ok::toString);
    assertEquals(1L, num(ok.json().get("number")));
  }

  @Test
  void create_shouldAnswer404AndWriteNothing_whenRepoMissing() {
    fx.user("iss4own");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    expectError(forge.post(path("iss4own", "nothing", "issues")).as("iss4own").json("title", "x"), 404, null);
    expectError(forge.post(path("iss4nobody", "nothing", "issues")).as("iss4own").json("title", "x"), 404, null);

    // The counter of a missing repository is not created by the increment.
    fx.assertUnchanged(before);
    fx.assertAbsent(Keys.counter("iss4own", "nothing"));
  }

  @Test
  void create_shouldAnswer401AndWriteNothing_whenAnonymousOrTokenExpired() {
    fx.user("iss5own");
    fx.repo("iss5own", "iss5own", "pub", false);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    Reply anonymous = forge.post(path("iss5own", "pub", "issues")).json("title", "x").send();
    assertEquals(401, anonymous.status(), anonymous::toString);
    Reply expired = forge.post(path("iss5own", "pub", "issues"))
        .header("authorization", "Bearer " + fx.expiredToken("iss5own")).json("title", "x").send();
    assertEquals(401, expired.status(), expired::toString);

    fx.assertUnchanged(before);
  }

  @Test
  void create_shouldAnswer400AndWriteNothing_whenTitleOrBodyInvalid() {
    // GIVEN a public repository
    fx.user("iss6own");
    fx.repo("iss6own", "iss6own", "pub", false);
    Set<Map<String, AttributeValue>> before = fx.snapshot();
    String p = path("iss6own", "pub", "issues");

    // WHEN the title is missing, empty, blank, 257 characters or not a string THEN 400 on field title
    expectError(forge.post(p).as("iss6own").json("body", "no title"), 400, "title");
    expectError(forge.post(p).as("iss6own").json("title", ""), 400, "title");
    expectError(forge.post(p).as("iss6own").json("title", "   "), 400, "title");
    expectError(forge.post(p).as("iss6own").json("title", "t".repeat(257)), 400, "title");
    expectError(forge.post(p).as("iss6own").json("title", 42), 400, "title");
    // AND a body over 65,536 characters is a 400 on field body
    expectError(forge.post(p).as("iss6own").json("title", "ok", "body", "b".repeat(65_537)), 400, "body");
    // AND a body that is not a JSON object is a 400
    expectError(forge.post(p).as("iss6own").raw("[\"title\"]"), 400, null);
    expectError(forge.post(p).as("iss6own").raw("{\"title\":"), 400, null);
    expectError(forge.post(p).as("iss6own").raw("{\"title\":" + "[".repeat(5000)), 400, null);
    fx.assertUnchanged(before);

    // WHEN the title is exactly 256 characters and the body 65,536 THEN it is accepted
    Reply ok = forge.post(p).as("iss6own").json("title", "t".repeat(256), "body", "b".repeat(65_536)).send();
    assertEquals(201, ok.status(), ok::toString);
    assertEquals(1L, num(ok.json().get("number")), "rejected requests consumed no number");
  }

  // ---- AP23: get ------------------------------------------------------------------------------

  @Test
  void get_shouldReturnIssue_whenAnonymousReadsPublicRepo() {
    fx.user("iss7own");
    fx.repo("iss7own", "iss7own", "pub", false);
    Reply created = forge.post(path("iss7own", "pub", "issues")).as("iss7own").json("title", "Read me", "body", "b")
        .send();

    Reply r = forge.get(path("iss7own", "pub", "issues") + "/1").send();

    assertEquals(200, r.status(), r::toString);
    assertEquals(created.json(), r.json());
    assertEquals("\"1\"", r.header("etag"));
    // A token that does not verify is a 401 even on a route anonymous callers may use.
    Reply expired = forge.get(path("iss7own", "pub", "issues") + "/1")
        .header("authorization", "Bearer " + fx.expiredToken("iss7own")).send();
    assertEquals(401, expired.status(), expired::toString);
    // Names are case-insensitive in paths.
    Reply upper = forge.get(path("ISS7OWN", "PUB", "issues") + "/1").send();
    assertEquals(200, upper.status(), upper::toString);
    assertEquals("Read me", upper.json().get("title"));
  }

  @Test
  void get_shouldAnswer404Or400_whenNumberMissingOrMalformed() {
    fx.user("iss8own");
    fx.repo("iss8own", "iss8own", "pub", false);
    fx.issue("iss8own", "iss8own", "pub", "only one");
    String p = path("iss8own", "pub", "issues");

    expectError(forge.get(p + "/2"), 404, null);
    expectError(forge.get(p + "/99999999"), 404, null);
    expectError(forge.get(path("iss8own", "nothing", "issues") + "/1"), 404, null);
    // Arabic-Indic three and full-width one: digits to Character.isDigit, not to this API.
    for (String bad : new String[] {"abc", "0", "-1", "1x", "123456789", "%D9%A3", "%EF%BC%91", "1%20"}) {
      expectError(forge.get(p + "/" + bad), 400, "number");
    }
  }

  @Test
  void get_shouldAnswer404_whenRepoPrivateAndCallerStrangerOrAnonymous() {
    fx.user("iss9own");
    fx.user("iss9guest");
    fx.repo("iss9own", "iss9own", "secret", true);
    fx.issue("iss9own", "iss9own", "secret", "hidden");
    String p = path("iss9own", "secret", "issues") + "/1";

    expectError(forge.get(p), 404, null);
    Reply hidden = expectError(forge.get(p).as("iss9guest"), 404, null);
    // A hidden repository answers exactly like a missing one: its existence does not leak.
    Reply missing = expectError(forge.get(path("iss9own", "nothing", "issues") + "/1").as("iss9guest"), 404, null);
    assertEquals(missing.error(), hidden.error());

    Reply owner = forge.get(p).as("iss9own").send();
    assertEquals(200, owner.status(), owner::toString);
    assertEquals("hidden", owner.json().get("title"));
  }

  // ---- AP27: update ---------------------------------------------------------------------------

  @Test
  void update_shouldEditTitleAndBodyAndBumpVersion_whenAuthorEditsOwnIssue() {
    // GIVEN an issue opened by a user who does not own the repository
    fx.user("iss10own");
    fx.user("iss10auth");
    fx.repo("iss10own", "iss10own", "pub", false);
    int number = fx.issue("iss10auth", "iss10own", "pub", "Typo");
    Key key = Keys.ticket(TicketKind.ISSUE, "iss10own", "pub", number);
    Map<String, AttributeValue> before = fx.item(key);

    // WHEN the author edits title and body under If-Match "1"
    Reply r = forge.patch(path("iss10own", "pub", "issues") + "/" + number).as("iss10auth").ifMatch(1)
        .json("title", "Typo in README", "body", "line 3").send();

    // THEN 200 with version 2, and the item changed only in those fields, UpdatedAt and Version
    assertEquals(200, r.status(), r::toString);
    assertEquals(2L, num(r.json().get("version")));
    assertEquals("\"2\"", r.header("etag"));
    assertEquals("Typo in README", r.json().get("title"));
    Map<String, AttributeValue> after = fx.item(key);
    assertEquals("Typo in README", s(after, "Title"));
    assertEquals("line 3", s(after, "Body"));
    assertEquals(2, n(after, "Version"));
    assertEquals("open", s(after, "State"));
    assertEquals(s(before, "CreatedAt"), s(after, "CreatedAt"));
    assertTrue(s(after, "UpdatedAt").compareTo(s(before, "UpdatedAt")) >= 0);
    assertKeys(after, key, Map.of(Gsi.GSI1, Keys.ticketGsi1(TicketKind.ISSUE, "iss10own", "pub", number),
        Gsi.GSI4, Keys.ticketGsi4(TicketKind.ISSUE, "iss10own", "pub", number, true)));
    // the update's token (a UUID the request derives), by which a retry after a lost answer knows its own write
    assertTrue(s(after, "WriteToken").matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
        after.toString());
    Map<String, AttributeValue> unchangedRest = new LinkedHashMap<>(after);
    Map<String, AttributeValue> beforeRest = new LinkedHashMap<>(before);
    for (String changed : new String[] {"Title", "Body", "Version", "UpdatedAt", "WriteToken"}) {
      unchangedRest.remove(changed);
      beforeRest.remove(changed);
    }
    assertEquals(beforeRest, unchangedRest);
  }

  @Test
  void update_shouldRewriteGsi4Sk_whenIssueClosedAndReopened() {
    // GIVEN issues 1 and 2; number 2 is the one closed and reopened
    fx.user("iss11own");
    fx.repo("iss11own", "iss11own", "pub", false);
    fx.issue("iss11own", "iss11own", "pub", "one");
    int number = fx.issue("iss11own", "iss11own", "pub", "two");
    Key key = new Key("ISSUE#iss11own#pub#00000002", "ISSUE#iss11own#pub#00000002");
    Key gsi1 = new Key("REPO#iss11own#pub", "ISSUE#00000002");

    // WHEN the owner closes it
    Reply closed = forge.patch(path("iss11own", "pub", "issues") + "/" + number).as("iss11own").ifMatch(1)
        .json("state", "closed").send();

    // THEN GSI4SK moves to the closed range (by number), ClosedAt is set, Version 2
    assertEquals(200, closed.status(), closed::toString);
    assertEquals("closed", closed.json().get("state"));
    Map<String, AttributeValue> item = fx.item(key);
    assertKeys(item, key, Map.of(Gsi.GSI1, gsi1, Gsi.GSI4, new Key("REPO#iss11own#pub", "#ISSUE#CLOSED#00000002")));
    assertEquals("closed", s(item, "State"));
    assertEquals(s(item, "UpdatedAt"), s(item, "ClosedAt"));
    assertEquals(2, n(item, "Version"));

    // WHEN it is reopened
    Reply reopened = forge.patch(path("iss11own", "pub", "issues") + "/" + number).as("iss11own").ifMatch(2)
        .json("state", "open").send();

    // THEN GSI4SK is the open key again (reverse number), ClosedAt is gone, Version 3
    assertEquals(200, reopened.status(), reopened::toString);
    assertEquals(3L, num(reopened.json().get("version")));
    item = fx.item(key);
    assertKeys(item, key, Map.of(Gsi.GSI1, gsi1, Gsi.GSI4, new Key("REPO#iss11own#pub", "ISSUE#OPEN#99999997")));
    assertEquals("open", s(item, "State"));
    assertFalse(item.containsKey("ClosedAt"), "ClosedAt is removed on reopen");
    assertEquals(3, n(item, "Version"));
  }

  @Test
  void update_shouldAnswer412AndWriteNothing_whenIfMatchStale() {
    fx.user("iss12own");
    fx.repo("iss12own", "iss12own", "pub", false);
    int number = fx.issue("iss12own", "iss12own", "pub", "v1");
    String p = path("iss12own", "pub", "issues") + "/" + number;
    Reply v2 = forge.patch(p).as("iss12own").ifMatch(1).json("title", "v2").send();
    assertEquals(200, v2.status(), v2::toString);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN a client still holding version 1 closes it
    Reply stale = expectError(forge.patch(p).as("iss12own").ifMatch(1).json("state", "closed"), 412, "If-Match");

    // THEN 412 names the current version and nothing changed
    assertEquals("\"2\"", stale.header("etag"));
    fx.assertUnchanged(before);
    // AND a version from the future is just as stale, and a malformed If-Match is a 400
    expectError(forge.patch(p).as("iss12own").ifMatch(7).json("title", "v3"), 412, "If-Match");
    expectError(forge.patch(p).as("iss12own").header("if-match", "\"abc\"").json("title", "v3"), 400, "If-Match");
    fx.assertUnchanged(before);
  }

  @Test
  void update_shouldApplyToCurrentVersion_whenIfMatchAbsent() {
    fx.user("iss13own");
    fx.repo("iss13own", "iss13own", "pub", false);
    int number = fx.issue("iss13own", "iss13own", "pub", "v1");
    String p = path("iss13own", "pub", "issues") + "/" + number;
    assertEquals(200, forge.patch(p).as("iss13own").json("title", "v2").send().status());

    Reply r = forge.patch(p).as("iss13own").json("state", "closed").send();
    // If-Match: * (RFC 9110: any current representation) means the same as no If-Match.
    Reply star = forge.patch(p).as("iss13own").header("if-match", "*").json("body", "any version").send();

    assertEquals(200, r.status(), r::toString);
    assertEquals(3L, num(r.json().get("version")));
    assertEquals(200, star.status(), star::toString);
    assertEquals(4L, num(star.json().get("version")));
    Map<String, AttributeValue> item = fx.item(Keys.ticket(TicketKind.ISSUE, "iss13own", "pub", number));
    assertEquals(4, n(item, "Version"));
    assertEquals("v2", s(item, "Title"));
    assertEquals("any version", s(item, "Body"));
    assertEquals("closed", s(item, "State"));
  }

  @Test
  void update_shouldAnswer403ToStrangerAnd200ToRepoOwner_whenEditingSomeoneElsesIssue() {
    // GIVEN an issue by its author on someone else's repository
    fx.user("iss14own");
    fx.user("iss14auth");
    fx.user("iss14guest");
    fx.repo("iss14own", "iss14own", "pub", false);
    int number = fx.issue("iss14auth", "iss14own", "pub", "by author");
    String p = path("iss14own", "pub", "issues") + "/" + number;
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN a third user edits or closes it THEN 403 and nothing changes
    expectError(forge.patch(p).as("iss14guest").json("title", "mine now"), 403, null);
    expectError(forge.patch(p).as("iss14guest").ifMatch(1).json("state", "closed"), 403, null);
    fx.assertUnchanged(before);

    // WHEN the repository owner closes it THEN 200
    Reply r = forge.patch(p).as("iss14own").ifMatch(1).json("state", "closed", "title", "triaged").send();
    assertEquals(200, r.status(), r::toString);
    Map<String, AttributeValue> item = fx.item(Keys.ticket(TicketKind.ISSUE, "iss14own", "pub", number));
    assertEquals("closed", s(item, "State"));
    assertEquals("triaged", s(item, "Title"));
    assertEquals("iss14auth", s(item, "Author"), "the author stays");
    // AND the author may still reopen their own issue
    Reply reopened = forge.patch(p).as("iss14auth").ifMatch(2).json("state", "open").send();
    assertEquals(200, reopened.status(), reopened::toString);
  }

  @Test
  void update_shouldAnswer400AndWriteNothing_whenPatchInvalid() {
    fx.user("iss15own");
    fx.repo("iss15own", "iss15own", "pub", false);
    int number = fx.issue("iss15own", "iss15own", "pub", "valid");
    String p = path("iss15own", "pub", "issues") + "/" + number;
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // Issues are open or closed; merged belongs to pull requests.
    expectError(forge.patch(p).as("iss15own").json("state", "merged"), 400, "state");
    expectError(forge.patch(p).as("iss15own").json("state", "reopened"), 400, "state");
    expectError(forge.patch(p).as("iss15own").json("title", ""), 400, "title");
    expectError(forge.patch(p).as("iss15own").json("title", "x".repeat(257)), 400, "title");
    expectError(forge.patch(p).as("iss15own").json("body", "b".repeat(65_537)), 400, "body");
    expectError(forge.patch(path("iss15own", "pub", "issues") + "/abc").as("iss15own").json("title", "t"), 400,
        "number");

    fx.assertUnchanged(before);
  }

  @Test
  void update_shouldAnswer404Or401AndWriteNothing_whenIssueMissingHiddenOrAnonymous() {
    fx.user("iss16own");
    fx.user("iss16guest");
    fx.repo("iss16own", "iss16own", "pub", false);
    fx.repo("iss16own", "iss16own", "secret", true);
    fx.issue("iss16own", "iss16own", "pub", "one");
    fx.issue("iss16own", "iss16own", "secret", "hidden");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    expectError(forge.patch(path("iss16own", "pub", "issues") + "/2").as("iss16own").json("title", "t"), 404, null);
    expectError(forge.patch(path("iss16own", "secret", "issues") + "/1").as("iss16guest").json("title", "t"), 404,
        null);
    Reply anonymous = forge.patch(path("iss16own", "pub", "issues") + "/1").json("title", "t").send();
    assertEquals(401, anonymous.status(), anonymous::toString);

    fx.assertUnchanged(before);
  }

  @Test
  void create_shouldAnswer413AndWriteNothing_whenBodyOverOneMebibyte() {
    fx.user("iss17own");
    fx.repo("iss17own", "iss17own", "pub", false);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    Reply r = forge.post(path("iss17own", "pub", "issues")).as("iss17own")
        .json("title", "big", "body", "b".repeat(1024 * 1024)).send();

    assertEquals(413, r.status(), r::toString);
    assertNotNull(r.error());
    fx.assertUnchanged(before);
  }

  @Test
  void tickets_shouldAnswer400NotServerError_whenPathSegmentsMalformed() {
    fx.user("iss18own");
    fx.repo("iss18own", "iss18own", "pub", false);
    fx.issue("iss18own", "iss18own", "pub", "one");
    Set<Map<String, AttributeValue>> before = fx.snapshot();
    String longRepo = "r".repeat(101);

    expectError(forge.post(path("bad_owner", "pub", "issues")).as("iss18own").json("title", "t"), 400, "owner");
    expectError(forge.post(path("iss18own", longRepo, "issues")).as("iss18own").json("title", "t"), 400, "repo");
    expectError(forge.post(path("iss18own", "a%23b", "pulls")).as("iss18own")
        .json("title", "t", "head", "f", "base", "m"), 400, "repo");
    expectError(forge.get(path("-iss18own", "pub", "issues")), 400, "owner");
    expectError(forge.get(path("iss18own", "%2E%2E", "issues") + "/1"), 400, "repo");
    expectError(forge.get(path("iss18own", "pub", "issues") + "/1/comments").query("cursor", "%%%"), 400, "cursor");
    expectError(forge.patch(path("iss18own", "pub~", "issues") + "/1").as("iss18own").json("title", "t"), 400,
        "repo");
    expectError(forge.put(path("iss18own", "p%23b", "issues") + "/1/reactions/heart").as("iss18own"), 400, "repo");
    expectError(forge.delete(path("iss-", "pub", "issues") + "/1/reactions/heart").as("iss18own"), 400, "owner");

    fx.assertUnchanged(before);
  }

  @Test
  void update_shouldWriteNothingButStillCheckIfMatch_whenPatchChangesNothing() {
    fx.user("iss20own");
    fx.repo("iss20own", "iss20own", "pub", false);
    int number = fx.issue("iss20own", "iss20own", "pub", "same");
    String p = path("iss20own", "pub", "issues") + "/" + number;
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // "title": null is refused as the document types title without null (it was taken for "absent").
    expectError(forge.patch(p).as("iss20own").ifMatch(1).json("state", "open", "title", null), 400, "title");
    Reply same = forge.patch(p).as("iss20own").ifMatch(1).json("state", "open").send();
    assertEquals(200, same.status(), same::toString);
    assertEquals(1L, num(same.json().get("version")));
    expectError(forge.patch(p).as("iss20own").ifMatch(2).json("state", "open"), 412, "If-Match");

    fx.assertUnchanged(before);
  }

  @Test
  void create_shouldKeepTextExactly_whenTitleAndBodyHoldUnicodeAndKeyCharacters() {
    fx.user("iss21own");
    fx.repo("iss21own", "iss21own", "pub", false);
    String title = "Crash in \u00fcn\u00efc\u00f6d\u00e9 \uD83D\uDE80 #42 \"quoted\" ISSUE#00000009";
    String body = "line 1\nline 2\t\u65e5\u672c\u8a9e \\ / <b>";

    Reply r = forge.post(path("iss21own", "pub", "issues")).as("iss21own").json("title", title, "body", body).send();

    assertEquals(201, r.status(), r::toString);
    assertEquals(title, r.json().get("title"));
    Map<String, AttributeValue> item = fx.item(new Key("ISSUE#iss21own#pub#00000001", "ISSUE#iss21own#pub#00000001"));
    assertEquals(title, s(item, "Title"));
    assertEquals(body, s(item, "Body"));
    Reply read = forge.get(path("iss21own", "pub", "issues") + "/1").send();
    assertEquals(title, read.json().get("title"));
    assertEquals(body, read.json().get("body"));
  }
}
