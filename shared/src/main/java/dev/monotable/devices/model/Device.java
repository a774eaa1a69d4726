package dev.monotable.devices.model;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A device of a user ({@code DEVICE#{device}} in the user's partition, and in GSI1 so the user's
 * devices are listed without reading their events). {@code Status} changes under optimistic
 * locking on {@code Version}.
 */
public record Device(String user, String device, String name, String kind, String status, long version,
    String createdAt, String updatedAt) {

  public static final String TYPE = "Device";
  /** The statuses a device reports. */
  public static final List<String> STATUSES = List.of("online", "offline", "error");

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, DevicesKeys.device(user, device))
        .gsi(Gsi.GSI1, DevicesKeys.deviceByUser(user, device))
        .s("User", user).s("Device", device).s("Name", name).s("Kind", kind).s("Status", status)
        .n(TableSchema.VERSION, version)
        .audit(createdAt, updatedAt)
        .build();
  }

  public static Device fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Device(Items.s(item, "User"), Items.s(item, "Device"), Items.s(item, "Name"), Items.s(item, "Kind"),
        Items.s(item, "Status"), Items.n(item, TableSchema.VERSION), Items.s(item, TableSchema.CREATED_AT),
        Items.s(item, TableSchema.UPDATED_AT));
  }
}
