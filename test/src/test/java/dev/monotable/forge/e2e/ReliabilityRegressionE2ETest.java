package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static dev.monotable.forge.e2e.ForgeFixtures.unique;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.forge.keys.Keys;
import dev.monotable.testing.TestTable;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * One regression test per row of issue 9's table: what an adversarial client found over HTTP
 * against the local service, each answered now with the exact status and error, and nothing
 * written (the table byte-for-byte unchanged).
 */
@ExtendWith(ForgeExtension.class)
class ReliabilityRegressionE2ETest {
  private static final String EMOJI = "\uD83D\uDE00"; // one character, two UTF-16 units, four UTF-8 bytes

  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  ReliabilityRegressionE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  /** An owner with a public repository holding issue 1 and pull request 2. */
  private record Repo(String owner, String name) {
    String path() {
      return "/repos/" + owner + "/" + name;
    }
  }

  private Repo repoWithTickets() {
    String owner = fx.user("Own");
    fx.repo(owner, owner, "lib", false);
    Repo r = new Repo(owner, "lib");
    assertEquals(201, forge.post(r.path() + "/issues").as(owner).json("title", "first").send().status());
    assertEquals(201, forge.post(r.path() + "/pulls").as(owner)
        .json("title", "pr", "head", "feature", "base", "main").send().status());
    return r;
  }

  // ---- row 1: trailing data after the JSON object ---------------------------------------------

  @Test
  void row1_trailingDataAfterJson_shouldAnswer400AndWriteNothing_onEveryBodyRoute() {
    // GIVEN an issue, a pull request, a user and an org with a member
    Repo r = repoWithTickets();
    String admin = fx.user("Adm");
    String org = fx.org("Org", admin);
    String member = fx.user("Mem");
    var before = fx.snapshot();

    // WHEN valid bodies are followed by garbage
    List<Reply> replies = List.of(
        forge.post(r.path() + "/issues").as(r.owner()).raw("{\"title\":\"x\"} xx").send(),
        forge.patch(r.path() + "/issues/1").as(r.owner()).raw("{\"title\":\"x\"} xx").send(),
        forge.patch(r.path() + "/pulls/2").as(r.owner()).raw("{\"title\":\"x\"}{\"title\":\"y\"}").send(),
        forge.patch("/users/" + admin).as(admin).raw("{\"name\":\"x\"} 1").send(),
        forge.put("/orgs/" + org + "/members/" + member).as(admin).raw("{\"role\":\"member\"}]").send(),
        forge.post("/repos").as(admin).raw("{\"owner\":\"" + admin + "\",\"name\":\"n\"} //").send());

    // THEN each is a 400 of the whole body, and nothing changed
    for (Reply reply : replies) {
      assertError(reply, 400, "invalid_body", null);
    }
    fx.assertUnchanged(before);
  }

  @Test
  void row1_repeatedKey_shouldAnswer400_becauseEitherCopyCouldBeMeant() {
    Repo r = repoWithTickets();
    var before = fx.snapshot();

    Reply reply = forge.post(r.path() + "/issues").as(r.owner()).raw("{\"title\":\"a\",\"title\":\"b\"}").send();

    assertError(reply, 400, "invalid_body", null);
    fx.assertUnchanged(before);
  }

  @Test
  void row1_trailingWhitespace_shouldStillBeAccepted() {
    Repo r = repoWithTickets();

    Reply reply = forge.post(r.path() + "/issues").as(r.owner()).raw("{\"title\":\"x\"} \r\n\t ").send();

    assertEquals(201, reply.status(), reply::toString);
  }

  // ---- row 2: invalid UTF-8 ---------------------------------------------------------------------

  @Test
  void row2_invalidUtf8_shouldAnswer400AndWriteNothing_insteadOfStoringReplacementCharacters() {
    Repo r = repoWithTickets();
    var before = fx.snapshot();
    byte[][] bad = {
        bytes("{\"title\":\"a", new byte[] {(byte) 0xff}, "b\"}"),                       // never valid
        bytes("{\"title\":\"a", new byte[] {(byte) 0xc3}, "\"}"),                        // truncated sequence
        bytes("{\"title\":\"a", new byte[] {(byte) 0xc0, (byte) 0xaf}, "\"}"),           // overlong '/'
        bytes("{\"title\":\"a", new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, "\"}"), // CESU surrogate
    };

    for (byte[] body : bad) {
      Reply reply = forge.post(r.path() + "/issues").as(r.owner()).rawBytes(body).send();
      assertError(reply, 400, "invalid_body", null);
    }
    fx.assertUnchanged(before);
  }

  // ---- row 3: unpaired surrogates ---------------------------------------------------------------

  @Test
  void row3_loneSurrogate_shouldAnswer400NamingTheField_onEveryCreateRoute_andUseNoIssueNumber() {
    Repo r = repoWithTickets();
    String admin = fx.user("Adm");
    String org = fx.org("Org", admin);
    String newcomer = unique("New");
    var before = fx.snapshot();

    assertError(forge.post("/users").as(newcomer).raw("{\"username\":\"" + newcomer + "\",\"email\":\""
        + lower(newcomer) + "@x.io\",\"name\":\"x\\ud800y\"}").send(), 400, "validation", "name");
    assertError(forge.post("/orgs").as(admin).raw("{\"org\":\"" + unique("O") + "\",\"description\":\"\\udc00\"}")
        .send(), 400, "validation", "description");
    assertError(forge.post("/repos").as(admin).raw("{\"owner\":\"" + admin + "\",\"name\":\"n\","
        + "\"description\":\"a\\ud83d\"}").send(), 400, "validation", "description");
    assertError(forge.post(r.path() + "/issues").as(r.owner()).raw("{\"title\":\"x\\ud800y\"}").send(),
        400, "validation", "title");
    assertError(forge.post(r.path() + "/pulls").as(r.owner())
        .raw("{\"title\":\"t\",\"head\":\"f\",\"base\":\"m\",\"body\":\"\\ude00\\ud83d\"}").send(),
        400, "validation", "body");
    assertError(forge.post(r.path() + "/issues/1/comments").as(r.owner()).raw("{\"body\":\"\\ud800\"}").send(),
        400, "validation", "body");
    assertError(forge.post("/orgs/" + org + "/invitations").as(admin)
        .raw("{\"email\":\"a\\ud800@x.io\",\"role\":\"member\"}").send(), 400, "validation", "email");
    // nested anywhere in a field counts too
    assertError(forge.post(r.path() + "/issues").as(r.owner()).raw("{\"title\":\"t\",\"extra\":[{\"k\":\"\\ud800\"}]}")
        .send(), 400, "validation", "extra");

    // THEN the counter did not move: nothing at all was written
    fx.assertUnchanged(before);
  }

  @Test
  void row3_loneSurrogateInOneField_shouldApplyNoPartOfAPatch() {
    Repo r = repoWithTickets();
    var before = fx.snapshot();

    assertError(forge.patch("/users/" + r.owner()).as(r.owner()).ifMatch(1)
        .raw("{\"name\":\"fine\",\"bio\":\"x\\udbffy\"}").send(), 400, "validation", "bio");
    assertError(forge.patch(r.path() + "/issues/1").as(r.owner()).ifMatch(1)
        .raw("{\"title\":\"fine\",\"body\":\"\\udfff\"}").send(), 400, "validation", "body");

    fx.assertUnchanged(before);
  }

  @Test
  void row3_pairedSurrogatesWrittenAsEscapes_shouldBeAccepted() {
    Repo r = repoWithTickets();

    Reply reply = forge.post(r.path() + "/issues").as(r.owner()).raw("{\"title\":\"\\ud83d\\ude00\"}").send();

    assertEquals(201, reply.status(), reply::toString);
    assertEquals(EMOJI, reply.json().get("title"));
  }

  // ---- row 4: limits count characters -----------------------------------------------------------

  @Test
  void row4_limits_shouldCountCharacters_notUtf16Units() {
    Repo r = repoWithTickets();

    // 129 and 256 emoji are 258 and 512 UTF-16 units, but 129 and 256 characters
    Reply t129 = forge.post(r.path() + "/issues").as(r.owner()).json("title", EMOJI.repeat(129)).send();
    Reply t256 = forge.post(r.path() + "/issues").as(r.owner()).json("title", EMOJI.repeat(256)).send();
    Reply body = forge.post(r.path() + "/issues").as(r.owner()).json("title", "b", "body", EMOJI.repeat(40_000))
        .send();
    Reply name = forge.patch("/users/" + r.owner()).as(r.owner()).json("name", EMOJI.repeat(350)).send();

    assertEquals(201, t129.status(), t129::toString);
    assertEquals(201, t256.status(), t256::toString);
    assertEquals(201, body.status(), () -> body.status() + " " + body.error());
    assertEquals(200, name.status(), name::toString);
    assertEquals(EMOJI.repeat(256),
        table.item(Keys.ticket(dev.monotable.forge.keys.TicketKind.ISSUE, r.owner(), "lib",
            ((Number) t256.json().get("number")).intValue())).orElseThrow().get("Title").s());
  }

  @Test
  void row4_limits_shouldStillRefuseOneCharacterOver_countingCombiningMarksAsCharacters() {
    Repo r = repoWithTickets();
    var before = fx.snapshot();

    assertError(forge.post(r.path() + "/issues").as(r.owner()).json("title", EMOJI.repeat(257)).send(),
        400, "validation", "title");
    // "e" + combining acute is one glyph but two characters: 129 of them are 258 characters
    assertError(forge.post(r.path() + "/issues").as(r.owner()).json("title", "e\u0301".repeat(129)).send(),
        400, "validation", "title");
    assertError(forge.patch("/users/" + r.owner()).as(r.owner()).json("name", EMOJI.repeat(351)).send(),
        400, "validation", "name");
    fx.assertUnchanged(before);
  }

  // ---- row 5: a PATCH that changes nothing writes nothing ---------------------------------------

  @Test
  void row5_patchThatChangesNothing_shouldWriteNothingAndKeepTheVersion() {
    Repo r = repoWithTickets();
    assertEquals(200, forge.patch("/users/" + r.owner()).as(r.owner()).json("name", "Owner", "bio", "b").send()
        .status());
    var before = fx.snapshot();

    Reply emptyUser = forge.patch("/users/" + r.owner()).as(r.owner()).raw("{}").send();
    Reply emptyUserIfMatch = forge.patch("/users/" + r.owner()).as(r.owner()).ifMatch(2).raw("{}").send();
    Reply sameUser = forge.patch("/users/" + r.owner()).as(r.owner()).ifMatch(2)
        .json("name", "Owner", "bio", "b", "email", lower(r.owner()).toUpperCase(java.util.Locale.ROOT) + "@EXAMPLE.IO")
        .send();
    Reply sameUserNoIfMatch = forge.patch("/users/" + r.owner()).as(r.owner()).json("name", "Owner").send();
    Reply sameTitle = forge.patch(r.path() + "/issues/1").as(r.owner()).ifMatch(1).json("title", "first").send();
    Reply sameState = forge.patch(r.path() + "/pulls/2").as(r.owner()).json("state", "open", "body", "").send();

    for (Reply reply : List.of(emptyUser, emptyUserIfMatch, sameUser, sameUserNoIfMatch)) {
      assertEquals(200, reply.status(), reply::toString);
      assertEquals(2, reply.json().get("version"), reply::toString);
      assertEquals("\"2\"", reply.header("etag"));
    }
    assertEquals(200, sameTitle.status(), sameTitle::toString);
    assertEquals(1, sameTitle.json().get("version"));
    assertEquals(200, sameState.status(), sameState::toString);
    assertEquals(1, sameState.json().get("version"));
    fx.assertUnchanged(before);
  }

  @Test
  void row5_emptyPatchUnderStaleIfMatch_shouldStillAnswer412() {
    Repo r = repoWithTickets();
    var before = fx.snapshot();

    Reply reply = forge.patch("/users/" + r.owner()).as(r.owner()).ifMatch(7).raw("{}").send();

    assertError(reply, 412, "version_mismatch", "If-Match");
    assertEquals("\"1\"", reply.header("etag"));
    fx.assertUnchanged(before);
  }

  @Test
  void row5_patchThatChangesOneField_shouldStillWriteOnce() {
    Repo r = repoWithTickets();

    Reply reply = forge.patch("/users/" + r.owner()).as(r.owner()).ifMatch(1).json("name", "New").send();
    Reply clear = forge.patch("/users/" + r.owner()).as(r.owner()).ifMatch(2).json("name", "").send();
    Reply clearAgain = forge.patch("/users/" + r.owner()).as(r.owner()).ifMatch(3).json("name", "").send();

    assertEquals(2, reply.json().get("version"), reply::toString);
    assertEquals(3, clear.json().get("version"), clear::toString);
    assertEquals(3, clearAgain.json().get("version"), clearAgain::toString);
    assertTrue(!table.item(Keys.account(r.owner())).orElseThrow().containsKey("Name"));
  }

  // ---- row 6: a malformed request target is a JSON error --------------------------------------

  @Test
  void row6_malformedPercentEncoding_shouldAnswerJson400NamingTheParameter() throws Exception {
    String alice = fx.user("Alice");

    RawReply cursor = raw("GET /users/" + alice + "/repos?cursor=%%%% HTTP/1.1");
    RawReply limit = raw("GET /users/" + alice + "/repos?limit=%zz HTTP/1.1");
    RawReply segment = raw("GET /users/%zz/repos HTTP/1.1");
    RawReply requestLine = raw("GET /users/" + alice + " with spaces HTTP/1.1");

    assertRawError(cursor, 400, "validation", "cursor");
    assertRawError(limit, 400, "validation", "limit");
    assertRawError(segment, 400, "validation", "owner");
    assertRawError(requestLine, 400, "bad_request", null);
  }

  @Test
  void row6_validCursorStillWorks_afterTheServerChange() {
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "a", false);
    fx.repo(alice, alice, "b", false);
    forge.awaitIndexes(); // a user's repositories are an index (GSI3)

    Reply first = fx.page("/users/" + alice + "/repos", null, 1, null);
    Reply second = fx.page("/users/" + alice + "/repos", null, 1, first.nextCursor());

    assertEquals(1, second.items().size(), second::toString);
    assertError(fx.page("/users/" + alice + "/repos", null, 1, "%%%%"), 400, "invalid_cursor", "cursor");
  }

  private record RawReply(int status, String contentType, String body) {}

  /** Sends one request line by hand: the JDK's HTTP client refuses to send a malformed URI. */
  private RawReply raw(String requestLine) throws Exception {
    java.net.URI base = java.net.URI.create(forge.baseUrl());
    try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write((requestLine + "\r\nHost: localhost\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.ISO_8859_1));
      String all = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      int headEnd = all.indexOf("\r\n\r\n");
      String head = all.substring(0, headEnd);
      int status = Integer.parseInt(head.substring(9, 12));
      String type = null;
      for (String line : head.split("\r\n")) {
        if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-type:")) {
          type = line.substring("content-type:".length()).trim();
        }
      }
      return new RawReply(status, type, all.substring(headEnd + 4));
    }
  }

  @SuppressWarnings("unchecked")
  private static void assertRawError(RawReply r, int status, String code, String field) throws Exception {
    assertEquals(status, r.status(), r::toString);
    assertEquals("application/json", r.contentType(), r::toString);
    java.util.Map<String, Object> error = (java.util.Map<String, Object>) dev.monotable.kit.json.Json
        .readObject(r.body()).get("error");
    assertEquals(code, error.get("code"), r::toString);
    assertEquals(field, error.get("field"), r::toString);
  }

  // ---- row 7: the starred list shows what the reader may see ------------------------------------

  @Test
  void row7_starredList_shouldShowAPrivateOrgRepository_toAMemberOfThatOrg_only() {
    // GIVEN an admin who starred a private repository of their org and a public one
    String admin = fx.user("Adm");
    String org = fx.org("Org", admin);
    String member = fx.user("Mem");
    String stranger = fx.user("Str");
    fx.member(org, admin, member, "member");
    fx.repo(admin, org, "secret", true);
    fx.repo(admin, admin, "open", false);
    assertEquals(204, forge.put("/user/starred/" + org + "/secret").as(admin).send().status());
    assertEquals(204, forge.put("/user/starred/" + admin + "/open").as(admin).send().status());

    // WHEN the member, a stranger and an anonymous reader read the admin's stars
    List<Object> byMember = names(forge.get("/users/" + admin + "/starred").as(member).send());
    List<Object> byStranger = names(forge.get("/users/" + admin + "/starred").as(stranger).send());
    List<Object> byAnonymous = names(forge.get("/users/" + admin + "/starred").send());
    List<Object> byAdmin = names(forge.get("/users/" + admin + "/starred").as(admin).send());

    // THEN only the member (and the admin) see the private org repository
    assertEquals(List.of(admin + "/open", org + "/secret"), sorted(byMember));
    assertEquals(List.of(admin + "/open"), byStranger);
    assertEquals(List.of(admin + "/open"), byAnonymous);
    assertEquals(sorted(byMember), sorted(byAdmin));
  }

  private static List<Object> names(Reply r) {
    assertEquals(200, r.status(), r::toString);
    return r.items().stream().map(i -> i.get("fullName")).toList();
  }

  private static List<Object> sorted(List<Object> l) {
    return l.stream().sorted((a, b) -> a.toString().compareToIgnoreCase(b.toString())).toList();
  }

  // ---- row 8: a token without a profile: one rule for every write -------------------------------

  @Test
  void row8_callerWithoutProfile_shouldGet403OnEveryWrite_andWriteNothing() {
    // GIVEN a public repository with an issue, a pull request, and a signed-in caller with no profile
    Repo r = repoWithTickets();
    String admin = fx.user("Adm");
    String org = fx.org("Org", admin);
    String ghost = unique("Ghost");
    var before = fx.snapshot();

    List<Reply> writes = List.of(
        forge.post(r.path() + "/issues").as(ghost).json("title", "t").send(),
        forge.post(r.path() + "/pulls").as(ghost).json("title", "t", "head", "f", "base", "m").send(),
        forge.patch(r.path() + "/issues/1").as(ghost).json("title", "t").send(),
        forge.patch(r.path() + "/pulls/2").as(ghost).json("title", "t").send(),
        forge.post(r.path() + "/issues/1/comments").as(ghost).json("body", "b").send(),
        forge.post(r.path() + "/pulls/2/comments").as(ghost).json("body", "b").send(),
        forge.put(r.path() + "/issues/1/reactions/heart").as(ghost).send(),
        forge.delete(r.path() + "/issues/1/reactions/heart").as(ghost).send(),
        forge.put(r.path() + "/pulls/2/reactions/rocket").as(ghost).send(),
        forge.delete(r.path() + "/pulls/2/reactions/rocket").as(ghost).send(),
        forge.put("/user/starred/" + r.owner() + "/lib").as(ghost).send(),
        forge.delete("/user/starred/" + r.owner() + "/lib").as(ghost).send(),
        forge.post(r.path() + "/forks").as(ghost).send(),
        forge.post("/repos").as(ghost).json("owner", ghost, "name", "x").send(),
        forge.post("/orgs").as(ghost).json("org", unique("O")).send(),
        forge.put("/orgs/" + org + "/members/" + admin).as(ghost).json("role", "member").send(),
        forge.delete("/orgs/" + org + "/members/" + admin).as(ghost).send(),
        forge.post("/orgs/" + org + "/invitations").as(ghost).json("email", "a@x.io", "role", "member").send());

    for (Reply reply : writes) {
      assertError(reply, 403, "forbidden", null);
    }
    // PATCH of a profile that does not exist is about the target: 404, as for anyone's absent profile
    assertError(forge.patch("/users/" + ghost).as(ghost).json("name", "x").send(), 404, "not_found", null);
    fx.assertUnchanged(before);
  }

  @Test
  void row8_callerWithoutProfile_shouldStillGet404_forAPrivateRepository() {
    String owner = fx.user("Own");
    fx.repo(owner, owner, "hidden", true);
    String ghost = unique("Ghost");
    Reply absent = forge.post("/repos/" + owner + "/nothing/issues").as(ghost).json("title", "t").send();

    Reply hidden = forge.post("/repos/" + owner + "/hidden/issues").as(ghost).json("title", "t").send();

    assertError(hidden, 404, "not_found", null);
    assertEquals(absent.body(), hidden.body(), "private and absent answer the same bytes");
  }

  private static byte[] bytes(String a, byte[] middle, String b) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(a.getBytes(StandardCharsets.UTF_8));
    out.writeBytes(middle);
    out.writeBytes(b.getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }
}
