package dev.monotable.devices.bench;

import dev.monotable.devices.migrate.DevicesMigration;
import dev.monotable.devices.EntityFirstTables;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.devices.Devices;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.migrate.Divergence;
import dev.monotable.kit.migrate.DualWriteClient;
import dev.monotable.kit.migrate.MigrationMode;
import dev.monotable.kit.migrate.MigrationPlan;
import dev.monotable.kit.migrate.tool.ItemComparison;
import dev.monotable.kit.migrate.tool.LegacyBackfill;
import dev.monotable.kit.migrate.tool.PatternRunner;
import dev.monotable.kit.ops.BatchWrites;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.TestTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * Seed 004 §7.3 on Devices, against the local engine: the entity-first tables (seed 002's design) migrated
 * onto the single table by the kit's declared mapping, dual writes and backfill, and checked pattern by
 * pattern. Each test has its own old tables and single table.
 */
class MigrationTest {
  private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);
  /** The application's client: the limit guard fails any Scan. */
  private static DynamoDbClient client;
  /** The operator tools' (backfill, verify, the tests' counts): they scan. */
  private static DynamoDbClient tools;
  private static final List<String> created = Collections.synchronizedList(new ArrayList<>());
  private static final AtomicInteger runs = new AtomicInteger();

  @TempDir
  Path dir;

  @BeforeAll
  static void client() {
    client = DynamoDbExtension.newClient();
    tools = DynamoDbExtension.newClient(new software.amazon.awssdk.core.interceptor.ExecutionInterceptor[0]);
  }

  @AfterAll
  static void dropTables() {
    for (String t : created) {
      client.deleteTable(DeleteTableRequest.builder().tableName(t).build());
    }
    client.close();
    tools.close();
  }

  /** Fresh old tables holding {@code users} users of the dataset, and a fresh single table. */
  private record Setup(EntityFirstTables old, String table, DesignsDataset data, MigrationPlan plan) {
    TableGateway gateway() {
      return new TestTable(client, table).gateway(Clock.fixed(NOW, ZoneOffset.UTC));
    }

    DevicesPatterns patterns() {
      return new DevicesPatterns(tools, old, gateway());
    }

    DualWriteClient dual(MigrationMode mode, Consumer<Divergence> divergences) {
      return new DualWriteClient(client, plan, mode, divergences);
    }

    Map<String, AttributeValue> newItem(String pk, String sk) {
      var r = client.getItem(GetItemRequest.builder().tableName(table).consistentRead(true)
          .key(Map.of(TableSchema.PK, AttributeValue.fromS(pk), TableSchema.SK, AttributeValue.fromS(sk))).build());
      return r.hasItem() && !r.item().isEmpty() ? r.item() : null;
    }

    Map<String, Long> newCountsByType() {
      Map<String, Long> counts = new TreeMap<>();
      new TestTable(tools, table).scanAll().forEach(i -> counts.merge(i.get("Type").s(), 1L, Long::sum));
      return counts;
    }

    Map<String, Long> oldCounts() {
      Map<String, Long> counts = new TreeMap<>();
      counts.put(UserProfile.TYPE, count(old.users()));
      counts.put(Device.TYPE, count(old.devices()));
      counts.put(Event.TYPE, count(old.events()));
      return counts;
    }
  }

  private static long count(String table) {
    return new TestTable(tools, table).scanAll().size();
  }

  private static Setup setup(int users) {
    String run = "migrate-" + runs.incrementAndGet() + "-" + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
    EntityFirstTables old = EntityFirstTables.prefixed(run + "-old");
    String table = run + "-single";
    for (CreateTableRequest r : old.createTableRequests()) {
      create(r);
    }
    create(Devices.SCHEMA.createTableRequest(table));
    DesignsDataset data = new DesignsDataset(users, NOW, 11);
    BatchWrites.write(client, old.users(), data::peerUsers, data.users(), null);
    BatchWrites.write(client, old.devices(), data::peerDevices, data.devices(), null);
    BatchWrites.write(client, old.events(), data::peerEvents, data.events(), null);
    return new Setup(old, table, data, DevicesMigration.plan(old, table));
  }

  private static void create(CreateTableRequest r) {
    client.createTable(r);
    created.add(r.tableName());
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(r.tableName()).build());
  }

  private LegacyBackfill.Options options(String name) {
    return new LegacyBackfill.Options(4, 0, dir.resolve(name + ".checkpoint"));
  }

  // ---- 1. the declared mapping ------------------------------------------------------------------

  @Test
  void mapping_givesTheDomainsOwnItems_withoutWhatItsStreamFunctionsDerive() {
    DesignsDataset data = new DesignsDataset(1, NOW, 3);
    DesignsDataset.DeviceData d = data.device(4);
    DesignsDataset.EventData e = d.events().get(2);

    Map<String, AttributeValue> user = DevicesMigration.USERS.toItem(
        EntityFirstDevices.userItem("u00000", "User 0", "u00000@example.com", DevicesMigration.MIGRATED_CREATED));
    assertEquals(new UserProfile("u00000", "User 0", "u00000@example.com", DevicesMigration.MIGRATED_CREATED).toItem(),
        user);

    Map<String, AttributeValue> device = DevicesMigration.DEVICES.toItem(
        EntityFirstDevices.deviceItem(d.device(), d.user(), d.name(), d.kind(), d.status()));
    Map<String, AttributeValue> expectedDevice = new TreeMap<>(new Device(d.user(), d.device(), d.name(), d.kind(),
        d.status(), 1, DevicesMigration.MIGRATED_CREATED, DevicesMigration.MIGRATED_CREATED, List.of(), List.of(), 0,
        null, 0).toItem());
    expectedDevice.remove("Recent"); // the recent-events stream function's copies
    expectedDevice.remove("RecentRev");
    assertEquals(expectedDevice, new TreeMap<>(device));
    assertEquals("USER#" + d.user(), device.get("PK").s());
    assertEquals("DEVICE#" + d.device(), device.get("SK").s());
    assertEquals("DEVICE#" + d.device(), device.get("GSI1SK").s());

    Map<String, AttributeValue> event = DevicesMigration.EVENTS.toItem(EntityFirstDevices.eventItem(d.device() + "-2",
        d.device(), d.user(), e.at(), e.type(), e.value().toPlainString()));
    Map<String, AttributeValue> expectedEvent = new TreeMap<>(new Event(d.user(), d.device(), e.at(), 0, e.type(),
        e.value(), null, 0, DevicesMigration.MIGRATED_CREATED).toItem());
    expectedEvent.remove("NameVersion"); // the name-copy stream function's
    assertEquals(expectedEvent, new TreeMap<>(event));
    assertEquals(DevicesKeys.eventTypeShard(e.type(), DevicesKeys.shard(d.user(), d.device(),
        DevicesKeys.EVENT_TYPE_SHARDS)), event.get("GSI2PK").s());
  }

  @Test
  void mapping_refusesAnIdTheSingleTablesKeyRulesRefuse() {
    assertThrows(dev.monotable.kit.errors.ValidationException.class, () -> DevicesMigration.DEVICES.toItem(
        EntityFirstDevices.deviceItem("Lamp#1", "u1", "Lamp", "light", "online")));
  }

  // ---- 3. backfill --------------------------------------------------------------------------------

  @Test
  void backfill_copiesEveryOldItemOnce_andEveryPatternAnswersAlike() {
    Setup s = setup(3);

    LegacyBackfill.Report r = LegacyBackfill.run(tools, s.plan(), options("all"), null);

    assertEquals(3 + 30 + 300, r.read());
    assertEquals(r.read(), r.created());
    assertEquals(0, r.refused());
    assertTrue(r.writeUnits() >= r.created(), "capacity counted: " + r.writeUnits());
    assertEquals(s.oldCounts(), s.newCountsByType());
    PatternRunner.Result v = PatternRunner.run(s.patterns(), s.patterns().cases(0, 1), null);
    assertTrue(v.alike(), v.differences().toString());
    assertEquals(3 + 3 + 3 + 30 + 30 + 5, v.runs().values().stream().mapToInt(Integer::intValue).sum());
  }

  @Test
  void backfill_afterACrash_resumesFromItsCheckpoint_andEndsInTheSameState() throws Exception {
    Setup s = setup(4);
    AtomicInteger writes = new AtomicInteger();

    // a crash midway: every segment stops at its next write after the 150th
    assertThrows(RuntimeException.class, () -> LegacyBackfill.run(tools, s.plan(), options("crash"), null,
        (table, old, item) -> {
          if (writes.incrementAndGet() > 150) {
            throw new IllegalStateException("killed");
          }
        }));
    assertTrue(Files.readString(dir.resolve("crash.checkpoint")).contains(s.old().users()));
    long before = s.newCountsByType().values().stream().mapToLong(Long::longValue).sum();
    assertTrue(before >= 150 && before < 444, "a partial copy: " + before);

    LegacyBackfill.Report resumed = LegacyBackfill.run(tools, s.plan(), options("crash"), null);

    assertTrue(resumed.skippedSegments() + resumed.resumedSegments() > 0, resumed.toString());
    assertTrue(resumed.read() < 444, "the resumed run reads only what was left: " + resumed.read());
    assertEquals(s.oldCounts(), s.newCountsByType());
    PatternRunner.Result v = PatternRunner.run(s.patterns(), s.patterns().cases(0, 1), null);
    assertTrue(v.alike(), v.differences().toString());
    // a third run finds every segment done and writes nothing
    LegacyBackfill.Report again = LegacyBackfill.run(tools, s.plan(), options("crash"), null);
    assertEquals(0, again.read());
    assertEquals(12, again.skippedSegments());
  }

  @Test
  void backfill_neverOverwritesANewerDualWrittenItem() {
    Setup s = setup(1);
    DualWriteClient dual = s.dual(MigrationMode.DUAL, d -> { throw new AssertionError(d.toString()); });
    EntityFirstDevices app = new EntityFirstDevices(dual, s.old());
    String device = DesignsDataset.deviceId(3);
    String status = s.data().device(3).status().equals("error") ? "online" : "error";

    LegacyBackfill.Report r = LegacyBackfill.run(tools, s.plan(), options("newer"), null, (table, old, item) -> {
      if (old.get("deviceId") != null && old.get("deviceId").s().equals(device) && table.equals(s.old().devices())) {
        app.updateStatus(device, status); // the old item changes after the Scan read it; its mirror lands first
      }
    });

    assertEquals(1, r.keptNewer());
    assertEquals(status, s.newItem("USER#u00000", "DEVICE#" + device).get("Status").s());
    assertEquals(s.oldCounts(), s.newCountsByType());
  }

  @Test
  void backfill_doesNotResurrectAnItemDeletedWhileItWasCopied() {
    Setup s = setup(1);
    DualWriteClient dual = s.dual(MigrationMode.DUAL, d -> { throw new AssertionError(d.toString()); });
    EntityFirstDevices app = new EntityFirstDevices(dual, s.old());
    String device = DesignsDataset.deviceId(5);

    LegacyBackfill.Report r = LegacyBackfill.run(tools, s.plan(), options("deleted"), null, (table, old, item) -> {
      if (table.equals(s.old().devices()) && old.get("deviceId").s().equals(device)) {
        app.deleteDevice(device); // deleted after the Scan read it, before its copy is written
      }
    });

    assertEquals(1, r.removedDeleted());
    assertEquals(null, s.newItem("USER#u00000", "DEVICE#" + device));
    assertEquals(s.oldCounts(), s.newCountsByType());
    PatternRunner.Result v = PatternRunner.run(s.patterns(), s.patterns().cases(0, 1), null);
    assertTrue(v.alike(), v.differences().toString());
  }

  @Test
  void backfill_killedAfterCopyingAnItemDeletedMeanwhile_doesNotResurrectItWhenResumed() {
    // The bug this guards: the page's re-check is what removes the copy of an item deleted after the Scan read
    // it; a run killed before that re-check left the copy, and the resumed run re-read the page from the old
    // table, where the item is gone, so nothing checked the copy again.
    Setup s = setup(1);
    DualWriteClient dual = s.dual(MigrationMode.DUAL, d -> { throw new AssertionError(d.toString()); });
    EntityFirstDevices app = new EntityFirstDevices(dual, s.old());
    String device = DesignsDataset.deviceId(5);
    AtomicBoolean deleted = new AtomicBoolean();
    LegacyBackfill.Options one = new LegacyBackfill.Options(1, 0, dir.resolve("killed.checkpoint"));

    assertThrows(IllegalStateException.class, () -> LegacyBackfill.run(tools, s.plan(), one, null,
        (table, old, item) -> {
          if (!table.equals(s.old().devices())) {
            return;
          }
          if (deleted.get()) {
            throw new IllegalStateException("killed"); // after the deleted item's copy, before the page's re-check
          }
          if (old.get("deviceId").s().equals(device)) {
            app.deleteDevice(device); // the old item, then the new key (not there yet); the copy comes next
            deleted.set(true);
          }
        }));
    assertTrue(s.newItem("USER#u00000", "DEVICE#" + device) != null, "the killed run copied the deleted device");

    LegacyBackfill.Report resumed = LegacyBackfill.run(tools, s.plan(), one, null);

    assertEquals(null, s.newItem("USER#u00000", "DEVICE#" + device), "the deleted device came back");
    assertEquals(1, resumed.removedDeleted(), resumed.toString());
    assertEquals(s.oldCounts(), s.newCountsByType());
    PatternRunner.Result v = PatternRunner.run(s.patterns(), s.patterns().cases(0, 1), null);
    assertTrue(v.alike(), v.differences().toString());
  }

  @Test
  void verifyItems_comparesItemByItem_andFindsWhatEqualCountsHide() {
    // The bug this guards: verify --counts compared the number of items of each type, so a missing device beside a
    // duplicate one looked equal, and a wrong index key or an attribute the mapping never writes went unseen.
    Setup s = setup(1);
    LegacyBackfill.run(tools, s.plan(), options("verify"), null);
    assertTrue(ItemComparison.compare(s.plan(), tools).same(), "a fresh backfill is the old design, item by item");

    List<Map<String, AttributeValue>> items = new TestTable(tools, s.table()).scanAll();
    List<Map<String, AttributeValue>> events = items.stream().filter(i -> i.get("Type").s().equals(Event.TYPE))
        .toList();
    List<Map<String, AttributeValue>> devices = items.stream().filter(i -> i.get("Type").s().equals(Device.TYPE))
        .toList();
    Map<String, AttributeValue> shifted = new java.util.HashMap<>(events.get(0));
    String shard = shifted.get("GSI2PK").s();
    shifted.put("GSI2PK", AttributeValue.fromS(shard.substring(0, shard.length() - 1)
        + (shard.endsWith("0") ? "1" : "0"))); // the event under another type shard
    Map<String, AttributeValue> extraAttribute = new java.util.HashMap<>(events.get(1));
    extraAttribute.put("Colour", AttributeValue.fromS("blue")); // neither the mapping nor the entity writes it
    Map<String, AttributeValue> duplicate = new java.util.HashMap<>(devices.get(1));
    duplicate.put("SK", AttributeValue.fromS("DEVICE#dup-1"));
    duplicate.put("GSI1SK", AttributeValue.fromS("DEVICE#dup-1"));
    duplicate.put("Device", AttributeValue.fromS("dup-1"));
    for (Map<String, AttributeValue> put : List.of(shifted, extraAttribute, duplicate)) {
      client.putItem(PutItemRequest.builder().tableName(s.table()).item(put).build());
    }
    Map<String, AttributeValue> lost = devices.get(2);
    client.deleteItem(software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest.builder().tableName(s.table())
        .key(Map.of("PK", lost.get("PK"), "SK", lost.get("SK"))).build());

    ItemComparison.Result r = ItemComparison.compare(s.plan(), tools);

    assertEquals(s.oldCounts(), s.newCountsByType(), "the counts alone look the same");
    Map<String, String> found = new TreeMap<>();
    r.differences().forEach(d -> found.put(d.key(), d.kind() + " " + d.detail()));
    assertEquals(Set.of(key(shifted), key(extraAttribute), key(duplicate), key(lost)), found.keySet(),
        r.differences().toString());
    assertEquals("different attributes GSI2PK", found.get(key(shifted)));
    assertEquals("different attributes Colour (not mapped)", found.get(key(extraAttribute)));
    assertTrue(found.get(key(duplicate)).startsWith("extra"), found.toString());
    assertTrue(found.get(key(lost)).startsWith("missing"), found.toString());
    assertFalse(r.same());
  }

  private static String key(Map<String, AttributeValue> item) {
    return item.get("PK").s() + " | " + item.get("SK").s();
  }

  // ---- 2. dual writes ----------------------------------------------------------------------------

  @Test
  void dualWrites_mirrorEveryWriteOfTheOldDesign_andReportWhatTheSingleTableRefuses() {
    Setup s = setup(1);
    LegacyBackfill.run(tools, s.plan(), options("dual"), null);
    List<Divergence> divergences = Collections.synchronizedList(new ArrayList<>());
    EntityFirstDevices app = new EntityFirstDevices(s.dual(MigrationMode.DUAL, divergences::add), s.old());

    app.addDevice("lamp-1", "u00000", "Lamp", "light");             // TransactWriteItems
    app.updateStatus("lamp-1", "online");                            // UpdateItem
    app.deleteDevice(DesignsDataset.deviceId(2));                    // Query, BatchWriteItem, DeleteItem
    app.addDevice("Lamp#2", "u00000", "Lamp 2", "light");            // the old design takes it, the new refuses

    Map<String, AttributeValue> lamp = s.newItem("USER#u00000", "DEVICE#lamp-1");
    assertEquals("online", lamp.get("Status").s());
    assertEquals("Device", lamp.get("Type").s());
    assertEquals("USER#u00000", lamp.get("GSI1PK").s());
    assertEquals(null, s.newItem("USER#u00000", "DEVICE#" + DesignsDataset.deviceId(2)));
    assertEquals(1, divergences.size(), divergences.toString());
    assertEquals("old", divergences.get(0).acceptedBy());
    assertTrue(divergences.get(0).oldKey().contains("Lamp#2"), divergences.toString());
    assertTrue(app.device("Lamp#2") != null, "the old design kept it");
    // every item of the deleted device is gone from the single table; the one difference is the refused device
    PatternRunner.Result v = PatternRunner.run(s.patterns(), s.patterns().cases(0, 1).stream()
        .filter(c -> !"Lamp#2".equals(c.args().get("device"))).toList(), null);
    assertEquals(List.of("2 devices {user=u00000}"), v.differences().stream().map(d -> d.c().toString()).toList());
    assertTrue(v.differences().get(0).oldAnswer().toString().contains("Lamp#2"));
  }

  @Test
  void newOnly_refusesAndReportsAWriteThatStillReachesTheOldTables() {
    Setup s = setup(1);
    List<Divergence> divergences = new ArrayList<>();
    DualWriteClient retired = s.dual(MigrationMode.NEW_ONLY, divergences::add);

    assertThrows(IllegalStateException.class, () -> retired.putItem(PutItemRequest.builder()
        .tableName(s.old().devices()).item(EntityFirstDevices.deviceItem("x1", "u00000", "X", "plug", "offline"))
        .build()));

    assertEquals(1, divergences.size());
    assertEquals(null, new EntityFirstDevices(client, s.old()).device("x1"));
  }

  // ---- 6. under traffic, with a crash and a resume ------------------------------------------------

  @Test
  void underTraffic_withACrashAndAResume_nothingAcknowledgedIsMissingNothingDeletedCameBackNothingIsTwice()
      throws Exception {
    Setup s = setup(20); // 20 users, 200 devices, 2,000 events
    List<Divergence> divergences = Collections.synchronizedList(new ArrayList<>());
    DualWriteClient dual = s.dual(MigrationMode.DUAL, divergences::add);
    MigrationTraffic traffic = new MigrationTraffic(dual, s.old(), MigrationTraffic.devices(tools, s.old()),
        NOW.minusSeconds(3600), 5);
    AtomicBoolean stop = new AtomicBoolean();
    CompletableFuture<MigrationTraffic.Ledger> writers = CompletableFuture.supplyAsync(() -> traffic.run(stop, 0));

    AtomicInteger writes = new AtomicInteger();
    assertThrows(RuntimeException.class, () -> LegacyBackfill.run(tools, s.plan(), options("traffic"), null,
        (table, old, item) -> {
          if (writes.incrementAndGet() > 1_000) {
            throw new IllegalStateException("killed");
          }
        }));
    LegacyBackfill.Report resumed = LegacyBackfill.run(tools, s.plan(), options("traffic"), null);
    Thread.sleep(300); // a little traffic after the backfill, as in production until the switch
    stop.set(true);
    MigrationTraffic.Ledger ledger = writers.get();

    assertTrue(ledger.eventsWritten > 0 && ledger.updates > 0, ledger.toString());
    assertTrue(resumed.resumedSegments() + resumed.skippedSegments() > 0, "resumed: " + resumed);
    assertEquals(List.of(), divergences);
    // nothing written twice: as many items of each type as the old design holds
    assertEquals(s.oldCounts(), s.newCountsByType());
    // nothing acknowledged missing: every live device, its status and every event it was acknowledged
    for (Map.Entry<String, String> d : ledger.ownerOf.entrySet()) {
      Map<String, AttributeValue> item = s.newItem("USER#" + d.getValue(), "DEVICE#" + d.getKey());
      if (ledger.deleted.contains(d.getKey())) {
        assertEquals(null, item, "deleted device came back: " + d.getKey());
        continue;
      }
      assertTrue(item != null, "missing device " + d.getKey());
      if (ledger.status.containsKey(d.getKey())) {
        assertEquals(ledger.status.get(d.getKey()), item.get("Status").s(), d.getKey());
      }
    }
    Set<String> newEvents = new HashSet<>();
    new TestTable(tools, s.table()).itemsOfType(Event.TYPE).forEach(e -> newEvents.add(e.get("Device").s() + "|"
        + e.get("At").s()));
    for (String deleted : ledger.deleted) {
      assertFalse(newEvents.stream().anyMatch(k -> k.startsWith(deleted + "|")), "events of deleted " + deleted);
    }
    // and every pattern answers alike for every key
    PatternRunner.Result v = PatternRunner.run(s.patterns(), s.patterns().cases(0, 1), null);
    assertTrue(v.alike(), v.differences().toString());
  }
}
