package dev.monotable.devices.data;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.StatusCounts;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.keys.Key;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The counts the stream functions keep for the analytics patterns. */
public final class Stats {

  private final TableGateway table;

  public Stats(TableGateway table) {
    this.table = table;
  }

  /**
   * AP10: device counts by status over all users: one BatchGetItem of every shard
   * ({@code DEVICESTATUS#0..9 / #COUNTS}), summed. A shard no device has reached yet is absent and
   * counts zero.
   */
  public Map<String, Long> deviceStatusCounts() {
    List<Key> keys = new ArrayList<>();
    for (int shard = 0; shard < DevicesKeys.STATUS_SHARDS; shard++) {
      keys.add(DevicesKeys.statusCounts(shard));
    }
    Map<String, Long> total = new LinkedHashMap<>();
    Device.STATUSES.forEach(s -> total.put(s, 0L));
    for (Map<String, AttributeValue> item : table.batchGet(keys).values()) {
      StatusCounts.fromItem(item).counts().forEach((status, n) -> total.merge(status, n, Long::sum));
    }
    return total;
  }
}
