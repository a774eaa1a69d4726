package dev.monotable.devices.data;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.keys.Key;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Devices's data access against the local engine: the exact items, and one request per pattern. */
@ExtendWith(DynamoDbExtension.class)
class DevicesDataTest {
  private static final String T0 = "2026-01-02T03:04:05.678Z";

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
        "SchemaVersion"), item.keySet());
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
    assertThrows(ValidationException.class, () -> events.range("ann", "d", "2026-01-01", "2026-01-02T00:00:00.000Z",
        PageRequest.first(10)));
  }

  // ---- AP07 / AP03 / AP02 devices -----------------------------------------------------------

  @Test
  void addDevice_shouldWriteTheDeviceInTheUsersPartitionAndGsi1_whenTheUserExists() {
    profiles.create("cat", "Cat", "cat@example.com");

    Device d = registry.add("cat", "thermo-1", "Kitchen", "thermostat");

    Map<String, AttributeValue> item = table.item(new Key("USER#cat", "DEVICE#thermo-1")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "GSI1PK", "GSI1SK", "Type", "User", "Device", "Name", "Kind", "Status", "Version",
        "CreatedAt", "UpdatedAt", "SchemaVersion"), item.keySet());
    assertEquals("USER#cat", s(item, "GSI1PK"));
    assertEquals("DEVICE#thermo-1", s(item, "GSI1SK"));
    assertEquals("Device", s(item, "Type"));
    assertEquals("offline", s(item, "Status"));
    assertEquals("1", item.get("Version").n());
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
  void listDevices_shouldReturnOnlyDevicesInIdOrderOverPages_whenTheyHaveEvents() {
    profiles.create("eve", "Eve", "eve@example.com");
    for (String id : List.of("c", "a", "b")) {
      registry.add("eve", id, "Device " + id, "sensor");
      events.record("eve", id, T0, 0, "temperature", new BigDecimal("20.5"));
    }

    Page<Device> first = registry.list("eve", PageRequest.first(2));
    assertEquals(List.of("a", "b"), first.items().stream().map(Device::device).toList());
    assertNotNull(first.nextCursor());
    Page<Device> second = registry.list("eve", new PageRequest(2, first.nextCursor()));
    assertEquals(List.of("c"), second.items().stream().map(Device::device).toList());
    assertNull(second.nextCursor());
    assertTrue(registry.list("nobody", PageRequest.first(10)).items().isEmpty());
  }

  // ---- AP06 status update -------------------------------------------------------------------

  @Test
  void updateStatus_shouldSetStatusAndBumpVersion_whenIfMatchIsCurrent() {
    profiles.create("fay", "Fay", "fay@example.com");
    registry.add("fay", "d1", "D", "plug");
    clock.advance(Duration.ofMinutes(1));

    Device d = registry.updateStatus("fay", "d1", "online", 1L);

    assertEquals("online", d.status());
    assertEquals(2, d.version());
    Map<String, AttributeValue> item = table.item(new Key("USER#fay", "DEVICE#d1")).orElseThrow();
    assertEquals("online", s(item, "Status"));
    assertEquals("2", item.get("Version").n());
    assertEquals("2026-01-02T03:05:05.678Z", s(item, "UpdatedAt"));
    assertEquals(T0, s(item, "CreatedAt"));
    assertEquals(3, registry.updateStatus("fay", "d1", "error", null).version());
  }

  @Test
  void updateStatus_shouldBeVersionMismatchAndWriteNothing_whenIfMatchIsStale() {
    profiles.create("gus", "Gus", "gus@example.com");
    registry.add("gus", "d1", "D", "plug");
    registry.updateStatus("gus", "d1", "online", 1L);

    VersionMismatchException e = assertThrows(VersionMismatchException.class,
        () -> registry.updateStatus("gus", "d1", "error", 1L));
    assertEquals(2, e.currentVersion());
    assertEquals("online", registry.get("gus", "d1").status());
  }

  @Test
  void updateStatus_shouldBeNotFound_whenTheDeviceDoesNotExist_andRefuseAnUnknownStatus() {
    assertThrows(NotFoundException.class, () -> registry.updateStatus("hal", "none", "online", 1L));
    assertThrows(NotFoundException.class, () -> registry.updateStatus("hal", "none", "online", null));
    assertThrows(ValidationException.class, () -> registry.updateStatus("hal", "none", "exploded", null));
    // guards: an update must not create a device item as a side effect
    assertTrue(table.item(new Key("USER#hal", "DEVICE#none")).isEmpty());
  }

  // ---- AP13 / AP04 events -------------------------------------------------------------------

  @Test
  void recordEvent_shouldWriteTheEventUnderItsDevice_andConflictOnRedelivery() {
    profiles.create("ivy", "Ivy", "ivy@example.com");
    registry.add("ivy", "t1", "T", "thermostat");

    events.record("ivy", "t1", "2026-01-01T10:00:00.000Z", 7, "temperature", new BigDecimal("72.50"));

    Map<String, AttributeValue> item =
        table.item(new Key("USER#ivy", "DEVICE#t1#EVENT#2026-01-01T10:00:00.000Z#00000007")).orElseThrow();
    assertEquals(Set.of("PK", "SK", "Type", "User", "Device", "At", "Seq", "EventType", "Value", "CreatedAt",
        "UpdatedAt", "SchemaVersion"), item.keySet());
    assertEquals("Event", s(item, "Type"));
    assertEquals("72.5", item.get("Value").n());
    assertEquals("7", item.get("Seq").n());
    ConflictException e = assertThrows(ConflictException.class,
        () -> events.record("ivy", "t1", "2026-01-01T10:00:00.000Z", 7, "temperature", BigDecimal.ONE));
    assertEquals("event", e.conflict());
  }

  @Test
  void recordEvent_shouldBeNotFoundAndWriteNothing_whenTheDeviceDoesNotExist() {
    profiles.create("jon", "Jon", "jon@example.com");
    assertThrows(NotFoundException.class,
        () -> events.record("jon", "none", "2026-01-01T10:00:00.000Z", 0, "temperature", BigDecimal.ONE));
    assertTrue(table.item(new Key("USER#jon", "DEVICE#none#EVENT#2026-01-01T10:00:00.000Z#00000000")).isEmpty());
  }

  @Test
  void eventRange_shouldReturnTheDevicesEventsInRangeNewestFirstOverPages_andNoOtherDevices() {
    profiles.create("kim", "Kim", "kim@example.com");
    registry.add("kim", "a", "A", "sensor");
    registry.add("kim", "a-b", "AB", "sensor"); // guards: "a-b" must not fall in the range of device "a"
    registry.add("kim", "b", "B", "sensor");
    for (int h = 0; h < 5; h++) {
      String at = "2026-01-01T0" + h + ":00:00.000Z";
      events.record("kim", "a", at, 0, "t", BigDecimal.valueOf(h));
      events.record("kim", "a-b", at, 0, "t", BigDecimal.valueOf(100 + h));
      events.record("kim", "b", at, 0, "t", BigDecimal.valueOf(200 + h));
    }
    events.record("kim", "a", "2026-01-01T03:00:00.000Z", 1, "t", BigDecimal.valueOf(31));

    // from and to inclusive: 01:00 .. 03:00, including both sequences at 03:00
    List<String> seen = new ArrayList<>();
    PageRequest page = PageRequest.first(2);
    do {
      Page<Event> p = events.range("kim", "a", "2026-01-01T01:00:00.000Z", "2026-01-01T03:00:00.000Z", page);
      p.items().forEach(e -> seen.add(e.at().substring(11, 13) + "/" + e.seq() + "=" + e.value()));
      page = p.nextCursor() == null ? null : new PageRequest(2, p.nextCursor());
    } while (page != null);
    assertEquals(List.of("03/1=31", "03/0=3", "02/0=2", "01/0=1"), seen);

    assertThrows(ValidationException.class, () -> events.range("kim", "a", "2026-01-02T00:00:00.000Z",
        "2026-01-01T00:00:00.000Z", PageRequest.first(10)));
    // guards: the right shape is not enough, the time must exist
    assertThrows(ValidationException.class, () -> events.range("kim", "a", "2026-02-30T00:00:00.000Z",
        "2026-03-01T00:00:00.000Z", PageRequest.first(10)));
  }

  @Test
  void recordEvent_shouldCopyTheNewestEventOntoTheDevice_andKeepIt_whenAnOlderEventArrivesLater() {
    profiles.create("lea", "Lea", "lea@example.com");
    registry.add("lea", "t1", "T", "thermostat");

    events.record("lea", "t1", "2026-01-01T10:00:00.000Z", 0, "temperature", new BigDecimal("21"));
    events.record("lea", "t1", "2026-01-01T09:00:00.000Z", 0, "temperature", new BigDecimal("19"));

    Map<String, AttributeValue> item = table.item(new Key("USER#lea", "DEVICE#t1")).orElseThrow();
    assertEquals("2026-01-01T10:00:00.000Z", s(item, "LatestAt"));
    assertEquals("21", item.get("LatestValue").n());
    assertEquals("0", item.get("LatestSeq").n());
    assertEquals("temperature", s(item, "LatestType"));
    // guards: the copy is not a status change: Version stays for If-Match
    assertEquals("1", item.get("Version").n());
    // and the older event is recorded all the same
    assertTrue(table.item(new Key("USER#lea", "DEVICE#t1#EVENT#2026-01-01T09:00:00.000Z#00000000")).isPresent());
    assertThrows(ConflictException.class,
        () -> events.record("lea", "t1", "2026-01-01T09:00:00.000Z", 0, "temperature", BigDecimal.ONE));
    assertEquals(new Device.Reading("2026-01-01T10:00:00.000Z", 0, "temperature", new BigDecimal("21")),
        registry.get("lea", "t1").latest());
    // at the same instant, the higher sequence is the newer; a lower one arriving later does not replace it
    events.record("lea", "t1", "2026-01-01T10:00:00.000Z", 5, "temperature", new BigDecimal("22"));
    events.record("lea", "t1", "2026-01-01T10:00:00.000Z", 3, "temperature", new BigDecimal("23"));
    assertEquals(new Device.Reading("2026-01-01T10:00:00.000Z", 5, "temperature", new BigDecimal("22")),
        registry.get("lea", "t1").latest());
  }

  // ---- AP14 dashboard -----------------------------------------------------------------------

  @Test
  void dashboard_shouldReturnProfileAndDevicesWithTheirLatestEvent_inOneQueryOverPages() {
    profiles.create("max", "Max", "max@example.com");
    registry.add("max", "b", "B", "plug");
    registry.add("max", "a", "A", "sensor");
    registry.add("max", "c", "C", "sensor");
    for (int h = 0; h < 3; h++) {
      events.record("max", "a", "2026-01-01T0" + h + ":00:00.000Z", 0, "t", BigDecimal.valueOf(h));
    }

    Registry.Dashboard first = registry.dashboard("max", PageRequest.first(2));
    assertEquals("Max", first.profile().name());
    assertEquals(List.of("a", "b"), first.devices().items().stream().map(Device::device).toList());
    assertEquals("2026-01-01T02:00:00.000Z", first.devices().items().get(0).latest().at());
    assertNull(first.devices().items().get(1).latest());
    Registry.Dashboard second = registry.dashboard("max", new PageRequest(2, first.devices().nextCursor()));
    assertNull(second.profile());
    assertEquals(List.of("c"), second.devices().items().stream().map(Device::device).toList());
    assertNull(second.devices().nextCursor());
    assertThrows(NotFoundException.class, () -> registry.dashboard("nobody", PageRequest.first(10)));
  }

  private static String s(Map<String, AttributeValue> item, String name) {
    return item.get(name).s();
  }
}
