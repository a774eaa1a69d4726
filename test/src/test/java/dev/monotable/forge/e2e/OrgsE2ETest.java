package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.altered;
import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static dev.monotable.forge.e2e.ForgeFixtures.assertWrittenBetween;
import static dev.monotable.forge.e2e.ForgeFixtures.chunks;
import static dev.monotable.forge.e2e.ForgeFixtures.item;
import static dev.monotable.forge.e2e.ForgeFixtures.json;
import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static dev.monotable.forge.e2e.ForgeFixtures.s;
import static dev.monotable.forge.e2e.ForgeFixtures.unique;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.forge.keys.Keys;
import dev.monotable.testing.TestTable;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Organizations over HTTP: POST /orgs (AP04), GET /orgs/{org} (AP05), GET /orgs/{org}/members
 * (AP08), GET /users/{username}/orgs (AP09). Adding and removing members is in
 * {@link MembershipsE2ETest}.
 */
@ExtendWith(ForgeExtension.class)
class OrgsE2ETest {
  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  OrgsE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  // ---- AP04 POST /orgs ----------------------------------------------------------------------

  @Test
  void createOrg_shouldWriteOrganizationAndAdminMembershipExactly_whenBodyHasOrgAndName() {
    // GIVEN
    String alice = fx.user("Alice");
    String org = unique("acme");

    // WHEN
    Instant before = Instant.now();
    Reply r = forge.post("/orgs").as(alice).json("org", org, "name", "Acme Inc").send();
    Instant after = Instant.now();

    // THEN 201 with the organization
    assertEquals(201, r.status(), r::toString);
    String created = assertWrittenBetween(r.json().get("createdAt"), before, after);
    assertEquals(json("org", org, "login", org, "name", "Acme Inc", "description", null, "createdAt", created,
        "updatedAt", created, "version", 1), r.json());
    // and the Organization item: GSI1 and GSI3 keys, AdminCount 1, Version 1, no Description
    String pk = "ACCOUNT#" + org;
    assertEquals(item("PK", pk, "SK", pk, "GSI1PK", pk, "GSI1SK", pk, "GSI3PK", pk, "GSI3SK", pk,
        "Type", "Organization", "Org", org, "Name", "Acme Inc", "AdminCount", 1,
        "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1, "Version", 1),
        table.item(Keys.account(org)).orElseThrow());
    // and the creator's admin Membership, inverted on GSI1 under the user
    assertEquals(item("PK", pk, "SK", "MEMBER#" + lower(alice), "GSI1PK", "ACCOUNT#" + lower(alice),
        "GSI1SK", "ORG#" + org, "Type", "Membership", "Org", org, "Username", alice, "Role", "admin",
        "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1, "Version", 1),
        table.item(Keys.membership(org, alice)).orElseThrow());
  }

  @Test
  void createOrg_shouldUseNameAsIdentifier_whenOnlyNameIsGiven() {
    String alice = fx.user("Alice");
    String org = unique("acme");

    Reply r = forge.post("/orgs").as(alice).json("name", org).send();

    assertEquals(201, r.status(), r::toString);
    assertEquals(org, r.json().get("org"));
    Map<String, AttributeValue> item = table.item(Keys.account(org)).orElseThrow();
    assertEquals(org, s(item, "Org"));
    assertEquals(org, s(item, "Name"));
    assertEquals("admin", s(table.item(Keys.membership(org, alice)).orElseThrow(), "Role"));
  }

  @Test
  void createOrg_shouldConflictOnOrganizationAndWriteNothing_whenNameTakenInAnotherCase() {
    String alice = fx.user("Alice");
    String org = fx.org("Globex", alice);
    String bob = fx.user("Bob");
    var before = fx.snapshot();

    Reply r = forge.post("/orgs").as(bob).json("org", org.toUpperCase()).send();

    assertError(r, 409, "conflict", "organization");
    fx.assertUnchanged(before);
  }

  @Test
  void createOrg_shouldConflictOnOrganizationAndWriteNothing_whenAUserHasTheName() {
    String alice = fx.user("Alice");
    String bob = fx.user("Bob");
    var before = fx.snapshot();

    assertError(forge.post("/orgs").as(alice).json("org", bob).send(), 409, "conflict", "organization");
    assertError(forge.post("/orgs").as(alice).json("org", lower(alice)).send(), 409, "conflict", "organization");
    fx.assertUnchanged(before);
  }

  @Test
  void createOrg_shouldForbidAndWriteNothing_whenCallerHasNoProfile() {
    var before = fx.snapshot();

    Reply r = forge.post("/orgs").as(unique("ghost")).json("org", unique("ghost-org")).send();

    assertError(r, 403, "forbidden", null);
    fx.assertUnchanged(before);
  }

  @Test
  void createOrg_shouldRejectWithFieldAndWriteNothing_whenInputBreaksARule() {
    String alice = fx.user("Alice");
    var before = fx.snapshot();

    assertError(forge.post("/orgs").as(alice).json("org", "Acme Inc").send(), 400, "validation", "org");
    assertError(forge.post("/orgs").as(alice).json("org", "acme#x").send(), 400, "validation", "org");
    assertError(forge.post("/orgs").as(alice).json("description", "no id").send(), 400, "validation", "org");
    assertError(forge.post("/orgs").as(alice).json("org", unique("o"), "name", "n".repeat(351)).send(),
        400, "validation", "name");
    assertError(forge.post("/orgs").as(alice).json("org", unique("o"), "description", "d".repeat(351)).send(),
        400, "validation", "description");
    fx.assertUnchanged(before);
  }

  // ---- AP05 GET /orgs/{org} -----------------------------------------------------------------

  @Test
  void getOrg_shouldReturnOrganization_whenPathSpellsItInAnotherCase() {
    String alice = fx.user("Alice");
    String org = fx.org("Umbrella", alice);
    Map<String, AttributeValue> item = table.item(Keys.account(org)).orElseThrow();

    Reply r = forge.get("/orgs/" + org.toUpperCase()).send();

    assertEquals(200, r.status(), r::toString);
    assertEquals(json("org", org, "login", org, "name", null, "description", null, "createdAt", s(item, "CreatedAt"),
        "updatedAt", s(item, "UpdatedAt"), "version", 1), r.json());
  }

  @Test
  void getOrg_shouldAnswer404_whenMissingOrAUser() {
    String alice = fx.user("Alice");

    assertError(forge.get("/orgs/" + unique("nope")).send(), 404, "not_found", null);
    assertError(forge.get("/orgs/" + alice).send(), 404, "not_found", null);
    assertError(forge.get("/orgs/bad_org").send(), 400, "validation", "org");
  }

  // ---- AP08 GET /orgs/{org}/members, AP09 GET /users/{username}/orgs ------------------------

  @Test
  void listMembers_shouldPageByUsernameKey_whenMembersSpanSeveralPages() {
    // GIVEN five members whose creation order is not their key order
    String admin = fx.user("mid");
    String org = fx.org("Members", admin);
    List<String> names = new ArrayList<>(List.of(admin));
    for (String base : List.of("Zoe", "adam", "Mallory", "bert")) {
      String u = fx.user(base);
      fx.member(org, admin, u, "member");
      names.add(u);
    }
    List<String> byKey = names.stream().sorted(Comparator.comparing(ForgeFixtures::lower)).toList();

    // WHEN the list is read two at a time
    List<List<Object>> pages = fx.walk("/orgs/" + org + "/members", null, 2, "username");

    // THEN pages of 2, 2, 1 in key order, the last one without a cursor
    assertEquals(chunks(byKey, 2), pages);
    Map<String, Object> first = fx.page("/orgs/" + org + "/members", null, 5, null).items().stream()
        .filter(m -> m.get("username").equals(admin)).findFirst().orElseThrow();
    assertEquals(org, first.get("org"));
    assertEquals("admin", first.get("role"));
    assertEquals(1, first.get("version"));
  }

  @Test
  void listMembers_shouldAnswer400OnCursor_whenAlteredOrFromAnotherList() {
    // GIVEN two orgs with three members each, and alice in both
    String alice = fx.user("Alice");
    String one = fx.org("One", alice);
    String two = fx.org("Two", alice);
    for (int i = 0; i < 2; i++) {
      String u = fx.user("Mem");
      fx.member(one, alice, u, "member");
      fx.member(two, alice, u, "member");
    }
    Reply firstPage = fx.page("/orgs/" + one + "/members", null, 1, null);
    String cursor = firstPage.nextCursor();
    assertNotNull(cursor, firstPage::toString);
    // sanity: the cursor works where it was issued
    assertEquals(200, fx.page("/orgs/" + one + "/members", null, 1, cursor).status());

    // WHEN / THEN an altered signature, an altered payload, another org, another route
    assertError(fx.page("/orgs/" + one + "/members", null, 1, altered(cursor)), 400, null, "cursor");
    assertError(fx.page("/orgs/" + one + "/members", null, 1, tamperedPayload(cursor, lower(one), lower(two))),
        400, null, "cursor");
    assertError(fx.page("/orgs/" + two + "/members", null, 1, cursor), 400, null, "cursor");
    assertError(fx.page("/users/" + alice + "/orgs", null, 1, cursor), 400, null, "cursor");
    assertError(fx.page("/orgs/" + one + "/members", null, 1, "not-a-cursor"), 400, null, "cursor");
    assertError(fx.page("/orgs/" + one + "/members", null, 0, null), 400, null, "limit");
    assertError(fx.page("/orgs/" + one + "/members", null, 101, null), 400, null, "limit");
  }

  @Test
  void listUserOrgs_shouldPageByOrgKeyWithEachRole_whenOrgsSpanSeveralPages() {
    // GIVEN olga founded three orgs and was added to two more
    String olga = fx.user("Olga");
    String other = fx.user("Founder");
    Map<String, String> roles = new LinkedHashMap<>();
    for (String base : List.of("zeta", "Alpha", "mu")) {
      roles.put(fx.org(base, olga), "admin");
    }
    for (String base : List.of("Beta", "omega")) {
      String org = fx.org(base, other);
      fx.member(org, other, olga, "member");
      roles.put(org, "member");
    }
    List<String> byKey = roles.keySet().stream().sorted(Comparator.comparing(ForgeFixtures::lower)).toList();

    forge.awaitIndexes(); // a user's organizations are an index (GSI1)

    // WHEN
    List<List<Object>> pages = fx.walk("/users/" + lower(olga) + "/orgs", null, 2, "org");

    // THEN
    assertEquals(chunks(byKey, 2), pages);
    for (Map<String, Object> m : forge.get("/users/" + olga + "/orgs").send().items()) {
      assertEquals(roles.get((String) m.get("org")), m.get("role"));
      assertEquals(olga, m.get("username"));
    }
    // the founder's list is not mixed in
    assertEquals(2, forge.get("/users/" + other + "/orgs").send().items().size());
  }

  /**
   * Flips one bit in the middle of a cursor (its encrypted key); {@code from} and {@code to} say
   * what an attacker would want to change, and the cursor must not even show {@code from}.
   */
  private static String tamperedPayload(String cursor, String from, String to) {
    byte[] raw = Base64.getUrlDecoder().decode(cursor);
    assertFalse(new String(raw, StandardCharsets.ISO_8859_1).contains(from), "the cursor shows " + from);
    assertTrue(!from.equals(to));
    raw[raw.length / 2] ^= 0x01;
    return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
  }
}
