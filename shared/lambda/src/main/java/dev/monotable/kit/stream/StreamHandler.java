package dev.monotable.kit.stream;

import dev.monotable.kit.catalog.MetricNames;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse.BatchItemFailure;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.data.CallTally;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.log.Emf;
import dev.monotable.kit.internal.log.JsonLog;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Base of the table-stream consumers (ST1..ST4). A handler either applies records one at a time
 * ({@link #apply}) or sees the whole batch ({@link #applyBatch}) and merges its records, for
 * example per partition key, into fewer writes.
 *
 * <p>One at a time, records are applied in shard order. The first record that throws is reported
 * as the batch item failure (its sequence number) and the rest of the batch is left untouched:
 * Lambda retries from that record, so the records before it are never applied twice and the ones
 * after it are not applied ahead of it.
 *
 * <p>A whole batch is applied in groups ({@link Batch#apply}): a group that throws reports the
 * earliest sequence number of its records. Lambda retries from the lowest sequence number reported,
 * so every record from there on, including records of groups that succeeded, comes again: merged
 * effects must be idempotent and must commute (each record's effect may be applied before or after
 * another's), and a group whose records all come after a failed record is left for the retry.
 *
 * <p>Every effect is idempotent anyway ({@link StreamEffect#ALREADY_APPLIED}), because Lambda
 * delivers at least once: a whole batch can arrive again after a timeout or a crash.
 *
 * <p>Each batch writes one log line that is also its metrics ({@link Emf}), under the dimensions
 * service and the declaration's stream id (ST1..): records, applied, already applied, ignored,
 * failures, batch lag (the age of the newest record when the batch started), latency, cold start
 * and what the batch's DynamoDB calls did ({@link CallTally}).
 *
 * <p>Subclasses have a no-argument constructor for the Lambda runtime and one taking the domain's
 * services for tests.
 *
 * @param <S> the domain's services, the one {@code DomainServices} class its handlers take
 */
public abstract class StreamHandler<S extends DomainServices>
    implements RequestHandler<DynamodbEvent, StreamsEventResponse> {

  protected final S services;

  private final String service;
  private final String stream;

  protected StreamHandler(S services) {
    this.services = services;
    this.service = Emf.service(services.domain().name());
    StreamHandlerDeclaration declaration = services.domain().stream(getClass().getName());
    this.stream = declaration != null ? declaration.stream() : getClass().getSimpleName();
  }

  /**
   * Applies one record; anything thrown makes it the batch item failure. A handler overrides this
   * or {@link #applyBatch}.
   */
  protected StreamEffect apply(ChangeRecord record) {
    throw new UnsupportedOperationException(getClass().getSimpleName() + " applies whole batches");
  }

  /**
   * Applies a batch. By default each record with {@link #apply}, in shard order, stopping at the
   * first that throws. A handler that merges records overrides this: it groups the records
   * ({@link Batch#groupBy}) and applies each group ({@link Batch#apply}); records it leaves out
   * count as ignored.
   */
  protected void applyBatch(Batch batch) {
    for (ChangeRecord record : batch.records()) {
      if (!batch.apply(List.of(record), one -> apply(one.get(0)))) {
        break;
      }
    }
  }

  /**
   * One batch being applied: its records in shard order, the effect each got, and the groups that
   * failed. Not thread-safe: one invocation's thread uses it.
   */
  public static final class Batch {
    private final String handler;
    private final List<ChangeRecord> records;
    private final Map<ChangeRecord, Integer> index = new IdentityHashMap<>();
    private final StreamEffect[] effects;
    private final boolean[] failed;
    private final TreeSet<Integer> reported = new TreeSet<>();
    private int firstFailed;

    Batch(String handler, List<ChangeRecord> records, int unreadable) {
      this.handler = handler;
      this.records = List.copyOf(records);
      for (int i = 0; i < records.size(); i++) {
        index.put(records.get(i), i);
      }
      this.effects = new StreamEffect[records.size()];
      this.failed = new boolean[records.size()];
      this.firstFailed = unreadable;
    }

    /** The records, in shard order (oldest first). */
    public List<ChangeRecord> records() {
      return records;
    }

    /**
     * The records grouped by {@code key}, groups in the order of their first record and records in
     * shard order within each; a record whose key is null is in no group.
     */
    public <K> Map<K, List<ChangeRecord>> groupBy(Function<ChangeRecord, K> key) {
      Map<K, List<ChangeRecord>> groups = new LinkedHashMap<>();
      for (ChangeRecord r : records) {
        K k = key.apply(r);
        if (k != null) {
          groups.computeIfAbsent(k, x -> new ArrayList<>()).add(r);
        }
      }
      return groups;
    }

    /** {@link #apply(List, Function)} with one effect for every record of the group. */
    public boolean apply(List<ChangeRecord> group, Function<List<ChangeRecord>, StreamEffect> effect) {
      return applyEach(group, g -> {
        StreamEffect e = effect.apply(g);
        List<StreamEffect> each = new ArrayList<>(g.size());
        g.forEach(r -> each.add(e));
        return each;
      });
    }

    /**
     * Applies one group of this batch's records with {@code effect}, which answers each record's
     * effect in the group's order. A record in several groups (two writes it takes part in) counts
     * as applied when any of them applied, else as its first group answered. When {@code effect}
     * throws, every record of the group fails and the group's earliest record is reported as a batch
     * item failure (logged once). A group whose records all come after a record that failed is not
     * applied: Lambda delivers it again.
     *
     * @return true when the group was applied
     */
    public boolean applyEach(List<ChangeRecord> group, Function<List<ChangeRecord>, List<StreamEffect>> effect) {
      if (group.isEmpty()) {
        return true;
      }
      int earliest = Integer.MAX_VALUE;
      for (ChangeRecord r : group) {
        Integer i = index.get(r);
        if (i == null) {
          throw new IllegalArgumentException("a record of another batch: " + r.eventId());
        }
        earliest = Math.min(earliest, i);
      }
      if (earliest > firstFailed) {
        return false;
      }
      try {
        List<StreamEffect> answered = effect.apply(group);
        if (answered.size() != group.size()) {
          throw new IllegalStateException(answered.size() + " effects for " + group.size() + " records");
        }
        for (int k = 0; k < group.size(); k++) {
          int i = index.get(group.get(k));
          effects[i] = effects[i] == null ? answered.get(k) : effects[i].or(answered.get(k));
        }
        return true;
      } catch (RuntimeException e) {
        fail(earliest, group.size(), e);
        group.forEach(r -> failed[index.get(r)] = true);
        return false;
      }
    }

    /** Reports the record at {@code i} (the earliest of {@code size} failed ones) and logs why. */
    void fail(int i, int size, RuntimeException e) {
      firstFailed = Math.min(firstFailed, i);
      failed[i] = true;
      if (!reported.add(i)) {
        return;
      }
      ChangeRecord r = records.get(i);
      failureLine(handler, r.eventId(), r.eventName(), r.sequenceNumber(), size, e);
    }

    /** The sequence numbers to report, lowest first: the earliest record of each failed group. */
    List<String> failures() {
      List<String> out = new ArrayList<>(reported.size());
      reported.forEach(i -> out.add(records.get(i).sequenceNumber()));
      return out;
    }

    /**
     * Each effect's count; a record before every failure that no group answered counts as ignored,
     * records left for the retry count nowhere.
     */
    Map<StreamEffect, Integer> effects() {
      Map<StreamEffect, Integer> out = new LinkedHashMap<>();
      for (int i = 0; i < records.size(); i++) {
        if (failed[i]) {
          continue;
        }
        StreamEffect e = effects[i] != null ? effects[i] : i < firstFailed ? StreamEffect.IGNORED : null;
        if (e != null) {
          out.merge(e, 1, Integer::sum);
        }
      }
      return out;
    }
  }

  @Override
  public final StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
    List<DynamodbStreamRecord> records = event == null || event.getRecords() == null ? List.of() : event.getRecords();
    long start = System.nanoTime();
    long now = System.currentTimeMillis();
    double lagMs = lagMs(records, now);
    CallTally.open();
    // Records are read up to the first that cannot be: it is reported, and Lambda delivers it and
    // everything after it again.
    List<ChangeRecord> readable = new ArrayList<>(records.size());
    List<String> failures = new ArrayList<>();
    for (DynamodbStreamRecord raw : records) {
      try {
        readable.add(ChangeRecord.of(raw));
      } catch (RuntimeException e) {
        String sequenceNumber = raw.getDynamodb() == null ? null : raw.getDynamodb().getSequenceNumber();
        failures.add(sequenceNumber);
        failureLine(getClass().getSimpleName(), raw.getEventID(), raw.getEventName(), sequenceNumber, 1, e);
        break;
      }
    }
    Batch batch = new Batch(getClass().getSimpleName(), readable, failures.isEmpty() ? Integer.MAX_VALUE
        : readable.size());
    try {
      applyBatch(batch);
    } catch (RuntimeException e) {
      // Outside any group: the whole batch comes again (its effects are idempotent).
      if (!readable.isEmpty()) {
        batch.fail(0, readable.size(), e);
      }
    }
    List<String> reported = new ArrayList<>(batch.failures());
    reported.addAll(failures);
    Map<StreamEffect, Integer> effects = batch.effects();
    List<BatchItemFailure> itemFailures = new ArrayList<>();
    for (String sequenceNumber : reported) {
      itemFailures.add(BatchItemFailure.builder().withItemIdentifier(sequenceNumber).build());
    }
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", "INFO");
    line.put("handler", getClass().getSimpleName());
    line.put("records", records.size());
    for (StreamEffect effect : StreamEffect.values()) {
      if (effects.containsKey(effect)) {
        line.put(effect.name().toLowerCase(Locale.ROOT), effects.get(effect));
      }
    }
    line.put("failures", itemFailures.size());
    CallTally calls = CallTally.close();
    List<Emf.Metric> metrics = new ArrayList<>(16);
    metrics.add(Emf.Metric.count(MetricNames.RECORDS, records.size()));
    metrics.add(Emf.Metric.count(MetricNames.APPLIED, effects.getOrDefault(StreamEffect.APPLIED, 0)));
    metrics.add(Emf.Metric.count(MetricNames.ALREADY_APPLIED, effects.getOrDefault(StreamEffect.ALREADY_APPLIED, 0)));
    metrics.add(Emf.Metric.count(MetricNames.IGNORED, effects.getOrDefault(StreamEffect.IGNORED, 0)));
    metrics.add(Emf.Metric.count(MetricNames.FAILURES, itemFailures.size()));
    metrics.add(Emf.Metric.millis(MetricNames.BATCH_LAG, lagMs));
    metrics.add(Emf.Metric.millis(MetricNames.LATENCY, Math.round((System.nanoTime() - start) / 10_000.0) / 100.0));
    metrics.addAll(Emf.calls(calls));
    metrics.add(Emf.Metric.count(MetricNames.COLD_START, Emf.coldStart(getClass())));
    Emf.add(line, service, stream, metrics, now);
    JsonLog.write(line);
    return StreamsEventResponse.builder().withBatchItemFailures(itemFailures).build();
  }

  private static void failureLine(String handler, String eventId, String eventName, String sequenceNumber,
      int records, RuntimeException e) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", "ERROR");
    line.put("handler", handler);
    line.put("message", "stream record failed; reported as batch item failure");
    line.put("eventID", eventId);
    line.put("eventName", eventName);
    line.put("sequenceNumber", sequenceNumber);
    if (records > 1) {
      line.put("records", records); // a merged group: its earliest record is reported
    }
    line.put("error", e.getClass().getSimpleName());
    line.put("reason", String.valueOf(e.getMessage()));
    JsonLog.write(line);
  }

  /** Age of the batch's newest record (ApproximateCreationDateTime, whole seconds) at {@code now}; 0 without one. */
  static double lagMs(List<DynamodbStreamRecord> records, long now) {
    long newest = Long.MIN_VALUE;
    for (DynamodbStreamRecord r : records) {
      if (r.getDynamodb() != null && r.getDynamodb().getApproximateCreationDateTime() != null) {
        newest = Math.max(newest, r.getDynamodb().getApproximateCreationDateTime().getTime());
      }
    }
    return newest == Long.MIN_VALUE ? 0 : Math.max(0, now - newest);
  }
}
