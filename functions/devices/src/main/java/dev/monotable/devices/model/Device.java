package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.items.Numbers;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A device of a user ({@code DEVICE#{device}} in the user's partition, and in GSI1 so the user's
 * devices and dashboard are read without their events). {@code Status} and {@code Name} change
 * under optimistic locking on {@code Version}. {@code Recent} holds copies of the device's newest
 * {@link #RECENT_MAX} events, newest first, kept by a stream function so the dashboard needs no
 * event item. {@code Tags} mirrors the device's tag items. {@code DeletingAt} marks a device whose
 * deletion has begun (AP08): it takes no event and {@code DeletedEvents} counts the progress.
 */
public record Device(String user, String device, String name, String kind, String status, long version,
    String createdAt, String updatedAt, List<String> tags, List<Reading> recent, long recentRev,
    String deletingAt, long deletedEvents) {

  public static final String TYPE = "Device";
  /** The statuses a device reports. */
  public static final List<String> STATUSES = List.of("online", "offline", "error");
  /** Events copied onto the device for the dashboard (the seed's "last 10 events per device"). */
  public static final int RECENT_MAX = 10;
  /** Tags a device may carry. */
  public static final int TAGS_MAX = 10;

  /** Newest first: by time, then sequence. */
  public static final Comparator<Reading> NEWEST_FIRST =
      Comparator.comparing(Reading::at).thenComparingInt(Reading::seq).reversed();

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, DevicesKeys.USER, DevicesKeys.DEVICE)
      .index(Gsi.GSI1, DevicesKeys.USER, DevicesKeys.DEVICE)
      .attributes(
          Attr.segment("User", "user", DevicesKeys.ID, "the owner's id").keyed(v -> DevicesKeys.user((String) v)),
          Attr.segment("Device", "device", DevicesKeys.ID, "the device's id")
              .keyed(v -> DevicesKeys.device((String) v)),
          Attr.string("Name", "name", "the device's name").changes(Attr.Change.VERSIONED),
          Attr.string("Kind", "kind", "what the device is (thermostat, ...)"),
          Attr.string("Status", "status", "online, offline or error").changes(Attr.Change.VERSIONED),
          new Attr("Tags", "tags", Attr.Kind.SS, false, Attr.Change.VERSIONED, null,
              "the device's tags; absent when none"),
          new Attr("Recent", "recent", Attr.Kind.L, true, Attr.Change.ATOMIC, null,
              "copies of the newest events, newest first: {At, Seq, Type, Value}"),
          Attr.number("RecentRev", "recentRev", "Recent's revision (ST1's condition)").changes(Attr.Change.ATOMIC),
          Attr.string("DeletingAt", "deletingAt", "when its deletion began").optional().changes(Attr.Change.ATOMIC),
          Attr.number("DeletedEvents", "deletedEvents", "items the deletion has removed so far").optional()
              .changes(Attr.Change.ATOMIC))
      .versioned()
      .requiredByChartOnly()
      .build();

  /** The copy of one event on the device item. */
  public record Reading(String at, int seq, String type, BigDecimal value) {}

  public Device {
    tags = List.copyOf(new TreeSet<>(tags));
    recent = List.copyOf(recent);
  }

  /** A new device: no tags, no event, not being deleted. */
  public static Device added(String user, String device, String name, String kind, String now) {
    return new Device(user, device, name, kind, "offline", 1, now, now, List.of(), List.of(), 0, null, 0);
  }

  /**
   * {@code recent} with {@code readings} merged in: newest first, at most {@link #RECENT_MAX}, each
   * event once. The same readings merged twice, or in another order, give the same list, so a
   * redelivered or reordered stream record cannot disturb it.
   */
  public static List<Reading> merge(List<Reading> recent, List<Reading> readings) {
    TreeSet<Reading> all = new TreeSet<>(NEWEST_FIRST);
    all.addAll(recent);
    all.addAll(readings);
    List<Reading> out = new ArrayList<>(all);
    return List.copyOf(out.subList(0, Math.min(RECENT_MAX, out.size())));
  }

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("user", user, "device", device, "name", name, "kind", kind, "status", status,
        "tags", tags.isEmpty() ? null : AttributeValue.fromSs(tags), "recent", recentValue(recent),
        "recentRev", recentRev, "deletingAt", deletingAt, "deletedEvents", deletingAt == null ? null : deletedEvents,
        "createdAt", createdAt, "updatedAt", updatedAt, "version", version));
  }

  /** {@code Recent} as DynamoDB holds it: a list of maps {@code {At, Seq, Type, Value}}. */
  public static AttributeValue recentValue(List<Reading> recent) {
    List<AttributeValue> list = new ArrayList<>();
    for (Reading r : recent) {
      list.add(AttributeValue.fromM(Map.of("At", AttributeValue.fromS(r.at()),
          "Seq", AttributeValue.fromN(Integer.toString(r.seq())), "Type", AttributeValue.fromS(r.type()),
          "Value", AttributeValue.fromN(Numbers.toN(r.value())))));
    }
    return AttributeValue.fromL(list);
  }

  public static Device fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    List<Reading> recent = new ArrayList<>();
    AttributeValue r = item.get("Recent");
    if (r != null && r.hasL()) {
      for (AttributeValue v : r.l()) {
        Map<String, AttributeValue> m = v.m();
        recent.add(new Reading(m.get("At").s(), Integer.parseInt(m.get("Seq").n()), m.get("Type").s(),
            new BigDecimal(m.get("Value").n())));
      }
    }
    AttributeValue tags = item.get("Tags");
    return new Device(Items.s(item, "User"), Items.s(item, "Device"), Items.s(item, "Name"), Items.s(item, "Kind"),
        Items.s(item, "Status"), Items.n(item, TableSchema.VERSION), Items.s(item, TableSchema.CREATED_AT),
        Items.s(item, TableSchema.UPDATED_AT), tags == null || !tags.hasSs() ? List.of() : tags.ss(), recent,
        item.containsKey("RecentRev") ? Items.n(item, "RecentRev") : 0,
        item.containsKey("DeletingAt") ? Items.s(item, "DeletingAt") : null,
        item.containsKey("DeletedEvents") ? Items.n(item, "DeletedEvents") : 0);
  }
}
