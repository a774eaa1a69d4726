package dev.monotable.forge.data;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;

import static dev.monotable.forge.data.RepoFixtures.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.RepoRef;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Role;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class RepositoriesTest {
  private static final String T0 = "2026-03-01T10:00:00.000Z";

  private final TestTable table;
  private final RepoFixtures fx;
  private final MutableClock clock = MutableClock.at(T0);
  private final Repositories repos;

  RepositoriesTest(TestTable table) {
    this.table = table;
    this.fx = new RepoFixtures(table);
    this.repos = new Repositories(table.gateway(clock));
  }

  // ---- AP13 createRepo ----------------------------------------------------------------------

  @Test
  void createRepo_shouldWriteRepositoryAndCounter_whenCallerCreatesOwnRepository() {
    // GIVEN
    String alice = fx.user("Alice");
    String a = alice.toLowerCase();

    // WHEN
    Repository created = repos.createRepo(alice, alice, "Hello.World", "my first", false);

    // THEN the keys are lower-case, the item keeps the display form, every index of the chart is set
    assertEquals(new Repository(alice, "Hello.World", "my first", false, false, null, 0, 0, T0, T0, 1), created);
    String pk = "REPO#" + a + "#hello.world";
    assertEquals(item(
        "PK", pk, "SK", pk,
        "GSI1PK", pk, "GSI1SK", pk,
        "GSI2PK", pk, "GSI2SK", pk,
        "GSI3PK", "ACCOUNT#" + a, "GSI3SK", "#" + T0,
        "GSI4PK", pk, "GSI4SK", "#" + pk,
        "Type", "Repository", "Owner", alice, "Name", "Hello.World", "Description", "my first",
        "IsPrivate", false, "OwnerType", "User", "StarCount", 0, "ForkCount", 0,
        "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1, "Version", 1),
        table.item(Keys.repository(alice, "Hello.World")).orElseThrow());
    assertEquals(item(
        "PK", "COUNTER#" + a + "#hello.world", "SK", "METADATA",
        "GSI1PK", "PR#" + a + "#hello.world", "GSI1SK", pk,
        "GSI4PK", "PR#" + a + "#hello.world", "GSI4SK", "#" + pk,
        "Type", "Counter", "Owner", alice, "Repo", "Hello.World", "LastNumber", 0,
        "IsPrivate", false, "OwnerType", "User",
        "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(Keys.counter(alice, "Hello.World")).orElseThrow());
  }

  @Test
  void createRepo_shouldWriteOrgRepository_whenCallerIsOrgAdmin() {
    // GIVEN
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String o = org.toLowerCase();

    // WHEN: no description, private
    Repository created = repos.createRepo(admin, org, "tools", null, true);

    // THEN
    assertEquals(new Repository(org, "tools", null, true, true, null, 0, 0, T0, T0, 1), created);
    String pk = "REPO#" + o + "#tools";
    assertEquals(item(
        "PK", pk, "SK", pk,
        "GSI1PK", pk, "GSI1SK", pk,
        "GSI2PK", pk, "GSI2SK", pk,
        "GSI3PK", "ACCOUNT#" + o, "GSI3SK", "#" + T0,
        "GSI4PK", pk, "GSI4SK", "#" + pk,
        "Type", "Repository", "Owner", org, "Name", "tools",
        "IsPrivate", true, "OwnerType", "Organization", "StarCount", 0, "ForkCount", 0,
        "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1, "Version", 1),
        table.item(Keys.repository(org, "tools")).orElseThrow());
    assertTrue(table.item(Keys.counter(org, "tools")).isPresent());
    assertEquals(created, repos.getRepo(admin, org, "tools"));
  }

  @Test
  void createRepo_shouldThrowConflict_andWriteNothing_whenNameDiffersOnlyInCase() {
    // GIVEN
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "hello", "original", false);
    clock.advance(Duration.ofMinutes(1));
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN
    ConflictException e = assertThrows(ConflictException.class,
        () -> repos.createRepo(alice, alice, "HELLO", "second", true));

    // THEN
    assertEquals("repository", e.conflict());
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldThrowConflict_whenOrgAdminReusesName() {
    // GIVEN
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    repos.createRepo(admin, org, "site", null, false);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN / THEN
    assertEquals("repository",
        assertThrows(ConflictException.class, () -> repos.createRepo(admin, org, "site", null, false)).conflict());
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldThrowForbidden_andWriteNothing_whenOrgMemberIsNotAdmin() {
    // GIVEN
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN / THEN
    assertThrows(ForbiddenException.class, () -> repos.createRepo(member, org, "tools", null, false));
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldThrowForbidden_whenCallerIsNotInTheOrg() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String outsider = fx.user("Outsider");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    assertThrows(ForbiddenException.class, () -> repos.createRepo(outsider, org, "tools", null, false));
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldThrowForbiddenNotConflict_whenNonAdminReusesAnExistingName() {
    // GIVEN a private org repository a member cannot create again
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    repos.createRepo(admin, org, "secret", null, true);

    // WHEN / THEN: the permission failure wins, so the name's existence is not revealed
    assertThrows(ForbiddenException.class, () -> repos.createRepo(member, org, "secret", null, true));
  }

  @Test
  void createRepo_shouldThrowForbidden_andWriteNothing_whenOwnerIsAnotherUser() {
    // GIVEN
    String alice = fx.user("Alice");
    String bob = fx.user("Bob");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN
    ForbiddenException e = assertThrows(ForbiddenException.class,
        () -> repos.createRepo(alice, bob, "hijack", null, false));

    // THEN
    assertTrue(e.getMessage().contains("yourself"), e.getMessage());
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldThrowNotFound_andWriteNothing_whenOrganizationDoesNotExist() {
    String alice = fx.user("Alice");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    NotFoundException e = assertThrows(NotFoundException.class,
        () -> repos.createRepo(alice, RepoFixtures.unique("Ghost"), "x", null, false));

    assertEquals("organization not found", e.getMessage());
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldThrowForbidden_andWriteNothing_whenCallerHasNoProfile() {
    String nobody = RepoFixtures.unique("Nobody");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    ForbiddenException e = assertThrows(ForbiddenException.class,
        () -> repos.createRepo(nobody, nobody, "x", null, false));

    assertEquals("create your user profile first", e.getMessage());
    fx.assertUnchanged(before);
  }

  @Test
  void createRepo_shouldThrowValidation_andWriteNothing_whenInputBreaksARule() {
    String alice = fx.user("Alice");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    assertEquals("name", assertThrows(ValidationException.class,
        () -> repos.createRepo(alice, alice, "..", null, false)).field());
    assertEquals("name", assertThrows(ValidationException.class,
        () -> repos.createRepo(alice, alice, "a#b", null, false)).field());
    assertEquals("name", assertThrows(ValidationException.class,
        () -> repos.createRepo(alice, alice, "r".repeat(101), null, false)).field());
    assertEquals("owner", assertThrows(ValidationException.class,
        () -> repos.createRepo(alice, "bad#owner", "x", null, false)).field());
    assertEquals("description", assertThrows(ValidationException.class,
        () -> repos.createRepo(alice, alice, "x", "d".repeat(351), false)).field());
    assertThrows(UnauthorizedException.class, () -> repos.createRepo(null, alice, "x", null, false));
    fx.assertUnchanged(before);
  }

  // ---- AP14 getRepo -------------------------------------------------------------------------

  @Test
  void getRepo_shouldReturnPublicRepository_toAnyone_ignoringCaseOfPath() {
    String alice = fx.user("Alice");
    Repository created = repos.createRepo(alice, alice, "Public", "desc", false);
    String bob = fx.user("Bob");

    assertEquals(created, repos.getRepo(null, alice.toUpperCase(), "public"));
    assertEquals(created, repos.getRepo(bob, alice, "PUBLIC"));
  }

  @Test
  void getRepo_shouldThrowNotFound_whenPrivateUserRepository_andCallerIsNotTheOwner() {
    String alice = fx.user("Alice");
    Repository created = repos.createRepo(alice, alice, "diary", null, true);
    String bob = fx.user("Bob");

    assertEquals(created, repos.getRepo(alice, alice, "diary"));
    assertEquals(created, repos.getRepo(alice.toUpperCase(), alice, "diary"));
    assertEquals("repository not found", assertThrows(NotFoundException.class,
        () -> repos.getRepo(bob, alice, "diary")).getMessage());
    assertThrows(NotFoundException.class, () -> repos.getRepo(null, alice, "diary"));
  }

  @Test
  void getRepo_shouldShowPrivateOrgRepository_toMembersOnly() {
    // GIVEN
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    String otherAdmin = fx.user("Other");
    fx.org("Elsewhere", otherAdmin);
    Repository created = repos.createRepo(admin, org, "internal", null, true);

    // WHEN / THEN
    assertEquals(created, repos.getRepo(admin, org, "internal"));
    assertEquals(created, repos.getRepo(member, org, "internal"));
    assertThrows(NotFoundException.class, () -> repos.getRepo(otherAdmin, org, "internal"));
    assertThrows(NotFoundException.class, () -> repos.getRepo(null, org, "internal"));
  }

  @Test
  void getRepo_shouldThrowNotFound_whenRepositoryDoesNotExist() {
    String alice = fx.user("Alice");
    assertThrows(NotFoundException.class, () -> repos.getRepo(alice, alice, "nothing"));
    assertEquals("repo", assertThrows(ValidationException.class, () -> repos.getRepo(alice, alice, ".")).field());
  }

  // ---- AP15 listAccountRepos ----------------------------------------------------------------

  @Test
  void listAccountRepos_shouldReturnMostRecentlyUpdatedFirst_overSeveralPages() {
    // GIVEN five repositories created a minute apart, names not in time order
    String alice = fx.user("Alice");
    List<String> names = List.of("m", "a", "z", "b", "y");
    List<Repository> created = new ArrayList<>();
    for (String n : names) {
      created.add(repos.createRepo(alice, alice, n, null, false));
      clock.advance(Duration.ofMinutes(1));
    }

    // WHEN: pages of two
    Page<Repository> p1 = repos.listAccountRepos(alice, alice, PageRequest.first(2));
    Page<Repository> p2 = repos.listAccountRepos(alice, alice, new PageRequest(2, p1.nextCursor()));
    Page<Repository> p3 = repos.listAccountRepos(alice, alice, new PageRequest(2, p2.nextCursor()));

    // THEN newest first; the User item sharing the GSI3 partition is not listed
    assertEquals(List.of(created.get(4), created.get(3)), p1.items());
    assertEquals(List.of(created.get(2), created.get(1)), p2.items());
    assertEquals(List.of(created.get(0)), p3.items());
    assertTrue(p1.nextCursor() != null && p2.nextCursor() != null);
    assertNull(p3.nextCursor());
  }

  @Test
  void listAccountRepos_shouldOrderByLastUpdate_notCreation_whenAnOlderRepositoryWasUpdated() {
    // GIVEN two repositories, then the older one updated later (as stream handler ST1 does on a new
    // issue: UpdatedAt and GSI3SK move forward)
    String alice = fx.user("Alice");
    Repository older = repos.createRepo(alice, alice, "older", null, false);
    clock.advance(Duration.ofMinutes(1));
    Repository newer = repos.createRepo(alice, alice, "newer", null, false);
    String later = "2026-03-01T12:00:00.000Z";
    Repository touched = new Repository(alice, "older", null, false, false, null, 0, 0, older.createdAt(), later, 1);
    table.put(touched.toItem());

    // WHEN
    List<Repository> listed = repos.listAccountRepos(alice, alice, PageRequest.first(10)).items();

    // THEN
    assertEquals(List.of(touched, newer), listed);
    assertEquals(AttributeValue.fromS("#" + later),
        table.item(Keys.repository(alice, "older")).orElseThrow().get("GSI3SK"));
  }

  @Test
  void listAccountRepos_shouldHidePrivateRepositories_fromAnyoneButTheOwningUser() {
    // GIVEN
    String alice = fx.user("Alice");
    Repository pub = repos.createRepo(alice, alice, "pub", null, false);
    clock.advance(Duration.ofSeconds(1));
    Repository priv = repos.createRepo(alice, alice, "priv", null, true);
    String bob = fx.user("Bob");

    // WHEN / THEN
    assertEquals(List.of(priv, pub), repos.listAccountRepos(alice, alice, PageRequest.first(10)).items());
    assertEquals(List.of(priv, pub), repos.listAccountRepos(alice.toUpperCase(), alice, PageRequest.first(10)).items());
    assertEquals(List.of(pub), repos.listAccountRepos(bob, alice, PageRequest.first(10)).items());
    assertEquals(List.of(pub), repos.listAccountRepos(null, alice, PageRequest.first(10)).items());
  }

  @Test
  void listAccountRepos_shouldShowPrivateOrgRepositories_toOrgMembersOnly() {
    // GIVEN
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    String outsider = fx.user("Outsider");
    Repository secret = repos.createRepo(admin, org, "secret", null, true);
    clock.advance(Duration.ofSeconds(1));
    Repository site = repos.createRepo(admin, org, "site", null, false);

    // WHEN / THEN
    assertEquals(List.of(site, secret), repos.listAccountRepos(member, org, PageRequest.first(10)).items());
    assertEquals(List.of(site, secret), repos.listAccountRepos(admin, org, PageRequest.first(10)).items());
    assertEquals(List.of(site), repos.listAccountRepos(outsider, org, PageRequest.first(10)).items());
    assertEquals(List.of(site), repos.listAccountRepos(null, org, PageRequest.first(10)).items());
  }

  @Test
  void listAccountRepos_shouldPageThroughFilteredList_withoutPrivateRepositories_forOthers() {
    // GIVEN public and private repositories interleaved in time
    String alice = fx.user("Alice");
    List<Repository> visible = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      Repository r = repos.createRepo(alice, alice, "r" + i, null, i % 2 == 1);
      if (!r.isPrivate()) {
        visible.add(0, r);
      }
      clock.advance(Duration.ofMinutes(1));
    }

    // WHEN an anonymous caller reads every page of two
    List<Repository> seen = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Page<Repository> p = repos.listAccountRepos(null, alice, new PageRequest(2, cursor));
      assertTrue(p.items().size() <= 2);
      seen.addAll(p.items());
      cursor = p.nextCursor();
      pages++;
    } while (cursor != null);

    // THEN only the public ones, newest first, over several pages
    assertEquals(visible, seen);
    assertEquals(3, pages);
  }

  @Test
  void listAccountRepos_shouldRejectCursor_fromAnotherOwnersList() {
    // GIVEN
    String alice = fx.user("Alice");
    String bob = fx.user("Bob");
    for (int i = 0; i < 3; i++) {
      repos.createRepo(alice, alice, "r" + i, null, false);
      repos.createRepo(bob, bob, "r" + i, null, false);
      clock.advance(Duration.ofSeconds(1));
    }
    String aliceCursor = repos.listAccountRepos(null, alice, PageRequest.first(1)).nextCursor();

    // WHEN / THEN
    ValidationException e = assertThrows(ValidationException.class,
        () -> repos.listAccountRepos(null, bob, new PageRequest(1, aliceCursor)));
    assertEquals("cursor", e.field());
    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> repos.listAccountRepos(null, alice, new PageRequest(1, aliceCursor + "x"))).field());
  }

  @Test
  void listAccountRepos_shouldReturnEmptyLastPage_whenAccountHasNoRepositories() {
    String alice = fx.user("Alice");
    Page<Repository> p = repos.listAccountRepos(null, alice, PageRequest.first(5));
    assertEquals(List.of(), p.items());
    assertNull(p.nextCursor());
  }

  // ---- AP16 fork ----------------------------------------------------------------------------

  @Test
  void fork_shouldWriteForkUnderOriginalInGsi2_andIncrementForkCount() {
    // GIVEN
    String alice = fx.user("Alice");
    Repository original = repos.createRepo(alice, alice, "Lib", "a library", false);
    String bob = fx.user("Bob");
    String b = bob.toLowerCase();
    String a = alice.toLowerCase();
    clock.advance(Duration.ofHours(1));
    String t1 = "2026-03-01T11:00:00.000Z";

    // WHEN
    Repository fork = repos.fork(bob, alice, "lib");

    // THEN the fork is a public user repository filed under the original in GSI2
    assertEquals(new Repository(bob, "Lib", "a library", false, false, new RepoRef(alice, "Lib"), 0, 0, t1, t1, 1),
        fork);
    String pk = "REPO#" + b + "#lib";
    assertEquals(item(
        "PK", pk, "SK", pk,
        "GSI1PK", pk, "GSI1SK", pk,
        "GSI2PK", "REPO#" + a + "#lib", "GSI2SK", "FORK#" + b,
        "GSI3PK", "ACCOUNT#" + b, "GSI3SK", "#" + t1,
        "GSI4PK", pk, "GSI4SK", "#" + pk,
        "Type", "Repository", "Owner", bob, "Name", "Lib", "Description", "a library",
        "IsPrivate", false, "OwnerType", "User", "StarCount", 0, "ForkCount", 0, "ForkOf", alice + "/Lib",
        "CreatedAt", t1, "UpdatedAt", t1, "SchemaVersion", 1, "Version", 1),
        table.item(Keys.repository(bob, "Lib")).orElseThrow());
    assertEquals(item(
        "PK", "COUNTER#" + b + "#lib", "SK", "METADATA",
        "GSI1PK", "PR#" + b + "#lib", "GSI1SK", pk,
        "GSI4PK", "PR#" + b + "#lib", "GSI4SK", "#" + pk,
        "Type", "Counter", "Owner", bob, "Repo", "Lib", "LastNumber", 0,
        "IsPrivate", false, "OwnerType", "User",
        "CreatedAt", t1, "UpdatedAt", t1, "SchemaVersion", 1),
        table.item(Keys.counter(bob, "Lib")).orElseThrow());
    // the original only gains a fork: no new version, no move in its owner's list
    Repository after = Repository.fromItem(table.item(Keys.repository(alice, "Lib")).orElseThrow());
    assertEquals(new Repository(alice, "Lib", "a library", false, false, null, 0, 1, T0, T0, 1), after);
    assertEquals(original.updatedAt(), after.updatedAt());
  }

  @Test
  void fork_shouldThrowConflict_andWriteNothing_whenForkedTwice() {
    // GIVEN
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    String bob = fx.user("Bob");
    repos.fork(bob, alice, "lib");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN
    ConflictException e = assertThrows(ConflictException.class, () -> repos.fork(bob, alice, "lib"));

    // THEN ForkCount stays 1
    assertEquals("repository", e.conflict());
    fx.assertUnchanged(before);
    assertEquals(1, repos.getRepo(null, alice, "lib").forkCount());
  }

  @Test
  void fork_shouldThrowConflict_andWriteNothing_whenCallerHasARepositoryOfThatName() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    String bob = fx.user("Bob");
    repos.createRepo(bob, bob, "LIB", null, true);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    assertEquals("repository", assertThrows(ConflictException.class, () -> repos.fork(bob, alice, "lib")).conflict());
    fx.assertUnchanged(before);
  }

  @Test
  void fork_shouldThrowConflict_andWriteNothing_whenForkingOwnRepository() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    assertEquals("repository",
        assertThrows(ConflictException.class, () -> repos.fork(alice.toUpperCase(), alice, "lib")).conflict());
    fx.assertUnchanged(before);
  }

  @Test
  void fork_shouldThrowNotFound_whenPrivate_andCallerIsNotAMember() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    repos.createRepo(admin, org, "secret", null, true);
    String bob = fx.user("Bob");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    assertThrows(NotFoundException.class, () -> repos.fork(bob, org, "secret"));
    fx.assertUnchanged(before);
  }

  @Test
  void fork_shouldThrowForbidden_andWriteNothing_whenOrgMemberForksPrivateRepository() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    repos.createRepo(admin, org, "secret", null, true);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    ForbiddenException e = assertThrows(ForbiddenException.class, () -> repos.fork(member, org, "secret"));

    assertEquals("private repositories cannot be forked", e.getMessage());
    fx.assertUnchanged(before);
  }

  @Test
  void fork_shouldThrowForbidden_andWriteNothing_whenCallerHasNoProfile() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    assertThrows(ForbiddenException.class, () -> repos.fork(RepoFixtures.unique("Nobody"), alice, "lib"));
    fx.assertUnchanged(before);
  }

  @Test
  void fork_shouldThrowNotFoundOrUnauthorized_whenRepositoryMissingOrCallerAnonymous() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    String bob = fx.user("Bob");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    assertThrows(NotFoundException.class, () -> repos.fork(bob, alice, "missing"));
    assertThrows(UnauthorizedException.class, () -> repos.fork(null, alice, "lib"));
    fx.assertUnchanged(before);
  }

  @Test
  void fork_shouldFileForkOfAFork_underItsDirectParent() {
    // GIVEN alice/lib forked by bob
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    String bob = fx.user("Bob");
    repos.fork(bob, alice, "lib");
    String carol = fx.user("Carol");

    // WHEN carol forks bob's fork
    Repository fork = repos.fork(carol, bob, "lib");

    // THEN it counts and lists under bob/lib only
    assertEquals(new RepoRef(bob, "lib"), fork.forkOf());
    assertEquals(1, repos.getRepo(null, bob, "lib").forkCount());
    assertEquals(1, repos.getRepo(null, alice, "lib").forkCount());
    assertEquals(List.of(fork), repos.listForks(null, bob, "lib", PageRequest.first(10)).items());
    assertEquals(List.of(bob), repos.listForks(null, alice, "lib", PageRequest.first(10)).items().stream()
        .map(Repository::owner).toList());
  }

  // ---- AP17 listForks -----------------------------------------------------------------------

  @Test
  void listForks_shouldListForksByOwnerName_overSeveralPages() {
    // GIVEN five forks made in an order that is not the name order
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    List<String> forkers = new ArrayList<>();
    for (String base : List.of("Eve", "Bob", "Dan", "Ann", "Cid")) {
      String u = fx.user(base);
      repos.fork(u, alice, "lib");
      forkers.add(u);
      clock.advance(Duration.ofSeconds(1));
    }
    List<String> byKey = forkers.stream().sorted(String.CASE_INSENSITIVE_ORDER).toList();

    // WHEN
    Page<Repository> p1 = repos.listForks(null, alice, "LIB", PageRequest.first(2));
    Page<Repository> p2 = repos.listForks(null, alice, "lib", new PageRequest(2, p1.nextCursor()));
    Page<Repository> p3 = repos.listForks(null, alice, "lib", new PageRequest(2, p2.nextCursor()));

    // THEN the original (same GSI2 partition) is not listed
    assertEquals(byKey.subList(0, 2), p1.items().stream().map(Repository::owner).toList());
    assertEquals(byKey.subList(2, 4), p2.items().stream().map(Repository::owner).toList());
    assertEquals(byKey.subList(4, 5), p3.items().stream().map(Repository::owner).toList());
    assertTrue(p1.nextCursor() != null && p2.nextCursor() != null);
    assertNull(p3.nextCursor());
    assertTrue(p1.items().stream().allMatch(r -> r.forkOf().equals(new RepoRef(alice, "lib"))));
    assertEquals(5, repos.getRepo(null, alice, "lib").forkCount());
  }

  @Test
  void listForks_shouldThrowNotFound_whenPrivate_andCallerIsNotAMember() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    repos.createRepo(admin, org, "secret", null, true);

    Page<Repository> p = repos.listForks(member, org, "secret", PageRequest.first(10));
    assertEquals(List.of(), p.items());
    assertNull(p.nextCursor());
    assertThrows(NotFoundException.class, () -> repos.listForks(null, org, "secret", PageRequest.first(10)));
    assertThrows(NotFoundException.class,
        () -> repos.listForks(fx.user("Bob"), org, "secret", PageRequest.first(10)));
    assertThrows(NotFoundException.class, () -> repos.listForks(null, org, "missing", PageRequest.first(10)));
  }

  @Test
  void listForks_shouldRejectCursor_fromAnotherRepositorysForks() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "one", null, false);
    repos.createRepo(alice, alice, "two", null, false);
    for (String base : List.of("Bob", "Cid")) {
      String u = fx.user(base);
      repos.fork(u, alice, "one");
      repos.fork(u, alice, "two");
    }
    String cursor = repos.listForks(null, alice, "one", PageRequest.first(1)).nextCursor();
    assertFalse(cursor == null);

    ValidationException e = assertThrows(ValidationException.class,
        () -> repos.listForks(null, alice, "two", new PageRequest(1, cursor)));
    assertEquals("cursor", e.field());
    // the same cursor still pages its own list
    assertEquals(1, repos.listForks(null, alice, "one", new PageRequest(1, cursor)).items().size());
  }
}
