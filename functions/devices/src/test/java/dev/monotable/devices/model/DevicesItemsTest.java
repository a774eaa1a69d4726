package dev.monotable.devices.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.items.Numbers;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The items of Devices's entities declared with {@link dev.monotable.kit.entity.Entity} are the
 * items their hand-written {@code toItem} wrote before: each legacy builder below is that code,
 * kept as the reference.
 */
class DevicesItemsTest {

  static final String T0 = "2026-01-02T03:04:05.678Z";
  static final String T1 = "2026-02-03T04:05:06.789Z";

  @Test
  void countedStatusChange_shouldWriteTheItemItAlwaysWrote() {
    CountedStatusChange c = new CountedStatusChange(7, "rec-123", "dev-1", T0, 1_800_000_000L);
    Map<String, AttributeValue> legacy = Items.builder(CountedStatusChange.TYPE,
            DevicesKeys.statusReceipt(c.shard(), c.record())).n("Shard", c.shard()).s("Record", c.record())
        .s("Device", c.device()).n(TableSchema.TTL, c.expiresAt()).audit(c.createdAt(), c.createdAt()).build();
    assertEquals(legacy, c.toItem());
  }

  @Test
  void statusCounts_shouldWriteTheItemItAlwaysWrote_withACountForEveryStatus() {
    StatusCounts c = new StatusCounts(3, Map.of("online", 4L, "error", 1L), T0, T1);
    Items.Builder b = Items.builder(StatusCounts.TYPE, DevicesKeys.statusCounts(c.shard())).n("Shard", c.shard());
    Device.STATUSES.forEach(s -> b.n(StatusCounts.attribute(s), c.counts().getOrDefault(s, 0L)));
    assertEquals(b.audit(c.createdAt(), c.updatedAt()).build(), c.toItem());
    assertEquals(new StatusCounts(3, Map.of("online", 4L, "offline", 0L, "error", 1L), T0, T1),
        StatusCounts.fromItem(c.toItem()));
    Device.STATUSES.forEach(s -> assertNotNull(StatusCounts.ENTITY.attr(s), s + " has its count attribute"));
  }

  @Test
  void event_shouldWriteTheItemItAlwaysWrote() {
    for (Event e : new Event[] {
        new Event("ann", "dev-1", T0, 12, "temperature", new BigDecimal("21.5"), "Kitchen", 3, T1),
        new Event("bob", "raw-7", T1, 0, "humidity", BigDecimal.valueOf(123456789012345L, 4), "", 0, T1)}) {
      Map<String, AttributeValue> legacy = new HashMap<>(Items.builder(Event.TYPE,
              DevicesKeys.event(e.user(), e.device(), e.at(), e.seq()))
          .gsi(Gsi.GSI1, DevicesKeys.eventByUser(e.user(), e.device(), e.at(), e.seq()))
          .gsi(Gsi.GSI2, DevicesKeys.eventOfType(e.eventType(), e.user(), e.device(), e.at(), e.seq()))
          .s("User", e.user()).s("Device", e.device()).s("At", e.at()).n("Seq", e.seq()).s("EventType", e.eventType())
          .s("DeviceName", e.deviceName()).n("NameVersion", e.nameVersion())
          .n(TableSchema.TTL, Event.expiresAt(e.at()))
          .audit(e.createdAt(), e.createdAt())
          .build());
      legacy.put("Value", AttributeValue.fromN(Numbers.toN(e.value())));
      assertEquals(legacy, e.toItem());
      assertEquals(e, Event.fromItem(e.toItem()));
    }
  }

  @Test
  void userProfile_shouldWriteTheItemItAlwaysWrote_inGsi2OnlyOnceActive() {
    for (UserProfile p : new UserProfile[] {new UserProfile("ann", "Ann", "ann@example.com", T0),
        new UserProfile("bob", "Bob", "bob@example.com", T0, T1)}) {
      Items.Builder b = Items.builder(UserProfile.TYPE, DevicesKeys.profile(p.user()))
          .gsi(Gsi.GSI1, DevicesKeys.profileByUser(p.user()))
          .gsi(Gsi.GSI2, p.activeAt() == null ? null : DevicesKeys.activeUser(p.user(), p.activeAt()))
          .s("User", p.user()).s("Name", p.name()).s("Email", p.email());
      if (p.activeAt() != null) {
        b.s("ActiveAt", p.activeAt());
      }
      assertEquals(b.audit(p.createdAt(), p.createdAt()).build(), p.toItem());
      assertEquals(p, UserProfile.fromItem(p.toItem()));
    }
  }

  @Test
  void device_shouldWriteTheItemItAlwaysWrote() {
    Device.Reading r1 = new Device.Reading(T1, 2, "temperature", new BigDecimal("21.5"));
    Device.Reading r2 = new Device.Reading(T0, 1, "humidity", new BigDecimal("40"));
    for (Device d : new Device[] {Device.added("ann", "dev-1", "Kitchen", "thermostat", T0),
        new Device("ann", "dev-2", "Hall", "sensor", "online", 3, T0, T1, List.of("home", "blue"), List.of(r1, r2), 5,
            null, 0),
        new Device("bob", "dev-3", "Old", "sensor", "error", 7, T0, T1, List.of("x"), List.of(), 2, T1, 40)}) {
      Items.Builder b = Items.builder(Device.TYPE, DevicesKeys.device(d.user(), d.device()))
          .gsi(Gsi.GSI1, DevicesKeys.deviceByUser(d.user(), d.device()))
          .s("User", d.user()).s("Device", d.device()).s("Name", d.name()).s("Kind", d.kind()).s("Status", d.status())
          .n(TableSchema.VERSION, d.version()).n("RecentRev", d.recentRev())
          .audit(d.createdAt(), d.updatedAt());
      if (d.deletingAt() != null) {
        b.s("DeletingAt", d.deletingAt()).n("DeletedEvents", d.deletedEvents());
      }
      Map<String, AttributeValue> legacy = new HashMap<>(b.build());
      if (!d.tags().isEmpty()) {
        legacy.put("Tags", AttributeValue.fromSs(d.tags()));
      }
      legacy.put("Recent", Device.recentValue(d.recent()));
      assertEquals(legacy, d.toItem());
      assertEquals(d, Device.fromItem(d.toItem()));
    }
  }
}
