package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static dev.monotable.forge.e2e.ForgeFixtures.assertWrittenBetween;
import static dev.monotable.forge.e2e.ForgeFixtures.chunks;
import static dev.monotable.forge.e2e.ForgeFixtures.item;
import static dev.monotable.forge.e2e.ForgeFixtures.json;
import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static dev.monotable.forge.e2e.ForgeFixtures.unique;
import static org.junit.jupiter.api.Assertions.assertEquals;

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

/** Forks over HTTP: POST /repos/{owner}/{repo}/forks (AP16), GET /repos/{owner}/{repo}/forks (AP17). */
@ExtendWith(ForgeExtension.class)
class ForksE2ETest {
  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  ForksE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  // ---- AP16 POST /repos/{owner}/{repo}/forks ------------------------------------------------

  @Test
  void fork_shouldWriteForkUnderOriginalInGsi2AndCountIt_whenRepositoryIsPublic() {
    // GIVEN
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "Lib", false);
    Map<String, AttributeValue> original = table.item(Keys.repository(alice, "Lib")).orElseThrow();
    String bob = fx.user("Bob");
    String b = lower(bob);

    // WHEN the path spells the original in lower case
    Instant before = Instant.now();
    Reply r = forge.post("/repos/" + lower(alice) + "/lib/forks").as(bob).send();
    Instant after = Instant.now();

    // THEN the fork keeps the original's display name and points at it
    assertEquals(201, r.status(), r::toString);
    String created = assertWrittenBetween(r.json().get("createdAt"), before, after);
    assertEquals(json("owner", bob, "name", "Lib", "fullName", bob + "/Lib", "description", null, "private", false,
        "fork", true, "forkOf", json("owner", alice, "name", "Lib", "fullName", alice + "/Lib"),
        "starCount", 0, "forkCount", 0, "createdAt", created, "updatedAt", created, "version", 1), r.json());
    String pk = "REPO#" + b + "#lib";
    assertEquals(item("PK", pk, "SK", pk, "GSI1PK", pk, "GSI1SK", pk,
        "GSI2PK", "REPO#" + lower(alice) + "#lib", "GSI2SK", "FORK#" + b,
        "GSI3PK", "ACCOUNT#" + b, "GSI3SK", "#" + created, "GSI4PK", pk, "GSI4SK", "#" + pk,
        "Type", "Repository", "Owner", bob, "Name", "Lib", "IsPrivate", false, "OwnerType", "User",
        "StarCount", 0, "ForkCount", 0, "ForkOf", alice + "/Lib",
        "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1, "Version", 1),
        table.item(Keys.repository(bob, "lib")).orElseThrow());
    assertEquals(item("PK", "COUNTER#" + b + "#lib", "SK", "METADATA",
        "GSI1PK", "PR#" + b + "#lib", "GSI1SK", pk, "GSI4PK", "PR#" + b + "#lib", "GSI4SK", "#" + pk,
        "Type", "Counter", "Owner", bob,
        "Repo", "Lib", "LastNumber", 0, "IsPrivate", false, "OwnerType", "User", "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1),
        table.item(Keys.counter(bob, "lib")).orElseThrow());
    // and the original only gains a fork: same Version, same place in its owner's list
    Map<String, AttributeValue> expected = new LinkedHashMap<>(original);
    expected.put("ForkCount", AttributeValue.fromN("1"));
    assertEquals(expected, table.item(Keys.repository(alice, "Lib")).orElseThrow());
  }

  @Test
  void fork_shouldConflictOnRepositoryAndWriteNothing_whenForkedTwiceOrOwnRepository() {
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "Lib", false);
    String bob = fx.user("Bob");
    assertEquals(201, forge.post("/repos/" + alice + "/Lib/forks").as(bob).send().status());
    var before = fx.snapshot();

    assertError(forge.post("/repos/" + alice + "/Lib/forks").as(bob).send(), 409, "conflict", "repository");
    assertError(forge.post("/repos/" + alice + "/Lib/forks").as(alice).send(), 409, "conflict", "repository");
    fx.assertUnchanged(before);
    assertEquals(1, forge.get("/repos/" + alice + "/Lib").send().json().get("forkCount"));
  }

  @Test
  void fork_shouldRefuseAndWriteNothing_whenRepositoryIsPrivate() {
    // GIVEN a private org repository and a private user repository
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, admin, member, "member");
    fx.repo(admin, org, "vault", true);
    fx.repo(admin, admin, "diary", true);
    String outsider = fx.user("Outsider");
    var before = fx.snapshot();

    // WHEN / THEN those who can see them are refused, others do not learn they exist
    assertError(forge.post("/repos/" + org + "/vault/forks").as(member).send(), 403, "forbidden", null);
    assertError(forge.post("/repos/" + org + "/vault/forks").as(outsider).send(), 404, "not_found", null);
    assertError(forge.post("/repos/" + admin + "/diary/forks").as(outsider).send(), 404, "not_found", null);
    fx.assertUnchanged(before);
  }

  @Test
  void fork_shouldAnswer404Or403Or401AndWriteNothing_whenRepoMissingOrCallerProfilelessOrAnonymous() {
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "Lib", false);
    String bob = fx.user("Bob");
    var before = fx.snapshot();

    assertError(forge.post("/repos/" + alice + "/missing/forks").as(bob).send(), 404, "not_found", null);
    assertError(forge.post("/repos/" + alice + "/Lib/forks").as(unique("Ghost")).send(), 403, "forbidden", null);
    assertError(forge.post("/repos/" + alice + "/Lib/forks").send(), 401, null, null);
    fx.assertUnchanged(before);
  }

  // ---- AP17 GET /repos/{owner}/{repo}/forks -------------------------------------------------

  @Test
  void listForks_shouldPageDirectForksByOwnerKey_whenForksSpanSeveralPages() {
    // GIVEN five forks made in an order that is not the key order, and a fork of a fork
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "Lib", false);
    List<String> forkers = new ArrayList<>();
    for (String base : List.of("Zed", "amy", "Mo", "bea", "Kit")) {
      String u = fx.user(base);
      assertEquals(201, forge.post("/repos/" + alice + "/Lib/forks").as(u).send().status());
      forkers.add(u);
    }
    String grandchild = fx.user("Grand");
    assertEquals(201, forge.post("/repos/" + forkers.get(0) + "/Lib/forks").as(grandchild).send().status());
    List<String> byKey = forkers.stream().sorted(Comparator.comparing(ForgeFixtures::lower)).toList();

    forge.awaitIndexes(); // the forks list is an index (GSI2)

    // WHEN
    List<List<Object>> pages = fx.walk("/repos/" + alice + "/lib/forks", null, 2, "owner");

    // THEN
    assertEquals(chunks(byKey, 2), pages);
    assertEquals(5, forge.get("/repos/" + alice + "/Lib").send().json().get("forkCount"));
    assertEquals(List.of(grandchild), ForgeFixtures.map(
        forge.get("/repos/" + forkers.get(0) + "/Lib/forks").send().items(), i -> i.get("owner")));
    String cursor = fx.page("/repos/" + alice + "/lib/forks", null, 1, null).nextCursor();
    assertError(fx.page("/repos/" + forkers.get(0) + "/Lib/forks", null, 1, cursor), 400, null, "cursor");
  }

  @Test
  void listForks_shouldAnswer404_whenRepositoryIsPrivateToTheCaller() {
    String alice = fx.user("Alice");
    fx.repo(alice, alice, "diary", true);

    assertError(forge.get("/repos/" + alice + "/diary/forks").send(), 404, "not_found", null);
    assertError(forge.get("/repos/" + alice + "/diary/forks").as(fx.user("Bob")).send(), 404, "not_found", null);
    assertEquals(json("items", List.of(), "nextCursor", null),
        forge.get("/repos/" + alice + "/diary/forks").as(alice).send().json());
    assertError(forge.get("/repos/" + alice + "/missing/forks").send(), 404, "not_found", null);
  }
}
