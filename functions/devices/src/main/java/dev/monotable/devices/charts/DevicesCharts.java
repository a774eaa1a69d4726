package dev.monotable.devices.charts;

import dev.monotable.devices.Devices;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.CountedStatusChange;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.DeviceTag;
import dev.monotable.devices.model.StatusCounts;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.UserProfile;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Devices's entity charts: the docs print them, the validator holds every item to them. Each is
 * drawn from the entity's declaration (the one its items are written from); only the notes are here.
 */
public final class DevicesCharts implements EntityModel {

  public static final DevicesCharts MODEL = new DevicesCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private static final List<Chart> CHARTS = List.of(
      Chart.of(UserProfile.ENTITY, "never active", UserProfile.class,
          List.of("one item per user, at the head of the user's partition (# sorts before DEVICE#)",
              "at the head of the user's GSI1 partition too: the dashboard reads it with the devices",
              "not in GSI2 until the user's devices send an event (sparse)")),
      Chart.of(UserProfile.ENTITY, "active", UserProfile.class,
          List.of("ST1 sets ActiveAt and the GSI2 keys from the user's newest event, at most once an hour",
              "AP11 reads GSI2's ACTIVE partition from a time: the users active since then")),
      Chart.of(Device.ENTITY, Device.class,
          List.of("one item per device in its user's partition, followed by its tags and events",
              "in GSI1 before the user's events (DEVICE# < EVENT#): devices are listed without reading events",
              "Recent copies the newest events (at most 10), kept by ST1: the dashboard reads no event item",
              "DeletingAt marks a deletion in progress (AP08): the device takes no event")),
      Chart.of(DeviceTag.ENTITY, DeviceTag.class,
          List.of("one item per tag of a device, right after the device: a deletion sweeps it with the events",
              "inverted in GSI2: the user's devices under one tag (AP17)")),
      Chart.of(Event.ENTITY, Event.class,
          List.of("one item per event, after its device in the user's partition, in time order",
              "the key is the device, the time and the client's sequence: a redelivered event has the same key",
              "GSI1: the user's events across devices in time order (AP05); GSI2: its type's shard (AP09), "
                  + "{shard} = CRC-32 of user/device mod 8",
              "TTL is the event's time + 90 days; reads start at that horizon, so none shows an expired event")),
      Chart.of(StatusCounts.ENTITY, StatusCounts.class,
          List.of("one item per shard (0-9), its own partition: status changes spread over ten keys",
              "written only by ST2 with ADD; AP10 reads the ten in one BatchGetItem and sums them")),
      Chart.of(CountedStatusChange.ENTITY, CountedStatusChange.class,
          List.of("the receipt of one stream record counted, in the count's transaction: a redelivery finds it",
              "expires 48 hours after it is written, past the stream's 24-hour retention")));

  private DevicesCharts() {}

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
    rules.put("type", v -> DevicesKeys.LABEL.matcher(v).matches());
    rules.put("tag", v -> DevicesKeys.LABEL.matcher(v).matches());
    rules.put("shard", v -> v.matches("^[0-9]$"));
    rules.put("record", v -> v.matches("^[A-Za-z0-9-]{1,128}$"));
    return rules;
  }
}
