package dev.monotable.devices.bench;

import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One text per answer, whichever design gave it: what {@code scripts/compare-designs} compares to
 * hold both designs to the same answers. A profile is {@code user|name|email}, a device
 * {@code user|device|name|kind|status}, an event {@code device|at|type|value} (the value without
 * trailing zeros), the seed's attribute names mapped onto the domain's.
 */
final class Views {
  private Views() {}

  static String profile(UserProfile p) {
    return String.join("|", p.user(), p.name(), p.email());
  }

  static String device(Device d) {
    return String.join("|", d.user(), d.device(), d.name(), d.kind(), d.status());
  }

  static String event(Event e) {
    return String.join("|", e.device(), e.at(), e.eventType(), number(e.value()));
  }

  /** The dashboard's copies of a device's newest events, newest first, or {@code none}. */
  static String recent(Device d) {
    return d.recent().isEmpty() ? "none" : String.join(", ", d.recent().stream()
        .map(r -> String.join("|", d.device(), r.at(), r.type(), number(r.value()))).toList());
  }

  /** A list of entity-first events as {@link #recent} shows them. */
  static String peerRecent(List<Map<String, AttributeValue>> events) {
    return events.isEmpty() ? "none" : String.join(", ", events.stream().map(Views::peerEvent).toList());
  }

  static String peerProfile(Map<String, AttributeValue> i) {
    return String.join("|", s(i, "userId"), s(i, "name"), s(i, "email"));
  }

  static String peerDevice(Map<String, AttributeValue> i) {
    return String.join("|", s(i, "userId"), s(i, "deviceId"), s(i, "name"), s(i, "type"), s(i, "status"));
  }

  static String peerEvent(Map<String, AttributeValue> i) {
    return i == null ? "none"
        : String.join("|", s(i, "deviceId"), s(i, "timestamp"), s(i, "type"), number(new BigDecimal(i.get("value").n())));
  }

  private static String number(BigDecimal v) {
    return v.stripTrailingZeros().toPlainString();
  }

  private static String s(Map<String, AttributeValue> i, String name) {
    return i.get(name).s();
  }
}
