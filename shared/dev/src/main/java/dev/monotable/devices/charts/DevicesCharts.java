package dev.monotable.devices.charts;

import dev.monotable.devices.Devices;
import dev.monotable.devices.DevicesKeys;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.AttributeType;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Mutability;
import dev.monotable.kit.charts.ChartTypes.Selector;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Devices's entity charts: the docs print them, the validator holds every item to them. */
public final class DevicesCharts implements EntityModel {

  public static final DevicesCharts MODEL = new DevicesCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private static final List<Chart> CHARTS = List.of(
      new Chart(UserProfile.TYPE, null, UserProfile.class, Selector.always(),
          new KeyPair(key(DevicesKeys.USER), key(DevicesKeys.PROFILE)),
          Map.of(Gsi.GSI1, new KeyPair(key(DevicesKeys.USER), key(DevicesKeys.PROFILE))), false, false,
          List.of("one item per user, at the head of the user's partition (# sorts before DEVICE#)",
              "at the head of the user's GSI1 partition too: the dashboard reads it with the devices"),
          List.of(
              new Attribute("User", AttributeType.S, true, Mutability.FIXED, "the user's id"),
              new Attribute("Name", AttributeType.S, true, Mutability.FIXED, "the user's name"),
              new Attribute("Email", AttributeType.S, true, Mutability.FIXED, "the user's e-mail address, lower-case"))),
      new Chart(Device.TYPE, null, Device.class, Selector.always(),
          new KeyPair(key(DevicesKeys.USER), key(DevicesKeys.DEVICE)),
          Map.of(Gsi.GSI1, new KeyPair(key(DevicesKeys.USER), key(DevicesKeys.DEVICE))), true, false,
          List.of("one item per device in its user's partition, followed by its events",
              "GSI1 holds profiles and devices only, so a user's devices are listed without reading events",
              "Latest* copy the newest event, written in the event's transaction; absent before the first"),
          List.of(
              new Attribute("User", AttributeType.S, true, Mutability.FIXED, "the owner's id"),
              new Attribute("Device", AttributeType.S, true, Mutability.FIXED, "the device's id"),
              new Attribute("Name", AttributeType.S, true, Mutability.FIXED, "the device's name"),
              new Attribute("Kind", AttributeType.S, true, Mutability.FIXED, "what the device is (thermostat, ...)"),
              new Attribute("Status", AttributeType.S, true, Mutability.VERSIONED, "online, offline or error"),
              new Attribute("LatestAt", AttributeType.S, false, Mutability.ATOMIC, "the newest event's time"),
              new Attribute("LatestSeq", AttributeType.N, false, Mutability.ATOMIC, "the newest event's sequence"),
              new Attribute("LatestType", AttributeType.S, false, Mutability.ATOMIC, "the newest event's type"),
              new Attribute("LatestValue", AttributeType.N, false, Mutability.ATOMIC, "the newest event's value"))),
      new Chart(Event.TYPE, null, Event.class, Selector.always(),
          new KeyPair(key(DevicesKeys.USER), key(DevicesKeys.EVENT)),
          Map.of(), false, false,
          List.of("one item per event, after its device in the user's partition, in time order",
              "the key is the device, the time and the client's sequence: a redelivered event has the same key"),
          List.of(
              new Attribute("User", AttributeType.S, true, Mutability.FIXED, "the owner's id"),
              new Attribute("Device", AttributeType.S, true, Mutability.FIXED, "the device's id"),
              new Attribute("At", AttributeType.S, true, Mutability.FIXED, "when it happened"),
              new Attribute("Seq", AttributeType.N, true, Mutability.FIXED, "the client's sequence at that time"),
              new Attribute("EventType", AttributeType.S, true, Mutability.FIXED, "what happened (temperature, ...)"),
              new Attribute("Value", AttributeType.N, true, Mutability.FIXED, "the reading"))));

  private DevicesCharts() {}

  private static ChartKey key(Template t) {
    return new ChartKey(t, Map.of());
  }

  @Override
  public TableSchema schema() {
    return Devices.SCHEMA;
  }

  @Override
  public List<Chart> charts() {
    return CHARTS;
  }

  @Override
  public Map<String, Predicate<String>> segmentRules() {
    Map<String, Predicate<String>> rules = new LinkedHashMap<>(ModelValidator.standardSegmentRules());
    rules.put("user", v -> DevicesKeys.ID.matcher(v).matches());
    rules.put("device", v -> DevicesKeys.ID.matcher(v).matches());
    rules.put("seq", v -> DevicesKeys.SEQ.matcher(v).matches());
    return rules;
  }
}
