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
import dev.monotable.kit.data.CountOnce;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
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

  /** Keys of one BatchGetItem. */
  static final int BATCH_GET_KEYS = 100;

  private final TableGateway table;
  private final CountOnce counts;

  public StreamWrites(TableGateway table) {
    this.table = table;
    this.counts = new CountOnce(table);
  }

  /**
   * Merges an event into its device's {@code Recent}: {@link #mergeRecent} of one reading, the
   * device not read yet (one GetItem, then at most one UpdateItem).
   */
  public StreamEffect addRecent(Event e) {
    return mergeRecent(DevicesKeys.device(e.user(), e.device()), null,
        List.of(new Reading(e.at(), e.seq(), e.eventType(), e.value())));
  }

  /**
   * The items at {@code keys} (a batch's devices and profiles), strongly consistent: one
   * BatchGetItem per 100 keys, UnprocessedKeys retried. A key with no item is absent from the map.
   */
  public Map<Key, Map<String, AttributeValue>> read(Collection<Key> keys) {
    List<Key> all = new ArrayList<>(new LinkedHashSet<>(keys));
    Map<Key, Map<String, AttributeValue>> found = new HashMap<>();
    for (int from = 0; from < all.size(); from += BATCH_GET_KEYS) {
      found.putAll(table.batchGet(all.subList(from, Math.min(all.size(), from + BATCH_GET_KEYS))));
    }
    return found;
  }

  /**
   * Merges readings into a device's {@code Recent}, starting from {@code known} (the device item
   * as just read, empty when it is missing) or, when null, one GetItem of the device; then one
   * UpdateItem {@code SET Recent} conditioned on {@code RecentRev} being what was read, only when
   * the merge changes the list. When another writer moved the device in between, GetItem and merge
   * again. The merge is a set of the newest events, so redelivered or late readings change nothing
   * or land in their place, in any order.
   *
   * @return APPLIED; ALREADY_APPLIED when every reading is there already (or too old to be kept);
   *     IGNORED when the device is missing or being deleted
   */
  public StreamEffect mergeRecent(Key key, Optional<Map<String, AttributeValue>> known, List<Reading> readings) {
    Optional<Map<String, AttributeValue>> item = known;
    for (int attempt = 0; attempt < MERGE_ATTEMPTS; attempt++) {
      Optional<Device> found = (item != null ? item : table.get(key)).map(Device::fromItem);
      item = null;
      if (found.isEmpty() || found.get().deletingAt() != null) {
        return StreamEffect.IGNORED;
      }
      Device d = found.get();
      List<Reading> merged = Device.merge(d.recent(), readings);
      if (merged.equals(d.recent())) {
        return StreamEffect.ALREADY_APPLIED;
      }
      try {
        table.update(key, "SET #recent = :recent ADD #rev :one", "#rev = :rev",
            Map.of("#recent", "Recent", "#rev", "RecentRev"),
            Map.of(":recent", Device.recentValue(merged), ":one", AttributeValue.fromN("1"),
                ":rev", AttributeValue.fromN(Long.toString(d.recentRev()))));
        return StreamEffect.APPLIED;
      } catch (ConditionalCheckFailedException moved) {
        // another merge (or a deletion) came first: read again
      }
    }
    throw new IllegalStateException("device " + key.sk() + " kept changing while its recent events were merged");
  }

  /**
   * {@link #markActive(String, String)} unless {@code profile} (the profile item as just read,
   * empty when missing) shows its condition would fail: a missing profile, or an {@code ActiveAt}
   * within {@link #ACTIVITY_STEP} of {@code at}. Then no request is made, where the conditional
   * UpdateItem alone would be refused and still billed a write unit.
   */
  public StreamEffect markActive(String user, String at, Optional<Map<String, AttributeValue>> profile) {
    if (profile.isEmpty()) {
      return StreamEffect.ALREADY_APPLIED;
    }
    AttributeValue active = profile.get().get("ActiveAt");
    String step = Timestamps.format(Timestamps.parse(at).minus(ACTIVITY_STEP));
    if (active != null && active.s() != null && active.s().compareTo(step) >= 0) {
      return StreamEffect.ALREADY_APPLIED;
    }
    return markActive(user, at);
  }

  /**
   * Moves a user's {@code ActiveAt} (and its sparse GSI2 key) to an event's time: one UpdateItem
   * of the profile, conditioned on the profile existing and its {@code ActiveAt} being more than
   * {@link #ACTIVITY_STEP} older, so most events of an active user write nothing and an old or
   * redelivered event never moves it back.
   */
  public StreamEffect markActive(String user, String at) {
    String step = Timestamps.format(Timestamps.parse(at).minus(ACTIVITY_STEP));
    Key active = DevicesKeys.activeUser(user, at);
    try {
      table.update(DevicesKeys.profile(user), "SET #active = :at, #gpk = :gpk, #gsk = :gsk",
          "attribute_exists(#pk) AND (attribute_not_exists(#active) OR #active < :step)",
          Map.of("#pk", TableSchema.PK, "#active", "ActiveAt", "#gpk", Gsi.GSI2.pk(), "#gsk", Gsi.GSI2.sk()),
          Map.of(":at", AttributeValue.fromS(at), ":gpk", AttributeValue.fromS(active.pk()),
              ":gsk", AttributeValue.fromS(active.sk()), ":step", AttributeValue.fromS(step)));
      return StreamEffect.APPLIED;
    } catch (ConditionalCheckFailedException recentOrMissing) {
      return StreamEffect.ALREADY_APPLIED;
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

  /** One record's change of the status counts: its id (the receipt's key), its device and its deltas. */
  public record StatusChange(String recordId, String user, String device, Map<String, Long> deltas) {
    /** The status shard the change counts into. */
    public int shard() {
      return DevicesKeys.shard(user, device, DevicesKeys.STATUS_SHARDS);
    }
  }

  /**
   * Counts one device change into its shard: {@link #countStatuses} of one change, one
   * TransactWriteItems of a Put of the record's receipt ({@code attribute_not_exists(PK)}) and an
   * Update of the shard's counts, {@code ADD} of each delta. A redelivered record finds its
   * receipt: the transaction is cancelled and nothing changes; the deltas of different records
   * commute, so their order does not matter.
   */
  public StreamEffect countStatus(String recordId, String user, String device, Map<String, Long> deltas) {
    StatusChange c = new StatusChange(recordId, user, device, deltas);
    return countStatuses(c.shard(), List.of(c)).get(0);
  }

  /**
   * Counts changes of one shard ({@link CountOnce#countAll}): per 99 changes one TransactWriteItems
   * of a Put of each record's receipt ({@code attribute_not_exists(PK)}) and one Update of the
   * shard's counts, {@code ADD} of the sum of their deltas; when receipts exist (a redelivered
   * batch), the transaction is sent again without those records.
   *
   * @return each change's effect, in order: APPLIED or ALREADY_APPLIED (counted before)
   */
  public List<StreamEffect> countStatuses(int shard, List<StatusChange> changes) {
    String now = Timestamps.format(table.clock().instant());
    long expires = Timestamps.epochSeconds(table.clock().instant()) + CountedStatusChange.KEEP_SECONDS;
    List<CountOnce.Change> counted = new ArrayList<>(changes.size());
    for (StatusChange c : changes) {
      if (c.shard() != shard) {
        throw new IllegalArgumentException("record " + c.recordId() + " counts into shard " + c.shard());
      }
      Map<String, Long> deltas = new LinkedHashMap<>();
      c.deltas().forEach((status, delta) -> deltas.put(StatusCounts.attribute(status), delta));
      counted.add(new CountOnce.Change(new CountedStatusChange(shard, c.recordId(), c.device(), now, expires).toItem(),
          deltas));
    }
    CountOnce.Counter counter = CountOnce.Counter.at(DevicesKeys.statusCounts(shard)).set(
        "#type = :type, #shard = :shard, #created = if_not_exists(#created, :now), #updated = :now, #schema = :schema",
        Map.of("#type", TableSchema.TYPE, "#shard", "Shard", "#created", TableSchema.CREATED_AT,
            "#updated", TableSchema.UPDATED_AT, "#schema", TableSchema.SCHEMA_VERSION),
        Map.of(":type", AttributeValue.fromS(StatusCounts.TYPE), ":shard", AttributeValue.fromN(Integer.toString(shard)),
            ":now", AttributeValue.fromS(now), ":schema", AttributeValue.fromN(Integer.toString(Items.SCHEMA_VERSION))));
    return counts.countAll(counter, counted);
  }
}
