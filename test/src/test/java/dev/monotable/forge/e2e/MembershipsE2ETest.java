package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static dev.monotable.forge.e2e.ForgeFixtures.assertNoBody;
import static dev.monotable.forge.e2e.ForgeFixtures.assertWrittenBetween;
import static dev.monotable.forge.e2e.ForgeFixtures.item;
import static dev.monotable.forge.e2e.ForgeFixtures.json;
import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static dev.monotable.forge.e2e.ForgeFixtures.unique;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.forge.keys.Keys;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Memberships over HTTP: PUT /orgs/{org}/members/{username} (AP06) and DELETE
 * /orgs/{org}/members/{username} (AP07): admins only, and an organization never loses its last
 * admin (the Organization's AdminCount, checked in the same transaction).
 */
@ExtendWith(ForgeExtension.class)
class MembershipsE2ETest {
  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  MembershipsE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  // ---- AP06 PUT /orgs/{org}/members/{username} ----------------------------------------------

  @Test
  void putMember_shouldAddMemberWithDefaultRole_whenBodyIsAbsent() {
    // GIVEN
    String admin = fx.user("Admin");
    String org = fx.org("Stark", admin);
    String bob = fx.user("Bob");
    Map<String, AttributeValue> orgBefore = table.item(Keys.account(org)).orElseThrow();

    // WHEN the path spells both names in lower case and there is no body
    Instant before = Instant.now();
    Reply r = forge.put("/orgs/" + lower(org) + "/members/" + lower(bob)).as(admin).send();
    Instant after = Instant.now();

    // THEN a member Membership in display forms, version 1
    assertEquals(200, r.status(), r::toString);
    String created = assertWrittenBetween(r.json().get("createdAt"), before, after);
    assertEquals(json("org", org, "username", bob, "role", "member", "createdAt", created, "updatedAt", created,
        "version", 1), r.json());
    assertEquals(item("PK", "ACCOUNT#" + lower(org), "SK", "MEMBER#" + lower(bob), "GSI1PK", "ACCOUNT#" + lower(bob),
        "GSI1SK", "ORG#" + lower(org), "Type", "Membership", "Org", org, "Username", bob, "Role", "member",
        "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1, "Version", 1),
        table.item(Keys.membership(org, bob)).orElseThrow());
    // and the organization is untouched: one admin still
    assertEquals(orgBefore, table.item(Keys.account(org)).orElseThrow());
  }

  @Test
  void putMember_shouldPromoteAndCountAdmins_thenDemote_whenAnotherAdminRemains() {
    // GIVEN bob is a member
    String admin = fx.user("Admin");
    String org = fx.org("Wayne", admin);
    String bob = fx.user("Bob");
    fx.member(org, admin, bob, "member");
    Map<String, AttributeValue> member = table.item(Keys.membership(org, bob)).orElseThrow();

    // WHEN bob is promoted
    Reply promoted = forge.put("/orgs/" + org + "/members/" + bob).as(admin).json("role", "admin").send();

    // THEN role admin at version 2, CreatedAt kept, AdminCount 2
    assertEquals(200, promoted.status(), promoted::toString);
    Map<String, AttributeValue> expected = new LinkedHashMap<>(member);
    expected.put("Role", AttributeValue.fromS("admin"));
    expected.put("Version", AttributeValue.fromN("2"));
    expected.put("UpdatedAt", AttributeValue.fromS((String) promoted.json().get("updatedAt")));
    assertEquals(expected, table.item(Keys.membership(org, bob)).orElseThrow());
    assertEquals("2", table.item(Keys.account(org)).orElseThrow().get("AdminCount").n());

    // WHEN the new admin demotes the founder
    Reply demoted = forge.put("/orgs/" + org + "/members/" + admin).as(bob).json("role", "member").send();

    // THEN
    assertEquals(200, demoted.status(), demoted::toString);
    assertEquals("member", demoted.json().get("role"));
    assertEquals(2, demoted.json().get("version"));
    assertEquals("1", table.item(Keys.account(org)).orElseThrow().get("AdminCount").n());
  }

  @Test
  void putMember_shouldConflictOnLastAdminAndWriteNothing_whenTheOnlyAdminDemotesThemself() {
    String admin = fx.user("Admin");
    String org = fx.org("Tyrell", admin);
    fx.member(org, admin, fx.user("Bob"), "member");
    var before = fx.snapshot();

    Reply r = forge.put("/orgs/" + org + "/members/" + admin).as(admin).json("role", "member").send();

    assertError(r, 409, "conflict", "lastAdmin");
    fx.assertUnchanged(before);
  }

  @Test
  void putMember_shouldForbidAndWriteNothing_whenCallerIsNotAnAdmin() {
    // GIVEN bob is a plain member, eve an outsider
    String admin = fx.user("Admin");
    String org = fx.org("Cyberdyne", admin);
    String bob = fx.user("Bob");
    fx.member(org, admin, bob, "member");
    String eve = fx.user("Eve");
    String carol = fx.user("Carol");
    var before = fx.snapshot();

    // WHEN a member adds someone, promotes themself, or an outsider adds themself
    assertError(forge.put("/orgs/" + org + "/members/" + carol).as(bob).send(), 403, "forbidden", null);
    assertError(forge.put("/orgs/" + org + "/members/" + bob).as(bob).json("role", "admin").send(),
        403, "forbidden", null);
    assertError(forge.put("/orgs/" + org + "/members/" + eve).as(eve).send(), 403, "forbidden", null);
    assertError(forge.put("/orgs/" + org + "/members/" + admin).as(eve).json("role", "member").send(),
        403, "forbidden", null);

    // THEN
    fx.assertUnchanged(before);
  }

  @Test
  void putMember_shouldAnswer404AndWriteNothing_whenOrgOrUserIsMissing() {
    String admin = fx.user("Admin");
    String org = fx.org("Soylent", admin);
    String bob = fx.user("Bob");
    var before = fx.snapshot();

    assertError(forge.put("/orgs/" + unique("nope") + "/members/" + bob).as(admin).send(), 404, "not_found", null);
    assertError(forge.put("/orgs/" + org + "/members/" + unique("ghost")).as(admin).send(), 404, "not_found", null);
    // a user's name is not an organization
    assertError(forge.put("/orgs/" + bob + "/members/" + admin).as(bob).send(), 404, "not_found", null);
    fx.assertUnchanged(before);
  }

  @Test
  void putMember_shouldRejectWithFieldAndWriteNothing_whenRoleOrNamesAreInvalid() {
    String admin = fx.user("Admin");
    String org = fx.org("Oscorp", admin);
    String bob = fx.user("Bob");
    var before = fx.snapshot();

    assertError(forge.put("/orgs/" + org + "/members/" + bob).as(admin).json("role", "owner").send(),
        400, "validation", "role");
    assertError(forge.put("/orgs/" + org + "/members/" + bob).as(admin).json("role", 1).send(),
        400, "validation", "role");
    assertError(forge.put("/orgs/" + org + "/members/bad_name").as(admin).send(), 400, "validation", "username");
    assertError(forge.put("/orgs/" + org + "/members/" + bob).as(admin).raw("{\"role\":").send(),
        400, "invalid_body", null);
    fx.assertUnchanged(before);
  }

  // ---- AP07 DELETE /orgs/{org}/members/{username} -------------------------------------------

  @Test
  void removeMember_shouldDeleteMembershipOnBothSides_whenAdminRemovesAMember() {
    String admin = fx.user("Admin");
    String org = fx.org("Vandelay", admin);
    String bob = fx.user("Bob");
    fx.member(org, admin, bob, "member");
    Map<String, AttributeValue> orgBefore = table.item(Keys.account(org)).orElseThrow();

    Reply r = forge.delete("/orgs/" + org + "/members/" + bob.toUpperCase()).as(admin).send();

    assertEquals(204, r.status(), r::toString);
    assertNoBody(r);
    assertTrue(table.item(Keys.membership(org, bob)).isEmpty());
    assertEquals(orgBefore, table.item(Keys.account(org)).orElseThrow(), "removing a member leaves AdminCount");
    forge.awaitIndexes(); // a user's organizations are an index (GSI1)
    assertEquals(List.of(), forge.get("/users/" + bob + "/orgs").send().items());
    assertEquals(List.of(admin), ForgeFixtures.map(forge.get("/orgs/" + org + "/members").send().items(),
        m -> m.get("username")));
  }

  @Test
  void removeMember_shouldDecrementAdminCount_whenAnAdminLeavesAndAnotherRemains() {
    String admin = fx.user("Admin");
    String org = fx.org("Pied", admin);
    String bob = fx.user("Bob");
    fx.member(org, admin, bob, "admin");
    assertEquals("2", table.item(Keys.account(org)).orElseThrow().get("AdminCount").n());

    Reply r = forge.delete("/orgs/" + org + "/members/" + bob).as(bob).send();

    assertEquals(204, r.status(), r::toString);
    assertTrue(table.item(Keys.membership(org, bob)).isEmpty());
    assertEquals("1", table.item(Keys.account(org)).orElseThrow().get("AdminCount").n());
  }

  @Test
  void removeMember_shouldConflictOnLastAdminAndWriteNothing_whenTheOnlyAdminLeaves() {
    String admin = fx.user("Admin");
    String org = fx.org("Massive", admin);
    fx.member(org, admin, fx.user("Bob"), "member");
    var before = fx.snapshot();

    Reply r = forge.delete("/orgs/" + org + "/members/" + admin).as(admin).send();

    assertError(r, 409, "conflict", "lastAdmin");
    fx.assertUnchanged(before);
  }

  @Test
  void removeMember_shouldForbidAndWriteNothing_whenCallerIsNotAnAdmin() {
    String admin = fx.user("Admin");
    String org = fx.org("Hooli", admin);
    String bob = fx.user("Bob");
    String carol = fx.user("Carol");
    fx.member(org, admin, bob, "member");
    fx.member(org, admin, carol, "member");
    String eve = fx.user("Eve");
    var before = fx.snapshot();

    assertError(forge.delete("/orgs/" + org + "/members/" + carol).as(bob).send(), 403, "forbidden", null);
    assertError(forge.delete("/orgs/" + org + "/members/" + admin).as(bob).send(), 403, "forbidden", null);
    assertError(forge.delete("/orgs/" + org + "/members/" + bob).as(eve).send(), 403, "forbidden", null);
    fx.assertUnchanged(before);
  }

  @Test
  void removeMember_shouldAnswer404AndWriteNothing_whenTargetIsNotAMember() {
    String admin = fx.user("Admin");
    String org = fx.org("Aperture", admin);
    String stranger = fx.user("Stranger");
    var before = fx.snapshot();

    assertError(forge.delete("/orgs/" + org + "/members/" + stranger).as(admin).send(), 404, "not_found", null);
    fx.assertUnchanged(before);
  }
}
