package dev.monotable.devices.model;

import dev.monotable.devices.DevicesKeys;
import dev.monotable.kit.items.Items;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One event of a device ({@code DEVICE#{device}#EVENT#{ts}#{seq}} in the user's partition): when it
 * happened, the client's sequence at that instant (so a redelivered event has the same key), its
 * type and value.
 */
public record Event(String user, String device, String at, int seq, String eventType, BigDecimal value,
    String createdAt) {

  public static final String TYPE = "Event";

  public Map<String, AttributeValue> toItem() {
    Map<String, AttributeValue> item = new HashMap<>(Items.builder(TYPE, DevicesKeys.event(user, device, at, seq))
        .s("User", user).s("Device", device).s("At", at).n("Seq", seq).s("EventType", eventType)
        .audit(createdAt, createdAt)
        .build());
    item.put("Value", AttributeValue.fromN(value.toPlainString()));
    return Map.copyOf(item);
  }

  public static Event fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    return new Event(Items.s(item, "User"), Items.s(item, "Device"), Items.s(item, "At"), (int) Items.n(item, "Seq"),
        Items.s(item, "EventType"), new BigDecimal(item.get("Value").n()), Items.s(item, "CreatedAt"));
  }
}
