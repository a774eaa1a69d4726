package dev.monotable.devices.functions.streams;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.monotable.devices.Devices;
import dev.monotable.testing.TableOf;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.charts.DevicesCharts;
import dev.monotable.devices.data.Events;
import dev.monotable.devices.data.Stats;
import dev.monotable.devices.functions.DevicesServices;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.keys.Key;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.monotable.kit.data.TableGateway;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * ST1..ST3 of Devices against a real table, fed the records Lambda would deliver for the items the
 * data layer wrote, each batch delivered again and out of order to prove the effects are exact.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Devices.class)
class DevicesStreamsTest {
  private static final String T0 = "2090-01-02T00:00:00.000Z";
  private static final String DAY = "2090-01-01T";
  private static final AtomicInteger IDS = new AtomicInteger();

  private final TestTable table;
  private final DevicesServices services;

  DevicesStreamsTest(TestTable table) {
    this.table = table;
    this.services = new DevicesServices(table.gateway(MutableClock.at(T0)), null);
  }

  @AfterEach
  void everyItemMatchesItsChart() {
    for (Map<String, AttributeValue> item : table.scanAll()) {
      if (item.get("PK").s().startsWith("USER#") || item.get("PK").s().startsWith("DEVICESTATUS#")) {
        assertEquals(List.of(), DevicesCharts.VALIDATOR.validate(item), item.get("PK").s() + " / " + item.get("SK").s());
      }
    }
  }

  @Test
  void recentEvents_shouldKeepTheNewestTenOnTheDevice_exactlyUnderRedeliveryAndReordering() {
    services.profiles().create("ann", "Ann", "ann@example.com");
    services.registry().add("ann", "t1", "T", "thermostat");
    List<DynamodbStreamRecord> records = new ArrayList<>();
    for (int i = 0; i < 14; i++) {
      Event e = services.events().record("ann", "t1",
          new Events.EventInput(DAY + String.format("%02d:00:00.000Z", i), 0, "temperature", BigDecimal.valueOf(i)));
      records.add(record("INSERT", null, e.toItem()));
    }
    List<DynamodbStreamRecord> shuffled = new ArrayList<>(records);
    java.util.Collections.shuffle(shuffled, new java.util.Random(7));

    assertEquals(List.of(), failures(new RecentEventsHandler(services).handleRequest(event(shuffled), null)));
    Device d = services.registry().get("ann", "t1");
    assertEquals(List.of(13, 12, 11, 10, 9, 8, 7, 6, 5, 4), d.recent().stream().map(r -> r.value().intValue()).toList());
    long rev = d.recentRev();
    assertEquals(1, d.version(), "the stream's copy is no change of the device: If-Match stays valid");

    assertEquals(List.of(), failures(new RecentEventsHandler(services).handleRequest(event(records), null)));
    assertEquals(d.recent(), services.registry().get("ann", "t1").recent());
    assertEquals(rev, services.registry().get("ann", "t1").recentRev(), "a redelivered batch writes nothing");
    Map<String, AttributeValue> profile = table.item(new Key("USER#ann", "#PROFILE")).orElseThrow();
    assertEquals(DAY + "13:00:00.000Z", profile.get("ActiveAt").s());
    assertEquals("ACTIVE", profile.get("GSI2PK").s());
  }

  @Test
  void statusCounts_shouldBeExact_underRedeliveryAndReordering_andIgnoreChangesThatKeepTheStatus() {
    services.profiles().create("bob", "Bob", "bob@example.com");
    List<DynamodbStreamRecord> records = new ArrayList<>();
    for (String id : List.of("a", "b", "c")) {
      Device d = services.registry().add("bob", id, "D", "plug");
      records.add(record("INSERT", null, d.toItem()));
    }
    Device before = services.registry().get("bob", "a");
    Device online = services.registry().update("bob", "a", "online", null, null);
    records.add(record("MODIFY", before.toItem(), online.toItem()));
    Device renamed = services.registry().update("bob", "a", null, "Lamp", null);
    records.add(record("MODIFY", online.toItem(), renamed.toItem())); // the status stays: no count moves
    Device gone = services.registry().get("bob", "c");
    records.add(record("REMOVE", gone.toItem(), null));
    List<DynamodbStreamRecord> reversed = new ArrayList<>(records);
    java.util.Collections.reverse(reversed);

    StatusCountsHandler handler = new StatusCountsHandler(services);
    assertEquals(List.of(), failures(handler.handleRequest(event(reversed), null)));
    assertEquals(List.of(), failures(handler.handleRequest(event(records), null)));
    assertEquals(List.of(), failures(handler.handleRequest(event(records.subList(1, 3)), null)));

    Map<String, Long> counts = new Stats(services.table()).deviceStatusCounts();
    assertEquals(Map.of("online", 1L, "offline", 1L, "error", 0L), counts);
  }

  @Test
  void deviceName_shouldReachEveryEvent_andAnOlderRenameArrivingLateChangesNothing() {
    services.profiles().create("cat", "Cat", "cat@example.com");
    services.registry().add("cat", "t1", "Old", "thermostat");
    services.registry().add("cat", "t2", "Other", "thermostat");
    for (int i = 0; i < 3; i++) {
      services.events().record("cat", "t1", new Events.EventInput(DAY + "0" + i + ":00:00.000Z", 0, "t", BigDecimal.ONE));
    }
    services.events().record("cat", "t2", new Events.EventInput(DAY + "01:00:00.000Z", 0, "t", BigDecimal.ONE));
    Device v1 = services.registry().get("cat", "t1");
    Device v2 = services.registry().update("cat", "t1", null, "Middle", null);
    Device v3 = services.registry().update("cat", "t1", null, "New", null);
    DeviceNameHandler handler = new DeviceNameHandler(services);

    assertEquals(List.of(), failures(handler.handleRequest(event(List.of(record("MODIFY", v2.toItem(), v3.toItem()))),
        null)));
    assertEquals(List.of(), failures(handler.handleRequest(event(List.of(record("MODIFY", v1.toItem(), v2.toItem()))),
        null)));

    for (Map<String, AttributeValue> e : table.itemsOfType(Event.TYPE)) {
      if (e.get("PK").s().equals("USER#cat")) {
        boolean t1 = e.get("Device").s().equals("t1");
        assertEquals(t1 ? "New" : "Other", e.get("DeviceName").s(), e.get("SK").s());
        assertEquals(t1 ? "3" : "1", e.get("NameVersion").n());
      }
    }
  }

  @Test
  void streamWrites_shouldLeaveItemsTheChartsAccept() {
    services.profiles().create("dee", "Dee", "dee@example.com");
    Device d = services.registry().add("dee", "t1", "T", "thermostat");
    new StatusCountsHandler(services).handleRequest(event(List.of(record("INSERT", null, d.toItem()))), null);
    int shard = DevicesKeys.shard("dee", "t1", DevicesKeys.STATUS_SHARDS);
    Map<String, AttributeValue> counts = table.item(DevicesKeys.statusCounts(shard)).orElseThrow();
    assertEquals("DeviceStatusCounts", counts.get("Type").s());
    assertFalse(table.itemsOfType("CountedStatusChange").isEmpty());
    assertEquals(UserProfile.TYPE, table.item(DevicesKeys.profile("dee")).orElseThrow().get("Type").s());
  }

  @Test
  void recentEvents_shouldMergeABatchPerDeviceAndPerUser_oneReadAndOneWriteEach_andWriteNothingWhenRedelivered() {
    services.profiles().create("eve", "Eve", "eve@example.com");
    services.profiles().create("fay", "Fay", "fay@example.com");
    services.registry().add("eve", "e1", "E1", "thermostat");
    services.registry().add("eve", "e2", "E2", "thermostat");
    services.registry().add("fay", "f1", "F1", "thermostat");
    List<DynamodbStreamRecord> records = new ArrayList<>();
    for (int i = 0; i < 14; i++) {
      records.add(eventRecord("eve", "e1", i));
      if (i % 5 == 0) {
        records.add(eventRecord("eve", "e2", i));
        records.add(eventRecord("fay", "f1", i));
      }
    }
    Calls calls = new Calls(table);
    DevicesServices counted = new DevicesServices(calls.gateway(), null);

    assertEquals(List.of(), failures(new RecentEventsHandler(counted).handleRequest(event(records), null)));
    // One BatchGetItem of 3 devices and 2 profiles, one UpdateItem per device and one per user.
    assertEquals(List.of("batchGetItem", "updateItem", "updateItem", "updateItem", "updateItem", "updateItem"),
        calls.names);
    assertRecent("eve", "e1", List.of(13, 12, 11, 10, 9, 8, 7, 6, 5, 4), 1);
    assertRecent("eve", "e2", List.of(10, 5, 0), 1);
    assertRecent("fay", "f1", List.of(10, 5, 0), 1);
    assertActive("eve", DAY + "13:00:00.000Z");
    assertActive("fay", DAY + "10:00:00.000Z");
    List<Map<String, AttributeValue>> before = table.scanAll();

    calls.names.clear();
    List<DynamodbStreamRecord> again = new ArrayList<>(records);
    java.util.Collections.shuffle(again, new java.util.Random(3));
    assertEquals(List.of(), failures(new RecentEventsHandler(counted).handleRequest(event(again), null)));
    assertEquals(List.of("batchGetItem"), calls.names, "a redelivered batch reads and writes nothing");
    assertEquals(before, table.scanAll());
  }

  @Test
  void recentEvents_shouldReportTheEarliestRecordOfAFailedDevice_andBeExactAfterLambdaRedeliversFromIt() {
    services.profiles().create("gil", "Gil", "gil@example.com");
    services.profiles().create("hal", "Hal", "hal@example.com");
    services.registry().add("gil", "g1", "G1", "thermostat");
    services.registry().add("gil", "g2", "G2", "thermostat");
    services.registry().add("hal", "h1", "H1", "thermostat");
    // g1: 0, 3, 6   g2: 1, 4, 7 (its write fails)   h1: 2, 5, 8
    List<DynamodbStreamRecord> records = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      records.add(eventRecord(i % 3 == 2 ? "hal" : "gil", List.of("g1", "g2", "h1").get(i % 3), i));
    }
    Calls failing = new Calls(table);
    failing.failUpdateOf = DevicesKeys.device("gil", "g2");

    StreamsEventResponse r = new RecentEventsHandler(new DevicesServices(failing.gateway(), null))
        .handleRequest(event(records), null);
    assertEquals(List.of(records.get(1).getDynamodb().getSequenceNumber()), failures(r),
        "the failed device's earliest record, so Lambda retries from it");
    assertRecent("gil", "g1", List.of(9, 6, 3, 0), 1);
    assertRecent("gil", "g2", List.of(), 0);
    assertRecent("hal", "h1", List.of(), 0); // its group starts after the failure: left for the retry
    assertActive("gil", DAY + "10:00:00.000Z");

    // Lambda delivers the batch again from the reported record on.
    assertEquals(List.of(), failures(new RecentEventsHandler(services).handleRequest(
        event(records.subList(1, records.size())), null)));
    assertRecent("gil", "g1", List.of(9, 6, 3, 0), 1);
    assertRecent("gil", "g2", List.of(10, 7, 4, 1), 1);
    assertRecent("hal", "h1", List.of(11, 8, 5, 2), 1);
    assertActive("gil", DAY + "10:00:00.000Z");
    assertActive("hal", DAY + "11:00:00.000Z");
  }

  @Test
  void statusCounts_shouldMergePerShard_aReceiptPerRecordAndOneAdd_exactUnderRedeliveryAndPartialFailure() {
    services.profiles().create("ivy", "Ivy", "ivy@example.com");
    Map<String, Long> base = new Stats(services.table()).deviceStatusCounts(); // the class's table is shared
    List<DynamodbStreamRecord> records = new ArrayList<>();
    Map<Integer, Integer> perShard = new java.util.TreeMap<>();
    for (int i = 0; i < 30; i++) {
      Device d = services.registry().add("ivy", "d" + i, "D", "plug");
      records.add(record("INSERT", null, d.toItem()));
      perShard.merge(DevicesKeys.shard("ivy", "d" + i, DevicesKeys.STATUS_SHARDS), 1, Integer::sum);
      if (i % 3 == 0) {
        Device online = services.registry().update("ivy", "d" + i, "online", null, null);
        records.add(record("MODIFY", d.toItem(), online.toItem()));
        Device renamed = services.registry().update("ivy", "d" + i, null, "Lamp", null);
        records.add(record("MODIFY", online.toItem(), renamed.toItem())); // keeps the status: counts nothing
      }
    }
    int counted = 40; // 30 INSERTs and 10 status changes
    Calls calls = new Calls(table);
    StatusCountsHandler handler = new StatusCountsHandler(new DevicesServices(calls.gateway(), null));

    // The first shard's transaction fails: its earliest record is reported, and Lambda redelivers from it.
    int failingShard = DevicesKeys.shard("ivy", "d0", DevicesKeys.STATUS_SHARDS);
    calls.failTransactionOn = DevicesKeys.statusCounts(failingShard);
    StreamsEventResponse r = handler.handleRequest(event(records), null);
    assertEquals(List.of(records.get(0).getDynamodb().getSequenceNumber()), failures(r));
    assertEquals(List.of(), receipts("ivy"), "every shard starts at or after the failure");

    calls.failTransactionOn = null;
    calls.names.clear();
    assertEquals(List.of(), failures(handler.handleRequest(event(records), null)));
    assertEquals(java.util.Collections.nCopies(perShard.size(), "transactWriteItems"), calls.names,
        "one transaction per shard for " + records.size() + " records");
    assertCounts(base, 20L, 10L);
    assertEquals(counted, receipts("ivy").size());
    List<Map<String, AttributeValue>> after = table.scanAll();

    // Redelivered whole, then in part with new records among them: counted once each.
    calls.names.clear();
    assertEquals(List.of(), failures(handler.handleRequest(event(records), null)));
    assertEquals(java.util.Collections.nCopies(perShard.size(), "transactWriteItems"), calls.names,
        "each shard's transaction is refused by its receipts, and nothing is left to count");
    assertEquals(after, table.scanAll());
    Device last = services.registry().get("ivy", "d1");
    Device error = services.registry().update("ivy", "d1", "error", null, null);
    List<DynamodbStreamRecord> mixed = new ArrayList<>(records.subList(records.size() - 5, records.size()));
    mixed.add(record("MODIFY", last.toItem(), error.toItem()));
    assertEquals(List.of(), failures(handler.handleRequest(event(mixed), null)));
    assertCounts(base, 19L, 10L);
    assertEquals(base.get("error") + 1, new Stats(services.table()).deviceStatusCounts().get("error"));
    assertEquals(counted + 1, receipts("ivy").size());
  }

  private void assertCounts(Map<String, Long> base, long offline, long online) {
    Map<String, Long> counts = new Stats(services.table()).deviceStatusCounts();
    assertEquals(base.get("offline") + offline, counts.get("offline"));
    assertEquals(base.get("online") + online, counts.get("online"));
  }

  /** The receipts of the records of ivy's devices (d0, d1...: no other test names a device so). */
  private List<Map<String, AttributeValue>> receipts(String user) {
    return table.itemsOfType("CountedStatusChange").stream().filter(r -> r.get("Device").s().matches("d\\d+"))
        .toList();
  }

  private void assertRecent(String user, String device, List<Integer> values, long rev) {
    Device d = services.registry().get(user, device);
    assertEquals(values, d.recent().stream().map(x -> x.value().intValue()).toList(), device);
    assertEquals(rev, d.recentRev(), device + ": one write per device and batch");
  }

  private void assertActive(String user, String at) {
    Map<String, AttributeValue> profile = table.item(DevicesKeys.profile(user)).orElseThrow();
    assertEquals(at, profile.get("ActiveAt").s(), user);
    assertEquals("ACTIVE", profile.get("GSI2PK").s());
  }

  private DynamodbStreamRecord eventRecord(String user, String device, int i) {
    Event e = services.events().record(user, device,
        new Events.EventInput(DAY + String.format("%02d:00:00.000Z", i), 0, "temperature", BigDecimal.valueOf(i)));
    return record("INSERT", null, e.toItem());
  }

  /**
   * The test table's client behind a proxy that names each DynamoDB request it passes on, and
   * fails an UpdateItem of one key or a transaction touching one key (a throttled write).
   */
  static final class Calls {
    final List<String> names = new ArrayList<>();
    final TestTable table;
    Key failUpdateOf;
    Key failTransactionOn;

    Calls(TestTable table) {
      this.table = table;
    }

    TableGateway gateway() {
      DynamoDbClient client = (DynamoDbClient) java.lang.reflect.Proxy.newProxyInstance(
          DynamoDbClient.class.getClassLoader(), new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
            if (args != null && args.length == 1 && args[0] instanceof DynamoDbRequest request) {
              names.add(method.getName());
              if (request instanceof UpdateItemRequest u && failUpdateOf != null
                  && u.key().equals(failUpdateOf.toMap())) {
                throw ProvisionedThroughputExceededException.builder().message("throttled").build();
              }
              if (request instanceof TransactWriteItemsRequest t && failTransactionOn != null && t.transactItems()
                  .stream().anyMatch(i -> i.update() != null && i.update().key().equals(failTransactionOn.toMap()))) {
                throw ProvisionedThroughputExceededException.builder().message("throttled").build();
              }
            }
            try {
              return method.invoke(table.client(), args);
            } catch (java.lang.reflect.InvocationTargetException e) {
              throw e.getCause();
            }
          });
      return new TableGateway(client, table.name(), table.cursors(), MutableClock.at(T0));
    }
  }

  private static List<String> failures(StreamsEventResponse r) {
    return r.getBatchItemFailures().stream().map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList();
  }

  private static DynamodbEvent event(List<DynamodbStreamRecord> records) {
    DynamodbEvent e = new DynamodbEvent();
    e.setRecords(records);
    return e;
  }

  private static DynamodbStreamRecord record(String name, Map<String, AttributeValue> oldImage,
      Map<String, AttributeValue> newImage) {
    int id = IDS.incrementAndGet();
    DynamodbStreamRecord r = new DynamodbStreamRecord();
    r.setEventID("evt-" + id);
    r.setEventName(name);
    StreamRecord s = new StreamRecord();
    s.setSequenceNumber(String.format("%021d", id));
    s.setNewImage(lambda(newImage));
    s.setOldImage(lambda(oldImage));
    r.setDynamodb(s);
    return r;
  }

  private static Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> lambda(
      Map<String, AttributeValue> item) {
    if (item == null) {
      return null;
    }
    Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> out = new LinkedHashMap<>();
    item.forEach((k, v) -> out.put(k, lambda(v)));
    return out;
  }

  private static com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue lambda(AttributeValue v) {
    var out = new com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue();
    if (v.s() != null) {
      out.setS(v.s());
    } else if (v.n() != null) {
      out.setN(v.n());
    } else if (v.bool() != null) {
      out.setBOOL(v.bool());
    } else if (v.hasSs()) {
      out.setSS(v.ss());
    } else if (v.hasL()) {
      out.setL(v.l().stream().map(DevicesStreamsTest::lambda).toList());
    } else if (v.hasM()) {
      out.setM(lambda(v.m()));
    }
    return out;
  }
}
