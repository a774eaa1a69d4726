package dev.monotable.forge.data;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.kit.data.TableGateway;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.User;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class AccountsTest {
  private static final String T0 = "2026-01-02T03:04:05.678Z";
  private static final String T1 = "2026-01-03T00:00:00.001Z";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Accounts accounts;

  AccountsTest(TestTable table) {
    this.table = table;
    this.accounts = new Accounts(table.gateway(clock));
  }

  // ---- AP01 createUser ----------------------------------------------------------------------

  @Test
  void createUser_shouldWriteUserAndAccountEmailExactly_whenNameAndEmailAreFree() {
    // GIVEN a fresh name and address
    // WHEN
    User created = accounts.createUser("Alice", "Alice", "Alice@Example.COM", "Alice Liddell", "Down the hole");

    // THEN the User item has exactly the chart's keys (GSI1, GSI3; no GSI2, GSI4) and attributes
    Map<String, AttributeValue> user = table.item(Keys.account("alice")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "GSI1PK", "GSI1SK", "GSI3PK", "GSI3SK", "Type", "Username", "Email", "Name",
        "Bio", "CreatedAt", "UpdatedAt", "SchemaVersion", "Version"), user.keySet());
    assertEquals("ACCOUNT#alice", s(user, "PK"));
    assertEquals("ACCOUNT#alice", s(user, "SK"));
    assertEquals("ACCOUNT#alice", s(user, "GSI1PK"));
    assertEquals("ACCOUNT#alice", s(user, "GSI1SK"));
    assertEquals("ACCOUNT#alice", s(user, "GSI3PK"));
    assertEquals("ACCOUNT#alice", s(user, "GSI3SK"));
    assertEquals("User", s(user, "Type"));
    assertEquals("Alice", s(user, "Username"));
    // guards: e-mail addresses are stored lower-case everywhere, so uniqueness is case-insensitive
    assertEquals("alice@example.com", s(user, "Email"));
    assertEquals("Alice Liddell", s(user, "Name"));
    assertEquals("Down the hole", s(user, "Bio"));
    assertEquals(T0, s(user, "CreatedAt"));
    assertEquals(T0, s(user, "UpdatedAt"));
    assertEquals("1", n(user, "SchemaVersion"));
    assertEquals("1", n(user, "Version"));

    // and the AccountEmail item has no index attributes and no Version
    Map<String, AttributeValue> email = table.item(Keys.accountEmail("alice@example.com")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "Type", "Email", "Username", "CreatedAt", "UpdatedAt", "SchemaVersion"),
        email.keySet());
    assertEquals("ACCOUNTEMAIL#alice@example.com", s(email, "PK"));
    assertEquals("ACCOUNTEMAIL#alice@example.com", s(email, "SK"));
    assertEquals("AccountEmail", s(email, "Type"));
    assertEquals("alice@example.com", s(email, "Email"));
    assertEquals("Alice", s(email, "Username"));
    assertEquals(T0, s(email, "CreatedAt"));
    assertEquals(T0, s(email, "UpdatedAt"));
    assertEquals("1", n(email, "SchemaVersion"));

    assertEquals(new User("Alice", "alice@example.com", "Alice Liddell", "Down the hole", T0, T0, 1), created);
  }

  @Test
  void createUser_shouldLeaveNameAndBioAbsent_whenNullOrEmpty() {
    accounts.createUser("nameless", "nameless", "nameless@example.com", "", null);

    Map<String, AttributeValue> user = table.item(Keys.account("nameless")).orElseThrow();
    assertFalse(user.containsKey("Name"));
    assertFalse(user.containsKey("Bio"));
  }

  @Test
  void createUser_shouldConflictOnUsername_whenTakenInAnotherCase() {
    // GIVEN
    accounts.createUser("Carol", "Carol", "carol@example.com", null, null);
    int before = table.scanAll().size();

    // WHEN
    ConflictException e = assertThrows(ConflictException.class,
        () -> accounts.createUser("CAROL", "CAROL", "other-carol@example.com", null, null));

    // THEN nothing was written, not even the free e-mail's tracking item
    assertEquals("username", e.conflict());
    assertEquals(before, table.scanAll().size());
    assertTrue(table.item(Keys.accountEmail("other-carol@example.com")).isEmpty());
    assertEquals("Carol", s(table.item(Keys.account("carol")).orElseThrow(), "Username"));
  }

  @Test
  void createUser_shouldConflictOnEmail_whenAddressTakenInAnotherCase() {
    accounts.createUser("dave", "dave", "Dave@Example.com", null, null);
    int before = table.scanAll().size();

    ConflictException e = assertThrows(ConflictException.class,
        () -> accounts.createUser("dan", "dan", "dave@EXAMPLE.com", null, null));

    assertEquals("email", e.conflict());
    assertEquals(before, table.scanAll().size());
    assertTrue(table.item(Keys.account("dan")).isEmpty());
    assertEquals("dave", s(table.item(Keys.accountEmail("dave@example.com")).orElseThrow(), "Username"));
  }

  @Test
  void createUser_shouldConflictOnUsername_whenAnOrganizationHasTheName() {
    // GIVEN an organization named Initech: users and orgs share the ACCOUNT# namespace
    table.put(new Organization("Initech", null, null, 1, T0, T0, 1).toItem());
    int before = table.scanAll().size();

    ConflictException e = assertThrows(ConflictException.class,
        () -> accounts.createUser("initech", "initech", "boss@initech.com", null, null));

    assertEquals("username", e.conflict());
    assertTrue(e.getMessage().contains("organization"), e.getMessage());
    assertEquals(before, table.scanAll().size());
    assertEquals("Organization", s(table.item(Keys.account("initech")).orElseThrow(), "Type"));
  }

  @Test
  void createUser_shouldForbid_whenCallerCreatesAnotherProfile() {
    int before = table.scanAll().size();

    assertThrows(ForbiddenException.class,
        () -> accounts.createUser("mallory", "victim", "victim@example.com", null, null));

    assertEquals(before, table.scanAll().size());
  }

  @Test
  void createUser_shouldRequireAuthentication_whenCallerIsNull() {
    assertThrows(UnauthorizedException.class,
        () -> accounts.createUser(null, "nobody", "nobody@example.com", null, null));
    assertTrue(table.item(Keys.account("nobody")).isEmpty());
  }

  @Test
  void createUser_shouldRejectInvalidInput_beforeAnyWrite() {
    int before = table.scanAll().size();

    assertEquals("username", assertThrows(ValidationException.class,
        () -> accounts.createUser("-bad", "-bad", "bad@example.com", null, null)).field());
    assertEquals("username", assertThrows(ValidationException.class,
        () -> accounts.createUser("a#b", "a#b", "ab@example.com", null, null)).field());
    assertEquals("email", assertThrows(ValidationException.class,
        () -> accounts.createUser("erin", "erin", "erin.example.com", null, null)).field());
    assertEquals("email", assertThrows(ValidationException.class,
        () -> accounts.createUser("erin", "erin", "a@b@c", null, null)).field());
    assertEquals("name", assertThrows(ValidationException.class,
        () -> accounts.createUser("erin", "erin", "erin@example.com", "x".repeat(351), null)).field());
    assertEquals("bio", assertThrows(ValidationException.class,
        () -> accounts.createUser("erin", "erin", "erin@example.com", null, "x".repeat(65_537))).field());

    assertEquals(before, table.scanAll().size());
  }

  // ---- AP02 getUser -------------------------------------------------------------------------

  @Test
  void getUser_shouldReturnDisplayForm_whenLookedUpInLowerCase() {
    User created = accounts.createUser("Frank-O", "Frank-O", "frank@example.com", "Frank", null);

    User found = accounts.getUser("frank-o");

    assertEquals("Frank-O", found.username());
    assertEquals(created, found);
    assertEquals(created, accounts.getUser("FRANK-O"));
  }

  @Test
  void getUser_shouldThrowNotFound_whenAbsent() {
    assertThrows(NotFoundException.class, () -> accounts.getUser("ghost"));
  }

  @Test
  void getUser_shouldThrowNotFound_whenTheNameBelongsToAnOrganization() {
    table.put(new Organization("Globex", null, null, 1, T0, T0, 1).toItem());

    NotFoundException e = assertThrows(NotFoundException.class, () -> accounts.getUser("globex"));
    assertEquals("user not found", e.getMessage());
  }

  @Test
  void getUser_shouldRejectInvalidName() {
    assertEquals("username", assertThrows(ValidationException.class, () -> accounts.getUser("bad name")).field());
  }

  // ---- AP03 updateUser ----------------------------------------------------------------------

  @Test
  void updateUser_shouldSetNameAndBioAndBumpVersion_whenVersionMatches() {
    // GIVEN
    accounts.createUser("Grace", "Grace", "grace@example.com", "G", "old bio");
    clock.set(java.time.Instant.parse(T1));

    // WHEN the caller writes their name in another case
    User updated = accounts.updateUser("grace", "GRACE", 1L, new UserPatch("Grace Hopper", "compilers", null));

    // THEN
    assertEquals(new User("Grace", "grace@example.com", "Grace Hopper", "compilers", T0, T1, 2), updated);
    Map<String, AttributeValue> item = table.item(Keys.account("grace")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "GSI1PK", "GSI1SK", "GSI3PK", "GSI3SK", "Type", "Username", "Email", "Name",
        "Bio", "CreatedAt", "UpdatedAt", "SchemaVersion", "Version", "WriteToken"), item.keySet());
    assertEquals("2", n(item, "Version"));
    assertEquals(T0, s(item, "CreatedAt"));
    assertEquals(T1, s(item, "UpdatedAt"));
    assertEquals("Grace Hopper", s(item, "Name"));
    assertEquals("compilers", s(item, "Bio"));
    assertEquals("ACCOUNT#grace", s(item, "GSI1PK"));
    // the e-mail tracking item is untouched without an e-mail change
    assertEquals(T0, s(table.item(Keys.accountEmail("grace@example.com")).orElseThrow(), "UpdatedAt"));
  }

  @Test
  void updateUser_shouldKeepFields_whenPatchFieldsAreNull_andClearThem_whenEmpty() {
    accounts.createUser("heidi", "heidi", "heidi@example.com", "Heidi", "bio");

    User renamed = accounts.updateUser("heidi", "heidi", 1L, new UserPatch("H.", null, null));
    assertEquals("H.", renamed.name());
    assertEquals("bio", renamed.bio());

    User cleared = accounts.updateUser("heidi", "heidi", 2L, new UserPatch("", "", null));

    assertNull(cleared.name());
    assertNull(cleared.bio());
    assertEquals(3, cleared.version());
    Map<String, AttributeValue> item = table.item(Keys.account("heidi")).orElseThrow();
    assertFalse(item.containsKey("Name"));
    assertFalse(item.containsKey("Bio"));
    assertEquals("heidi@example.com", s(item, "Email"));
  }

  @Test
  void updateUser_shouldThrowVersionMismatch_whenVersionIsStale() {
    accounts.createUser("ivan", "ivan", "ivan@example.com", "Ivan", null);
    accounts.updateUser("ivan", "ivan", 1L, new UserPatch("Ivan II", null, null));
    Map<String, AttributeValue> before = table.item(Keys.account("ivan")).orElseThrow();

    VersionMismatchException e = assertThrows(VersionMismatchException.class,
        () -> accounts.updateUser("ivan", "ivan", 1L, new UserPatch("Ivan III", null, null)));

    assertEquals(2, e.currentVersion());
    assertEquals(before, table.item(Keys.account("ivan")).orElseThrow());
  }

  @Test
  void updateUser_shouldThrowNotFoundAndCreateNothing_whenUserIsAbsent() {
    int before = table.scanAll().size();

    assertThrows(NotFoundException.class,
        () -> accounts.updateUser("judy", "judy", 1L, new UserPatch("Judy", null, null)));

    // guards: an UpdateItem without a condition would upsert a half-built User
    assertTrue(table.item(Keys.account("judy")).isEmpty());
    assertEquals(before, table.scanAll().size());
  }

  @Test
  void updateUser_shouldThrowNotFoundAndLeaveOrgUntouched_whenTheNameBelongsToAnOrganization() {
    Map<String, AttributeValue> org = new Organization("Hooli", "Hooli", null, 1, T0, T0, 1).toItem();
    table.put(org);

    assertThrows(NotFoundException.class,
        () -> accounts.updateUser("hooli", "hooli", 1L, new UserPatch("hacked", null, null)));
    assertThrows(NotFoundException.class,
        () -> accounts.updateUser("hooli", "hooli", 1L, new UserPatch(null, null, "x@hooli.com")));

    assertEquals(org, table.item(Keys.account("hooli")).orElseThrow());
  }

  @Test
  void updateUser_shouldForbid_whenCallerEditsAnotherUser() {
    accounts.createUser("kim", "kim", "kim@example.com", "Kim", null);
    Map<String, AttributeValue> before = table.item(Keys.account("kim")).orElseThrow();

    assertThrows(ForbiddenException.class,
        () -> accounts.updateUser("mallory", "kim", 1L, new UserPatch("pwned", null, null)));
    assertThrows(UnauthorizedException.class,
        () -> accounts.updateUser(null, "kim", 1L, new UserPatch("pwned", null, null)));

    assertEquals(before, table.item(Keys.account("kim")).orElseThrow());
  }

  @Test
  void updateUser_shouldRejectInvalidPatch_beforeAnyWrite() {
    accounts.createUser("leo", "leo", "leo@example.com", null, null);
    Map<String, AttributeValue> before = table.item(Keys.account("leo")).orElseThrow();

    assertEquals("email", assertThrows(ValidationException.class,
        () -> accounts.updateUser("leo", "leo", 1L, new UserPatch(null, null, ""))).field());
    assertEquals("name", assertThrows(ValidationException.class,
        () -> accounts.updateUser("leo", "leo", 1L, new UserPatch("n".repeat(351), null, null))).field());

    assertEquals(before, table.item(Keys.account("leo")).orElseThrow());
  }

  @Test
  void updateUser_shouldSwapAccountEmailItems_whenEmailChanges() {
    // GIVEN
    accounts.createUser("Mallory", "Mallory", "mallory@old.example", "M", null);
    clock.set(java.time.Instant.parse(T1));

    // WHEN
    User updated = accounts.updateUser("mallory", "mallory", 1L, new UserPatch(null, "new bio", "Mallory@New.Example"));

    // THEN the User carries the new address and version, the old tracking item is gone
    assertEquals(new User("Mallory", "mallory@new.example", "M", "new bio", T0, T1, 2), updated);
    Map<String, AttributeValue> user = table.item(Keys.account("mallory")).orElseThrow();
    assertEquals("mallory@new.example", s(user, "Email"));
    assertEquals("2", n(user, "Version"));
    assertEquals(T1, s(user, "UpdatedAt"));
    assertEquals("new bio", s(user, "Bio"));
    assertEquals(updated, accounts.getUser("mallory"));
    assertTrue(table.item(Keys.accountEmail("mallory@old.example")).isEmpty());
    Map<String, AttributeValue> email = table.item(Keys.accountEmail("mallory@new.example")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "Type", "Email", "Username", "CreatedAt", "UpdatedAt", "SchemaVersion"),
        email.keySet());
    assertEquals("ACCOUNTEMAIL#mallory@new.example", s(email, "PK"));
    assertEquals("Mallory", s(email, "Username"));
    assertEquals(T1, s(email, "CreatedAt"));

    // and the released address is free for another account
    accounts.createUser("nina", "nina", "mallory@old.example", null, null);
  }

  @Test
  void updateUser_shouldConflictOnEmailAndChangeNothing_whenNewEmailIsTaken() {
    accounts.createUser("oscar", "oscar", "oscar@example.com", null, null);
    accounts.createUser("peggy", "peggy", "peggy@example.com", null, null);
    int before = table.scanAll().size();
    Map<String, AttributeValue> userBefore = table.item(Keys.account("oscar")).orElseThrow();

    ConflictException e = assertThrows(ConflictException.class,
        () -> accounts.updateUser("oscar", "oscar", 1L, new UserPatch("Oscar", null, "PEGGY@example.com")));

    assertEquals("email", e.conflict());
    assertEquals(before, table.scanAll().size());
    assertEquals(userBefore, table.item(Keys.account("oscar")).orElseThrow());
    assertEquals("oscar", s(table.item(Keys.accountEmail("oscar@example.com")).orElseThrow(), "Username"));
    assertEquals("peggy", s(table.item(Keys.accountEmail("peggy@example.com")).orElseThrow(), "Username"));
  }

  @Test
  void updateUser_shouldThrowVersionMismatchAndKeepEmail_whenEmailChangeUsesStaleVersion() {
    accounts.createUser("quinn", "quinn", "quinn@example.com", null, null);
    accounts.updateUser("quinn", "quinn", 1L, new UserPatch("Q", null, null));
    int before = table.scanAll().size();

    VersionMismatchException e = assertThrows(VersionMismatchException.class,
        () -> accounts.updateUser("quinn", "quinn", 1L, new UserPatch(null, null, "q@example.com")));

    assertEquals(2, e.currentVersion());
    assertEquals(before, table.scanAll().size());
    assertTrue(table.item(Keys.accountEmail("q@example.com")).isEmpty());
    assertEquals("quinn@example.com", s(table.item(Keys.account("quinn")).orElseThrow(), "Email"));
  }

  @Test
  void updateUser_shouldThrowNotFound_whenEmailChangeTargetsAbsentUser() {
    int before = table.scanAll().size();

    assertThrows(NotFoundException.class,
        () -> accounts.updateUser("rita", "rita", 1L, new UserPatch(null, null, "rita@example.com")));

    assertEquals(before, table.scanAll().size());
  }

  @Test
  void updateUser_shouldKeepAccountEmailItem_whenEmailDiffersOnlyInCase() {
    accounts.createUser("sam", "sam", "sam@example.com", null, null);
    Map<String, AttributeValue> emailBefore = table.item(Keys.accountEmail("sam@example.com")).orElseThrow();
    clock.advance(Duration.ofMinutes(1));

    User updated = accounts.updateUser("sam", "sam", 1L, new UserPatch(null, null, "SAM@Example.com"));

    // the same address is no change: nothing is written and the version stays
    assertEquals("sam@example.com", updated.email());
    assertEquals(1, updated.version());
    assertEquals(table.item(Keys.account("sam")).orElseThrow(), updated.toItem());
    assertEquals(emailBefore, table.item(Keys.accountEmail("sam@example.com")).orElseThrow());
    assertEquals("sam@example.com", s(table.item(Keys.account("sam")).orElseThrow(), "Email"));
  }

  @Test
  void updateUser_shouldThrowVersionMismatchAndKeepEmail_whenProfileChangesBetweenReadAndTransaction() {
    // GIVEN another request edits the profile right after the e-mail change read the user
    accounts.createUser("tara", "tara", "tara@example.com", null, null);
    Accounts accountsWithRace = new Accounts(new TableGateway(
        Races.afterFirstRead(table.client(), () -> accounts.updateUser("tara", "tara", 1L, new UserPatch("T", null, null))),
        table.name(), table.cursors(), clock));

    // WHEN
    VersionMismatchException e = assertThrows(VersionMismatchException.class,
        () -> accountsWithRace.updateUser("tara", "tara", 1L, new UserPatch(null, null, "t@example.com")));

    // THEN the transaction's Version condition, not the earlier read, caught it: nothing swapped
    assertEquals(2, e.currentVersion());
    assertTrue(table.item(Keys.accountEmail("t@example.com")).isEmpty());
    assertTrue(table.item(Keys.accountEmail("tara@example.com")).isPresent());
    Map<String, AttributeValue> user = table.item(Keys.account("tara")).orElseThrow();
    assertEquals("tara@example.com", s(user, "Email"));
    assertEquals("T", s(user, "Name"));
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
