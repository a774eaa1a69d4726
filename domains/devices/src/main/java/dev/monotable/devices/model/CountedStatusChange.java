package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
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

  public Map<String, AttributeValue> toItem() {
    return Items.builder(TYPE, DevicesKeys.statusReceipt(shard, record)).n("Shard", shard).s("Record", record)
        .s("Device", device).n(TableSchema.TTL, expiresAt).audit(createdAt, createdAt).build();
  }
}
