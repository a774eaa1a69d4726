package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
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

  /** The layout, declared once: the item, its keys, the entity chart and the validator's rules come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, DevicesKeys.USER, DevicesKeys.TAG)
      .index(Gsi.GSI2, DevicesKeys.TAGGED, DevicesKeys.DEVICE)
      .attributes(
          Attr.segment("User", "user", DevicesKeys.ID, "the owner's id"),
          Attr.segment("Device", "device", DevicesKeys.ID, "the device's id"),
          Attr.segment("Tag", "tag", DevicesKeys.LABEL, "the tag"))
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Map.of("user", user, "device", device, "tag", tag, "createdAt", createdAt));
  }

  public static DeviceTag fromItem(Map<String, AttributeValue> item) {
    Map<String, Object> v = ENTITY.values(item);
    return new DeviceTag((String) v.get("user"), (String) v.get("device"), (String) v.get("tag"),
        (String) v.get("createdAt"));
  }
}
