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
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.log.Emf;
import dev.monotable.kit.log.JsonLog;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Base of the table-stream consumers (ST1..ST4). Records are applied one at a time, in shard
 * order. The first record that throws is reported as the batch item failure (its sequence
 * number) and the rest of the batch is left untouched: Lambda retries from that record, so the
 * records before it are never applied twice and the ones after it are not applied ahead of it.
 * Every effect is idempotent anyway ({@link Effect#ALREADY_APPLIED}), because Lambda delivers
 * at least once: a whole batch can arrive again after a timeout or a crash.
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

  /** What applying one record did. */
  public enum Effect {
    /** Wrote its effect. */
    APPLIED,
    /** Its effect is already in the table (a redelivered record): wrote nothing. */
    ALREADY_APPLIED,
    /** Not for this handler, or nothing to do (private repository, vanished target): wrote nothing. */
    IGNORED
  }

  protected final S services;

  private final String service;
  private final String stream;

  protected StreamHandler(S services) {
    this.services = services;
    this.service = Emf.service(services.domain().name());
    StreamHandlerDeclaration declaration = services.domain().stream(getClass().getName());
    this.stream = declaration != null ? declaration.stream() : getClass().getSimpleName();
  }

  /** Applies one record; anything thrown makes it the batch item failure. */
  protected abstract Effect apply(ChangeRecord record);

  @Override
  public final StreamsEventResponse handleRequest(DynamodbEvent event, Context context) {
    List<DynamodbStreamRecord> records = event == null || event.getRecords() == null ? List.of() : event.getRecords();
    Map<Effect, Integer> effects = new LinkedHashMap<>();
    List<BatchItemFailure> failures = new ArrayList<>();
    long start = System.nanoTime();
    long now = System.currentTimeMillis();
    double lagMs = lagMs(records, now);
    CallTally.open();
    for (DynamodbStreamRecord raw : records) {
      ChangeRecord record = null;
      try {
        record = ChangeRecord.of(raw);
        effects.merge(apply(record), 1, Integer::sum);
      } catch (RuntimeException e) {
        String sequenceNumber = raw.getDynamodb() == null ? null : raw.getDynamodb().getSequenceNumber();
        failures.add(BatchItemFailure.builder().withItemIdentifier(sequenceNumber).build());
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("level", "ERROR");
        line.put("handler", getClass().getSimpleName());
        line.put("message", "stream record failed; reported as batch item failure");
        line.put("eventID", raw.getEventID());
        line.put("eventName", raw.getEventName());
        line.put("sequenceNumber", sequenceNumber);
        line.put("error", e.getClass().getSimpleName());
        line.put("reason", String.valueOf(e.getMessage()));
        JsonLog.write(line);
        break;
      }
    }
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", "INFO");
    line.put("handler", getClass().getSimpleName());
    line.put("records", records.size());
    effects.forEach((effect, count) -> line.put(effect.name().toLowerCase(java.util.Locale.ROOT), count));
    line.put("failures", failures.size());
    CallTally calls = CallTally.close();
    List<Emf.Metric> metrics = new ArrayList<>(16);
    metrics.add(Emf.Metric.count(MetricNames.RECORDS, records.size()));
    metrics.add(Emf.Metric.count(MetricNames.APPLIED, effects.getOrDefault(Effect.APPLIED, 0)));
    metrics.add(Emf.Metric.count(MetricNames.ALREADY_APPLIED, effects.getOrDefault(Effect.ALREADY_APPLIED, 0)));
    metrics.add(Emf.Metric.count(MetricNames.IGNORED, effects.getOrDefault(Effect.IGNORED, 0)));
    metrics.add(Emf.Metric.count(MetricNames.FAILURES, failures.size()));
    metrics.add(Emf.Metric.millis(MetricNames.BATCH_LAG, lagMs));
    metrics.add(Emf.Metric.millis(MetricNames.LATENCY, Math.round((System.nanoTime() - start) / 10_000.0) / 100.0));
    metrics.addAll(Emf.calls(calls));
    metrics.add(Emf.Metric.count(MetricNames.COLD_START, Emf.coldStart(getClass())));
    Emf.add(line, service, stream, metrics, now);
    JsonLog.write(line);
    return StreamsEventResponse.builder().withBatchItemFailures(failures).build();
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
