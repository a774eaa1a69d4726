package dev.monotable.devices.data;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.devices.Devices;
import dev.monotable.testing.TableOf;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.DeviceTag;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.engine.LocalEngine;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Devices's data access against the local engine: the exact items, and one request per pattern. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Devices.class)
class DevicesDataTest {
  // Far ahead of the engine's real clock: events expire 90 days after their time, and the engine's
  // TTL sweeper would delete events timed in the real past.
  private static final String T0 = "2090-01-02T03:04:05.678Z";
  private static final String DAY = "2090-01-01T";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Profiles profiles;
  private final Registry registry;
  private final Events events;

  DevicesDataTest(TestTable table) {
    this.table = table;
    var gateway = table.gateway(clock);
    this.profiles = new Profiles(gateway);
    this.registry = new Registry(gateway);
    this.events = new Events(gateway);
  }

  // ---- AP12 / AP01 profiles -----------------------------------------------------------------

  @Test
  void createProfile_shouldWriteExactlyTheProfileItem_whenTheUserIsNew() {
    profiles.create("ann", "Ann Example", "Ann@Example.com");

    Map<String, AttributeValue> item = table.item(new Key("USER#ann", "#PROFILE")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "GSI1PK", "GSI1SK", "Type", "User", "Name", "Email", "CreatedAt", "UpdatedAt",
        "SchemaVersion", "WriteToken"), item.keySet());
    assertEquals(36, s(item, "WriteToken").length(), "the create's token, which its SDK retry recognises");
    assertEquals("USER#ann", s(item, "GSI1PK"));
    assertEquals("#PROFILE", s(item, "GSI1SK"));
    assertEquals("User", s(item, "Type"));
    assertEquals("ann", s(item, "User"));
    assertEquals("ann@example.com", s(item, "Email"));
    assertEquals(T0, s(item, "CreatedAt"));
    assertEquals(new UserProfile("ann", "Ann Example", "ann@example.com", T0), profiles.get("ann"));
  }

  @Test
  void createProfile_shouldConflict_whenTheUserExists() {
    profiles.create("bob", "Bob", "bob@example.com");
    ConflictException e = assertThrows(ConflictException.class, () -> profiles.create("bob", "Other", "o@example.com"));
    assertEquals("user", e.conflict());
    assertEquals("Bob", profiles.get("bob").name());
  }

  @Test
  void getProfile_shouldBeNotFound_whenTheUserDoesNotExist() {
    assertThrows(NotFoundException.class, () -> profiles.get("nobody"));
  }

  @Test
  void keys_shouldRefuseValuesThatCouldChangeAKeysStructure() {
    // guards: a # in a user or device id would let a caller address another entity's sort key
    assertThrows(ValidationException.class, () -> profiles.get("a#b"));
    assertThrows(ValidationException.class, () -> registry.get("ann", "DEVICE#x"));
    assertThrows(ValidationException.class, () -> profiles.create("Upper", "U", "u@example.com"));
    assertThrows(ValidationException.class, () -> events.range("ann", "d", "2090-01-01", "2090-01-02T00:00:00.000Z",
        PageRequest.first(10)));
    // an event type or a tag becomes a key segment too
    assertThrows(ValidationException.class, () -> events.ofType("temp#0", T0, PageRequest.first(10)));
    assertThrows(ValidationException.class, () -> registry.byTag("ann", "a#b", PageRequest.first(10)));
  }

  // ---- AP07 / AP03 / AP02 devices -----------------------------------------------------------

  @Test
  void addDevice_shouldWriteTheDeviceInTheUsersPartitionAndGsi1_whenTheUserExists() {
    profiles.create("cat", "Cat", "cat@example.com");

    Device d = registry.add("cat", "thermo-1", "Kitchen", "thermostat");

    Map<String, AttributeValue> item = table.item(new Key("USER#cat", "DEVICE#thermo-1")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "GSI1PK", "GSI1SK", "Type", "User", "Device", "Name", "Kind", "Status", "Version",
        "Recent", "RecentRev", "CreatedAt", "UpdatedAt", "SchemaVersion"), item.keySet());
    assertEquals("USER#cat", s(item, "GSI1PK"));
    assertEquals("DEVICE#thermo-1", s(item, "GSI1SK"));
    assertEquals("Device", s(item, "Type"));
    assertEquals("offline", s(item, "Status"));
    assertEquals("1", item.get("Version").n());
    assertEquals(List.of(), item.get("Recent").l());
    assertEquals(d, registry.get("cat", "thermo-1"));
  }

  @Test
  void addDevice_shouldBeNotFoundAndWriteNothing_whenTheUserDoesNotExist() {
    assertThrows(NotFoundException.class, () -> registry.add("ghost", "d1", "D", "plug"));
    assertTrue(table.item(new Key("USER#ghost", "DEVICE#d1")).isEmpty());
  }

  @Test
  void addDevice_shouldConflict_whenTheDeviceExists() {
    profiles.create("dan", "Dan", "dan@example.com");
    registry.add("dan", "d1", "First", "plug");
    ConflictException e = assertThrows(ConflictException.class, () -> registry.add("dan", "d1", "Second", "plug"));
    assertEquals("device", e.conflict());
    assertEquals("First", registry.get("dan", "d1").name());
  }

  @Test
  void listDevices_shouldReturnOnlyDevicesInIdOrderOverPages_whenTheyHaveEventsAndTags() {
    profiles.create("eve", "Eve", "eve@example.com");
    for (String id : List.of("c", "a", "b")) {
      registry.add("eve", id, "Device " + id, "sensor");
      events.record("eve", id, input(DAY + "10:00:00.000Z", 0, "20.5"));
      registry.setTags("eve", id, List.of("lab"), null);
    }

    Page<Device> first = registry.list("eve", PageRequest.first(2));
    assertEquals(List.of("a", "b"), first.items().stream().map(Device::device).toList());
    assertNotNull(first.nextCursor());
    Page<Device> second = registry.list("eve", new PageRequest(2, first.nextCursor()));
    assertEquals(List.of("c"), second.items().stream().map(Device::device).toList());
    assertNull(second.nextCursor());
    assertTrue(registry.list("nobody", PageRequest.first(10)).items().isEmpty());
  }

  // ---- AP06 update --------------------------------------------------------------------------

  @Test
  void update_shouldSetStatusAndNameAndBumpVersion_whenIfMatchIsCurrent() {
    profiles.create("fay", "Fay", "fay@example.com");
    registry.add("fay", "d1", "D", "plug");
    clock.advance(Duration.ofMinutes(1));

    Device d = registry.update("fay", "d1", "online", null, 1L);

    assertEquals("online", d.status());
    assertEquals(2, d.version());
    Map<String, AttributeValue> item = table.item(new Key("USER#fay", "DEVICE#d1")).orElseThrow();
    assertEquals("online", s(item, "Status"));
    assertEquals("2", item.get("Version").n());
    assertEquals("2090-01-02T03:05:05.678Z", s(item, "UpdatedAt"));
    assertEquals(T0, s(item, "CreatedAt"));
    Device renamed = registry.update("fay", "d1", null, "Desk lamp", null);
    assertEquals(3, renamed.version());
    assertEquals("Desk lamp", s(table.item(new Key("USER#fay", "DEVICE#d1")).orElseThrow(), "Name"));
    assertEquals("online", renamed.status());
  }

  @Test
  void update_shouldBeVersionMismatchAndWriteNothing_whenIfMatchIsStale() {
    profiles.create("gus", "Gus", "gus@example.com");
    registry.add("gus", "d1", "D", "plug");
    registry.update("gus", "d1", "online", null, 1L);

    VersionMismatchException e = assertThrows(VersionMismatchException.class,
        () -> registry.update("gus", "d1", "error", null, 1L));
    assertEquals(2, e.currentVersion());
    assertEquals("online", registry.get("gus", "d1").status());
  }

  @Test
  void update_shouldBeNotFound_whenTheDeviceDoesNotExist_andRefuseBadInput() {
    assertThrows(NotFoundException.class, () -> registry.update("hal", "none", "online", null, 1L));
    assertThrows(NotFoundException.class, () -> registry.update("hal", "none", "online", null, null));
    assertThrows(ValidationException.class, () -> registry.update("hal", "none", "exploded", null, null));
    assertThrows(ValidationException.class, () -> registry.update("hal", "none", null, null, null));
    // guards: an update must not create a device item as a side effect
    assertTrue(table.item(new Key("USER#hal", "DEVICE#none")).isEmpty());
  }

  // ---- AP13 / AP15 / AP04 / AP05 / AP09 events ----------------------------------------------

  @Test
  void recordEvent_shouldWriteTheEventWithItsIndexKeysTtlAndDeviceName_andConflictOnRedelivery() {
    profiles.create("ivy", "Ivy", "ivy@example.com");
    registry.add("ivy", "t1", "Hall thermostat", "thermostat");

    events.record("ivy", "t1", new Events.EventInput(DAY + "10:00:00.000Z", 7, "temperature", new BigDecimal("72.50")));

    Map<String, AttributeValue> item =
        table.item(new Key("USER#ivy", "DEVICE#t1#EVENT#2090-01-01T10:00:00.000Z#00000007")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "Type", "User", "Device", "At", "Seq",
        "EventType", "Value", "DeviceName", "NameVersion", "TTL", "CreatedAt", "UpdatedAt", "SchemaVersion",
        "WriteToken"), item.keySet());
    assertEquals("Event", s(item, "Type"));
    assertEquals("USER#ivy", s(item, "GSI1PK"));
    assertEquals("EVENT#2090-01-01T10:00:00.000Z#t1#00000007", s(item, "GSI1SK"));
    assertEquals("EVENTTYPE#temperature#" + DevicesKeys.shard("ivy", "t1", 8), s(item, "GSI2PK"));
    assertEquals("2090-01-01T10:00:00.000Z#ivy#t1#00000007", s(item, "GSI2SK"));
    assertEquals(Long.toString(java.time.Instant.parse("2090-04-01T10:00:00Z").getEpochSecond()), item.get("TTL").n());
    assertEquals("Hall thermostat", s(item, "DeviceName"));
    assertEquals("1", item.get("NameVersion").n());
    assertEquals("72.5", item.get("Value").n());
    ConflictException e = assertThrows(ConflictException.class,
        () -> events.record("ivy", "t1", input(DAY + "10:00:00.000Z", 7, "1")));
    assertEquals("event", e.conflict());
  }

  @Test
  void recordEvent_shouldRefuseTimesOutsideTheRetentionAndBadTypes_andWriteNothing() {
    profiles.create("ike", "Ike", "ike@example.com");
    registry.add("ike", "t1", "T", "thermostat");
    // T0 is 2090-01-02T03:04: 91 days back is expired already; 10 minutes ahead is beyond the skew
    assertThrows(ValidationException.class, () -> events.record("ike", "t1", input("2089-10-02T00:00:00.000Z", 0, "1")));
    assertThrows(ValidationException.class, () -> events.record("ike", "t1", input("2090-01-02T03:15:00.000Z", 0, "1")));
    assertThrows(ValidationException.class, () -> events.record("ike", "t1",
        new Events.EventInput(DAY + "10:00:00.000Z", 0, "Temp Reading", BigDecimal.ONE)));
    assertThrows(ValidationException.class, () -> events.record("ike", "t1",
        new Events.EventInput(DAY + "10:00:00.000Z", 0, "t", new BigDecimal("1e15"))));
    assertEquals(List.of("DEVICE#t1"), table.scanAll().stream().filter(i -> s(i, "PK").equals("USER#ike"))
        .map(i -> s(i, "SK")).filter(k -> !k.equals("#PROFILE")).toList());
  }

  @Test
  void recordEvent_shouldBeNotFoundAndWriteNothing_whenTheDeviceDoesNotExist() {
    profiles.create("jon", "Jon", "jon@example.com");
    assertThrows(NotFoundException.class, () -> events.record("jon", "none", input(DAY + "10:00:00.000Z", 0, "1")));
    assertTrue(table.item(new Key("USER#jon", "DEVICE#none#EVENT#2090-01-01T10:00:00.000Z#00000000")).isEmpty());
  }

  @Test
  void recordBatch_shouldWriteEveryEvent_andWriteTheSameItemsWhenRedelivered() {
    profiles.create("joy", "Joy", "joy@example.com");
    registry.add("joy", "t1", "T", "thermostat");
    List<Events.EventInput> batch = new ArrayList<>();
    for (int i = 0; i < 25; i++) {
      batch.add(input(DAY + String.format("%02d:00:00.000Z", i % 24), i, Integer.toString(i)));
    }

    Events.BatchResult first = events.recordBatch("joy", "t1", batch);
    List<Map<String, AttributeValue>> written = table.itemsOfType("Event");
    Events.BatchResult again = events.recordBatch("joy", "t1", batch);

    assertEquals(25, first.written().size());
    assertEquals(List.of(), first.unprocessed());
    assertEquals(25, again.written().size());
    assertEquals(25, written.size());
    assertEquals(written, table.itemsOfType("Event"), "a redelivered batch writes the same items, nothing twice");
    assertEquals(Set.of("USER#joy"), written.stream().map(i -> s(i, "PK")).collect(java.util.stream.Collectors.toSet()));
  }

  @Test
  void recordBatch_shouldRefuseTheWholeBatchAndWriteNothing_whenOneEventIsBadOrRepeated() {
    profiles.create("kai", "Kai", "kai@example.com");
    registry.add("kai", "t1", "T", "thermostat");
    List<Events.EventInput> bad = List.of(input(DAY + "01:00:00.000Z", 0, "1"), input("2090-13-01T00:00:00.000Z", 0, "1"));
    ValidationException e = assertThrows(ValidationException.class, () -> events.recordBatch("kai", "t1", bad));
    assertEquals("events[1].at", e.field());
    List<Events.EventInput> twice = List.of(input(DAY + "01:00:00.000Z", 3, "1"), input(DAY + "01:00:00.000Z", 3, "2"));
    assertEquals("events[1]", assertThrows(ValidationException.class, () -> events.recordBatch("kai", "t1", twice))
        .field());
    List<Events.EventInput> tooMany = new ArrayList<>();
    for (int i = 0; i < 26; i++) {
      tooMany.add(input(DAY + "01:00:00.000Z", i, "1"));
    }
    assertThrows(ValidationException.class, () -> events.recordBatch("kai", "t1", tooMany));
    assertThrows(NotFoundException.class, () -> events.recordBatch("kai", "none", List.of(input(DAY + "01:00:00.000Z", 0, "1"))));
    assertEquals(List.of(), table.itemsOfType("Event").stream().filter(i -> s(i, "PK").equals("USER#kai")).toList());
  }

  @Test
  void eventRange_shouldReturnTheDevicesEventsInRangeNewestFirstOverPages_andNoOtherDevices() {
    profiles.create("kim", "Kim", "kim@example.com");
    registry.add("kim", "a", "A", "sensor");
    registry.add("kim", "a-b", "AB", "sensor"); // guards: "a-b" must not fall in the range of device "a"
    registry.add("kim", "b", "B", "sensor");
    for (int h = 0; h < 5; h++) {
      String at = DAY + "0" + h + ":00:00.000Z";
      events.record("kim", "a", input(at, 0, Integer.toString(h)));
      events.record("kim", "a-b", input(at, 0, Integer.toString(100 + h)));
      events.record("kim", "b", input(at, 0, Integer.toString(200 + h)));
    }
    events.record("kim", "a", input(DAY + "03:00:00.000Z", 1, "31"));

    // from and to inclusive: 01:00 .. 03:00, including both sequences at 03:00
    List<String> seen = new ArrayList<>();
    PageRequest page = PageRequest.first(2);
    do {
      Page<Event> p = events.range("kim", "a", DAY + "01:00:00.000Z", DAY + "03:00:00.000Z", page);
      p.items().forEach(e -> seen.add(e.at().substring(11, 13) + "/" + e.seq() + "=" + e.value()));
      page = p.nextCursor() == null ? null : new PageRequest(2, p.nextCursor());
    } while (page != null);
    assertEquals(List.of("03/1=31", "03/0=3", "02/0=2", "01/0=1"), seen);

    assertThrows(ValidationException.class, () -> events.range("kim", "a", "2090-01-02T00:00:00.000Z",
        DAY + "00:00:00.000Z", PageRequest.first(10)));
    // guards: the right shape is not enough, the time must exist
    assertThrows(ValidationException.class, () -> events.range("kim", "a", "2090-02-30T00:00:00.000Z",
        "2090-03-01T00:00:00.000Z", PageRequest.first(10)));
  }

  @Test
  void reads_shouldNeverShowAnExpiredEvent_evenBeforeTtlDeletesIt() {
    profiles.create("lia", "Lia", "lia@example.com");
    registry.add("lia", "t1", "T", "thermostat");
    events.record("lia", "t1", input(DAY + "10:00:00.000Z", 0, "1"));
    events.record("lia", "t1", input("2090-01-02T00:00:00.000Z", 0, "2"));

    // 90 days after the first event, before the second has expired: the item is still in the table
    clock.set(java.time.Instant.parse("2090-04-01T10:00:00.001Z"));
    assertTrue(table.item(DevicesKeys.event("lia", "t1", DAY + "10:00:00.000Z", 0)).isPresent());

    String from = "2089-12-01T00:00:00.000Z";
    String to = "2090-04-01T00:00:00.000Z";
    assertEquals(List.of("2"), events.range("lia", "t1", from, to, PageRequest.first(10)).items().stream()
        .map(e -> e.value().toPlainString()).toList());
    assertEquals(List.of("2"), events.byUser("lia", from, to, PageRequest.first(10)).items().stream()
        .map(e -> e.value().toPlainString()).toList());
    assertEquals(List.of(), events.range("lia", "t1", from, "2089-12-31T00:00:00.000Z", PageRequest.first(10)).items());
  }

  @Test
  void eventsByUser_shouldMergeEveryDeviceInTimeOrder_newestFirst_overPages() {
    profiles.create("mia", "Mia", "mia@example.com");
    registry.add("mia", "a", "A", "sensor");
    registry.add("mia", "b", "B", "sensor");
    events.record("mia", "a", input(DAY + "01:00:00.000Z", 0, "1"));
    events.record("mia", "b", input(DAY + "02:00:00.000Z", 0, "2"));
    events.record("mia", "a", input(DAY + "03:00:00.000Z", 0, "3"));
    events.record("mia", "b", input(DAY + "04:00:00.000Z", 0, "4"));

    List<String> seen = new ArrayList<>();
    PageRequest page = PageRequest.first(3);
    do {
      Page<Event> p = events.byUser("mia", DAY + "02:00:00.000Z", DAY + "23:59:59.999Z", page);
      p.items().forEach(e -> seen.add(e.device() + e.value()));
      page = p.nextCursor() == null ? null : new PageRequest(3, p.nextCursor());
    } while (page != null);
    assertEquals(List.of("b4", "a3", "b2"), seen);
  }

  @Test
  void eventsOfType_shouldMergeEveryShardNewestFirst_andPageWithoutMissingOrRepeating() {
    List<String> expected = new ArrayList<>();
    for (int u = 0; u < 4; u++) {
      String user = "typ" + u;
      profiles.create(user, "U", user + "@example.com");
      for (int d = 0; d < 4; d++) {
        registry.add(user, "d" + d, "D", "sensor");
        String at = DAY + String.format("%02d:%02d:00.000Z", u * 4 + d, d);
        events.record(user, "d" + d, new Events.EventInput(at, 0, "door", BigDecimal.ONE));
        events.record(user, "d" + d, new Events.EventInput(at, 1, "other", BigDecimal.ONE));
        expected.add(0, user + "/d" + d);
      }
    }
    java.util.Set<Integer> shards = new java.util.HashSet<>();
    for (Map<String, AttributeValue> i : table.itemsOfType("Event")) {
      shards.add(Integer.parseInt(s(i, "GSI2PK").substring(s(i, "GSI2PK").lastIndexOf('#') + 1)));
    }
    assertTrue(shards.size() > 1, "16 devices spread over several shards: " + shards);

    List<String> seen = new ArrayList<>();
    PageRequest page = PageRequest.first(5);
    int pages = 0;
    do {
      Page<Event> p = events.ofType("door", DAY + "00:00:00.000Z", page);
      p.items().forEach(e -> seen.add(e.user() + "/" + e.device()));
      page = p.nextCursor() == null ? null : new PageRequest(5, p.nextCursor());
      pages++;
    } while (page != null);
    assertEquals(expected, seen);
    assertEquals(4, pages);
    assertEquals(expected.subList(0, 4), events.ofType("door", DAY + "12:00:00.000Z", PageRequest.first(10)).items()
        .stream().map(e -> e.user() + "/" + e.device()).toList());
  }

  // ---- AP16 / AP17 tags ----------------------------------------------------------------------

  @Test
  void setTags_shouldKeepTheTagItemsAndTheDevicesTagsInStep_andTheInvertedIndexAnswersByTag() {
    profiles.create("ned", "Ned", "ned@example.com");
    registry.add("ned", "a", "A", "sensor");
    registry.add("ned", "b", "B", "sensor");

    registry.setTags("ned", "a", List.of("lab", "roof"), 1L);
    registry.setTags("ned", "b", List.of("lab"), null);
    Device a = registry.setTags("ned", "a", List.of("roof", "yard"), 2L);

    assertEquals(List.of("roof", "yard"), a.tags());
    assertEquals(3, a.version());
    Map<String, AttributeValue> tag = table.item(new Key("USER#ned", "DEVICE#a#TAG#yard")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "GSI2PK", "GSI2SK", "Type", "User", "Device", "Tag", "CreatedAt", "UpdatedAt",
        "SchemaVersion"), tag.keySet());
    assertEquals("USER#ned#TAG#yard", s(tag, "GSI2PK"));
    assertEquals("DEVICE#a", s(tag, "GSI2SK"));
    assertEquals("DeviceTag", s(tag, "Type"));
    assertTrue(table.item(new Key("USER#ned", "DEVICE#a#TAG#lab")).isEmpty());
    assertEquals(List.of("b"), registry.byTag("ned", "lab", PageRequest.first(10)).items().stream()
        .map(DeviceTag::device).toList());
    assertEquals(List.of("a"), registry.byTag("ned", "yard", PageRequest.first(10)).items().stream()
        .map(DeviceTag::device).toList());
    assertThrows(VersionMismatchException.class, () -> registry.setTags("ned", "a", List.of(), 2L));
    assertEquals(List.of("roof", "yard"), registry.get("ned", "a").tags());
  }

  // ---- AP08 deletion --------------------------------------------------------------------------

  @Test
  void delete_shouldRemoveTheDeviceItsEventsAndTagsOverResumedCalls_andTouchNoOtherDevice() {
    profiles.create("ola", "Ola", "ola@example.com");
    registry.add("ola", "a", "A", "sensor");
    registry.add("ola", "a-b", "AB", "sensor"); // guards: a prefix of another device's id
    registry.setTags("ola", "a", List.of("lab"), null);
    int n = Registry.DELETE_PAGES * Registry.DELETE_PAGE_SIZE + 30; // more than one call removes
    for (int i = 0; i < n; i += 25) {
      List<Events.EventInput> batch = new ArrayList<>();
      for (int k = i; k < Math.min(n, i + 25); k++) {
        batch.add(input(DAY + String.format("%02d:%02d:%02d.000Z", k / 3600, k / 60 % 60, k % 60), 0, "1"));
      }
      events.recordBatch("ola", "a", batch);
    }
    events.record("ola", "a-b", input(DAY + "00:00:00.000Z", 0, "7"));

    Registry.Removal first = registry.delete("ola", "a");
    assertFalse(first.done());
    assertEquals(Registry.DELETE_PAGES * Registry.DELETE_PAGE_SIZE, first.deleted());
    Device marked = registry.get("ola", "a");
    assertNotNull(marked.deletingAt());
    assertEquals(first.deleted(), marked.deletedEvents());
    assertThrows(ConflictException.class, () -> events.record("ola", "a", input(DAY + "23:00:00.000Z", 0, "1")));
    assertThrows(ConflictException.class, () -> registry.update("ola", "a", "online", null, null));

    Registry.Removal second = registry.delete("ola", "a");
    assertTrue(second.done());
    assertEquals(n + 1 - first.deleted(), second.deleted()); // the events left and the tag
    assertEquals(n + 1, second.deletedTotal());
    assertEquals(List.of(), table.scanAll().stream().filter(i -> s(i, "PK").equals("USER#ola")).map(i -> s(i, "SK"))
        .filter(k -> k.startsWith("DEVICE#a#") || k.equals("DEVICE#a")).toList());
    assertTrue(table.item(new Key("USER#ola", "DEVICE#a-b")).isPresent());
    assertEquals(1, events.range("ola", "a-b", DAY + "00:00:00.000Z", DAY + "23:59:59.999Z", PageRequest.first(10))
        .items().size());
    assertThrows(NotFoundException.class, () -> registry.delete("ola", "a"));
  }

  @Test
  void delete_shouldAnswerNotFound_whenAConcurrentCallFinishedTheDeletionFirst() {
    // GIVEN a device with an event, and a second call of the same deletion that completes while this
    // call is between its Query and its final DeleteItem (two clients deleting one device at once)
    profiles.create("pia", "Pia", "pia@example.com");
    registry.add("pia", "a", "A", "sensor");
    events.record("pia", "a", input(DAY + "01:00:00.000Z", 0, "1"));
    java.util.concurrent.atomic.AtomicBoolean fired = new java.util.concurrent.atomic.AtomicBoolean();
    software.amazon.awssdk.services.dynamodb.DynamoDbClient racing = (software.amazon.awssdk.services.dynamodb.DynamoDbClient)
        java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {software.amazon.awssdk.services.dynamodb.DynamoDbClient.class}, (proxy, method, args) -> {
              if (method.getName().equals("transactWriteItems") && fired.compareAndSet(false, true)) {
                registry.delete("pia", "a"); // the other call: finds nothing left and removes the device
              }
              try {
                return method.invoke(table.client(), args);
              } catch (java.lang.reflect.InvocationTargetException e) {
                throw e.getCause();
              }
            });
    Registry slow = new Registry(new dev.monotable.kit.data.TableGateway(racing, table.name(), table.cursors(), clock));

    // WHEN / THEN the call that lost answers as a later call would: the device is gone (it was a 500)
    assertThrows(NotFoundException.class, () -> slow.delete("pia", "a"));
    assertTrue(fired.get());
    assertTrue(table.item(new Key("USER#pia", "DEVICE#a")).isEmpty());
  }

  // ---- AP14 dashboard, AP10 / AP11 analytics ----------------------------------------------------

  @Test
  void dashboard_shouldReturnProfileAndDevicesWithTheirRecentEvents_inOneQueryOverPages_andNoEventItem() {
    profiles.create("max", "Max", "max@example.com");
    registry.add("max", "b", "B", "plug");
    registry.add("max", "a", "A", "sensor");
    registry.add("max", "c", "C", "sensor");
    for (int h = 0; h < 3; h++) {
      events.record("max", "a", input(DAY + "0" + h + ":00:00.000Z", 0, Integer.toString(h)));
    }
    // the stream's ST1 keeps Recent; here it is written as ST1 would
    new StreamWrites(table.gateway(clock)).addRecent(events.range("max", "a", DAY + "02:00:00.000Z",
        DAY + "02:00:00.000Z", PageRequest.first(1)).items().get(0));

    Registry.Dashboard first = registry.dashboard("max", PageRequest.first(2));
    assertEquals("Max", first.profile().name());
    assertEquals(List.of("a", "b"), first.devices().items().stream().map(Device::device).toList());
    assertEquals(List.of(new Device.Reading(DAY + "02:00:00.000Z", 0, "temperature", new BigDecimal("2"))),
        first.devices().items().get(0).recent());
    assertEquals(List.of(), first.devices().items().get(1).recent());
    Registry.Dashboard second = registry.dashboard("max", new PageRequest(2, first.devices().nextCursor()));
    assertNull(second.profile());
    assertEquals(List.of("c"), second.devices().items().stream().map(Device::device).toList());
    assertNull(second.devices().nextCursor());
    assertThrows(NotFoundException.class, () -> registry.dashboard("nobody", PageRequest.first(10)));
  }

  @Test
  void dashboard_shouldAnswerANewUser_whileGsi1StillLacksTheProfile() {
    LocalEngine.Control engine = LocalEngine.control(LocalDynamoDb.endpoint());
    Assumptions.assumeTrue(engine.available(), "needs the local engine's consistency control");
    engine.eventuallyConsistent(table.name(), Duration.ofSeconds(5), Duration.ofSeconds(5));
    try {
      profiles.create("new", "New", "new@example.com");
      // the index lags 5 s: the Query finds no profile, the consistent GetItem does
      Registry.Dashboard d = registry.dashboard("new", PageRequest.first(10));
      assertEquals("New", d.profile().name());
      assertEquals(List.of(), d.devices().items());
      assertThrows(NotFoundException.class, () -> registry.dashboard("never", PageRequest.first(10)));
    } finally {
      engine.eventuallyConsistent(table.name(), Duration.ZERO, Duration.ZERO);
    }
  }

  @Test
  void statusCounts_shouldSumEveryShard_andActiveUsersReadOnlyProfilesWithActivity() {
    StreamWrites writes = new StreamWrites(table.gateway(clock));
    writes.countStatus("rec-1", "pam", "a", Map.of("offline", 1L));
    writes.countStatus("rec-2", "pam", "b", Map.of("offline", 1L));
    writes.countStatus("rec-3", "pam", "a", Map.of("offline", -1L, "online", 1L));
    writes.countStatus("rec-3", "pam", "a", Map.of("offline", -1L, "online", 1L)); // redelivered
    assertEquals(Map.of("online", 1L, "offline", 1L, "error", 0L), new Stats(table.gateway(clock)).deviceStatusCounts());

    profiles.create("pam", "Pam", "pam@example.com");
    profiles.create("quin", "Quin", "quin@example.com");
    profiles.create("rob", "Rob", "rob@example.com");
    writes.markActive("pam", "2090-01-01T00:00:00.000Z");
    writes.markActive("quin", "2089-11-01T00:00:00.000Z");
    Map<String, AttributeValue> pam = table.item(new Key("USER#pam", "#PROFILE")).orElseThrow();
    assertEquals("ACTIVE", s(pam, "GSI2PK"));
    assertEquals("2090-01-01T00:00:00.000Z#pam", s(pam, "GSI2SK"));
    assertFalse(table.item(new Key("USER#rob", "#PROFILE")).orElseThrow().containsKey("GSI2PK"), "sparse");
    assertEquals(List.of("pam"), profiles.active(30, PageRequest.first(10)).items().stream()
        .map(UserProfile::user).toList());
    assertEquals(List.of("pam", "quin"), profiles.active(90, PageRequest.first(10)).items().stream()
        .map(UserProfile::user).toList());
  }

  private static Events.EventInput input(String at, int seq, String value) {
    return new Events.EventInput(at, seq, "temperature", new BigDecimal(value));
  }

  private static String s(Map<String, AttributeValue> item, String name) {
    return item.get(name).s();
  }
}
