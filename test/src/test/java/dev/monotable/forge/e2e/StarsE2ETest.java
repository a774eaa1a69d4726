package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static dev.monotable.forge.e2e.ForgeFixtures.assertNoBody;
import static dev.monotable.forge.e2e.ForgeFixtures.assertWrittenBetween;
import static dev.monotable.forge.e2e.ForgeFixtures.chunks;
import static dev.monotable.forge.e2e.ForgeFixtures.filteredPages;
import static dev.monotable.forge.e2e.ForgeFixtures.item;
import static dev.monotable.forge.e2e.ForgeFixtures.json;
import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static dev.monotable.forge.e2e.ForgeFixtures.s;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.forge.keys.Keys;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stars over HTTP: PUT and DELETE /user/starred/{owner}/{repo} (AP18, AP19), GET
 * /users/{username}/starred (AP20), GET /repos/{owner}/{repo}/stargazers (AP21).
 */
@ExtendWith(ForgeExtension.class)
class StarsE2ETest {
  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  StarsE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  private Reply star(String caller, String owner, String repo) {
    return forge.put("/user/starred/" + owner + "/" + repo).as(caller).send();
  }

  private Reply unstar(String caller, String owner, String repo) {
    return forge.delete("/user/starred/" + owner + "/" + repo).as(caller).send();
  }

  private long starCount(String owner, String repo) {
    return Long.parseLong(table.item(Keys.repository(owner, repo)).orElseThrow().get("StarCount").n());
  }

  // ---- AP18 PUT /user/starred/{owner}/{repo} ------------------------------------------------

  @Test
  void star_shouldWriteStarExactlyAndCountIt_whenFirstStarred() {
    // GIVEN
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "Lib", false);
    Map<String, AttributeValue> repoBefore = table.item(Keys.repository(alice, "Lib")).orElseThrow();
    String bob = fx.user("Bob");

    // WHEN the path spells the repository in lower case
    Instant before = Instant.now();
    Reply r = star(bob, lower(alice), "lib");
    Instant after = Instant.now();

    // THEN 204; the Star keeps display forms and the time, in its attributes and in GSI1SK
    assertEquals(204, r.status(), r::toString);
    assertNoBody(r);
    Map<String, AttributeValue> starItem = table.item(Keys.star(bob, alice, "lib")).orElseThrow();
    String at = assertWrittenBetween(s(starItem, "StarredAt"), before, after);
    assertEquals(item("PK", "ACCOUNT#" + lower(bob), "SK", "STAR#" + lower(alice) + "#lib",
        "GSI1PK", "REPO#" + lower(alice) + "#lib", "GSI1SK", "STAR#" + lower(bob) + "#" + at,
        "Type", "Star", "Username", bob, "Owner", alice, "Repo", "Lib", "IsPrivate", false, "StarredAt", at,
        "CreatedAt", at, "UpdatedAt", at, "SchemaVersion", 1), starItem);
    // and the repository only gains a star: same Version and UpdatedAt
    Map<String, AttributeValue> expected = new LinkedHashMap<>(repoBefore);
    expected.put("StarCount", AttributeValue.fromN("1"));
    assertEquals(expected, table.item(Keys.repository(alice, "Lib")).orElseThrow());
    assertEquals(1, forge.get("/repos/" + alice + "/Lib").send().json().get("starCount"));
  }

  @Test
  void star_shouldBeIdempotent_whenStarredAgain() {
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "Lib", false);
    String bob = fx.user("Bob");
    assertEquals(204, star(bob, alice, "Lib").status());
    var before = fx.snapshot();

    Reply again = star(bob, alice.toUpperCase(), "LIB");

    assertEquals(204, again.status(), again::toString);
    fx.assertUnchanged(before);
    assertEquals(1, starCount(alice, "Lib"));
  }

  @Test
  void star_shouldAnswer404AndWriteNothing_whenRepositoryIsPrivateToTheCallerOrMissing() {
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "diary", true);
    String bob = fx.user("Bob");
    var before = fx.snapshot();

    assertError(star(bob, alice, "diary"), 404, "not_found", null);
    assertError(star(bob, alice, "missing"), 404, "not_found", null);
    assertError(forge.put("/user/starred/" + alice + "/Lib").send(), 401, null, null);
    assertError(star(bob, alice, ".."), 400, "validation", "repo");
    fx.assertUnchanged(before);
  }

  @Test
  void star_shouldCopyPrivacy_whenOwnerOrOrgMemberStarsAPrivateRepository() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, admin, member, "member");
    fx.repo(admin, org, "vault", true);

    assertEquals(204, star(member, org, "vault").status());
    assertEquals(204, star(admin, org, "vault").status());

    assertEquals(true, table.item(Keys.star(member, org, "vault")).orElseThrow().get("IsPrivate").bool());
    assertEquals(2, starCount(org, "vault"));
  }

  // ---- AP19 DELETE /user/starred/{owner}/{repo} ---------------------------------------------

  @Test
  void unstar_shouldDeleteStarAndUncountOnce_whenRepeated() {
    // GIVEN bob and carol starred alice's repository
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "Lib", false);
    String bob = fx.user("Bob");
    String carol = fx.user("Carol");
    assertEquals(204, star(bob, alice, "Lib").status());
    assertEquals(204, star(carol, alice, "Lib").status());
    assertEquals(2, starCount(alice, "Lib"));

    // WHEN bob unstars
    Reply r = unstar(bob, alice, "LIB");

    // THEN his Star is gone, carol's stays, the count follows
    assertEquals(204, r.status(), r::toString);
    assertNoBody(r);
    assertTrue(table.item(Keys.star(bob, alice, "Lib")).isEmpty());
    assertTrue(table.item(Keys.star(carol, alice, "Lib")).isPresent());
    assertEquals(1, starCount(alice, "Lib"));

    // WHEN he unstars again, unstars what he never starred, or what does not exist
    fx.repo(alice, alice, "Other", false);
    var before = fx.snapshot();
    assertEquals(204, unstar(bob, alice, "Lib").status());
    assertEquals(204, unstar(bob, alice, "Other").status());
    // a missing repository is 404, as a private one is to him (neither tells the other apart)
    Reply missing = unstar(bob, alice, "missing");
    assertError(missing, 404, "not_found", null);

    // THEN nothing changes and no count goes below zero
    fx.assertUnchanged(before);
    assertEquals(1, starCount(alice, "Lib"));
    assertEquals(0, starCount(alice, "Other"));
    assertError(forge.delete("/user/starred/" + alice + "/Lib").send(), 401, null, null);
  }

  // ---- AP20 GET /users/{username}/starred ---------------------------------------------------

  @Test
  void listStarred_shouldPageByKeyAndHidePrivateStars_whenReadByOthers() {
    // GIVEN carol starred four public repositories, starred in another order than their keys, and her own private one
    String carol = fx.user("Carol");
    List<String> fullNames = new ArrayList<>();
    for (String[] spec : new String[][] {{"Zed", "b"}, {"amy", "z"}, {"amy", "A"}, {"Mo", "m"}}) {
      String owner = fx.user(spec[0]);
      fx.repo(owner, owner, spec[1], false);
      assertEquals(204, star(carol, owner, spec[1]).status());
      fullNames.add(owner + "/" + spec[1]);
    }
    fx.repo(carol, carol, "secret", true);
    assertEquals(204, star(carol, carol, "secret").status());
    String privateOne = carol + "/secret";
    fullNames.add(privateOne);
    List<String> byKey = fullNames.stream().sorted(Comparator.comparing(ForgeFixtures::lower)).toList();
    String dave = fx.user("Dave");

    // WHEN / THEN carol sees all five over three pages
    assertEquals(chunks(byKey, 2), fx.walk("/users/" + carol + "/starred", carol, 2, "fullName"));
    // and others see only the public ones, each page one Limit-sized read with the private one filtered out
    List<List<Object>> publicPages = filteredPages(byKey, n -> !n.equals(privateOne), 2);
    assertEquals(publicPages, fx.walk("/users/" + lower(carol) + "/starred", null, 2, "fullName"));
    assertEquals(publicPages, fx.walk("/users/" + carol + "/starred", dave, 2, "fullName"));
    Map<String, Object> first = fx.page("/users/" + carol + "/starred", null, 1, null).items().get(0);
    assertEquals(List.of("owner", "name", "fullName", "starredAt"), List.copyOf(first.keySet()));
  }

  // ---- AP21 GET /repos/{owner}/{repo}/stargazers --------------------------------------------

  @Test
  void listStargazers_shouldPageByUsernameKey_whenStargazersSpanSeveralPages() {
    // GIVEN five users star one repository in an order that is not their key order
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "Pop", false);
    List<String> gazers = new ArrayList<>();
    Map<String, String> starredAt = new LinkedHashMap<>();
    for (String base : List.of("Zoe", "abe", "Max", "bo", "Kai")) {
      String u = fx.user(base);
      assertEquals(204, star(u, alice, "Pop").status());
      gazers.add(u);
      starredAt.put(u, s(table.item(Keys.star(u, alice, "Pop")).orElseThrow(), "StarredAt"));
    }
    List<String> byKey = gazers.stream().sorted(Comparator.comparing(ForgeFixtures::lower)).toList();
    forge.awaitIndexes(); // a repository's stargazers are an index (GSI1)

    // WHEN
    List<List<Object>> pages = fx.walk("/repos/" + lower(alice) + "/pop/stargazers", null, 2, "username");

    // THEN
    assertEquals(chunks(byKey, 2), pages);
    assertEquals(5, starCount(alice, "Pop"));
    Map<String, Object> first = fx.page("/repos/" + alice + "/Pop/stargazers", null, 1, null).items().get(0);
    assertEquals(json("username", byKey.get(0), "starredAt", starredAt.get(byKey.get(0))), first);
  }

  @Test
  void listStargazers_shouldAnswer404Or400_whenRepositoryPrivateOrCursorForeign() {
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "diary", true);
    fx.repo(alice, alice, "one", false);
    fx.repo(alice, alice, "two", false);
    String bob = fx.user("Bob");
    String carol = fx.user("Carol");
    for (String u : List.of(bob, carol)) {
      assertEquals(204, star(u, alice, "one").status());
      assertEquals(204, star(u, alice, "two").status());
    }
    assertEquals(204, star(alice, alice, "diary").status());
    forge.awaitIndexes(); // a repository's stargazers are an index (GSI1)

    assertError(forge.get("/repos/" + alice + "/diary/stargazers").send(), 404, "not_found", null);
    assertError(forge.get("/repos/" + alice + "/diary/stargazers").as(bob).send(), 404, "not_found", null);
    assertEquals(List.of(alice), ForgeFixtures.map(
        forge.get("/repos/" + alice + "/diary/stargazers").as(alice).send().items(), i -> i.get("username")));
    assertError(forge.get("/repos/" + alice + "/missing/stargazers").send(), 404, "not_found", null);

    String cursor = fx.page("/repos/" + alice + "/one/stargazers", null, 1, null).nextCursor();
    assertEquals(200, fx.page("/repos/" + alice + "/one/stargazers", null, 1, cursor).status());
    assertError(fx.page("/repos/" + alice + "/two/stargazers", null, 1, cursor), 400, null, "cursor");
    String starredCursor = fx.page("/users/" + bob + "/starred", null, 1, null).nextCursor();
    assertError(fx.page("/repos/" + alice + "/one/stargazers", null, 1, starredCursor), 400, null, "cursor");
    assertError(fx.page("/users/" + carol + "/starred", null, 1, starredCursor), 400, null, "cursor");
  }
}
