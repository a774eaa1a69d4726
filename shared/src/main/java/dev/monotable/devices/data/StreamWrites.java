package dev.monotable.devices.data;

import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.CountedStatusChange;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Device.Reading;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.model.StatusCounts;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The derived attributes only Devices' stream functions write: a device's recent events, a
 * user's activity, the events' copy of their device's name and the sharded status counts. No
 * HTTP route is granted these writes. Each is safe to repeat and to apply out of order.
 */
public final class StreamWrites {

  /** How stale {@code ActiveAt} may be: a user's events move it at most once an hour. */
  public static final Duration ACTIVITY_STEP = Duration.ofHours(1);
  /** Attempts of the recent-events merge when another writer moved the device in between. */
  static final int MERGE_ATTEMPTS = 5;

  private final TableGateway table;

  public StreamWrites(TableGateway table) {
    this.table = table;
  }

  /** What a write did. */
  public enum Outcome {
    /** Wrote its effect. */
    APPLIED,
    /** Its effect is already there (a redelivered or older record): nothing written. */
    ALREADY_APPLIED,
    /** The target is gone (deleted device or user): nothing to do. */
    NO_TARGET
  }

  /**
   * Merges an event into its device's {@code Recent}: one GetItem of the device, then one
   * UpdateItem {@code SET Recent} conditioned on {@code RecentRev} being what was read (another
   * writer in between means read and merge again). The merge is a set of the newest events, so a
   * redelivered or late event changes nothing or lands in its place.
   */
  public Outcome addRecent(Event e) {
    Key key = DevicesKeys.device(e.user(), e.device());
    Reading reading = new Reading(e.at(), e.seq(), e.eventType(), e.value());
    for (int attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
      Optional<Device> found = table.get(key).map(Device::fromItem);
      if (found.isEmpty() || found.get().deletingAt() != null) {
        return Outcome.NO_TARGET;
      }
      Device d = found.get();
      List<Reading> merged = Device.merge(d.recent(), List.of(reading));
      if (merged.equals(d.recent())) {
        return Outcome.ALREADY_APPLIED;
      }
      try {
        table.update(key, "SET #recent = :recent ADD #rev :one", "#rev = :rev",
            Map.of("#recent", "Recent", "#rev", "RecentRev"),
            Map.of(":recent", Device.recentValue(merged), ":one", AttributeValue.fromN("1"),
                ":rev", AttributeValue.fromN(Long.toString(d.recentRev()))));
        return Outcome.APPLIED;
      } catch (ConditionalCheckFailedException moved) {
        // another event's merge (or a deletion) came first: read again
      }
    }
    throw new IllegalStateException("device " + e.device() + " kept changing while its recent events were merged");
  }

  /**
   * Moves a user's {@code ActiveAt} (and its sparse GSI2 key) to an event's time: one UpdateItem
   * of the profile, conditioned on the profile existing and its {@code ActiveAt} being more than
   * {@link #ACTIVITY_STEP} older, so most events of an active user write nothing and an old or
   * redelivered event never moves it back.
   */
  public Outcome markActive(String user, String at) {
    String step = Timestamps.format(Timestamps.parse(at).minus(ACTIVITY_STEP));
    Key active = DevicesKeys.activeUser(user, at);
    try {
      table.update(DevicesKeys.profile(user), "SET #active = :at, #gpk = :gpk, #gsk = :gsk",
          "attribute_exists(#pk) AND (attribute_not_exists(#active) OR #active < :step)",
          Map.of("#pk", TableSchema.PK, "#active", "ActiveAt", "#gpk", Gsi.GSI2.pk(), "#gsk", Gsi.GSI2.sk()),
          Map.of(":at", AttributeValue.fromS(at), ":gpk", AttributeValue.fromS(active.pk()),
              ":gsk", AttributeValue.fromS(active.sk()), ":step", AttributeValue.fromS(step)));
      return Outcome.APPLIED;
    } catch (ConditionalCheckFailedException recentOrMissing) {
      return Outcome.ALREADY_APPLIED;
    }
  }

  /**
   * Copies a device's new name onto its events: pages of one Query of the user's partition,
   * {@code begins_with(SK, DEVICE#{device}#EVENT#)}, and one UpdateItem per event conditioned on
   * the event existing and its {@code NameVersion} being older than {@code version}, so a
   * redelivered rename, or an older rename arriving late, writes nothing. Returns the events updated.
   */
  public int copyName(String user, String device, String name, long version) {
    QuerySpec q = QuerySpec.table(DevicesKeys.userPartition(user),
        DevicesKeys.deviceItemsPrefix(device) + "EVENT#");
    int updated = 0;
    String cursor = null;
    do {
      Page<Map<String, AttributeValue>> page = table.query(q, new PageRequest(PageRequest.MAX_LIMIT, cursor), "rename");
      for (Map<String, AttributeValue> item : page.items()) {
        if (item.containsKey("NameVersion") && Long.parseLong(item.get("NameVersion").n()) >= version) {
          continue;
        }
        try {
          table.update(new Key(item.get(TableSchema.PK).s(), item.get(TableSchema.SK).s()),
              "SET #name = :name, #nv = :v", "attribute_exists(#pk) AND #nv < :v",
              Map.of("#pk", TableSchema.PK, "#name", "DeviceName", "#nv", "NameVersion"),
              Map.of(":name", AttributeValue.fromS(name), ":v", AttributeValue.fromN(Long.toString(version))));
          updated++;
        } catch (ConditionalCheckFailedException goneOrNewer) {
          // expired, deleted or renamed again meanwhile
        }
      }
      cursor = page.nextCursor();
    } while (cursor != null);
    return updated;
  }

  /**
   * Counts one device change into its shard: one TransactWriteItems of a Put of the record's
   * receipt ({@code attribute_not_exists(PK)}) and an Update of the shard's counts, {@code ADD}
   * of each delta. A redelivered record finds its receipt: the transaction is cancelled and
   * nothing changes; the deltas of different records commute, so their order does not matter.
   */
  public Outcome countStatus(String recordId, String user, String device, Map<String, Long> deltas) {
    int shard = DevicesKeys.shard(user, device, DevicesKeys.STATUS_SHARDS);
    String now = Timestamps.format(table.clock().instant());
    long expires = Timestamps.epochSeconds(table.clock().instant()) + CountedStatusChange.KEEP_SECONDS;
    WriteTransaction tx = new WriteTransaction(table);
    int receipt = tx.putIfAbsent(new CountedStatusChange(shard, recordId, device, now, expires).toItem());
    Map<String, String> names = new HashMap<>(Map.of("#type", TableSchema.TYPE, "#shard", "Shard",
        "#created", TableSchema.CREATED_AT, "#updated", TableSchema.UPDATED_AT, "#schema", TableSchema.SCHEMA_VERSION));
    Map<String, AttributeValue> values = new HashMap<>(Map.of(":type", AttributeValue.fromS(StatusCounts.TYPE),
        ":shard", AttributeValue.fromN(Integer.toString(shard)),
        ":now", AttributeValue.fromS(Timestamps.format(table.clock().instant())),
        ":schema", AttributeValue.fromN(Integer.toString(Items.SCHEMA_VERSION))));
    StringBuilder add = new StringBuilder();
    int i = 0;
    for (Map.Entry<String, Long> delta : deltas.entrySet()) {
      names.put("#c" + i, StatusCounts.attribute(delta.getKey()));
      values.put(":d" + i, AttributeValue.fromN(Long.toString(delta.getValue())));
      add.append(i == 0 ? " ADD " : ", ").append("#c").append(i).append(" :d").append(i);
      i++;
    }
    tx.update(DevicesKeys.statusCounts(shard), "SET #type = :type, #shard = :shard, #created = if_not_exists(#created, :now), #updated = :now, "
        + "#schema = :schema" + add, null,
        names, values);
    return tx.commit(Outcome.APPLIED, f -> {
      if (f.failed(receipt)) {
        return Outcome.ALREADY_APPLIED;
      }
      return null;
    });
  }
}
