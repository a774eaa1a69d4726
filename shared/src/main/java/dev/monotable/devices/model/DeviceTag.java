package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One tag of a device ({@code DEVICE#{device}#TAG#{tag}} beside the device, so a deletion sweeps
 * it with the events), inverted in GSI2 ({@code USER#{user}#TAG#{tag}} / {@code DEVICE#{device}}):
 * the table groups a device's tags, the index groups a tag's devices.
 */
public record DeviceTag(String user, String device, String tag, String createdAt) {

  public static final String TYPE = "DeviceTag";

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, DevicesKeys.tag(user, device, tag))
        .gsi(Gsi.GSI2, DevicesKeys.tagged(user, device, tag))
        .s("User", user).s("Device", device).s("Tag", tag)
        .audit(createdAt, createdAt)
        .build();
  }

  public static DeviceTag fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new DeviceTag(Items.s(item, "User"), Items.s(item, "Device"), Items.s(item, "Tag"),
        Items.s(item, "CreatedAt"));
  }
}
