package dev.monotable.forge.data;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;

import static dev.monotable.forge.data.RepoFixtures.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.Star;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class StarsTest {
  private static final String T0 = "2026-03-01T10:00:00.000Z";
  private static final String T1 = "2026-03-01T11:00:00.000Z";

  private final TestTable table;
  private final RepoFixtures fx;
  private final MutableClock clock = MutableClock.at(T0);
  private final Repositories repos;
  private final Stars stars;

  StarsTest(TestTable table) {
    this.table = table;
    this.fx = new RepoFixtures(table);
    TableGateway gateway = table.gateway(clock);
    this.repos = new Repositories(gateway);
    this.stars = new Stars(gateway);
  }

  private Repository stored(String owner, String name) {
    return Repository.fromItem(table.item(Keys.repository(owner, name)).orElseThrow());
  }

  // ---- AP18 star ----------------------------------------------------------------------------

  @Test
  void star_shouldBeForbiddenAndWriteNothing_whenTheCallerHasNoProfile() {
    // GIVEN a repository and a caller with a valid token but no User item
    String alice = fx.user("Alice2");
    repos.createRepo(alice, alice, "Tool", null, false);
    int before = table.scanAll().size();

    // WHEN / THEN: a star would live in a partition of an account that does not exist
    assertThrows(dev.monotable.kit.errors.ForbiddenException.class, () -> stars.star("ghost", alice, "Tool"));
    assertEquals(before, table.scanAll().size());
    assertEquals(0, stored(alice, "Tool").starCount());
  }

  @Test
  void star_shouldWriteStar_andIncrementStarCount_whenFirstStar() {
    // GIVEN
    String alice = fx.user("Alice");
    Repository repo = repos.createRepo(alice, alice, "Lib", null, false);
    String bob = fx.user("Bob");
    clock.set(Instant.parse(T1));

    // WHEN: path in another case than the display form
    boolean added = stars.star(bob, alice.toLowerCase(), "LIB");

    // THEN the Star keeps the repository's display form; keys are lower-case
    assertTrue(added);
    String a = alice.toLowerCase();
    String b = bob.toLowerCase();
    assertEquals(item(
        "PK", "ACCOUNT#" + b, "SK", "STAR#" + a + "#lib",
        "GSI1PK", "REPO#" + a + "#lib", "GSI1SK", "STAR#" + b + "#" + T1,
        "Type", "Star", "Username", bob, "Owner", alice, "Repo", "Lib", "IsPrivate", false, "StarredAt", T1,
        "CreatedAt", T1, "UpdatedAt", T1, "SchemaVersion", 1),
        table.item(Keys.star(bob, alice, "Lib")).orElseThrow());
    // only the count moves: no new Version, no move in the owner's most-recently-updated list
    assertEquals(new Repository(alice, "Lib", null, false, false, null, 1, 0, T0, T0, 1), stored(alice, "Lib"));
    assertEquals(repo.updatedAt(), stored(alice, "Lib").updatedAt());
  }

  @Test
  void star_shouldReturnFalse_andChangeNothing_whenStarredTwice() {
    // GIVEN
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    String bob = fx.user("Bob");
    assertTrue(stars.star(bob, alice, "lib"));
    clock.advance(Duration.ofMinutes(5));
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN
    boolean added = stars.star(bob, alice, "lib");

    // THEN the count is still 1 and the first StarredAt stays
    assertFalse(added);
    fx.assertUnchanged(before);
    assertEquals(1, stored(alice, "lib").starCount());
  }

  @Test
  void star_shouldCopyTheProfilesNameAndTheRepositorysVisibility_whenTheFirstAttemptsAssumptionsAreWrong() {
    // GIVEN a private repository of its owner, and a public one starred by a caller spelled in lower case
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "Secret", null, true);
    repos.createRepo(alice, alice, "Open", null, false);
    String bob = fx.user("Bob");

    // WHEN
    assertTrue(stars.star(alice, alice, "secret"));
    assertTrue(stars.star(bob.toLowerCase(), alice, "Open"));

    // THEN the Stars copy the stored names and visibility, and each count moved once
    Star own = Star.fromItem(table.item(Keys.star(alice, alice, "Secret")).orElseThrow());
    assertEquals(new Star(alice, alice, "Secret", true, T0), own);
    Star other = Star.fromItem(table.item(Keys.star(bob, alice, "Open")).orElseThrow());
    assertEquals(new Star(bob, alice, "Open", false, T0), other);
    assertEquals(1, stored(alice, "Secret").starCount());
    assertEquals(1, stored(alice, "Open").starCount());
  }

  @Test
  void star_shouldCountEachUser_whenSeveralUsersStar() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    for (int i = 0; i < 3; i++) {
      assertTrue(stars.star(fx.user("Fan"), alice, "lib"));
    }
    assertTrue(stars.star(alice, alice, "lib"));

    assertEquals(4, stored(alice, "lib").starCount());
    assertEquals(4, stars.listStargazers(null, alice, "lib", PageRequest.first(10)).items().size());
  }

  @Test
  void star_shouldThrowNotFound_andWriteNothing_whenPrivate_andCallerIsNotAMember() {
    // GIVEN
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    repos.createRepo(admin, org, "secret", null, true);
    String bob = fx.user("Bob");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN / THEN
    assertEquals("repository not found",
        assertThrows(NotFoundException.class, () -> stars.star(bob, org, "secret")).getMessage());
    fx.assertUnchanged(before);
  }

  @Test
  void star_shouldCopyIsPrivate_whenOrgMemberStarsPrivateRepository() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    repos.createRepo(admin, org, "secret", null, true);

    assertTrue(stars.star(member, org, "secret"));

    assertEquals(new Star(member, org, "secret", true, T0),
        Star.fromItem(table.item(Keys.star(member, org, "secret")).orElseThrow()));
    assertEquals(1, stored(org, "secret").starCount());
  }

  @Test
  void star_shouldThrow_andWriteNothing_whenRepositoryMissingOrInputInvalidOrAnonymous() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    assertThrows(NotFoundException.class, () -> stars.star(alice, alice, "missing"));
    assertEquals("repo", assertThrows(ValidationException.class, () -> stars.star(alice, alice, "a/b")).field());
    assertEquals("owner", assertThrows(ValidationException.class, () -> stars.star(alice, "-x", "lib")).field());
    assertThrows(UnauthorizedException.class, () -> stars.star(null, alice, "lib"));
    fx.assertUnchanged(before);
  }

  // ---- AP19 unstar --------------------------------------------------------------------------

  @Test
  void unstar_shouldDeleteStar_andDecrementCount_thenReturnFalse_whenRepeated() {
    // GIVEN bob and carol starred
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    String bob = fx.user("Bob");
    String carol = fx.user("Carol");
    stars.star(bob, alice, "lib");
    stars.star(carol, alice, "lib");

    // WHEN
    boolean removed = stars.unstar(bob.toUpperCase(), alice, "LIB");

    // THEN
    assertTrue(removed);
    assertTrue(table.item(Keys.star(bob, alice, "lib")).isEmpty());
    assertTrue(table.item(Keys.star(carol, alice, "lib")).isPresent());
    assertEquals(new Repository(alice, "lib", null, false, false, null, 1, 0, T0, T0, 1), stored(alice, "lib"));

    // WHEN repeated: nothing changes
    Set<Map<String, AttributeValue>> before = fx.snapshot();
    assertFalse(stars.unstar(bob, alice, "lib"));
    fx.assertUnchanged(before);
    assertEquals(1, stored(alice, "lib").starCount());
  }

  @Test
  void unstar_shouldReturnFalse_whenNeverStarred_andThrowNotFound_whenRepositoryMissing_writingNothing() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    String bob = fx.user("Bob");
    stars.star(fx.user("Carol"), alice, "lib");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    assertFalse(stars.unstar(bob, alice, "lib"));
    // a missing repository answers as a private one does, so neither tells the other apart
    assertEquals("repository not found",
        assertThrows(NotFoundException.class, () -> stars.unstar(bob, alice, "missing")).getMessage());
    assertThrows(UnauthorizedException.class, () -> stars.unstar(null, alice, "lib"));
    assertEquals("repo", assertThrows(ValidationException.class, () -> stars.unstar(bob, alice, "..")).field());

    fx.assertUnchanged(before);
    assertEquals(1, stored(alice, "lib").starCount());
  }

  @Test
  void unstar_shouldThrowNotFound_andWriteNothing_whenPrivate_andCallerIsNotAMember() {
    // GIVEN private repositories of a user and of an org, each starred by someone who may see it
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    repos.createRepo(admin, org, "secret", null, true);
    repos.createRepo(admin, admin, "diary", null, true);
    assertTrue(stars.star(member, org, "secret"));
    assertTrue(stars.star(admin, admin, "diary"));
    String stranger = fx.user("Stranger");
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN / THEN: everything under a private repository is 404 to a stranger (forge.md section 7),
    // an unstar too (it answered 204 and so told a private repository from a missing one)
    assertEquals("repository not found",
        assertThrows(NotFoundException.class, () -> stars.unstar(stranger, org, "secret")).getMessage());
    assertEquals("repository not found",
        assertThrows(NotFoundException.class, () -> stars.unstar(stranger, admin, "diary")).getMessage());
    fx.assertUnchanged(before);
    assertEquals(1, stored(org, "secret").starCount());
    assertEquals(1, stored(admin, "diary").starCount());

    // and those who may see it still unstar, idempotently
    assertTrue(stars.unstar(member, org, "secret"));
    assertFalse(stars.unstar(member, org, "secret"));
    assertTrue(stars.unstar(admin, admin, "diary"));
    assertFalse(stars.unstar(admin, admin, "diary"));
    assertEquals(0, stored(org, "secret").starCount());
  }

  @Test
  void unstar_shouldRemoveTheCallersOwnStar_whenTheyNoLongerSeeThePrivateRepository() {
    // GIVEN a member's star on a private org repository, then the member leaves the org
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    repos.createRepo(admin, org, "secret", null, true);
    assertTrue(stars.star(member, org, "secret"));
    table.client().deleteItem(b -> b.tableName(table.name()).key(Keys.membership(org, member).toMap()));

    // WHEN / THEN the star is theirs (it lives in their partition): removing it reveals nothing new
    assertTrue(stars.unstar(member, org, "secret"));
    assertTrue(table.item(Keys.star(member, org, "secret")).isEmpty());
    assertEquals(0, stored(org, "secret").starCount());
    // and once it is gone, the repository is private to them like to any stranger
    assertThrows(NotFoundException.class, () -> stars.unstar(member, org, "secret"));
  }

  @Test
  void unstar_shouldRefuseToDriveCountNegative_andWriteNothing_whenStarExistsButCountIsZero() {
    // GIVEN a Star whose repository count says zero (a broken invariant seeded by hand)
    String alice = fx.user("Alice");
    Repository repo = repos.createRepo(alice, alice, "lib", null, false);
    String bob = fx.user("Bob");
    table.put(new Star(bob, alice, "lib", false, T0).toItem());
    Set<Map<String, AttributeValue>> before = fx.snapshot();

    // WHEN / THEN
    assertThrows(IllegalStateException.class, () -> stars.unstar(bob, alice, "lib"));
    fx.assertUnchanged(before);
    assertEquals(repo, stored(alice, "lib"));
  }

  @Test
  void star_thenUnstar_thenStar_shouldKeepCountEqualToStars() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    String bob = fx.user("Bob");

    assertTrue(stars.star(bob, alice, "lib"));
    assertTrue(stars.unstar(bob, alice, "lib"));
    assertEquals(0, stored(alice, "lib").starCount());
    clock.advance(Duration.ofMinutes(1));
    assertTrue(stars.star(bob, alice, "lib"));

    assertEquals(1, stored(alice, "lib").starCount());
    assertEquals("2026-03-01T10:01:00.000Z",
        Star.fromItem(table.item(Keys.star(bob, alice, "lib")).orElseThrow()).starredAt());
  }

  // ---- AP20 listStarred ---------------------------------------------------------------------

  @Test
  void listStarred_shouldListStarsByOwnerAndName_overSeveralPages() {
    // GIVEN bob stars five repositories in an order that is not the key order
    String alice = fx.user("Alice");
    String bob = fx.user("Bob");
    List<String> names = List.of("delta", "alpha", "echo", "charlie", "bravo");
    for (String n : names) {
      repos.createRepo(alice, alice, n, null, false);
      stars.star(bob, alice, n);
      clock.advance(Duration.ofSeconds(1));
    }
    List<String> sorted = names.stream().sorted().toList();

    // WHEN anyone reads pages of two
    Page<Star> p1 = stars.listStarred(null, bob, PageRequest.first(2));
    Page<Star> p2 = stars.listStarred(null, bob, new PageRequest(2, p1.nextCursor()));
    Page<Star> p3 = stars.listStarred(null, bob, new PageRequest(2, p2.nextCursor()));

    // THEN; the User item in the same partition is not listed
    assertEquals(sorted.subList(0, 2), p1.items().stream().map(Star::repo).toList());
    assertEquals(sorted.subList(2, 4), p2.items().stream().map(Star::repo).toList());
    assertEquals(sorted.subList(4, 5), p3.items().stream().map(Star::repo).toList());
    assertTrue(p1.nextCursor() != null && p2.nextCursor() != null);
    assertNull(p3.nextCursor());
    assertTrue(p1.items().stream().allMatch(s -> s.username().equals(bob) && s.owner().equals(alice)));
  }

  @Test
  void listStarred_shouldShowPrivateRepositories_onlyToReadersWhoMaySeeThem() {
    // GIVEN a member starred a public and a private org repository
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    String stranger = fx.user("Stranger");
    fx.member(org, member, Role.MEMBER);
    repos.createRepo(admin, org, "secret", null, true);
    repos.createRepo(admin, org, "site", null, false);
    stars.star(member, org, "secret");
    stars.star(member, org, "site");

    // WHEN / THEN
    assertEquals(List.of("secret", "site"),
        stars.listStarred(member, member, PageRequest.first(10)).items().stream().map(Star::repo).toList());
    assertEquals(List.of("secret", "site"), stars.listStarred(member.toLowerCase(), member, PageRequest.first(10))
        .items().stream().map(Star::repo).toList());
    assertEquals(List.of(new Star(member, org, "site", false, T0)),
        stars.listStarred(null, member, PageRequest.first(10)).items());
    // the org's admin may see the private repository (issue 9, row 7); a stranger may not
    assertEquals(List.of("secret", "site"),
        stars.listStarred(admin, member, PageRequest.first(10)).items().stream().map(Star::repo).toList());
    assertEquals(List.of("site"),
        stars.listStarred(stranger, member, PageRequest.first(10)).items().stream().map(Star::repo).toList());
  }

  @Test
  void listStarred_shouldRejectCursor_fromAnotherUsersList() {
    String alice = fx.user("Alice");
    String bob = fx.user("Bob");
    String carol = fx.user("Carol");
    for (String n : List.of("a", "b")) {
      repos.createRepo(alice, alice, n, null, false);
      stars.star(bob, alice, n);
      stars.star(carol, alice, n);
    }
    String bobCursor = stars.listStarred(null, bob, PageRequest.first(1)).nextCursor();
    assertFalse(bobCursor == null);

    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> stars.listStarred(null, carol, new PageRequest(1, bobCursor))).field());
    // a stargazers cursor (another route) is no starred-list cursor either
    String gazersCursor = stars.listStargazers(null, alice, "a", PageRequest.first(1)).nextCursor();
    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> stars.listStarred(null, bob, new PageRequest(1, gazersCursor))).field());
  }

  // ---- AP21 listStargazers ------------------------------------------------------------------

  @Test
  void listStargazers_shouldListUsersByName_overSeveralPages() {
    // GIVEN five users star in an order that is not the name order
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "lib", null, false);
    List<String> fans = new ArrayList<>();
    for (String base : List.of("Eve", "Bob", "Dan", "Ann", "Cid")) {
      String u = fx.user(base);
      stars.star(u, alice, "lib");
      fans.add(u);
      clock.advance(Duration.ofSeconds(1));
    }
    List<String> byKey = fans.stream().sorted(Comparator.comparing(String::toLowerCase)).toList();

    // WHEN
    Page<Star> p1 = stars.listStargazers(null, alice, "lib", PageRequest.first(2));
    Page<Star> p2 = stars.listStargazers(null, alice, "lib", new PageRequest(2, p1.nextCursor()));
    Page<Star> p3 = stars.listStargazers(null, alice, "lib", new PageRequest(2, p2.nextCursor()));

    // THEN; the Repository item sharing the GSI1 partition is not listed
    assertEquals(byKey.subList(0, 2), p1.items().stream().map(Star::username).toList());
    assertEquals(byKey.subList(2, 4), p2.items().stream().map(Star::username).toList());
    assertEquals(byKey.subList(4, 5), p3.items().stream().map(Star::username).toList());
    assertTrue(p1.nextCursor() != null && p2.nextCursor() != null);
    assertNull(p3.nextCursor());
  }

  @Test
  void listStargazers_shouldThrowNotFound_whenPrivate_andCallerIsNotAMember() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, member, Role.MEMBER);
    repos.createRepo(admin, org, "secret", null, true);
    stars.star(member, org, "secret");

    assertEquals(List.of(new Star(member, org, "secret", true, T0)),
        stars.listStargazers(admin, org, "secret", PageRequest.first(10)).items());
    assertThrows(NotFoundException.class, () -> stars.listStargazers(null, org, "secret", PageRequest.first(10)));
    assertThrows(NotFoundException.class,
        () -> stars.listStargazers(fx.user("Bob"), org, "secret", PageRequest.first(10)));
    assertThrows(NotFoundException.class, () -> stars.listStargazers(null, org, "missing", PageRequest.first(10)));
  }

  @Test
  void listStargazers_shouldRejectCursor_fromAnotherRepositorysStargazers() {
    String alice = fx.user("Alice");
    repos.createRepo(alice, alice, "one", null, false);
    repos.createRepo(alice, alice, "two", null, false);
    for (String base : List.of("Bob", "Cid")) {
      String u = fx.user(base);
      stars.star(u, alice, "one");
      stars.star(u, alice, "two");
    }
    String cursor = stars.listStargazers(null, alice, "one", PageRequest.first(1)).nextCursor();
    assertFalse(cursor == null);

    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> stars.listStargazers(null, alice, "two", new PageRequest(1, cursor))).field());
    assertEquals(1, stars.listStargazers(null, alice, "one", new PageRequest(1, cursor)).items().size());
  }
}
