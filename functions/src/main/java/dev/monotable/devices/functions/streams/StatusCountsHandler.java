package dev.monotable.devices.functions.streams;

import dev.monotable.devices.data.StreamWrites;
import dev.monotable.devices.functions.DevicesServices;
import dev.monotable.devices.model.Device;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * ST2: the device counts by status (AP10) follow every device's INSERT (+1 its status), status
 * change (-1 old, +1 new) and REMOVE (-1 its status), each record once: one transaction with a
 * receipt keyed by the record's id in the device's shard. The deltas commute, so records applied
 * out of order still sum to the exact counts.
 */
public final class StatusCountsHandler extends StreamHandler<DevicesServices> {
  private final StreamWrites writes;

  public StatusCountsHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public StatusCountsHandler(DevicesServices services) {
    super(services);
    this.writes = new StreamWrites(services.table());
  }

  @Override
  protected Effect apply(ChangeRecord record) {
    Map<String, Long> deltas = new LinkedHashMap<>();
    Device before = record.oldImage() == null ? null : Device.fromItem(record.oldImage());
    Device after = record.newImage() == null ? null : Device.fromItem(record.newImage());
    if (before != null) {
      deltas.merge(before.status(), -1L, Long::sum);
    }
    if (after != null) {
      deltas.merge(after.status(), 1L, Long::sum);
    }
    deltas.values().removeIf(d -> d == 0);
    if (deltas.isEmpty()) {
      return Effect.IGNORED; // a change that kept the status: most MODIFY records
    }
    Device d = after != null ? after : before;
    return switch (writes.countStatus(record.eventId(), d.user(), d.device(), deltas)) {
      case APPLIED -> Effect.APPLIED;
      case ALREADY_APPLIED -> Effect.ALREADY_APPLIED;
      case NO_TARGET -> Effect.IGNORED;
    };
  }
}
