package dev.monotable.devices.functions.streams;

import dev.monotable.devices.data.StreamWrites;
import dev.monotable.devices.data.StreamWrites.StatusChange;
import dev.monotable.devices.functions.DevicesServices;
import dev.monotable.devices.model.Device;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * ST2: the device counts by status (AP10) follow every device's INSERT (+1 its status), status
 * change (-1 old, +1 new) and REMOVE (-1 its status), each record once: per shard and batch one
 * transaction of a receipt per record (keyed by the record's id, in the device's shard) and one
 * ADD of the sum of their deltas. A redelivered record finds its receipt and the transaction goes
 * again without it. The deltas commute, so records applied out of order, or merged, still sum to
 * the exact counts. A shard whose transaction fails reports its earliest record.
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
  protected void applyBatch(Batch batch) {
    Map<Object, List<ChangeRecord>> byShard = batch.groupBy(StatusCountsHandler::shardOf);
    for (List<ChangeRecord> shard : byShard.values()) {
      batch.applyEach(shard, group -> {
        List<StatusChange> changes = new ArrayList<>(group.size());
        for (ChangeRecord r : group) {
          changes.add(change(r));
        }
        return writes.countStatuses(changes.get(0).shard(), changes);
      });
    }
  }

  /**
   * The record's status shard, null when it changes no count (most MODIFY records keep the
   * status: ignored), the record itself when it cannot be read (a group of its own, which fails).
   */
  private static Object shardOf(ChangeRecord r) {
    try {
      StatusChange c = change(r);
      return c == null ? null : c.shard();
    } catch (RuntimeException unreadable) {
      return r;
    }
  }

  /** The record's change of the counts, or null when it keeps the status. */
  private static StatusChange change(ChangeRecord record) {
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
      return null;
    }
    Device d = after != null ? after : before;
    return new StatusChange(record.eventId(), d.user(), d.device(), deltas);
  }
}
