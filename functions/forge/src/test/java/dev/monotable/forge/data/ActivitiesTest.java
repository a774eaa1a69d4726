package dev.monotable.forge.data;

import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Star;
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
class ActivitiesTest {
  // In the future: invitations and activities carry a TTL from this clock, and the local engine (as
  // DynamoDB) deletes items whose TTL has passed, in the middle of a test.
  private static final String T0 = "2036-01-02T03:04:05.678Z";
  private static final Duration LIFETIME = Duration.ofDays(90);

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Activities activities;

  ActivitiesTest(TestTable table) {
    this.table = table;
    this.activities = new Activities(table.gateway(clock));
  }

  @Test
  void record_shouldWriteActivityItemExactly() {
    Activity a = activity("Alice", Instant.parse(T0), "IssueOpened");

    Activity recorded = activities.record(a);

    assertEquals(a, recorded);
    Map<String, AttributeValue> item = table.item(Keys.activity("alice", T0, a.id())).orElseThrow();
    // no index attributes (Activity is on no index chart) and no Version (immutable)
    assertEquals(Set.of("PK", "SK", "Type", "Account", "Id", "Event", "Actor", "Owner", "Repo", "Number", "Summary",
        "TTL", "CreatedAt", "UpdatedAt", "SchemaVersion"), item.keySet());
    assertEquals("ACCOUNT#alice", item.get("PK").s());
    assertEquals("#ACTIVITY#" + T0 + "#" + a.id(), item.get("SK").s());
    assertEquals("Activity", item.get("Type").s());
    assertEquals("IssueOpened", item.get("Event").s());
    assertEquals("7", item.get("Number").n());
    assertEquals(Long.toString(Instant.parse(T0).plus(LIFETIME).getEpochSecond()), item.get("TTL").n());
    assertEquals(T0, item.get("CreatedAt").s());
    assertEquals(T0, item.get("UpdatedAt").s());
    assertEquals("1", item.get("SchemaVersion").n());
  }

  @Test
  void record_shouldConflict_whenTheSameEntryIsRecordedTwice() {
    Activity a = activity("bob", Instant.parse(T0), "Starred");
    activities.record(a);

    ConflictException e = assertThrows(ConflictException.class,
        () -> activities.record(new Activity(a.account(), a.id(), "Other", "x", "x", "x", null, "changed",
            a.createdAt(), a.expiresAt())));

    assertEquals("activity", e.conflict());
    assertEquals("Starred", table.item(Keys.activity("bob", T0, a.id())).orElseThrow().get("Event").s());
  }

  @Test
  void listActivity_shouldPageNewestFirst_andSkipTheAccountsOtherItems() {
    // GIVEN five events a minute apart, recorded out of order, next to the user's own item and a star
    String owner = "Carol";
    table.put(new User(owner, "carol@example.com", null, null, T0, T0, 1).toItem());
    table.put(new Star(owner, "octo", "hello", false, T0).toItem());
    Instant t0 = Instant.parse(T0);
    List<Activity> events = List.of(
        activity(owner, t0.plusSeconds(120), "e3"),
        activity(owner, t0, "e1"),
        activity(owner, t0.plusSeconds(240), "e5"),
        activity(owner, t0.plusSeconds(60), "e2"),
        activity(owner, t0.plusSeconds(180), "e4"));
    events.forEach(activities::record);
    clock.set(t0.plusSeconds(300));

    // WHEN / THEN
    Page<Activity> p1 = activities.listActivity("carol", PageRequest.first(2));
    assertEquals(List.of("e5", "e4"), eventNames(p1));
    assertNotNull(p1.nextCursor());
    Page<Activity> p2 = activities.listActivity("CAROL", new PageRequest(2, p1.nextCursor()));
    assertEquals(List.of("e3", "e2"), eventNames(p2));
    assertNotNull(p2.nextCursor());
    Page<Activity> p3 = activities.listActivity("carol", new PageRequest(2, p2.nextCursor()));
    assertEquals(List.of("e1"), eventNames(p3));
    assertNull(p3.nextCursor());
  }

  @Test
  void listActivity_shouldHideExpiredEvents_beforeTtlDeletesThem() {
    Instant t0 = Instant.parse(T0);
    Activity old = activities.record(activity("dave", t0, "old"));
    activities.record(activity("dave", t0.plus(Duration.ofDays(1)), "recent"));

    clock.set(t0.plus(LIFETIME).minusSeconds(1));
    assertEquals(List.of("recent", "old"), eventNames(activities.listActivity("dave", PageRequest.first(10))));

    // at its TTL the old event is expired though moto, like DynamoDB for a while, still stores it
    clock.set(t0.plus(LIFETIME));
    Page<Activity> page = activities.listActivity("dave", PageRequest.first(10));
    assertEquals(List.of("recent"), eventNames(page));
    assertNull(page.nextCursor());
    assertTrue(table.item(Keys.activity("dave", old.createdAt(), old.id())).isPresent());
  }

  @Test
  void listActivity_shouldRejectCursor_issuedForAnotherAccount() {
    Instant t0 = Instant.parse(T0);
    for (String owner : List.of("erin", "frank")) {
      activities.record(activity(owner, t0, "a"));
      activities.record(activity(owner, t0.plusSeconds(1), "b"));
    }
    clock.set(t0.plusSeconds(2));
    String cursor = activities.listActivity("erin", PageRequest.first(1)).nextCursor();
    assertNotNull(cursor);

    ValidationException e = assertThrows(ValidationException.class,
        () -> activities.listActivity("frank", new PageRequest(1, cursor)));

    assertEquals("cursor", e.field());
    assertEquals(List.of("a"), eventNames(activities.listActivity("erin", new PageRequest(1, cursor))));
  }

  @Test
  void listActivity_shouldReturnEmptyLastPage_whenAccountHasNoEvents() {
    Page<Activity> page = activities.listActivity("nobody", PageRequest.first(5));

    assertEquals(List.of(), page.items());
    assertNull(page.nextCursor());
  }

  @Test
  void listActivity_shouldRejectInvalidUsername() {
    assertEquals("username", assertThrows(ValidationException.class,
        () -> activities.listActivity("no#pe", PageRequest.first(5))).field());
  }

  private static Activity activity(String account, Instant at, String event) {
    return new Activity(account, Ulid.next(at), event, "actor", "octo", "hello", 7, "summary of " + event,
        Timestamps.format(at), at.plus(LIFETIME).getEpochSecond());
  }

  private static List<String> eventNames(Page<Activity> page) {
    return page.items().stream().map(Activity::event).toList();
  }
}
