package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static dev.monotable.forge.e2e.ForgeFixtures.assertWrittenBetween;
import static dev.monotable.forge.e2e.ForgeFixtures.item;
import static dev.monotable.forge.e2e.ForgeFixtures.json;
import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static dev.monotable.forge.e2e.ForgeFixtures.unique;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.json.Json;
import dev.monotable.forge.keys.Keys;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** POST /users (AP01), GET /users/{username} (AP02), PATCH /users/{username} (AP03) over HTTP. */
@ExtendWith(ForgeExtension.class)
class UsersE2ETest {
  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  UsersE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  // ---- AP01 POST /users ---------------------------------------------------------------------

  @Test
  void createUser_shouldWriteUserAndAccountEmailExactly_whenCallerCreatesOwnProfile() {
    // GIVEN a display name with capitals and an address in mixed case
    String name = unique("Alice");
    String key = lower(name);
    String email = key + "@example.io";

    // WHEN
    Instant before = Instant.now();
    Reply r = forge.post("/users").as(name)
        .json("username", name, "email", name + "@Example.IO", "name", "Alice Liddell", "bio", "Down the hole").send();
    Instant after = Instant.now();

    // THEN 201 with the representation and its version as ETag
    assertEquals(201, r.status(), r::toString);
    String created = assertWrittenBetween(r.json().get("createdAt"), before, after);
    assertEquals(json("username", name, "email", email, "name", "Alice Liddell", "bio", "Down the hole",
        "createdAt", created, "updatedAt", created, "version", 1), r.json());
    assertEquals("\"1\"", r.header("etag"));

    // and the User item: GSI1 and GSI3 keys only, Version 1, the display name kept
    assertEquals(item("PK", "ACCOUNT#" + key, "SK", "ACCOUNT#" + key,
        "GSI1PK", "ACCOUNT#" + key, "GSI1SK", "ACCOUNT#" + key, "GSI3PK", "ACCOUNT#" + key, "GSI3SK", "ACCOUNT#" + key,
        "Type", "User", "Username", name, "Email", email, "Name", "Alice Liddell", "Bio", "Down the hole",
        "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1, "Version", 1),
        table.item(Keys.account(name)).orElseThrow());
    // and the AccountEmail uniqueness item: no index keys, no Version
    assertEquals(item("PK", "ACCOUNTEMAIL#" + email, "SK", "ACCOUNTEMAIL#" + email, "Type", "AccountEmail",
        "Email", email, "Username", name, "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1),
        table.item(Keys.accountEmail(email)).orElseThrow());
  }

  @Test
  void createUser_shouldStoreNoNameOrBio_whenOmittedOrEmpty() {
    String name = unique("Plain");

    Reply r = forge.post("/users").as(name).json("username", name, "email", name + "@x.io", "name", "").send();

    assertEquals(201, r.status(), r::toString);
    Map<String, AttributeValue> user = table.item(Keys.account(name)).orElseThrow();
    assertFalse(user.containsKey("Name"), "an empty name is stored as absent");
    assertFalse(user.containsKey("Bio"));
    assertEquals(null, r.json().get("name"));
    assertEquals(null, r.json().get("bio"));
  }

  @Test
  void createUser_shouldForbidAndWriteNothing_whenCallerCreatesAnotherUsersProfile() {
    String caller = unique("Mallory");
    String victim = unique("Victim");
    var before = fx.snapshot();

    Reply r = forge.post("/users").as(caller).json("username", victim, "email", lower(victim) + "@x.io").send();

    assertError(r, 403, "forbidden", null);
    fx.assertUnchanged(before);
  }

  @Test
  void createUser_shouldAccept_whenTokenSpellsTheNameInAnotherCase() {
    // names are case-insensitive: the token's "dora" is the same account as "Dora"
    String name = unique("Dora");

    Reply r = forge.post("/users").as(lower(name)).json("username", name, "email", lower(name) + "@x.io").send();

    assertEquals(201, r.status(), r::toString);
    assertEquals(name, ForgeFixtures.s(table.item(Keys.account(name)).orElseThrow(), "Username"));
  }

  @Test
  void createUser_shouldConflictOnUsernameAndWriteNothing_whenNameTakenInAnotherCase() {
    // GIVEN "Carol" exists
    String name = fx.user("Carol");
    var before = fx.snapshot();

    // WHEN "carol" signs up with a fresh address
    Reply r = forge.post("/users").as(lower(name))
        .json("username", lower(name), "email", "other-" + lower(name) + "@x.io").send();

    // THEN
    assertError(r, 409, "conflict", "username");
    fx.assertUnchanged(before);
  }

  @Test
  void createUser_shouldConflictOnEmailAndWriteNothing_whenAddressTakenInAnotherCase() {
    String first = fx.user("Erin");
    String second = unique("Frank");
    var before = fx.snapshot();

    Reply r = forge.post("/users").as(second).json("username", second, "email", first.toUpperCase() + "@EXAMPLE.IO")
        .send();

    assertError(r, 409, "conflict", "email");
    fx.assertUnchanged(before);
  }

  @Test
  void createUser_shouldConflictOnUsername_whenAnOrganizationHasTheName() {
    // users and organizations share the ACCOUNT# namespace
    String admin = fx.user("Grace");
    String org = fx.org("Hooli", admin);
    var before = fx.snapshot();

    Reply r = forge.post("/users").as(org).json("username", org, "email", lower(org) + "@x.io").send();

    assertError(r, 409, "conflict", "username");
    fx.assertUnchanged(before);
  }

  static Stream<Arguments> invalidProfiles() {
    String ok = "valid-user";
    return Stream.of(
        Arguments.of(ok, Map.of("username", "-starts-with-hyphen", "email", "a@x.io"), "username"),
        Arguments.of(ok, Map.of("username", "under_score", "email", "a@x.io"), "username"),
        Arguments.of(ok, Map.of("username", "a".repeat(40), "email", "a@x.io"), "username"),
        Arguments.of(ok, Map.of("username", "hash#tag", "email", "a@x.io"), "username"),
        Arguments.of(ok, Map.of("email", "a@x.io"), "username"),
        Arguments.of(ok, Map.of("username", 42, "email", "a@x.io"), "username"),
        Arguments.of(ok, Map.of("username", ok), "email"),
        Arguments.of(ok, Map.of("username", ok, "email", "no-at-sign"), "email"),
        Arguments.of(ok, Map.of("username", ok, "email", "two@at@x.io"), "email"),
        Arguments.of(ok, Map.of("username", ok, "email", "white space@x.io"), "email"),
        Arguments.of(ok, Map.of("username", ok, "email", "key#injection@x.io"), "email"),
        Arguments.of(ok, Map.of("username", ok, "email", "a".repeat(251) + "@x.io"), "email"),
        Arguments.of(ok, Map.of("username", ok, "email", "a@x.io", "name", "n".repeat(351)), "name"),
        Arguments.of(ok, Map.of("username", ok, "email", "a@x.io", "name", 7), "name"),
        Arguments.of(ok, Map.of("username", ok, "email", "a@x.io", "bio", "b".repeat(65_537)), "bio"));
  }

  @ParameterizedTest(name = "{2}: {1}")
  @MethodSource("invalidProfiles")
  void createUser_shouldRejectWithFieldAndWriteNothing_whenInputBreaksARule(String caller, Map<String, Object> body,
      String field) {
    var before = fx.snapshot();

    Reply r = forge.post("/users").as(caller).raw(Json.write(body)).send();

    assertError(r, 400, null, field);
    fx.assertUnchanged(before);
  }

  @Test
  void createUser_shouldAccept_whenEveryValueIsAtItsLimit() {
    // GIVEN a 39-character name, a 254-character address, a 350-character name and a 65,536-character bio
    String name = unique("L").toLowerCase();
    name = name + "x".repeat(39 - name.length());
    String email = name + "@" + "d".repeat(254 - name.length() - 1 - 3) + ".io";
    assertEquals(254, email.length());

    Reply r = forge.post("/users").as(name)
        .json("username", name, "email", email, "name", "n".repeat(350), "bio", "b".repeat(65_536)).send();

    assertEquals(201, r.status(), r::toString);
    Map<String, AttributeValue> user = table.item(Keys.account(name)).orElseThrow();
    assertEquals(65_536, ForgeFixtures.s(user, "Bio").length());
    assertTrue(table.item(Keys.accountEmail(email)).isPresent());
  }

  // ---- AP02 GET /users/{username} -------------------------------------------------------------

  @Test
  void getUser_shouldReturnDisplayForm_whenPathSpellsNameInAnotherCase() {
    String name = fx.user("Heidi");
    Map<String, AttributeValue> item = table.item(Keys.account(name)).orElseThrow();

    Reply r = forge.get("/users/" + name.toUpperCase()).send();

    assertEquals(200, r.status(), r::toString);
    assertEquals(json("username", name, "email", lower(name) + "@example.io", "name", null, "bio", null,
        "createdAt", ForgeFixtures.s(item, "CreatedAt"), "updatedAt", ForgeFixtures.s(item, "UpdatedAt"), "version", 1),
        r.json());
    assertEquals("\"1\"", r.header("etag"));
  }

  @Test
  void getUser_shouldAnswer404_whenMissingOrAnOrganization() {
    String admin = fx.user("Ivan");
    String org = fx.org("Initech", admin);

    assertError(forge.get("/users/" + unique("nobody")).send(), 404, "not_found", null);
    assertError(forge.get("/users/" + org).send(), 404, "not_found", null);
  }

  @Test
  void getUser_shouldAnswer400_whenNameBreaksTheRule() {
    assertError(forge.get("/users/bad_name").send(), 400, "validation", "username");
  }

  // ---- AP03 PATCH /users/{username} -----------------------------------------------------------

  @Test
  void updateUser_shouldSetNameAndBioAndBumpVersion_whenIfMatchIsCurrent() {
    // GIVEN
    String name = fx.user("Judy");
    Map<String, AttributeValue> old = table.item(Keys.account(name)).orElseThrow();

    // WHEN
    Instant before = Instant.now();
    Reply r = forge.patch("/users/" + name).as(name).ifMatch(1).json("name", "Judy J", "bio", "hello").send();
    Instant after = Instant.now();

    // THEN version 2, UpdatedAt moved, CreatedAt kept, keys unchanged
    assertEquals(200, r.status(), r::toString);
    String updated = assertWrittenBetween(r.json().get("updatedAt"), before, after);
    Map<String, AttributeValue> expected = new LinkedHashMap<>(old);
    expected.put("Name", AttributeValue.fromS("Judy J"));
    expected.put("Bio", AttributeValue.fromS("hello"));
    expected.put("UpdatedAt", AttributeValue.fromS(updated));
    expected.put("Version", AttributeValue.fromN("2"));
    Map<String, AttributeValue> item = table.item(Keys.account(name)).orElseThrow();
    // the update's token (a UUID the request derives), by which a retry after a lost answer knows its own write
    assertTrue(item.get("WriteToken").s().matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
        item.toString());
    expected.put("WriteToken", item.get("WriteToken"));
    assertEquals(expected, item);
    assertEquals(2, r.json().get("version"));
    assertEquals("\"2\"", r.header("etag"));
    assertEquals(ForgeFixtures.s(old, "CreatedAt"), r.json().get("createdAt"));
  }

  @Test
  void updateUser_shouldAnswer412WithCurrentEtagAndWriteNothing_whenIfMatchIsStale() {
    // GIVEN a profile already at version 2
    String name = fx.user("Karl");
    assertEquals(200, forge.patch("/users/" + name).as(name).ifMatch(1).json("bio", "v2").send().status());
    var before = fx.snapshot();

    // WHEN a client still holding version 1 writes
    Reply r = forge.patch("/users/" + name).as(name).ifMatch(1).json("bio", "lost update").send();

    // THEN
    assertError(r, 412, "version_mismatch", "If-Match");
    assertEquals("\"2\"", r.header("etag"));
    fx.assertUnchanged(before);
  }

  @Test
  void updateUser_shouldAnswer412AndKeepAddresses_whenIfMatchIsStaleOnAnEmailChange() {
    String name = fx.user("Karla");
    assertEquals(200, forge.patch("/users/" + name).as(name).json("bio", "v2").send().status());
    var before = fx.snapshot();

    Reply r = forge.patch("/users/" + name).as(name).ifMatch(1).json("email", "new-" + lower(name) + "@x.io").send();

    assertError(r, 412, "version_mismatch", "If-Match");
    assertEquals("\"2\"", r.header("etag"));
    fx.assertUnchanged(before);
  }

  @Test
  void updateUser_shouldUpdateCurrentVersion_whenIfMatchIsAbsent() {
    String name = fx.user("Liam");
    assertEquals(200, forge.patch("/users/" + name).as(name).json("bio", "one").send().status());

    Reply r = forge.patch("/users/" + name).as(name).json("bio", "two").send();

    assertEquals(200, r.status(), r::toString);
    assertEquals(3, r.json().get("version"));
    Map<String, AttributeValue> user = table.item(Keys.account(name)).orElseThrow();
    assertEquals("two", ForgeFixtures.s(user, "Bio"));
    assertEquals("3", user.get("Version").n());
  }

  @Test
  void updateUser_shouldRemoveBio_whenBioIsEmpty() {
    String name = fx.user("Mona");
    assertEquals(200, forge.patch("/users/" + name).as(name).json("bio", "temporary").send().status());

    Reply r = forge.patch("/users/" + name).as(name).ifMatch(2).json("bio", "").send();

    assertEquals(200, r.status(), r::toString);
    assertEquals(null, r.json().get("bio"));
    assertFalse(table.item(Keys.account(name)).orElseThrow().containsKey("Bio"));
  }

  @Test
  void updateUser_shouldMoveAccountEmailItem_whenEmailChanges() {
    // GIVEN
    String name = fx.user("Nina");
    String oldEmail = lower(name) + "@example.io";
    String newEmail = "nina.new-" + lower(name) + "@example.io";

    // WHEN
    Instant before = Instant.now();
    Reply r = forge.patch("/users/" + name).as(name).ifMatch(1).json("email", newEmail.toUpperCase()).send();
    Instant after = Instant.now();

    // THEN the User holds the lower-cased new address at version 2
    assertEquals(200, r.status(), r::toString);
    String updated = assertWrittenBetween(r.json().get("updatedAt"), before, after);
    assertEquals(newEmail, r.json().get("email"));
    Map<String, AttributeValue> user = table.item(Keys.account(name)).orElseThrow();
    assertEquals(newEmail, ForgeFixtures.s(user, "Email"));
    assertEquals("2", user.get("Version").n());
    assertEquals(updated, ForgeFixtures.s(user, "UpdatedAt"));
    // and the uniqueness item moved: the old one is gone, the new one names the user
    assertTrue(table.item(Keys.accountEmail(oldEmail)).isEmpty(), "the old AccountEmail must be deleted");
    assertEquals(item("PK", "ACCOUNTEMAIL#" + newEmail, "SK", "ACCOUNTEMAIL#" + newEmail, "Type", "AccountEmail",
        "Email", newEmail, "Username", name, "CreatedAt", updated, "UpdatedAt", updated, "SchemaVersion", 1),
        table.item(Keys.accountEmail(newEmail)).orElseThrow());
    assertEquals(1, table.itemsOfType("AccountEmail").stream()
        .filter(i -> name.equals(ForgeFixtures.s(i, "Username"))).count());

    // and the freed address can be taken by someone else
    String other = unique("Oscar");
    assertEquals(201, forge.post("/users").as(other).json("username", other, "email", oldEmail).send().status());
  }

  @Test
  void updateUser_shouldConflictOnEmailAndWriteNothing_whenAddressBelongsToAnotherAccount() {
    String taken = fx.user("Pia");
    String name = fx.user("Quinn");
    var before = fx.snapshot();

    Reply r = forge.patch("/users/" + name).as(name).ifMatch(1).json("email", lower(taken) + "@EXAMPLE.io").send();

    assertError(r, 409, "conflict", "email");
    fx.assertUnchanged(before);
  }

  @Test
  void updateUser_shouldKeepAccountEmail_whenSameAddressInAnotherCase() {
    String name = fx.user("Rita");
    String email = lower(name) + "@example.io";
    Map<String, AttributeValue> accountEmail = table.item(Keys.accountEmail(email)).orElseThrow();
    var before = fx.snapshot();

    Reply r = forge.patch("/users/" + name).as(name).json("email", email.toUpperCase()).send();

    // the same address is no change: nothing is written, the version stays (issue 9, row 5)
    assertEquals(200, r.status(), r::toString);
    assertEquals(1, r.json().get("version"));
    assertEquals(accountEmail, table.item(Keys.accountEmail(email)).orElseThrow());
    fx.assertUnchanged(before);
  }

  @Test
  void updateUser_shouldForbidAndWriteNothing_whenEditingAnotherUsersProfile() {
    String owner = fx.user("Sam");
    String intruder = fx.user("Trudy");
    var before = fx.snapshot();

    Reply r = forge.patch("/users/" + owner).as(intruder).ifMatch(1).json("bio", "pwned").send();

    assertError(r, 403, "forbidden", null);
    fx.assertUnchanged(before);
  }

  @Test
  void updateUser_shouldAnswer404_whenCallerHasNoProfile() {
    String ghost = unique("Ghost");
    var before = fx.snapshot();

    assertError(forge.patch("/users/" + ghost).as(ghost).json("bio", "x").send(), 404, "not_found", null);
    assertError(forge.patch("/users/" + ghost).as(ghost).ifMatch(1).json("bio", "x").send(), 404, "not_found", null);
    fx.assertUnchanged(before);
  }

  @Test
  void updateUser_shouldRejectWithFieldAndWriteNothing_whenInputIsInvalid() {
    String name = fx.user("Uma");
    var before = fx.snapshot();

    assertError(forge.patch("/users/" + name).as(name).json("name", "n".repeat(351)).send(), 400, null, "name");
    assertError(forge.patch("/users/" + name).as(name).json("bio", "b".repeat(65_537)).send(), 400, null, "bio");
    assertError(forge.patch("/users/" + name).as(name).json("email", "not-an-address").send(), 400, null, "email");
    assertError(forge.patch("/users/" + name).as(name).json("bio", true).send(), 400, null, "bio");
    assertError(forge.patch("/users/" + name).as(name).header("if-match", "\"v1\"").json("bio", "x").send(),
        400, null, "If-Match");
    fx.assertUnchanged(before);
  }
}
