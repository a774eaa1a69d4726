package dev.monotable.devices.model;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One shard of the device counts by status ({@code DEVICESTATUS#{shard} / #COUNTS}), one number
 * attribute per status ({@code Online}, {@code Offline}, {@code Error}), written only by the
 * status-count stream function with {@code ADD}, which needs no existing item or attribute; AP10
 * sums the shards.
 */
public record StatusCounts(int shard, Map<String, Long> counts, String createdAt, String updatedAt) {

  public static final String TYPE = "DeviceStatusCounts";

  /**
   * The layout, declared once: the item, its keys and the entity chart come from it. One count per
   * {@link Device#STATUSES}, its field the status and its attribute {@link #attribute}'s name.
   */
  public static final Entity ENTITY = Entity.of(TYPE, DevicesKeys.STATUS_COUNTS, DevicesKeys.COUNTS)
      .attributes(
          Attr.number("Shard", "shard", "the shard's number")
              .keyed(v -> DevicesKeys.statusShard(((Number) v).intValue())),
          count("online", "devices online in this shard"),
          count("offline", "devices offline in this shard"),
          count("error", "devices in error in this shard"))
      .requiredByChartOnly()
      .build();

  public StatusCounts {
    counts = Map.copyOf(counts);
  }

  private static Attr count(String status, String description) {
    return Attr.number(attribute(status), status, description).optional().changes(Attr.Change.ATOMIC);
  }

  /** The attribute holding the count of {@code status}: {@code online} -> {@code Online}. */
  public static String attribute(String status) {
    return status.substring(0, 1).toUpperCase(Locale.ROOT) + status.substring(1);
  }

  public Map<String, AttributeValue> toItem() {
    Map<String, Object> values = Entity.fields("shard", shard, "createdAt", createdAt, "updatedAt", updatedAt);
    Device.STATUSES.forEach(s -> values.put(s, counts.getOrDefault(s, 0L)));
    return ENTITY.toItem(values);
  }

  /** The sum over every shard as one item-shaped map, for tools that print items. */
  public static Map<String, AttributeValue> total(Map<String, Long> counts) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    m.put(dev.monotable.kit.schema.TableSchema.TYPE, AttributeValue.fromS(TYPE));
    counts.forEach((s, n) -> m.put(attribute(s), AttributeValue.fromN(Long.toString(n))));
    return m;
  }

  public static StatusCounts fromItem(Map<String, AttributeValue> item) {
    Items.requireType(item, TYPE);
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String s : Device.STATUSES) {
      counts.put(s, item.containsKey(attribute(s)) ? Items.n(item, attribute(s)) : 0L);
    }
    return new StatusCounts((int) Items.n(item, "Shard"), counts, Items.s(item, TableSchema.CREATED_AT),
        Items.s(item, TableSchema.UPDATED_AT));
  }
}
