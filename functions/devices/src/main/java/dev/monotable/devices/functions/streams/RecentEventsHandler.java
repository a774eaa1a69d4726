package dev.monotable.devices.functions.streams;

import dev.monotable.devices.data.StreamWrites;
import dev.monotable.devices.functions.DevicesServices;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.Device.Reading;
import dev.monotable.devices.model.Event;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * ST1: new events into their devices' {@code Recent} (the dashboard's newest events, AP14) and
 * their users' {@code ActiveAt} (AP11's sparse index), merged per batch: one BatchGetItem of the
 * batch's devices and profiles, then per device at most one UpdateItem of its {@code Recent} with
 * all of the batch's events of it, and per user at most one UpdateItem of {@code ActiveAt} to the
 * user's newest event, made only when the profile read shows it is more than an hour older. Both
 * writes are merges that a redelivered or late record cannot disturb (a set of the newest events;
 * a time that only moves forward), so no receipt is needed and a redelivered batch writes nothing.
 * A device whose write fails reports its earliest record; Lambda delivers everything from there
 * again.
 */
public final class RecentEventsHandler extends StreamHandler<DevicesServices> {
  private final StreamWrites writes;

  public RecentEventsHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public RecentEventsHandler(DevicesServices services) {
    super(services);
    this.writes = new StreamWrites(services.table());
  }

  @Override
  protected void applyBatch(Batch batch) {
    Map<Object, List<ChangeRecord>> byDevice = batch.groupBy(r -> key(r, false));
    Map<Object, List<ChangeRecord>> byUser = batch.groupBy(r -> key(r, true));
    Set<Key> keys = new LinkedHashSet<>();
    for (Object k : byDevice.keySet()) {
      if (k instanceof Key device) {
        keys.add(device);
      }
    }
    for (Object k : byUser.keySet()) {
      if (k instanceof Key profile) {
        keys.add(profile);
      }
    }
    Map<Key, Map<String, AttributeValue>> read = keys.isEmpty() ? Map.of() : writes.read(keys);
    for (Map.Entry<Object, List<ChangeRecord>> device : byDevice.entrySet()) {
      batch.apply(device.getValue(), group -> {
        List<Reading> readings = new ArrayList<>(group.size());
        Key key = null;
        for (ChangeRecord r : group) {
          Event e = Event.fromItem(r.image());
          key = DevicesKeys.device(e.user(), e.device());
          readings.add(new Reading(e.at(), e.seq(), e.eventType(), e.value()));
        }
        return writes.mergeRecent(key, Optional.ofNullable(read.get(key)), readings);
      });
    }
    for (Map.Entry<Object, List<ChangeRecord>> user : byUser.entrySet()) {
      batch.apply(user.getValue(), group -> {
        String newest = null;
        String id = null;
        for (ChangeRecord r : group) {
          Event e = Event.fromItem(r.image());
          id = e.user();
          newest = newest == null || e.at().compareTo(newest) > 0 ? e.at() : newest;
        }
        return writes.markActive(id, newest, Optional.ofNullable(read.get(DevicesKeys.profile(id))));
      });
    }
  }

  /**
   * The device's key (or the profile's), null for a record that is not a new event, and the record
   * itself when it cannot be read: it is then a group of its own, which fails alone.
   */
  private static Object key(ChangeRecord r, boolean profile) {
    if (!"INSERT".equals(r.eventName())) {
      return null;
    }
    try {
      Event e = Event.fromItem(r.image());
      return profile ? DevicesKeys.profile(e.user()) : DevicesKeys.device(e.user(), e.device());
    } catch (RuntimeException unreadable) {
      return r;
    }
  }
}
