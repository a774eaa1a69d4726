package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.altered;
import static dev.monotable.forge.e2e.ForgeFixtures.assertError;
import static dev.monotable.forge.e2e.ForgeFixtures.assertWrittenBetween;
import static dev.monotable.forge.e2e.ForgeFixtures.filteredPages;
import static dev.monotable.forge.e2e.ForgeFixtures.item;
import static dev.monotable.forge.e2e.ForgeFixtures.json;
import static dev.monotable.forge.e2e.ForgeFixtures.lower;
import static dev.monotable.forge.e2e.ForgeFixtures.unique;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Role;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Invitations, POST and GET /orgs/{org}/invitations (AP10, AP11), and the activity feed, GET
 * /users/{username}/events (AP12). DynamoDB deletes expired items days late, so the API must hide
 * them itself. To keep them in the table, as they would be on DynamoDB, these tests move the
 * service's clock ({@link Forge#clock()}) ahead of the engine's, which expires items by its own
 * clock within a second, and write the expired items at the service's time.
 */
@ExtendWith(ForgeExtension.class)
class InvitationsAndActivityE2ETest {
  private static final long WEEK = Duration.ofDays(7).toSeconds();
  private static final Duration ACTIVITY_LIFETIME = Duration.ofDays(90);
  /** Further ahead than any expiry planted below lies in the past, so the engine keeps them all. */
  private static final Duration AHEAD_OF_THE_ENGINE = Duration.ofDays(100);

  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;

  InvitationsAndActivityE2ETest(Forge forge, TestTable table) {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
  }

  // ---- AP10 POST /orgs/{org}/invitations ----------------------------------------------------

  @Test
  void createInvitation_shouldWriteInvitationExpiringInSevenDays_whenAnAdminInvites() {
    // GIVEN
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String email = "new.person-" + lower(org) + "@example.io";

    // WHEN the address is given in mixed case
    Instant before = forge.clock().instant();
    Reply r = forge.post("/orgs/" + org + "/invitations").as(admin).json("email", email.toUpperCase()).send();
    Instant after = forge.clock().instant();

    // THEN 201; TTL is exactly seven days after CreatedAt, in epoch seconds
    assertEquals(201, r.status(), r::toString);
    String created = assertWrittenBetween(r.json().get("createdAt"), before, after);
    long ttl = Instant.parse(created).getEpochSecond() + WEEK;
    assertEquals(json("org", org, "email", email, "role", "member", "invitedBy", admin, "createdAt", created,
        "expiresAt", Timestamps.format(Instant.ofEpochSecond(ttl))), r.json());
    // and the Invitation item: org partition, no index keys, no Version
    assertEquals(item("PK", "ACCOUNT#" + lower(org), "SK", "INVITE#" + email, "Type", "Invitation", "Org", org,
        "Email", email, "Role", "member", "InvitedBy", admin, "TTL", ttl,
        "CreatedAt", created, "UpdatedAt", created, "SchemaVersion", 1),
        table.item(Keys.invitation(org, email)).orElseThrow());
  }

  @Test
  void createInvitation_shouldKeepTheRole_whenAdminRoleIsAsked() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);

    Reply r = forge.post("/orgs/" + org + "/invitations").as(admin).json("email", "boss@x.io", "role", "admin").send();

    assertEquals(201, r.status(), r::toString);
    assertEquals("admin", r.json().get("role"));
    assertEquals("admin", ForgeFixtures.s(table.item(Keys.invitation(org, "boss@x.io")).orElseThrow(), "Role"));
  }

  @Test
  void createInvitation_shouldConflictOnInvitationAndWriteNothing_whenOneIsPendingForTheAddress() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    assertEquals(201, forge.post("/orgs/" + org + "/invitations").as(admin).json("email", "dup@x.io").send().status());
    var before = fx.snapshot();

    Reply r = forge.post("/orgs/" + org + "/invitations").as(admin).json("email", "DUP@x.io", "role", "admin").send();

    assertError(r, 409, "conflict", "invitation");
    fx.assertUnchanged(before);
  }

  @Test
  void createInvitation_shouldReplaceAnExpiredInvitation_whenTtlHasNotDeletedItYet() {
    // GIVEN an invitation that expired a day ago but still sits in the table
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    forge.clock().advance(AHEAD_OF_THE_ENGINE);
    Instant old = forge.clock().instant().minus(Duration.ofDays(8)).truncatedTo(ChronoUnit.MILLIS);
    table.put(new Invitation(org, "late@x.io", Role.ADMIN, admin, Timestamps.format(old),
        old.getEpochSecond() + WEEK).toItem());

    // WHEN
    Reply r = forge.post("/orgs/" + org + "/invitations").as(admin).json("email", "late@x.io").send();

    // THEN the new invitation replaced it
    assertEquals(201, r.status(), r::toString);
    Map<String, AttributeValue> item = table.item(Keys.invitation(org, "late@x.io")).orElseThrow();
    String created = (String) r.json().get("createdAt");
    assertEquals(created, ForgeFixtures.s(item, "CreatedAt"));
    assertEquals(Long.toString(Instant.parse(created).getEpochSecond() + WEEK), item.get("TTL").n());
    assertEquals("member", ForgeFixtures.s(item, "Role"));
  }

  @Test
  void createInvitation_shouldForbidAndWriteNothing_whenCallerIsNotAnAdmin() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, admin, member, "member");
    String outsider = fx.user("Outsider");
    var before = fx.snapshot();

    assertError(forge.post("/orgs/" + org + "/invitations").as(member).json("email", "m@x.io").send(),
        403, "forbidden", null);
    assertError(forge.post("/orgs/" + org + "/invitations").as(outsider).json("email", "o@x.io").send(),
        403, "forbidden", null);
    fx.assertUnchanged(before);
  }

  @Test
  void createInvitation_shouldAnswer404OrUnauthorized_whenOrgIsMissingOrCallerAnonymous() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    var before = fx.snapshot();

    assertError(forge.post("/orgs/" + unique("nope") + "/invitations").as(admin).json("email", "a@x.io").send(),
        404, "not_found", null);
    assertError(forge.post("/orgs/" + org + "/invitations").json("email", "a@x.io").send(), 401, null, null);
    fx.assertUnchanged(before);
  }

  @Test
  void createInvitation_shouldRejectWithFieldAndWriteNothing_whenInputIsInvalid() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    var before = fx.snapshot();

    assertError(forge.post("/orgs/" + org + "/invitations").as(admin).json("email", "nope").send(),
        400, "validation", "email");
    assertError(forge.post("/orgs/" + org + "/invitations").as(admin).json("role", "member").send(),
        400, "validation", "email");
    assertError(forge.post("/orgs/" + org + "/invitations").as(admin).json("email", "a@x.io", "role", "owner").send(),
        400, "validation", "role");
    assertError(forge.post("/orgs/bad_org/invitations").as(admin).json("email", "a@x.io").send(),
        400, "validation", "org");
    fx.assertUnchanged(before);
  }

  // ---- AP11 GET /orgs/{org}/invitations -----------------------------------------------------

  @Test
  void listInvitations_shouldPageByAddressWithoutExpired_whenExpiredOnesAwaitTtl() {
    // GIVEN five pending invitations and one expired one sorting between them
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    forge.clock().advance(AHEAD_OF_THE_ENGINE);
    List<String> pending = List.of("eve@x.io", "alan@x.io", "dora@x.io", "bert@x.io", "fay@x.io");
    for (String email : pending) {
      assertEquals(201, forge.post("/orgs/" + org + "/invitations").as(admin).json("email", email).send().status());
    }
    Instant old = forge.clock().instant().minus(Duration.ofDays(10)).truncatedTo(ChronoUnit.MILLIS);
    table.put(new Invitation(org, "carl@x.io", Role.MEMBER, admin, Timestamps.format(old),
        old.getEpochSecond() + WEEK).toItem());
    // and another org's invitation, which must not leak in
    String other = fx.org("Other", admin);
    assertEquals(201,
        forge.post("/orgs/" + other + "/invitations").as(admin).json("email", "zed@x.io").send().status());

    List<String> keyOrder = new ArrayList<>(pending);
    keyOrder.add("carl@x.io");
    keyOrder.sort(Comparator.naturalOrder());

    // WHEN
    List<List<Object>> pages = fx.walk("/orgs/" + org + "/invitations", admin, 2, "email");

    // THEN each page is one Limit-sized read with the expired one filtered out
    assertEquals(filteredPages(keyOrder, e -> !e.equals("carl@x.io"), 2), pages);
    Map<String, Object> first = fx.page("/orgs/" + org + "/invitations", admin, 1, null).items().get(0);
    assertEquals(Set.of("org", "email", "role", "invitedBy", "createdAt", "expiresAt"), first.keySet());
    assertEquals("alan@x.io", first.get("email"));
    assertEquals(admin, first.get("invitedBy"));
  }

  @Test
  void listInvitations_shouldForbid_whenCallerIsNotAnAdmin() {
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    String member = fx.user("Member");
    fx.member(org, admin, member, "member");
    String outsider = fx.user("Outsider");

    assertError(forge.get("/orgs/" + org + "/invitations").as(member).send(), 403, "forbidden", null);
    assertError(forge.get("/orgs/" + org + "/invitations").as(outsider).send(), 403, "forbidden", null);
    assertError(forge.get("/orgs/" + unique("nope") + "/invitations").as(admin).send(), 403, "forbidden", null);
    assertError(forge.get("/orgs/" + org + "/invitations").send(), 401, null, null);
  }

  // ---- AP12 GET /users/{username}/events ----------------------------------------------------

  @Test
  void listActivity_shouldPageNewestFirstWithoutExpired_whenFeedSpansSeveralPages() {
    // GIVEN five live entries written out of time order, two expired, and one in another feed
    String alice = fx.user("Alice");
    String bob = fx.user("Bob");
    forge.clock().advance(AHEAD_OF_THE_ENGINE);
    Instant now = forge.clock().instant().truncatedTo(ChronoUnit.MILLIS);
    List<Activity> live = new ArrayList<>();
    for (int hoursAgo : new int[] {3, 1, 5, 2, 4}) {
      live.add(activity(alice, bob, now.minus(Duration.ofHours(hoursAgo)), hoursAgo));
    }
    live.forEach(a -> table.put(a.toItem()));
    // Seven entries in all, so no page ends exactly at the partition's end: on a descending Query
    // DynamoDB then still returns a LastEvaluatedKey and moto does not.
    List<Activity> expired = List.of(activity(alice, bob, now.minus(Duration.ofDays(91)), 91),
        activity(alice, bob, now.minus(Duration.ofDays(95)), 95));
    expired.forEach(a -> table.put(a.toItem()));
    table.put(activity(bob, alice, now.minus(Duration.ofMinutes(30)), 7).toItem());

    List<Activity> newestFirst = new ArrayList<>(live);
    newestFirst.addAll(expired);
    newestFirst.sort(Comparator.comparing(Activity::createdAt).reversed());
    Set<String> expiredIds = Set.copyOf(ForgeFixtures.map(expired, Activity::id));

    // WHEN
    List<List<Object>> pages = fx.walk("/users/" + lower(alice) + "/events", null, 2, "id");

    // THEN pages of one Limit-sized read each, newest first, the expired entries filtered out
    assertEquals(filteredPages(ForgeFixtures.map(newestFirst, Activity::id), id -> !expiredIds.contains(id), 2),
        pages);
    Activity newest = newestFirst.get(0);
    assertEquals(json("id", newest.id(), "event", "IssueOpened", "actor", bob, "owner", alice, "repo", "lib",
        "number", 1, "summary", "opened issue 1", "createdAt", newest.createdAt()),
        fx.page("/users/" + alice + "/events", null, 1, null).items().get(0));
  }

  @Test
  void listActivity_shouldReturnOnlyActivity_whenTheAccountPartitionHoldsOtherItems() {
    // GIVEN an org partition with the Organization, Memberships and an Invitation, plus two entries
    String admin = fx.user("Admin");
    String org = fx.org("Acme", admin);
    fx.member(org, admin, fx.user("Member"), "member");
    assertEquals(201, forge.post("/orgs/" + org + "/invitations").as(admin).json("email", "i@x.io").send().status());
    Instant now = forge.clock().instant().truncatedTo(ChronoUnit.MILLIS);
    Activity older = activity(org, admin, now.minusSeconds(60), 1);
    Activity newer = activity(org, admin, now.minusSeconds(30), 2);
    table.put(older.toItem());
    table.put(newer.toItem());

    // WHEN
    Reply r = forge.get("/users/" + org + "/events").send();

    // THEN
    assertEquals(200, r.status(), r::toString);
    assertEquals(List.of(newer.id(), older.id()), ForgeFixtures.map(r.items(), i -> i.get("id")));
    assertEquals(null, r.nextCursor());
    assertEquals(true, r.json().containsKey("nextCursor"));
  }

  @Test
  void listActivity_shouldAnswerEmptyPageOr400_whenFeedEmptyOrCursorBad() {
    String alice = fx.user("Alice");
    Instant now = forge.clock().instant().truncatedTo(ChronoUnit.MILLIS);
    for (int i = 1; i <= 3; i++) {
      table.put(activity(alice, alice, now.minusSeconds(i), i).toItem());
    }
    String cursor = fx.page("/users/" + alice + "/events", null, 1, null).nextCursor();

    Reply empty = forge.get("/users/" + unique("quiet") + "/events").send();

    assertEquals(200, empty.status(), empty::toString);
    assertEquals(json("items", List.of(), "nextCursor", null), empty.json());
    assertError(fx.page("/users/" + alice + "/events", null, 1, altered(cursor)), 400, null, "cursor");
    assertError(fx.page("/users/" + unique("quiet") + "/events", null, 1, cursor), 400, null, "cursor");
    assertError(forge.get("/users/bad_name/events").send(), 400, "validation", "username");
  }

  private static Activity activity(String account, String actor, Instant at, int number) {
    return new Activity(account, Ulid.next(at), "IssueOpened", actor, account, "lib", number,
        "opened issue " + number, Timestamps.format(at), at.plus(ACTIVITY_LIFETIME).getEpochSecond());
  }
}
