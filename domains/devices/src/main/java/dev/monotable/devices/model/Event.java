package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.items.Numbers;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.HashMap;
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

  /** Epoch seconds at which TTL deletes an event of time {@code at}. */
  public static long expiresAt(String at) {
    return Timestamps.epochSeconds(Timestamps.parse(at).plus(RETENTION));
  }

  public Map<String, AttributeValue> toItem() {
    Map<String, AttributeValue> item = new HashMap<>(Items.builder(TYPE, DevicesKeys.event(user, device, at, seq))
        .gsi(Gsi.GSI1, DevicesKeys.eventByUser(user, device, at, seq))
        .gsi(Gsi.GSI2, DevicesKeys.eventOfType(eventType, user, device, at, seq))
        .s("User", user).s("Device", device).s("At", at).n("Seq", seq).s("EventType", eventType)
        .s("DeviceName", deviceName).n("NameVersion", nameVersion)
        .n(TableSchema.TTL, expiresAt(at))
        .audit(createdAt, createdAt)
        .build());
    item.put("Value", AttributeValue.fromN(Numbers.toN(value)));
    return Map.copyOf(item);
  }

  public static Event fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Event(Items.s(item, "User"), Items.s(item, "Device"), Items.s(item, "At"), (int) Items.n(item, "Seq"),
        Items.s(item, "EventType"), new BigDecimal(item.get("Value").n()), Items.s(item, "DeviceName"),
        Items.n(item, "NameVersion"), Items.s(item, "CreatedAt"));
  }
}
