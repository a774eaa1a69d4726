package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The receipt of one stream record counted into a status shard ({@code DEVICESTATUS#{shard} /
 * APPLIED#{record}}), written in the same transaction as the count: a redelivered record finds it
 * and changes nothing. TTL removes it after {@link #KEEP_SECONDS}, well past the stream's 24-hour
 * retention, the longest a record can be redelivered.
 */
public record CountedStatusChange(int shard, String record, String device, String createdAt, long expiresAt) {

  public static final String TYPE = "CountedStatusChange";
  public static final long KEEP_SECONDS = 48 * 3600;

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, DevicesKeys.STATUS_COUNTS, DevicesKeys.APPLIED)
      .attributes(
          Attr.number("Shard", "shard", "the shard counted into")
              .keyed(v -> DevicesKeys.statusShard(((Number) v).intValue())),
          Attr.string("Record", "record", "the stream record's id").keyed(v -> DevicesKeys.streamRecord((String) v)),
          Attr.string("Device", "device", "the device it changed"))
      .expires()
      .requiredByChartOnly()
      .build();

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("shard", shard, "record", record, "device", device, "ttl", expiresAt,
        "createdAt", createdAt));
  }
}
