package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static dev.monotable.forge.e2e.ForgeFixtures.assertWrittenBetween;
import static dev.monotable.forge.e2e.ForgeFixtures.chunks;
import static dev.monotable.forge.e2e.ForgeFixtures.filteredPages;
import static dev.monotable.forge.e2e.ForgeFixtures.item;
import static dev.monotable.forge.e2e.ForgeFixtures.json;
import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static dev.monotable.forge.e2e.ForgeFixtures.s;
import static dev.monotable.forge.e2e.ForgeFixtures.unique;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * Repositories over HTTP: POST /repos (AP13), GET /repos/{owner}/{repo} (AP14), GET
 * /users/{owner}/repos and /orgs/{org}/repos (AP15). Forks are in {@link ForksE2ETest}.
 */
@ExtendWith(ForgeExtension.class)
class ReposE2ETest {
  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  ReposE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  // ---- AP13 POST /repos ---------------------------------------------------------------------

  @Test
  void createRepo_shouldWriteRepositoryAndCounterExactly_whenUserCreatesOwnRepository() {
    // GIVEN
    String alice = fx.user("Alice");
    String a = lower(alice);

    // WHEN the owner is left to default to the caller
    Instant before = Instant.now();
    Reply r = forge.post("/repos").as(alice).json("name", "Hello-World", "description", "first").send();
    Instant after = Instant.now();

    // THEN
    assertEquals(201, r.status(), r::toString);
    String created = assertWrittenBetween(r.json().get("createdAt"), before, after);
    assertEquals(json("owner", alice, "name", "Hello-World", "fullName", alice + "/Hello-World",
        "description", "first", "private", false, "fork", false, "forkOf", null, "starCount", 0, "forkCount", 0,
        "createdAt", created, "updatedAt", created, "version", 1), r.json());
    assertEquals("\"1\"", r.header("etag"));
    // the Repository item is in all four indexes: GSI2 under its own key (not a fork), GSI3 by update time
    String pk = "REPO#" + a + "#hello-world";
    assertEquals(item("PK", pk, "SK", pk, "GSI1PK", pk, "GSI1SK", pk, "GSI2PK", pk, "GSI2SK", pk,
        "GSI3PK", "ACCOUNT#" + a, "GSI3SK", "#" + created, "GSI4PK", pk, "GSI4SK", "#" + pk,
        "Type", "Repository", "Owner", alice, "Name", "Hello-World", "Description", "first", "IsPrivate", false,
        "OwnerType", "User", "StarCount", 0, "ForkCount", 0,
        "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1, "Version", 1),
        table.item(Keys.repository(alice, "Hello-World")).orElseThrow());
    // and its Counter, unversioned, heading the pull-request lists with the repository's visibility
    assertEquals(item("PK", "COUNTER#" + a + "#hello-world", "SK", "METADATA",
        "GSI1PK", "PR#" + a + "#hello-world", "GSI1SK", pk, "GSI4PK", "PR#" + a + "#hello-world", "GSI4SK", "#" + pk,
        "Type", "Counter", "Owner", alice,
        "Repo", "Hello-World", "LastNumber", 0, "IsPrivate", false, "OwnerType", "User", "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1),
        table.item(Keys.counter(alice, "hello-world")).orElseThrow());
  }

  @Test
  void createRepo_shouldWritePrivateOrganizationRepository_whenAnAdminCreatesIt() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);

    Reply r = forge.post("/repos").as(admin).json("owner", org, "name", "secret", "private", true).send();

    assertEquals(201, r.status(), r::toString);
    assertEquals(org, r.json().get("owner"));
    assertEquals(true, r.json().get("private"));
    Map<String, AttributeValue> repo = table.item(Keys.repository(org, "secret")).orElseThrow();
    assertEquals("Organization", s(repo, "OwnerType"));
    assertEquals(true, repo.get("IsPrivate").bool());
    assertEquals(org, s(repo, "Owner"));
    assertEquals("ACCOUNT#" + lower(org), s(repo, "GSI3PK"));
    assertTrue(table.item(Keys.counter(org, "secret")).isPresent());
  }

  @Test
  void createRepo_shouldForbidAndWriteNothing_whenCallerMayNotCreateForTheOwner() {
    // GIVEN
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, admin, member, "member");
    String outsider = fx.user("Outsider");
    var before = fx.snapshot();

    // WHEN a plain member or an outsider creates for the org, someone creates for another user,
    // or a caller without a profile creates for themself
    assertError(forge.post("/repos").as(member).json("owner", org, "name", "x").send(), 403, "forbidden", null);
    assertError(forge.post("/repos").as(outsider).json("owner", org, "name", "x").send(), 403, "forbidden", null);
    assertError(forge.post("/repos").as(outsider).json("owner", admin, "name", "x").send(), 403, "forbidden", null);
    assertError(forge.post("/repos").as(unique("Ghost")).json("name", "x").send(), 403, "forbidden", null);

    // THEN
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldAnswer404AndWriteNothing_whenTheOrganizationDoesNotExist() {
    String alice = fx.user("Alice");
    var before = fx.snapshot();

    assertError(forge.post("/repos").as(alice).json("owner", unique("nope"), "name", "x").send(),
        404, "not_found", null);
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldConflictOnRepositoryAndWriteNothing_whenNameTakenInAnotherCase() {
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "Tools", false);
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    fx.repo(admin, org, "Site", true);
    var before = fx.snapshot();

    assertError(forge.post("/repos").as(alice).json("name", "TOOLS", "private", true).send(),
        409, "conflict", "repository");
    assertError(forge.post("/repos").as(admin).json("owner", lower(org), "name", "site").send(),
        409, "conflict", "repository");
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldRejectWithFieldAndWriteNothing_whenInputBreaksARule() {
    String alice = fx.user("Alice");
    var before = fx.snapshot();

    assertError(forge.post("/repos").as(alice).json("name", ".").send(), 400, "validation", "name");
    assertError(forge.post("/repos").as(alice).json("name", "..").send(), 400, "validation", "name");
    assertError(forge.post("/repos").as(alice).json("name", "a/b").send(), 400, "validation", "name");
    assertError(forge.post("/repos").as(alice).json("name", "a#b").send(), 400, "validation", "name");
    assertError(forge.post("/repos").as(alice).json("name", "r".repeat(101)).send(), 400, "validation", "name");
    assertError(forge.post("/repos").as(alice).json("description", "no name").send(), 400, "validation", "name");
    assertError(forge.post("/repos").as(alice).json("name", "ok", "description", "d".repeat(351)).send(),
        400, "validation", "description");
    assertError(forge.post("/repos").as(alice).json("name", "ok", "private", "yes").send(),
        400, "validation", "private");
    assertError(forge.post("/repos").as(alice).json("name", "ok", "owner", "bad_owner").send(),
        400, "validation", "owner");
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldAccept_whenNameIsAtTheLimit() {
    String alice = fx.user("Alice");
    String name = "R._-" + "r".repeat(96);

    Reply r = forge.post("/repos").as(alice).json("name", name).send();

    assertEquals(201, r.status(), r::toString);
    assertEquals("REPO#" + lower(alice) + "#" + lower(name),
        s(table.item(Keys.repository(alice, name)).orElseThrow(), "PK"));
  }

  // ---- AP14 GET /repos/{owner}/{repo} -------------------------------------------------------

  @Test
  void getRepo_shouldReturnPublicRepository_whenAnyoneAsksInAnyCase() {
    String alice = fx.user("Alice");
    Map<String, Object> created = fx.repo(alice, alice, "Lib", false);

    Reply anonymous = forge.get("/repos/" + alice.toUpperCase() + "/LIB").send();
    Reply stranger = forge.get("/repos/" + alice + "/lib").as(fx.user("Stranger")).send();

    assertEquals(200, anonymous.status(), anonymous::toString);
    assertEquals(created, anonymous.json());
    assertEquals(created, stranger.json());
    assertEquals("\"1\"", anonymous.header("etag"));
  }

  @Test
  void getRepo_shouldAnswer404_whenPrivateUserRepositoryAndCallerIsNotTheOwner() {
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "diary", true);
    String bob = fx.user("Bob");

    assertError(forge.get("/repos/" + alice + "/diary").send(), 404, "not_found", null);
    assertError(forge.get("/repos/" + alice + "/diary").as(bob).send(), 404, "not_found", null);
    Reply owner = forge.get("/repos/" + alice + "/DIARY").as(lower(alice)).send();
    assertEquals(200, owner.status(), owner::toString);
    assertEquals(true, owner.json().get("private"));
  }

  @Test
  void getRepo_shouldShowPrivateOrgRepositoryOnlyToMembers_whenAsked() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, admin, member, "member");
    fx.repo(admin, org, "plans", true);
    String outsider = fx.user("Outsider");

    assertEquals(200, forge.get("/repos/" + org + "/plans").as(member).send().status());
    assertEquals(200, forge.get("/repos/" + org + "/plans").as(admin).send().status());
    assertError(forge.get("/repos/" + org + "/plans").as(outsider).send(), 404, "not_found", null);
    assertError(forge.get("/repos/" + org + "/plans").send(), 404, "not_found", null);
  }

  @Test
  void getRepo_shouldAnswer404Or400_whenMissingOrInvalid() {
    String alice = fx.user("Alice");

    assertError(forge.get("/repos/" + alice + "/missing").send(), 404, "not_found", null);
    assertError(forge.get("/repos/" + unique("nobody") + "/missing").send(), 404, "not_found", null);
    assertError(forge.get("/repos/" + alice + "/..").send(), 400, "validation", "repo");
    assertError(forge.get("/repos/bad_owner/x").send(), 400, "validation", "owner");
  }

  // ---- AP15 GET /users/{owner}/repos, GET /orgs/{org}/repos ---------------------------------

  @Test
  void listUserRepos_shouldPageLatestUpdateFirstAndHidePrivate_whenReadByOthers() throws Exception {
    // GIVEN five repositories created one after the other, two of them private
    String alice = fx.user("Alice");
    List<String> created = new ArrayList<>();
    Set<String> privateOnes = Set.of("r2", "r5");
    for (String name : List.of("r1", "r2", "r3", "r4", "r5")) {
      fx.repo(alice, alice, name, privateOnes.contains(name));
      created.add(name);
      Thread.sleep(3);
    }
    List<String> newestFirst = new ArrayList<>(created);
    Collections.reverse(newestFirst);
    String bob = fx.user("Bob");
    forge.awaitIndexes(); // a user's repositories are an index (GSI3)

    // WHEN / THEN the owner sees all five over three pages
    assertEquals(chunks(newestFirst, 2), fx.walk("/users/" + alice + "/repos", alice, 2, "name"));
    // and others see the public ones, each page one Limit-sized read with private ones filtered out
    List<List<Object>> publicPages = filteredPages(newestFirst, n -> !privateOnes.contains(n), 2);
    assertEquals(publicPages, fx.walk("/users/" + alice + "/repos", null, 2, "name"));
    assertEquals(publicPages, fx.walk("/users/" + lower(alice) + "/repos", bob, 2, "name"));
  }

  @Test
  void listUserRepos_shouldFollowLastUpdate_whenAnOlderRepositoryIsUpdated() throws Exception {
    // GIVEN three repositories; the oldest is then updated (as the stream handler ST1 does on activity)
    String alice = fx.user("Alice");
    for (String name : List.of("old", "mid", "new")) {
      fx.repo(alice, alice, name, false);
      Thread.sleep(3);
    }
    String later = Timestamps.format(Instant.now());
    table.client().updateItem(UpdateItemRequest.builder().tableName(table.name())
        .key(Keys.repository(alice, "old").toMap())
        .updateExpression("SET UpdatedAt = :t, GSI3SK = :sk")
        .expressionAttributeValues(Map.of(":t", AttributeValue.fromS(later),
            ":sk", AttributeValue.fromS(Keys.repoUpdatedGsi3(alice, later).sk())))
        .build());
    forge.awaitIndexes(); // a user's repositories are an index (GSI3)

    // WHEN
    Reply r = forge.get("/users/" + alice + "/repos").send();

    // THEN
    assertEquals(List.of("old", "new", "mid"), ForgeFixtures.map(r.items(), i -> i.get("name")));
    assertEquals(later, r.items().get(0).get("updatedAt"));
  }

  @Test
  void listOrgRepos_shouldShowPrivateRepositories_whenCallerIsAMember() throws Exception {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, admin, member, "member");
    String outsider = fx.user("Outsider");
    for (String name : List.of("web", "vault", "docs")) {
      fx.repo(admin, org, name, name.equals("vault"));
      Thread.sleep(3);
    }
    forge.awaitIndexes(); // an organization's repositories are an index (GSI3)

    assertEquals(List.of(List.of("docs", "vault", "web")), fx.walk("/orgs/" + org + "/repos", member, 5, "name"));
    assertEquals(List.of(List.of("docs", "vault", "web")), fx.walk("/orgs/" + org + "/repos", admin, 5, "name"));
    assertEquals(List.of(List.of("docs", "web")), fx.walk("/orgs/" + org + "/repos", outsider, 5, "name"));
    assertEquals(List.of(List.of("docs", "web")), fx.walk("/orgs/" + lower(org) + "/repos", null, 5, "name"));
  }

  @Test
  void listUserRepos_shouldAnswer400_whenCursorComesFromAnotherAccount() throws Exception {
    String alice = fx.user("Alice");
    String bob = fx.user("Bob");
    for (String name : List.of("a", "b")) {
      fx.repo(alice, alice, name, false);
      fx.repo(bob, bob, name, false);
      Thread.sleep(3);
    }
    forge.awaitIndexes(); // a user's repositories are an index (GSI3)
    String cursor = fx.page("/users/" + alice + "/repos", null, 1, null).nextCursor();

    assertEquals(200, fx.page("/users/" + alice + "/repos", null, 1, cursor).status());
    assertError(fx.page("/users/" + bob + "/repos", null, 1, cursor), 400, null, "cursor");
    assertError(fx.page("/users/" + alice + "/repos", null, 1, ForgeFixtures.altered(cursor)), 400, null, "cursor");
    assertEquals(json("items", List.of(), "nextCursor", null), forge.get("/users/" + unique("none") + "/repos").send()
        .json());
  }
}
