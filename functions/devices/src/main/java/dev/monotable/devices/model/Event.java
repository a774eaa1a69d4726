package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One event of a device ({@code DEVICE#{device}#EVENT#{ts}#{seq}} in the user's partition): when it
 * happened, the client's sequence at that instant (so a redelivered event has the same key), its
 * type and value, and a copy of the device's name (the seed's denormalization, kept in step after
 * a rename by a stream function; {@code NameVersion} is the device's version the copy is from).
 * Also under the user's events in GSI1 (AP05) and its type's shard in GSI2 (AP09). {@code TTL} is
 * the event's time plus {@link #RETENTION}: derived from the event, not the clock, so a redelivered
 * event writes the same item.
 */
public record Event(String user, String device, String at, int seq, String eventType, BigDecimal value,
    String deviceName, long nameVersion, String createdAt) {

  public static final String TYPE = "Event";

  /** Events one batch call records at most: one BatchWriteItem's 25 puts. */
  public static final int BATCH_MAX = 25;
  /** How long DynamoDB keeps an event: TTL deletes it this long after its time. */
  public static final Duration RETENTION = Duration.ofDays(90);

  private static final Attr.KeyForm AT = v -> DevicesKeys.timestamp("at", (String) v);

  /** The layout, declared once: the item, its keys and the entity chart come from it. */
  public static final Entity ENTITY = Entity.of(TYPE, KeyPart.of(DevicesKeys.USER),
          KeyPart.of(DevicesKeys.EVENT).from("ts", "at", AT))
      .index(Gsi.GSI1, KeyPart.of(DevicesKeys.USER), KeyPart.of(DevicesKeys.EVENT_BY_USER).from("ts", "at", AT))
      .index(Gsi.GSI2,
          KeyPart.of(DevicesKeys.EVENT_TYPE)
              .from("type", "eventType", v -> DevicesKeys.eventType((String) v))
              // the calculated suffix: a device always writes to the same shard of its type's partition
              .derived("shard", v -> Integer.toString(DevicesKeys.shard((String) v.get("user"),
                  (String) v.get("device"), DevicesKeys.EVENT_TYPE_SHARDS))),
          KeyPart.of(DevicesKeys.EVENT_OF_TYPE).from("ts", "at", AT))
      .attributes(
          Attr.segment("User", "user", DevicesKeys.ID, "the owner's id").keyed(v -> DevicesKeys.user((String) v)),
          Attr.segment("Device", "device", DevicesKeys.ID, "the device's id")
              .keyed(v -> DevicesKeys.device((String) v)),
          Attr.string("At", "at", "when it happened"),
          Attr.number("Seq", "seq", "the client's sequence at that time")
              .keyed(v -> DevicesKeys.seq(((Number) v).intValue())),
          Attr.string("EventType", "eventType", "what happened (temperature, ...)"),
          Attr.number("Value", "value", "the reading"),
          Attr.string("DeviceName", "deviceName", "copy of the device's name; ST3 follows a rename")
              .changes(Attr.Change.ATOMIC),
          Attr.number("NameVersion", "nameVersion", "the device version DeviceName is from")
              .changes(Attr.Change.ATOMIC))
      .expires()
      .requiredByChartOnly()
      .build();

  /** Epoch seconds at which TTL deletes an event of time {@code at}. */
  public static long expiresAt(String at) {
    return Timestamps.epochSeconds(Timestamps.parse(at).plus(RETENTION));
  }

  public Map<String, AttributeValue> toItem() {
    return ENTITY.toItem(Entity.fields("user", user, "device", device, "at", at, "seq", seq,
        "eventType", eventType, "value", value, "deviceName", deviceName, "nameVersion", nameVersion,
        "ttl", expiresAt(at), "createdAt", createdAt));
  }

  public static Event fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Event(Items.s(item, "User"), Items.s(item, "Device"), Items.s(item, "At"), (int) Items.n(item, "Seq"),
        Items.s(item, "EventType"), new BigDecimal(item.get("Value").n()), Items.s(item, "DeviceName"),
        Items.n(item, "NameVersion"), Items.s(item, "CreatedAt"));
  }
}
