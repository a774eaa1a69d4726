package dev.monotable.kit.migrate.tool;

import dev.monotable.kit.bench.Capacity;
import dev.monotable.kit.bench.ItemSize;
import dev.monotable.kit.internal.data.Backoff;
import dev.monotable.kit.migrate.ConditionalWrites;
import dev.monotable.kit.migrate.LegacyMapping;
import dev.monotable.kit.migrate.MigrationPlan;
import dev.monotable.kit.ops.ParallelScan;
import dev.monotable.kit.ops.RateLimiter;
import dev.monotable.kit.schema.TableSchema;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.DoubleAdder;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * {@code scripts/migrate backfill}: copies every item of a {@link MigrationPlan}'s old tables onto the
 * single table while the old design keeps taking writes (dual-written, {@code MIGRATION_MODE=DUAL}).
 *
 * <p>Per old table, a parallel Scan ({@code Segment}/{@code TotalSegments}, one thread a segment, pages of
 * {@link #PAGE}, eventually consistent); per page:
 * <ol>
 *   <li>each item mapped ({@link LegacyMapping#toItem}) and created with one PutItem on condition
 *       {@code attribute_not_exists(PK)} ({@link ConditionalWrites#putIfAbsent}): BatchWriteItem takes no
 *       condition, and an item a dual write put there first is newer than the copy read by the Scan, so it wins;
 *   <li>one BatchGetItem (consistent) of the page's copied items on the old table: a copy whose old item is gone
 *       was deleted after the Scan read it, and is removed with a DeleteItem on condition it is still the copy
 *       ({@link ConditionalWrites#deleteIfUnchanged}). A dual-written delete removes the old item before the new
 *       one, so either it removed the copy itself or this re-check sees the old item gone: nothing deleted comes
 *       back, and a newer dual write of the same key is kept;
 *   <li>the segment's position saved ({@link Checkpoint}): a killed run resumes after the last finished page.
 * </ol>
 * Before a page's first write, the keys of its copies are journalled in the checkpoint; a resumed run first
 * settles the journal of a page the killed run did not finish (its re-check may not have run): the copy of each
 * old item gone since is removed while unchanged, so a kill between a copy and its re-check resurrects nothing.
 * Writes are limited in write capacity units a second; the report gives the items, the rate and the capacity
 * used (computed by DynamoDB's rules: a write is 1 unit per KB for the table and each index the item is in, a
 * Scan page and a consistent read 1 unit per 4 KB, halved for the eventually consistent Scan) and its on-demand
 * price.
 */
public final class LegacyBackfill {

  /** Items per Scan page: the unit of the re-check and of the checkpoint. */
  public static final int PAGE = 100;
  /** Keys per BatchGetItem: DynamoDB's limit. */
  static final int GET_BATCH = 100;

  /**
   * @param totalSegments Scan segments of each old table
   * @param maxWriteUnitsPerSecond write capacity units a second at most over all segments (0: unlimited)
   * @param checkpoint the checkpoint file
   */
  public record Options(int totalSegments, double maxWriteUnitsPerSecond, Path checkpoint) {}

  /** Called before each conditional write; tests write concurrently, or fail to stand for a crash. */
  @FunctionalInterface
  public interface BeforeWrite {
    void accept(String oldTable, Map<String, AttributeValue> old, Map<String, AttributeValue> item);
  }

  /**
   * What a run did.
   *
   * @param read old items read by the Scans of this run
   * @param created items the backfill created on the single table
   * @param keptNewer items already on the single table (put there by a dual write, which is newer, or copied by a
   *     run that was killed before its checkpoint): the creation was refused, the item kept
   * @param removedDeleted copies removed because their old item was deleted meanwhile
   * @param refused old items the single table's rules refuse (each in {@link #refusals})
   * @param skippedSegments segments an earlier run had finished
   * @param resumedSegments segments resumed after an earlier run's last page
   * @param seconds how long the run took
   * @param readUnits read capacity units used (old tables)
   * @param writeUnits write capacity units used (single table)
   * @param refusals {@code table key: reason} of each refused item
   */
  public record Report(long read, long created, long keptNewer, long removedDeleted, long refused,
      int skippedSegments, int resumedSegments, double seconds, double readUnits, double writeUnits,
      List<String> refusals) {

    public double itemsPerSecond() {
      return seconds <= 0 ? 0 : read / seconds;
    }

    /** On-demand price of the capacity used ({@link Capacity#PRICE_SOURCE}). */
    public double usd() {
      return (readUnits * Capacity.USD_PER_MILLION_READ_UNITS + writeUnits * Capacity.USD_PER_MILLION_WRITE_UNITS) / 1e6;
    }

    public void print(PrintStream out) {
      out.printf(Locale.ROOT, "read %,d old items in %.1f s: %,.0f items/s%n", read, seconds, itemsPerSecond());
      out.printf(Locale.ROOT, "  created on the single table      %,d%n", created);
      out.printf(Locale.ROOT, "  already there (kept)            %,d%n", keptNewer);
      out.printf(Locale.ROOT, "  removed (deleted meanwhile)      %,d%n", removedDeleted);
      out.printf(Locale.ROOT, "  refused by the single table      %,d%n", refused);
      if (skippedSegments + resumedSegments > 0) {
        out.printf(Locale.ROOT, "  segments finished earlier %d, resumed %d%n", skippedSegments, resumedSegments);
      }
      out.printf(Locale.ROOT, "capacity: %,.1f read units, %,.1f write units: $%.4f on demand (%s)%n", readUnits,
          writeUnits, usd(), Capacity.PRICE_SOURCE);
      refusals.forEach(r -> out.println("  REFUSED " + r));
      out.println("result: " + (refused == 0 ? "done"
          : "done, with refusals (fix the mapping or the data, run again)"));
    }
  }

  private final DynamoDbClient client;
  private final MigrationPlan plan;
  private final Options options;
  private final PrintStream progress;
  private final BeforeWrite hook;
  private final RateLimiter limiter;
  private final AtomicLong read = new AtomicLong();
  private final AtomicLong created = new AtomicLong();
  private final AtomicLong keptNewer = new AtomicLong();
  private final AtomicLong removed = new AtomicLong();
  private final DoubleAdder readUnits = new DoubleAdder();
  private final DoubleAdder writeUnits = new DoubleAdder();
  private final List<String> refusals = Collections.synchronizedList(new ArrayList<>());
  private final Bar bar;

  private LegacyBackfill(DynamoDbClient client, MigrationPlan plan, Options options, PrintStream progress,
      BeforeWrite hook) {
    this.client = client;
    this.plan = plan;
    this.options = options;
    this.progress = progress;
    this.hook = hook;
    this.limiter = new RateLimiter(options.maxWriteUnitsPerSecond());
    this.bar = new Bar(progress, estimate(client, plan));
  }

  /** Runs the backfill, resuming from the checkpoint when it exists; progress to {@code progress} (null: silent). */
  public static Report run(DynamoDbClient client, MigrationPlan plan, Options options, PrintStream progress) {
    return run(client, plan, options, progress, (table, old, item) -> { });
  }

  /** As {@link #run(DynamoDbClient, MigrationPlan, Options, PrintStream)}, calling {@code hook} before each write. */
  public static Report run(DynamoDbClient client, MigrationPlan plan, Options options, PrintStream progress,
      BeforeWrite hook) {
    return new LegacyBackfill(client, plan, options, progress, hook).run();
  }

  /** The checkpoint's name for a plan: its old tables and its single table. */
  static String describe(MigrationPlan plan) {
    return String.join("+", plan.oldTables().keySet()) + "->" + plan.newTable();
  }

  private Report run() {
    long started = System.nanoTime();
    Checkpoint checkpoint = Checkpoint.open(options.checkpoint(), describe(plan), options.totalSegments());
    int skipped = 0;
    int resumed = 0;
    for (Map.Entry<String, LegacyMapping> t : plan.oldTables().entrySet()) {
      List<Integer> todo = new ArrayList<>();
      for (int s = 0; s < options.totalSegments(); s++) {
        if (checkpoint.done(t.getKey(), s)) {
          skipped++;
        } else {
          resumed += checkpoint.begun(t.getKey(), s) ? 1 : 0;
          todo.add(s);
        }
      }
      ParallelScan.inParallel(todo, "backfill-segment", segment -> copySegment(t.getKey(), t.getValue(), segment,
          checkpoint));
    }
    bar.finish();
    return new Report(read.get(), created.get(), keptNewer.get(), removed.get(), refusals.size(), skipped, resumed,
        (System.nanoTime() - started) / 1e9, readUnits.sum(), writeUnits.sum(), List.copyOf(refusals));
  }

  private void copySegment(String table, LegacyMapping mapping, int segment, Checkpoint checkpoint) {
    settle(table, mapping, checkpoint.pending(table, segment));
    Map<String, AttributeValue> start = checkpoint.startKey(table, segment);
    do {
      ScanRequest.Builder scan = ScanRequest.builder().tableName(table).limit(PAGE).exclusiveStartKey(start);
      if (options.totalSegments() > 1) {
        scan.segment(segment).totalSegments(options.totalSegments());
      }
      ScanResponse page = client.scan(scan.build());
      long bytes = 0;
      List<Copy> mapped = new ArrayList<>();
      for (Map<String, AttributeValue> old : page.items()) {
        bytes += ItemSize.of(old);
        read.incrementAndGet();
        Copy c = map(table, mapping, old);
        if (c != null) {
          mapped.add(c);
        }
      }
      readUnits.add(Math.max(1, Math.ceil(bytes / 4096.0)) * 0.5);
      if (!mapped.isEmpty()) {
        checkpoint.pending(table, segment, mapped.stream().map(c -> new Checkpoint.PendingCopy(
            mapping.oldKeyOf(c.old()), keyOf(c.item()))).toList());
      }
      List<Copy> copies = new ArrayList<>();
      for (Copy c : mapped) {
        if (copy(table, c)) {
          copies.add(c);
        }
        bar.step();
      }
      recheck(table, mapping, copies);
      start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
      checkpoint.save(table, segment, start);
    } while (start != null && !Thread.currentThread().isInterrupted());
  }

  /** An old item and the single-table item the backfill created from it. */
  private record Copy(Map<String, AttributeValue> old, Map<String, AttributeValue> item) {}

  /** The old item mapped to its single-table item, or null (a refusal, reported) when the mapping refuses it. */
  private Copy map(String table, LegacyMapping mapping, Map<String, AttributeValue> old) {
    try {
      return new Copy(old, mapping.toItem(old));
    } catch (RuntimeException e) {
      refusals.add(table + " " + mapping.oldKeyOf(old) + ": " + e.getMessage());
      bar.step();
      return null;
    }
  }

  /** Creates the copy unless an item holds its key already (then kept: a dual write put it, or an earlier run). */
  private boolean copy(String table, Copy c) {
    double units = writeUnits(c.item());
    limiter.acquire(units);
    hook.accept(table, c.old(), c.item());
    writeUnits.add(units);
    try {
      client.putItem(ConditionalWrites.putIfAbsent(plan.newTable(), c.item()));
    } catch (ConditionalCheckFailedException e) {
      keptNewer.incrementAndGet();
      return false;
    }
    created.incrementAndGet();
    return true;
  }

  /** One consistent BatchGetItem per {@link #GET_BATCH} copies; the copies of deleted old items removed. */
  private void recheck(String table, LegacyMapping mapping, List<Copy> copies) {
    Set<Map<String, AttributeValue>> present = presentOldKeys(table, mapping,
        copies.stream().map(c -> mapping.oldKeyOf(c.old())).toList());
    for (Copy c : copies) {
      if (!present.contains(mapping.oldKeyOf(c.old()))) {
        removeIfUnchanged(c.item());
      }
    }
  }

  /**
   * The journal of a page a killed run had begun: for each old item now gone, the item under its copy's key (a
   * consistent GetItem) is removed while it is unchanged. Its old item is gone, so what holds the key is the
   * killed run's copy, or a dual write's mirror whose delete is still on its way; a newer dual write of the key
   * puts the old item first, so it is seen present and kept.
   */
  private void settle(String table, LegacyMapping mapping, List<Checkpoint.PendingCopy> pending) {
    if (pending.isEmpty()) {
      return;
    }
    Set<Map<String, AttributeValue>> present = presentOldKeys(table, mapping,
        pending.stream().map(Checkpoint.PendingCopy::oldKey).toList());
    for (Checkpoint.PendingCopy p : pending) {
      if (present.contains(mapping.oldKeyOf(p.oldKey()))) {
        continue;
      }
      GetItemResponse r = client.getItem(GetItemRequest.builder().tableName(plan.newTable()).key(p.newKey())
          .consistentRead(true).build());
      readUnits.add(Math.max(1, Math.ceil(ItemSize.of(r.item()) / 4096.0)));
      if (r.hasItem() && !r.item().isEmpty()) {
        removeIfUnchanged(r.item());
      }
    }
  }

  /** The old keys among {@code keys} whose item is still on the old table: consistent BatchGetItems of the keys. */
  private Set<Map<String, AttributeValue>> presentOldKeys(String table, LegacyMapping mapping,
      List<Map<String, AttributeValue>> keys) {
    Set<Map<String, AttributeValue>> present = new HashSet<>();
    for (int from = 0; from < keys.size(); from += GET_BATCH) {
      List<Map<String, AttributeValue>> chunk = keys.subList(from, Math.min(keys.size(), from + GET_BATCH));
      Map<String, KeysAndAttributes> pending = Map.of(table, KeysAndAttributes.builder().keys(chunk)
          .consistentRead(true).projectionExpression(projection(mapping)).expressionAttributeNames(names(mapping))
          .build());
      Backoff.untilDone(pending, p -> {
        BatchGetItemResponse r = client.batchGetItem(BatchGetItemRequest.builder().requestItems(p).build());
        r.responses().getOrDefault(table, List.of()).forEach(i -> present.add(mapping.oldKeyOf(i)));
        return r.hasUnprocessedKeys() ? r.unprocessedKeys() : Map.of();
      }, Map::isEmpty, "BatchGetItem left keys");
      readUnits.add(chunk.size()); // a consistent read of a key (projected) is 1 unit
    }
    return present;
  }

  /** DeleteItem of the copy on condition it is unchanged: a dual write that replaced it is newer, and stays. */
  private void removeIfUnchanged(Map<String, AttributeValue> item) {
    writeUnits.add(writeUnits(item));
    try {
      client.deleteItem(ConditionalWrites.deleteIfUnchanged(plan.newTable(), item));
      removed.incrementAndGet();
    } catch (ConditionalCheckFailedException e) {
      // a dual write replaced the copy: it is newer, and stays
    }
  }

  private static Map<String, AttributeValue> keyOf(Map<String, AttributeValue> item) {
    return Map.of(TableSchema.PK, item.get(TableSchema.PK), TableSchema.SK, item.get(TableSchema.SK));
  }

  private static String projection(LegacyMapping mapping) {
    List<String> p = new ArrayList<>();
    for (int i = 0; i < mapping.oldKey().size(); i++) {
      p.add("#k" + i);
    }
    return String.join(", ", p);
  }

  private static Map<String, String> names(LegacyMapping mapping) {
    Map<String, String> n = new java.util.LinkedHashMap<>();
    for (int i = 0; i < mapping.oldKey().size(); i++) {
      n.put("#k" + i, mapping.oldKey().get(i));
    }
    return n;
  }

  /** 1 unit per KB (rounded up) for the table and for each index the item is in. */
  static double writeUnits(Map<String, AttributeValue> item) {
    int copies = 1;
    for (TableSchema.Gsi g : TableSchema.Gsi.values()) {
      if (item.containsKey(g.pk()) && item.containsKey(g.sk())) {
        copies++;
      }
    }
    return Math.ceil(Math.max(1, ItemSize.of(item)) / 1024.0) * copies;
  }

  private static long estimate(DynamoDbClient client, MigrationPlan plan) {
    long n = 0;
    for (String t : plan.oldTables().keySet()) {
      Long c = client.describeTable(DescribeTableRequest.builder().tableName(t).build()).table().itemCount();
      n += c == null ? 0 : c;
    }
    return n;
  }

  /** The progress bar on stderr: items read of the tables' estimated count (DescribeTable's ItemCount). */
  private static final class Bar {
    private final PrintStream out;
    private final long total;
    private final AtomicLong done = new AtomicLong();
    private int shown = -1;

    Bar(PrintStream out, long total) {
      this.out = out;
      this.total = total;
    }

    void step() {
      long d = done.incrementAndGet();
      if (out == null) {
        return;
      }
      int pct = (int) Math.min(100, 100L * d / Math.max(1, total));
      synchronized (this) {
        if (pct != shown) {
          shown = pct;
          int filled = pct * 30 / 100;
          out.printf(Locale.ROOT, "\rbackfill [%s%s] %3d%% %,d/~%,d items", "#".repeat(filled), " ".repeat(30 - filled),
              pct, d, total);
          out.flush();
        }
      }
    }

    void finish() {
      if (out != null) {
        out.println();
      }
    }
  }
}
