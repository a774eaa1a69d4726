package dev.monotable.devices.model;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A device of a user ({@code DEVICE#{device}} in the user's partition, and in GSI1 so the user's
 * devices and dashboard are read without their events). {@code Status} changes under optimistic
 * locking on {@code Version}; {@code Latest*} is a copy of the device's newest event, written with
 * each event (absent until the first).
 */
public record Device(String user, String device, String name, String kind, String status, long version,
    String createdAt, String updatedAt, Reading latest) {

  public static final String TYPE = "Device";
  /** The statuses a device reports. */
  public static final List<String> STATUSES = List.of("online", "offline", "error");

  /** The copy of the device's newest event on the device item. */
  public record Reading(String at, int seq, String type, BigDecimal value) {}

  /** A device without an event yet. */
  public Device(String user, String device, String name, String kind, String status, long version,
      String createdAt, String updatedAt) {
    this(user, device, name, kind, status, version, createdAt, updatedAt, null);
  }

  public Map<String, AttributeValue> toItem() {
    Items.Builder b = Items.builder(TYPE, DevicesKeys.device(user, device))
        .gsi(Gsi.GSI1, DevicesKeys.deviceByUser(user, device))
        .s("User", user).s("Device", device).s("Name", name).s("Kind", kind).s("Status", status)
        .n(TableSchema.VERSION, version)
        .audit(createdAt, updatedAt);
    if (latest == null) {
      return b.build();
    }
    Map<String, AttributeValue> item = new HashMap<>(b.s("LatestAt", latest.at()).n("LatestSeq", latest.seq())
        .s("LatestType", latest.type()).build());
    item.put("LatestValue", AttributeValue.fromN(latest.value().toPlainString()));
    return Map.copyOf(item);
  }

  public static Device fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    Reading latest = item.containsKey("LatestAt")
        ? new Reading(Items.s(item, "LatestAt"), (int) Items.n(item, "LatestSeq"), Items.s(item, "LatestType"),
            new BigDecimal(item.get("LatestValue").n()))
        : null;
    return new Device(Items.s(item, "User"), Items.s(item, "Device"), Items.s(item, "Name"), Items.s(item, "Kind"),
        Items.s(item, "Status"), Items.n(item, TableSchema.VERSION), Items.s(item, TableSchema.CREATED_AT),
        Items.s(item, TableSchema.UPDATED_AT), latest);
  }
}
