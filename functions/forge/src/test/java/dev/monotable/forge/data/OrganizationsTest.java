package dev.monotable.forge.data;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.User;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class OrganizationsTest {
  // In the future: invitations and activities carry a TTL from this clock, and the local engine (as
  // DynamoDB) deletes items whose TTL has passed, in the middle of a test.
  private static final String T0 = "2036-01-02T03:04:05.678Z";
  private static final String T1 = "2036-01-03T00:00:00.001Z";
  private static final long T0_EPOCH = Instant.parse(T0).getEpochSecond();
  private static final long WEEK = Duration.ofDays(7).toSeconds();
  private static final Set<String> MEMBERSHIP_ATTRIBUTES = Set.of("PK", "SK", "GSI1PK", "GSI1SK", "Type", "Org",
      "Username", "Role", "CreatedAt", "UpdatedAt", "SchemaVersion", "Version");

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Organizations orgs;

  OrganizationsTest(TestTable table) {
    this.table = table;
    this.orgs = new Organizations(table.gateway(clock));
  }

  // ---- AP04 createOrg -----------------------------------------------------------------------

  @Test
  void createOrg_shouldWriteOrgAndAdminMembershipExactly_whenCallerHasProfile() {
    // GIVEN
    user("Alice");

    // WHEN
    Organization created = orgs.createOrg("Alice", "Acme", "Acme Corp", "Anvils");

    // THEN the Organization item has the chart's keys (GSI1, GSI3; no GSI2, GSI4) and AdminCount 1
    Map<String, AttributeValue> org = table.item(Keys.account("acme")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "GSI1PK", "GSI1SK", "GSI3PK", "GSI3SK", "Type", "Org", "Name", "Description",
        "AdminCount", "CreatedAt", "UpdatedAt", "SchemaVersion", "Version"), org.keySet());
    assertEquals("ACCOUNT#acme", s(org, "PK"));
    assertEquals("ACCOUNT#acme", s(org, "SK"));
    assertEquals("ACCOUNT#acme", s(org, "GSI1PK"));
    assertEquals("ACCOUNT#acme", s(org, "GSI1SK"));
    assertEquals("ACCOUNT#acme", s(org, "GSI3PK"));
    assertEquals("ACCOUNT#acme", s(org, "GSI3SK"));
    assertEquals("Organization", s(org, "Type"));
    assertEquals("Acme", s(org, "Org"));
    assertEquals("Acme Corp", s(org, "Name"));
    assertEquals("Anvils", s(org, "Description"));
    assertEquals("1", n(org, "AdminCount"));
    assertEquals(T0, s(org, "CreatedAt"));
    assertEquals(T0, s(org, "UpdatedAt"));
    assertEquals("1", n(org, "SchemaVersion"));
    assertEquals("1", n(org, "Version"));
    assertEquals(new Organization("Acme", "Acme Corp", "Anvils", 1, T0, T0, 1), created);

    // and the caller's Membership has GSI1 keys only (no GSI2/3/4) and Role admin
    Map<String, AttributeValue> m = table.item(Keys.membership("acme", "alice")).orElseThrow();
    assertEquals(MEMBERSHIP_ATTRIBUTES, m.keySet());
    assertEquals("ACCOUNT#acme", s(m, "PK"));
    assertEquals("MEMBER#alice", s(m, "SK"));
    assertEquals("ACCOUNT#alice", s(m, "GSI1PK"));
    assertEquals("ORG#acme", s(m, "GSI1SK"));
    assertEquals("Membership", s(m, "Type"));
    assertEquals("Acme", s(m, "Org"));
    assertEquals("Alice", s(m, "Username"));
    assertEquals("admin", s(m, "Role"));
    assertEquals(T0, s(m, "CreatedAt"));
    assertEquals(T0, s(m, "UpdatedAt"));
    assertEquals("1", n(m, "SchemaVersion"));
    assertEquals("1", n(m, "Version"));
  }

  @Test
  void createOrg_shouldForbidAndWriteNothing_whenCallerHasNoProfile() {
    int before = table.scanAll().size();

    ForbiddenException e = assertThrows(ForbiddenException.class,
        () -> orgs.createOrg("profileless", "ghost-org", null, null));

    assertEquals("create your user profile first", e.getMessage());
    assertEquals(before, table.scanAll().size());
  }

  @Test
  void createOrg_shouldForbid_whenCallerNameIsAnOrganization() {
    // guards: the profile check must test Type, not only that an ACCOUNT# item exists
    user("founder");
    orgs.createOrg("founder", "parent-org", null, null);
    int before = table.scanAll().size();

    assertThrows(ForbiddenException.class, () -> orgs.createOrg("parent-org", "child-org", null, null));

    assertEquals(before, table.scanAll().size());
  }

  @Test
  void createOrg_shouldConflict_whenOrganizationExistsInAnotherCase() {
    user("bob");
    user("bea");
    orgs.createOrg("bob", "Widgets", null, null);
    int before = table.scanAll().size();

    ConflictException e = assertThrows(ConflictException.class,
        () -> orgs.createOrg("bea", "WIDGETS", null, null));

    assertEquals("organization", e.conflict());
    assertEquals(before, table.scanAll().size());
    assertTrue(table.item(Keys.membership("widgets", "bea")).isEmpty());
  }

  @Test
  void createOrg_shouldConflict_whenAUserHasTheName() {
    user("carl");
    user("Cleo");
    int before = table.scanAll().size();

    ConflictException e = assertThrows(ConflictException.class, () -> orgs.createOrg("carl", "cleo", null, null));

    assertEquals("organization", e.conflict());
    assertEquals(before, table.scanAll().size());
    assertEquals("User", s(table.item(Keys.account("cleo")).orElseThrow(), "Type"));
  }

  @Test
  void createOrg_shouldConflict_whenCallerUsesTheirOwnName_andForbid_whenTheyHaveNoProfile() {
    user("Dora");
    int before = table.scanAll().size();

    assertEquals("organization", assertThrows(ConflictException.class,
        () -> orgs.createOrg("dora", "DORA", null, null)).conflict());
    assertThrows(ForbiddenException.class, () -> orgs.createOrg("drifter", "drifter", null, null));

    assertEquals(before, table.scanAll().size());
  }

  @Test
  void createOrg_shouldRejectInvalidInput_beforeAnyWrite() {
    user("edna");
    int before = table.scanAll().size();

    assertEquals("org", assertThrows(ValidationException.class,
        () -> orgs.createOrg("edna", "bad_org", null, null)).field());
    assertEquals("name", assertThrows(ValidationException.class,
        () -> orgs.createOrg("edna", "edna-org", "n".repeat(351), null)).field());
    assertEquals("description", assertThrows(ValidationException.class,
        () -> orgs.createOrg("edna", "edna-org", null, "d".repeat(351))).field());
    assertThrows(UnauthorizedException.class, () -> orgs.createOrg(null, "edna-org", null, null));

    assertEquals(before, table.scanAll().size());
  }

  // ---- AP05 getOrg --------------------------------------------------------------------------

  @Test
  void getOrg_shouldReturnDisplayForm_whenLookedUpInAnotherCase() {
    user("fay");
    Organization created = orgs.createOrg("fay", "FooBar", "Foo", null);

    assertEquals(created, orgs.getOrg("foobar"));
    assertEquals("FooBar", orgs.getOrg("FOOBAR").org());
  }

  @Test
  void getOrg_shouldThrowNotFound_whenAbsentOrAUser() {
    user("gus");

    assertEquals("organization not found",
        assertThrows(NotFoundException.class, () -> orgs.getOrg("no-such-org")).getMessage());
    assertEquals("organization not found",
        assertThrows(NotFoundException.class, () -> orgs.getOrg("gus")).getMessage());
  }

  // ---- AP06 putMember -----------------------------------------------------------------------

  @Test
  void putMember_shouldAddMemberAndLeaveOrgUntouched_whenCallerIsAdmin() {
    // GIVEN
    orgWithAdmin("hank", "hank-org");
    user("Hazel");
    Map<String, AttributeValue> orgBefore = table.item(Keys.account("hank-org")).orElseThrow();
    clock.set(Instant.parse(T1));

    // WHEN
    Membership m = orgs.putMember("hank", "HANK-ORG", "hazel", Role.MEMBER);

    // THEN the item keeps both names' display forms, read from their items, not the path's spelling
    assertEquals(new Membership("hank-org", "Hazel", Role.MEMBER, T1, T1, 1), m);
    Map<String, AttributeValue> item = table.item(Keys.membership("hank-org", "hazel")).orElseThrow();
    assertEquals(MEMBERSHIP_ATTRIBUTES, item.keySet());
    assertEquals("ACCOUNT#hank-org", s(item, "PK"));
    assertEquals("MEMBER#hazel", s(item, "SK"));
    assertEquals("ACCOUNT#hazel", s(item, "GSI1PK"));
    assertEquals("ORG#hank-org", s(item, "GSI1SK"));
    assertEquals("member", s(item, "Role"));
    assertEquals("Hazel", s(item, "Username"));
    assertEquals("1", n(item, "Version"));
    assertEquals(orgBefore, table.item(Keys.account("hank-org")).orElseThrow());
  }

  @Test
  void putMember_shouldPromoteAndCountAdmin_thenDemoteAndUncount() {
    orgWithAdmin("ida", "ida-org");
    user("ike");
    orgs.putMember("ida", "ida-org", "ike", Role.MEMBER);
    clock.set(Instant.parse(T1));

    Membership promoted = orgs.putMember("ida", "ida-org", "ike", Role.ADMIN);

    assertEquals(new Membership("ida-org", "ike", Role.ADMIN, T0, T1, 2), promoted);
    assertEquals("admin", s(table.item(Keys.membership("ida-org", "ike")).orElseThrow(), "Role"));
    assertEquals("2", n(table.item(Keys.membership("ida-org", "ike")).orElseThrow(), "Version"));
    Map<String, AttributeValue> org = table.item(Keys.account("ida-org")).orElseThrow();
    assertEquals("2", n(org, "AdminCount"));
    // AdminCount is bookkeeping, not a client edit: the org's Version stays
    assertEquals("1", n(org, "Version"));

    Membership demoted = orgs.putMember("ike", "ida-org", "ida", Role.MEMBER);

    assertEquals(Role.MEMBER, demoted.role());
    assertEquals(2, demoted.version());
    assertEquals("1", n(table.item(Keys.account("ida-org")).orElseThrow(), "AdminCount"));
  }

  @Test
  void putMember_shouldCountAdmin_whenNewMemberIsAddedAsAdmin() {
    orgWithAdmin("jack", "jack-org");
    user("jill");

    orgs.putMember("jack", "jack-org", "jill", Role.ADMIN);

    assertEquals("2", n(table.item(Keys.account("jack-org")).orElseThrow(), "AdminCount"));
    assertEquals("admin", s(table.item(Keys.membership("jack-org", "jill")).orElseThrow(), "Role"));
  }

  @Test
  void putMember_shouldKeepRoleAndCount_whenRoleIsUnchanged() {
    orgWithAdmin("kate", "kate-org");
    user("kurt");
    orgs.putMember("kate", "kate-org", "kurt", Role.MEMBER);
    var before = table.item(Keys.membership("kate-org", "kurt")).orElseThrow();
    var selfBefore = table.item(Keys.membership("kate-org", "kate")).orElseThrow();

    Membership again = orgs.putMember("kate", "kate-org", "kurt", Role.MEMBER);
    Membership selfAgain = orgs.putMember("kate", "kate-org", "kate", Role.ADMIN);

    // PUT is idempotent: the role it asks for is there already, so it writes nothing (it wrote Version 2).
    assertEquals(Role.MEMBER, again.role());
    assertEquals(1, again.version());
    assertEquals(before, table.item(Keys.membership("kate-org", "kurt")).orElseThrow());
    assertEquals(Role.ADMIN, selfAgain.role());
    assertEquals(selfBefore, table.item(Keys.membership("kate-org", "kate")).orElseThrow());
    assertEquals("1", n(table.item(Keys.account("kate-org")).orElseThrow(), "AdminCount"));
    // Its checks still hold: a non-admin's PUT of an unchanged role is refused.
    assertThrows(ForbiddenException.class, () -> orgs.putMember("kurt", "kate-org", "kurt", Role.MEMBER));
  }

  @Test
  void putMember_sentEightTimesAtOnce_answersEachWithTheRole_andWritesOnce() throws Exception {
    orgWithAdmin("kira", "kira-org");
    user("kobe");
    var pool = java.util.concurrent.Executors.newFixedThreadPool(8);
    try {
      var answers = new java.util.ArrayList<java.util.concurrent.Future<Membership>>();
      for (int i = 0; i < 8; i++) {
        answers.add(pool.submit(() -> orgs.putMember("kira", "kira-org", "kobe", Role.ADMIN)));
      }
      for (var a : answers) {
        assertEquals(Role.ADMIN, a.get().role(), "no 'the membership changed concurrently' to an identical PUT");
      }
    } finally {
      pool.shutdown();
    }
    assertEquals("1", n(table.item(Keys.membership("kira-org", "kobe")).orElseThrow(), "Version"));
    assertEquals("2", n(table.item(Keys.account("kira-org")).orElseThrow(), "AdminCount"));
  }

  @Test
  void putMember_shouldConflictLastAdmin_whenOnlyAdminDemotesThemself() {
    orgWithAdmin("liam", "liam-org");
    int before = table.scanAll().size();
    Map<String, AttributeValue> membership = table.item(Keys.membership("liam-org", "liam")).orElseThrow();

    ConflictException e = assertThrows(ConflictException.class,
        () -> orgs.putMember("liam", "liam-org", "liam", Role.MEMBER));

    assertEquals("lastAdmin", e.conflict());
    assertEquals(before, table.scanAll().size());
    assertEquals(membership, table.item(Keys.membership("liam-org", "liam")).orElseThrow());
    assertEquals("1", n(table.item(Keys.account("liam-org")).orElseThrow(), "AdminCount"));
  }

  @Test
  void putMember_shouldAllowSelfDemotion_whenAnotherAdminRemains() {
    orgWithAdmin("mia", "mia-org");
    user("max");
    orgs.putMember("mia", "mia-org", "max", Role.ADMIN);

    Membership m = orgs.putMember("MIA", "mia-org", "mia", Role.MEMBER);

    assertEquals(Role.MEMBER, m.role());
    assertEquals("1", n(table.item(Keys.account("mia-org")).orElseThrow(), "AdminCount"));
  }

  @Test
  void putMember_shouldForbidAndWriteNothing_whenCallerIsNotAnAdmin() {
    orgWithAdmin("ned", "ned-org");
    user("nora");
    user("nick");
    orgs.putMember("ned", "ned-org", "nora", Role.MEMBER);
    int before = table.scanAll().size();
    Map<String, AttributeValue> orgBefore = table.item(Keys.account("ned-org")).orElseThrow();

    // a plain member adds someone, a stranger adds someone, a member promotes themself
    assertThrows(ForbiddenException.class, () -> orgs.putMember("nora", "ned-org", "nick", Role.MEMBER));
    assertThrows(ForbiddenException.class, () -> orgs.putMember("nick", "ned-org", "nora", Role.ADMIN));
    assertThrows(ForbiddenException.class, () -> orgs.putMember("nora", "ned-org", "nora", Role.ADMIN));
    assertThrows(ForbiddenException.class, () -> orgs.putMember("nick", "ned-org", "nick", Role.MEMBER));

    assertEquals(before, table.scanAll().size());
    assertEquals(orgBefore, table.item(Keys.account("ned-org")).orElseThrow());
    assertEquals("member", s(table.item(Keys.membership("ned-org", "nora")).orElseThrow(), "Role"));
  }

  @Test
  void putMember_shouldThrowNotFoundOrganization_whenOrgIsMissing() {
    user("olga");
    user("otto");
    int before = table.scanAll().size();

    NotFoundException e = assertThrows(NotFoundException.class,
        () -> orgs.putMember("olga", "no-org", "otto", Role.MEMBER));
    assertEquals("organization not found", e.getMessage());
    assertEquals("organization not found", assertThrows(NotFoundException.class,
        () -> orgs.putMember("olga", "no-org", "olga", Role.ADMIN)).getMessage());
    // a user's name is not an organization either
    assertEquals("organization not found", assertThrows(NotFoundException.class,
        () -> orgs.putMember("olga", "otto", "olga", Role.MEMBER)).getMessage());

    assertEquals(before, table.scanAll().size());
  }

  @Test
  void putMember_shouldThrowNotFoundUser_whenTargetHasNoProfile() {
    orgWithAdmin("pete", "pete-org");
    user("pat");
    orgs.createOrg("pat", "pat-org", null, null);
    int before = table.scanAll().size();

    assertEquals("user not found", assertThrows(NotFoundException.class,
        () -> orgs.putMember("pete", "pete-org", "nobody", Role.MEMBER)).getMessage());
    assertEquals("user not found", assertThrows(NotFoundException.class,
        () -> orgs.putMember("pete", "pete-org", "pat-org", Role.ADMIN)).getMessage());

    assertEquals(before, table.scanAll().size());
    assertEquals("1", n(table.item(Keys.account("pete-org")).orElseThrow(), "AdminCount"));
  }

  @Test
  void putMember_shouldAnswerTheRole_whenAConcurrentRequestGaveItBetweenReadAndWrite() {
    // GIVEN another admin promotes the target right after this request read the membership
    orgWithAdmin("quentin", "quentin-org");
    user("quinta");
    orgs.putMember("quentin", "quentin-org", "quinta", Role.MEMBER);
    Organizations racing = new Organizations(new TableGateway(Races.afterFirstRead(table.client(),
        () -> orgs.putMember("quentin", "quentin-org", "quinta", Role.ADMIN)), table.name(), table.cursors(), clock));

    // WHEN this request also promotes her, believing she is a member
    Membership m = racing.putMember("quentin", "quentin-org", "quinta", Role.ADMIN);

    // THEN the role asked for holds, as for this PUT sent after the other (it answered 409), counted once
    assertEquals(Role.ADMIN, m.role());
    assertEquals("2", n(table.item(Keys.account("quentin-org")).orElseThrow(), "AdminCount"));
    assertEquals("2", n(table.item(Keys.membership("quentin-org", "quinta")).orElseThrow(), "Version"));
  }

  @Test
  void putMember_shouldConflictOnMember_whenTheMembershipChangedToAnotherRoleBetweenReadAndWrite() {
    // GIVEN another admin promotes the target right after this request read her as a member
    orgWithAdmin("quincy", "quincy-org");
    user("quill");
    orgs.putMember("quincy", "quincy-org", "quill", Role.MEMBER);
    Organizations racing = new Organizations(new TableGateway(Races.afterFirstRead(table.client(),
        () -> orgs.putMember("quincy", "quincy-org", "quill", Role.ADMIN)), table.name(), table.cursors(), clock));

    // WHEN this request keeps her a member (no change, as it read her)
    ConflictException e = assertThrows(ConflictException.class,
        () -> racing.putMember("quincy", "quincy-org", "quill", Role.MEMBER));

    // THEN it is told the membership changed, and the promotion stands
    assertEquals("member", e.conflict());
    assertEquals("admin", table.item(Keys.membership("quincy-org", "quill")).orElseThrow().get("Role").s());
  }

  @Test
  void putMember_shouldRejectInvalidInput_beforeAnyRequest() {
    int before = table.scanAll().size();

    assertEquals("role", assertThrows(ValidationException.class,
        () -> orgs.putMember("a", "some-org", "b", null)).field());
    assertEquals("org", assertThrows(ValidationException.class,
        () -> orgs.putMember("a", "some#org", "b", Role.MEMBER)).field());
    assertEquals("username", assertThrows(ValidationException.class,
        () -> orgs.putMember("a", "some-org", "b b", Role.MEMBER)).field());
    assertThrows(UnauthorizedException.class, () -> orgs.putMember(null, "some-org", "b", Role.MEMBER));

    assertEquals(before, table.scanAll().size());
  }

  // ---- AP07 removeMember --------------------------------------------------------------------

  @Test
  void removeMember_shouldDeleteMember_whenCallerIsAdmin() {
    orgWithAdmin("rose", "rose-org");
    user("rex");
    orgs.putMember("rose", "rose-org", "rex", Role.MEMBER);
    int before = table.scanAll().size();

    orgs.removeMember("rose", "ROSE-org", "Rex");

    assertTrue(table.item(Keys.membership("rose-org", "rex")).isEmpty());
    assertEquals(before - 1, table.scanAll().size());
    assertEquals("1", n(table.item(Keys.account("rose-org")).orElseThrow(), "AdminCount"));
  }

  @Test
  void removeMember_shouldUncountAdmin_whenAnotherAdminIsRemoved_orLeaves() {
    orgWithAdmin("sue", "sue-org");
    user("sid");
    user("sal");
    orgs.putMember("sue", "sue-org", "sid", Role.ADMIN);
    orgs.putMember("sue", "sue-org", "sal", Role.ADMIN);
    assertEquals("3", n(table.item(Keys.account("sue-org")).orElseThrow(), "AdminCount"));

    orgs.removeMember("sue", "sue-org", "sid");
    assertEquals("2", n(table.item(Keys.account("sue-org")).orElseThrow(), "AdminCount"));

    // an admin may leave as long as another admin remains
    orgs.removeMember("sal", "sue-org", "sal");

    assertEquals("1", n(table.item(Keys.account("sue-org")).orElseThrow(), "AdminCount"));
    assertTrue(table.item(Keys.membership("sue-org", "sid")).isEmpty());
    assertTrue(table.item(Keys.membership("sue-org", "sal")).isEmpty());
  }

  @Test
  void removeMember_shouldConflictLastAdmin_whenOnlyAdminIsRemoved() {
    orgWithAdmin("tom", "tom-org");
    int before = table.scanAll().size();

    ConflictException e = assertThrows(ConflictException.class, () -> orgs.removeMember("tom", "tom-org", "tom"));

    assertEquals("lastAdmin", e.conflict());
    assertEquals(before, table.scanAll().size());
    assertTrue(table.item(Keys.membership("tom-org", "tom")).isPresent());
    assertEquals("1", n(table.item(Keys.account("tom-org")).orElseThrow(), "AdminCount"));
  }

  @Test
  void removeMember_shouldForbidAndWriteNothing_whenCallerIsNotAnAdmin() {
    orgWithAdmin("uma", "uma-org");
    user("ugo");
    user("una");
    orgs.putMember("uma", "uma-org", "ugo", Role.MEMBER);
    orgs.putMember("uma", "uma-org", "una", Role.MEMBER);
    int before = table.scanAll().size();

    assertThrows(ForbiddenException.class, () -> orgs.removeMember("ugo", "uma-org", "una"));
    assertThrows(ForbiddenException.class, () -> orgs.removeMember("ugo", "uma-org", "uma"));
    assertThrows(ForbiddenException.class, () -> orgs.removeMember("ugo", "uma-org", "ugo"));
    assertThrows(ForbiddenException.class, () -> orgs.removeMember("stranger", "uma-org", "una"));
    assertThrows(UnauthorizedException.class, () -> orgs.removeMember(null, "uma-org", "una"));

    assertEquals(before, table.scanAll().size());
    assertEquals("1", n(table.item(Keys.account("uma-org")).orElseThrow(), "AdminCount"));
  }

  @Test
  void removeMember_shouldThrowNotFoundMember_whenUserIsNotAMember() {
    orgWithAdmin("vic", "vic-org");
    user("val");

    assertEquals("member not found", assertThrows(NotFoundException.class,
        () -> orgs.removeMember("vic", "vic-org", "val")).getMessage());
    assertEquals("member not found", assertThrows(NotFoundException.class,
        () -> orgs.removeMember("vic", "no-org-here", "val")).getMessage());
  }

  @Test
  void removeMember_shouldThrowNotFoundMember_whenMembershipIsDeletedBetweenReadAndWrite() {
    orgWithAdmin("wes", "wes-org");
    user("wyn");
    orgs.putMember("wes", "wes-org", "wyn", Role.MEMBER);
    Organizations racing = new Organizations(new TableGateway(Races.afterFirstRead(table.client(),
        () -> orgs.removeMember("wes", "wes-org", "wyn")), table.name(), table.cursors(), clock));

    assertEquals("member not found", assertThrows(NotFoundException.class,
        () -> racing.removeMember("wes", "wes-org", "wyn")).getMessage());
    assertEquals("1", n(table.item(Keys.account("wes-org")).orElseThrow(), "AdminCount"));
  }

  // ---- AP08 listMembers, AP09 listUserOrgs --------------------------------------------------

  @Test
  void listMembers_shouldPageByLowerCaseUsername_andEndWithNullCursor() {
    // GIVEN five members added out of order, in mixed case, plus an invitation in the same partition
    orgWithAdmin("pm", "pager-org");
    for (String name : List.of("Delta", "alpha", "charlie", "Bravo")) {
      user(name);
      orgs.putMember("pm", "pager-org", name, Role.MEMBER);
    }
    orgs.createInvitation("pm", "pager-org", "zz@example.com", Role.MEMBER);

    // WHEN / THEN
    Page<Membership> p1 = orgs.listMembers("Pager-Org", PageRequest.first(2));
    assertEquals(List.of("alpha", "Bravo"), usernames(p1));
    assertNotNull(p1.nextCursor());
    Page<Membership> p2 = orgs.listMembers("pager-org", new PageRequest(2, p1.nextCursor()));
    assertEquals(List.of("charlie", "Delta"), usernames(p2));
    assertNotNull(p2.nextCursor());
    Page<Membership> p3 = orgs.listMembers("pager-org", new PageRequest(2, p2.nextCursor()));
    assertEquals(List.of("pm"), usernames(p3));
    assertEquals(Role.ADMIN, p3.items().get(0).role());
    assertNull(p3.nextCursor());
  }

  @Test
  void listMembers_shouldRejectCursor_issuedForAnotherOrgOrRoute() {
    orgWithAdmin("xena", "xena-org");
    orgWithAdmin("xavi", "xavi-org");
    for (String name : List.of("xa", "xb")) {
      user(name);
      orgs.putMember("xena", "xena-org", name, Role.MEMBER);
      orgs.putMember("xavi", "xavi-org", name, Role.MEMBER);
    }
    String cursor = orgs.listMembers("xena-org", PageRequest.first(1)).nextCursor();
    String orgsCursor = orgs.listUserOrgs("xa", PageRequest.first(1)).nextCursor();
    assertNotNull(cursor);
    assertNotNull(orgsCursor);

    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> orgs.listMembers("xavi-org", new PageRequest(1, cursor))).field());
    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> orgs.listMembers("xena-org", new PageRequest(1, orgsCursor))).field());
    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> orgs.listMembers("xena-org", new PageRequest(1, cursor.substring(1)))).field());
  }

  @Test
  void listMembers_shouldReturnEmptyLastPage_whenOrgIsUnknown() {
    Page<Membership> page = orgs.listMembers("unknown-org", PageRequest.first(10));

    assertEquals(List.of(), page.items());
    assertNull(page.nextCursor());
  }

  @Test
  void listUserOrgs_shouldPageByLowerCaseOrg_fromGsi1() {
    // GIVEN Ursula in three orgs; her own User item also lives in GSI1 partition ACCOUNT#ursula
    user("Ursula");
    orgWithAdmin("orgmaker", "Zeta-Org");
    orgs.createOrg("orgmaker", "alpha-org", null, null);
    orgs.createOrg("orgmaker", "Mid-Org", null, null);
    orgs.putMember("orgmaker", "zeta-org", "ursula", Role.MEMBER);
    orgs.putMember("orgmaker", "alpha-org", "URSULA", Role.ADMIN);
    orgs.putMember("orgmaker", "mid-org", "Ursula", Role.MEMBER);

    Page<Membership> p1 = orgs.listUserOrgs("URSULA", PageRequest.first(2));
    assertEquals(List.of("alpha-org", "Mid-Org"), p1.items().stream().map(Membership::org).toList());
    assertEquals(List.of(Role.ADMIN, Role.MEMBER), p1.items().stream().map(Membership::role).toList());
    assertNotNull(p1.nextCursor());
    Page<Membership> p2 = orgs.listUserOrgs("ursula", new PageRequest(2, p1.nextCursor()));
    assertEquals(List.of("Zeta-Org"), p2.items().stream().map(Membership::org).toList());
    assertEquals("Ursula", p2.items().get(0).username());
    assertNull(p2.nextCursor());

    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> orgs.listUserOrgs("orgmaker", new PageRequest(2, p1.nextCursor()))).field());
  }

  // ---- AP10 invite, AP11 listInvitations ----------------------------------------------------

  @Test
  void createInvitation_shouldWriteInvitationExactly_whenCallerIsAdmin() {
    orgWithAdmin("yara", "yara-org");

    Invitation inv = orgs.createInvitation("yara", "Yara-Org", "New.Hire@Example.com", Role.ADMIN);

    Map<String, AttributeValue> item = table.item(Keys.invitation("yara-org", "new.hire@example.com")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "Type", "Org", "Email", "Role", "InvitedBy", "TTL", "CreatedAt", "UpdatedAt",
        "SchemaVersion"), item.keySet());
    assertEquals("ACCOUNT#yara-org", s(item, "PK"));
    assertEquals("INVITE#new.hire@example.com", s(item, "SK"));
    assertEquals("Invitation", s(item, "Type"));
    assertEquals("new.hire@example.com", s(item, "Email"));
    assertEquals("admin", s(item, "Role"));
    assertEquals("yara", s(item, "InvitedBy"));
    assertEquals(Long.toString(T0_EPOCH + WEEK), n(item, "TTL"));
    assertEquals(T0, s(item, "CreatedAt"));
    assertEquals(T0, s(item, "UpdatedAt"));
    assertEquals("1", n(item, "SchemaVersion"));
    assertEquals(new Invitation("Yara-Org", "new.hire@example.com", Role.ADMIN, "yara", T0, T0_EPOCH + WEEK), inv);
  }

  @Test
  void createInvitation_shouldConflict_whenAnUnexpiredInvitationIsPending() {
    orgWithAdmin("zack", "zack-org");
    orgs.createInvitation("zack", "zack-org", "pending@example.com", Role.MEMBER);
    Map<String, AttributeValue> before = table.item(Keys.invitation("zack-org", "pending@example.com")).orElseThrow();
    clock.advance(Duration.ofDays(7).minusSeconds(1));

    ConflictException e = assertThrows(ConflictException.class,
        () -> orgs.createInvitation("zack", "zack-org", "PENDING@example.com", Role.ADMIN));

    assertEquals("invitation", e.conflict());
    assertEquals(before, table.item(Keys.invitation("zack-org", "pending@example.com")).orElseThrow());
  }

  @Test
  void createInvitation_shouldReplaceInvitation_whenThePreviousOneExpiredButWasNotYetDeleted() {
    orgWithAdmin("amos", "amos-org");
    orgs.createInvitation("amos", "amos-org", "late@example.com", Role.MEMBER);
    // TTL deletion lags expiry by up to days; at TTL the invitation no longer counts
    clock.advance(Duration.ofDays(7));

    Invitation again = orgs.createInvitation("amos", "amos-org", "late@example.com", Role.ADMIN);

    Map<String, AttributeValue> item = table.item(Keys.invitation("amos-org", "late@example.com")).orElseThrow();
    assertEquals(Long.toString(T0_EPOCH + 2 * WEEK), n(item, "TTL"));
    assertEquals("admin", s(item, "Role"));
    assertEquals(T0_EPOCH + 2 * WEEK, again.expiresAt());
  }

  @Test
  void createInvitation_shouldForbidOrNotFind_whenCallerIsNotAdminOrOrgIsMissing() {
    orgWithAdmin("bert", "bert-org");
    user("bill");
    orgs.putMember("bert", "bert-org", "bill", Role.MEMBER);
    int before = table.scanAll().size();

    assertThrows(ForbiddenException.class, () -> orgs.createInvitation("bill", "bert-org", "x@example.com", Role.MEMBER));
    assertThrows(ForbiddenException.class, () -> orgs.createInvitation("stranger", "bert-org", "x@example.com", null));
    assertEquals("organization not found", assertThrows(NotFoundException.class,
        () -> orgs.createInvitation("bert", "nowhere-org", "x@example.com", Role.MEMBER)).getMessage());
    assertEquals("email", assertThrows(ValidationException.class,
        () -> orgs.createInvitation("bert", "bert-org", "not-an-address", Role.MEMBER)).field());

    assertEquals(before, table.scanAll().size());
  }

  @Test
  void createInvitation_shouldDefaultToMemberRole_whenRoleIsNull() {
    orgWithAdmin("cody", "cody-org");

    Invitation inv = orgs.createInvitation("cody", "cody-org", "someone@example.com", null);

    assertEquals(Role.MEMBER, inv.role());
    assertEquals("member", s(table.item(Keys.invitation("cody-org", "someone@example.com")).orElseThrow(), "Role"));
  }

  @Test
  void listInvitations_shouldPageByEmail_andEndWithNullCursor() {
    orgWithAdmin("dina", "dina-org");
    for (String email : List.of("e@x.io", "a@x.io", "d@x.io", "b@x.io", "c@x.io")) {
      orgs.createInvitation("dina", "dina-org", email, Role.MEMBER);
    }
    user("dirk");
    orgs.putMember("dina", "dina-org", "dirk", Role.MEMBER);

    Page<Invitation> p1 = orgs.listInvitations("dina", "dina-org", PageRequest.first(2));
    assertEquals(List.of("a@x.io", "b@x.io"), emails(p1));
    Page<Invitation> p2 = orgs.listInvitations("dina", "dina-org", new PageRequest(2, p1.nextCursor()));
    assertEquals(List.of("c@x.io", "d@x.io"), emails(p2));
    Page<Invitation> p3 = orgs.listInvitations("dina", "dina-org", new PageRequest(2, p2.nextCursor()));
    assertEquals(List.of("e@x.io"), emails(p3));
    assertNull(p3.nextCursor());
  }

  @Test
  void listInvitations_shouldHideExpiredInvitations_beforeTtlDeletesThem() {
    // GIVEN two invitations sent at T0 and one three days later
    orgWithAdmin("emma", "emma-org");
    orgs.createInvitation("emma", "emma-org", "old1@x.io", Role.MEMBER);
    orgs.createInvitation("emma", "emma-org", "old2@x.io", Role.MEMBER);
    clock.advance(Duration.ofDays(3));
    orgs.createInvitation("emma", "emma-org", "fresh@x.io", Role.MEMBER);

    // WHEN listed one second before and exactly at the first two's expiry
    clock.set(Instant.parse(T0).plus(Duration.ofDays(7)).minusSeconds(1));
    Page<Invitation> before = orgs.listInvitations("emma", "emma-org", PageRequest.first(10));
    clock.set(Instant.parse(T0).plus(Duration.ofDays(7)));
    Page<Invitation> after = orgs.listInvitations("emma", "emma-org", PageRequest.first(10));

    // THEN the expired ones are gone from the list though their items are still in the table
    assertEquals(List.of("fresh@x.io", "old1@x.io", "old2@x.io"), emails(before));
    assertEquals(List.of("fresh@x.io"), emails(after));
    assertNull(after.nextCursor());
    assertTrue(table.item(Keys.invitation("emma-org", "old1@x.io")).isPresent());
  }

  @Test
  void listInvitations_shouldForbid_whenCallerIsNotAnAdmin() {
    orgWithAdmin("finn", "finn-org");
    user("fred");
    orgs.putMember("finn", "finn-org", "fred", Role.MEMBER);
    orgs.createInvitation("finn", "finn-org", "secret@x.io", Role.MEMBER);

    assertThrows(ForbiddenException.class, () -> orgs.listInvitations("fred", "finn-org", PageRequest.first(10)));
    assertThrows(ForbiddenException.class, () -> orgs.listInvitations("outsider", "finn-org", PageRequest.first(10)));
    assertThrows(UnauthorizedException.class, () -> orgs.listInvitations(null, "finn-org", PageRequest.first(10)));
  }

  // ---- fixtures -----------------------------------------------------------------------------

  private void user(String username) {
    table.put(new User(username, username.toLowerCase() + "@users.example", null, null, T0, T0, 1).toItem());
  }

  private void orgWithAdmin(String admin, String org) {
    user(admin);
    orgs.createOrg(admin, org, null, null);
  }

  private static List<String> usernames(Page<Membership> page) {
    return page.items().stream().map(Membership::username).toList();
  }

  private static List<String> emails(Page<Invitation> page) {
    return page.items().stream().map(Invitation::email).toList();
  }

  private static String s(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null ? null : v.s();
  }

  private static String n(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null ? null : v.n();
  }
}
