package dev.monotable.devices.bench;

import dev.monotable.devices.EntityFirstTables;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.ops.BatchWrites;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * {@code scripts/ingest}-style traffic on the entity-first design while it is migrated: through the old
 * design's own requests (on a dual-writing client), one operation at a time: batches of up to 25 new events
 * (BatchWriteItem), status updates (UpdateItem), new devices (PutItem) and deletions of a device with its
 * events (Query, BatchWriteItem, DeleteItem). Each acknowledged write is kept in a {@link Ledger}, so the
 * migration's result can be checked against what the clients were told.
 */
public final class MigrationTraffic {

  /** What the traffic was acknowledged: devices live and deleted, events per live device, updates. */
  public static final class Ledger {
    public final Map<String, String> ownerOf = new LinkedHashMap<>();
    public final Map<String, Set<String>> events = new LinkedHashMap<>();
    public final Map<String, String> status = new LinkedHashMap<>();
    public final Set<String> deleted = new LinkedHashSet<>();
    public long eventsWritten;
    public long updates;
    public long added;
    public long deletions;

    @Override
    public String toString() {
      return eventsWritten + " events written, " + updates + " status updates, " + added + " devices added, "
          + deletions + " devices deleted with their events";
    }
  }

  private final EntityFirstDevices peer;
  private final DynamoDbClient client;
  private final Random random;
  private final Instant base;
  private final List<String> live = new ArrayList<>();
  private final Ledger ledger = new Ledger();
  private final long seed;
  private long clock;

  /**
   * @param client the client the old design writes through (dual-writing during the migration)
   * @param devices the old design's devices and their owners at the start, by id
   * @param base events are stamped one millisecond apart from this instant on (unique times, in order)
   */
  public MigrationTraffic(DynamoDbClient client, EntityFirstTables tables, Map<String, String> devices,
      Instant base, long seed) {
    this.client = client;
    this.peer = new EntityFirstDevices(client, tables);
    this.random = new Random(seed);
    this.seed = seed;
    this.base = base;
    devices.forEach((d, u) -> {
      live.add(d);
      ledger.ownerOf.put(d, u);
    });
  }

  public Ledger ledger() {
    return ledger;
  }

  /** Runs operations until {@code stop} is set or {@code max} were made (0: no maximum). */
  public Ledger run(AtomicBoolean stop, long max) {
    for (long n = 0; !stop.get() && (max == 0 || n < max); n++) {
      step(n);
    }
    return ledger;
  }

  private void step(long n) {
    int pick = random.nextInt(100);
    String device = live.get(random.nextInt(live.size()));
    String user = ledger.ownerOf.get(device);
    if (pick < 70) {
      int count = 1 + random.nextInt(25);
      List<WriteRequest> batch = new ArrayList<>();
      List<String> ids = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        String id = device + "-t" + seed + "-" + n + "-" + i;
        ids.add(id);
        batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(EntityFirstDevices.eventItem(id, device,
            user, Timestamps.format(base.plusMillis(clock++)),
            DesignsDataset.EVENT_TYPES.get(random.nextInt(DesignsDataset.EVENT_TYPES.size())),
            Integer.toString(random.nextInt(1000)))).build()).build());
      }
      BatchWrites.writeBatch(client, peer.tables().events(), batch);
      ledger.events.computeIfAbsent(device, d -> new LinkedHashSet<>()).addAll(ids);
      ledger.eventsWritten += count;
    } else if (pick < 90) {
      String status = EntityFirstDevices.STATUSES.get(random.nextInt(EntityFirstDevices.STATUSES.size()));
      peer.updateStatus(device, status);
      ledger.status.put(device, status);
      ledger.updates++;
    } else if (pick < 96) {
      String added = "t" + seed + "-" + n; // another run (seed) never reuses an id
      client.putItem(PutItemRequest.builder().tableName(peer.tables().devices())
          .item(EntityFirstDevices.deviceItem(added, user, "Added " + n, "sensor", "offline")).build());
      live.add(added);
      ledger.ownerOf.put(added, user);
      ledger.added++;
    } else if (live.size() > 1) {
      peer.deleteDevice(device);
      live.remove(device);
      ledger.events.remove(device);
      ledger.status.remove(device);
      ledger.deleted.add(device);
      ledger.deletions++;
    }
  }

  /** The old design's devices and their owners, by id (a Scan: an operator's read). */
  public static Map<String, String> devices(DynamoDbClient client, EntityFirstTables tables) {
    Map<String, String> out = new java.util.TreeMap<>();
    Map<String, AttributeValue> start = null;
    do {
      var r = client.scan(software.amazon.awssdk.services.dynamodb.model.ScanRequest.builder()
          .tableName(tables.devices()).exclusiveStartKey(start).build());
      r.items().forEach(i -> out.put(i.get("deviceId").s(), i.get("userId").s()));
      start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return out;
  }
}
