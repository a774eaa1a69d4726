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
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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
