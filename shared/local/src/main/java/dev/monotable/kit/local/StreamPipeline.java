package dev.monotable.kit.local;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse.BatchItemFailure;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.Identity;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import dev.monotable.kit.stream.StreamImages;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.services.dynamodb.model.DescribeStreamRequest;
import software.amazon.awssdk.services.dynamodb.model.ExpiredIteratorException;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsRequest;
import software.amazon.awssdk.services.dynamodb.model.GetRecordsResponse;
import software.amazon.awssdk.services.dynamodb.model.GetShardIteratorRequest;
import software.amazon.awssdk.services.dynamodb.model.ListStreamsRequest;
import software.amazon.awssdk.services.dynamodb.model.Record;
import software.amazon.awssdk.services.dynamodb.model.Shard;
import software.amazon.awssdk.services.dynamodb.model.ShardIteratorType;
import software.amazon.awssdk.services.dynamodb.model.StreamDescription;
import software.amazon.awssdk.services.dynamodb.model.TrimmedDataAccessException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * What Lambda's event source mappings do on AWS, for {@code scripts/dev} and the end-to-end tests:
 * reads the table's stream through the DynamoDB Streams API of the local endpoint (ListStreams,
 * DescribeStream, GetShardIterator, GetRecords), keeps the records each of the domain's stream
 * declarations ({@link Domain#streams()}) accepts (the same filters Lambda applies), and invokes the handlers
 * in-process with {@link DynamodbEvent} batches shaped as Lambda delivers them.
 *
 * <p>Failure handling follows the mapping's settings: a batch item failure (or a thrown error,
 * which fails the whole batch) retries the batch from the failed record; with bisect on, the
 * failing part is split in two first (splitting uses no retry, as on Lambda); once the retries
 * are spent, or a record is older than the maximum record age, its batch goes to the local
 * dead-letter file (one JSON line each, like the SQS on-failure destination) and the shard moves
 * on. One JSON line per delivered batch goes to the console: stream, handler, records, failures,
 * lag.
 */
public final class StreamPipeline implements AutoCloseable {
  /** How often an idle pipeline asks for new records. */
  public static final Duration POLL_INTERVAL = Duration.ofMillis(200);
  private static final Duration SHARD_REFRESH = Duration.ofSeconds(2);

  /** One event source mapping: the declaration and its handler instance. */
  public record Consumer(StreamHandlerDeclaration declaration,
      RequestHandler<DynamodbEvent, StreamsEventResponse> handler) {}

  /**
   * A batch that exhausted its retries (or aged out), as written to the dead-letter file.
   *
   * @param stream ST1..ST4
   * @param handler handler simple name
   * @param shardId the shard the records came from
   * @param firstSequenceNumber first record of the batch
   * @param lastSequenceNumber last record of the batch
   * @param eventIds every record of the batch
   * @param reason why it was given up
   */
  public record DeadLetter(String stream, String handler, String shardId, String firstSequenceNumber,
      String lastSequenceNumber, List<String> eventIds, String reason) {}

  private final DynamoDbStreamsClient streams;
  private final String tableName;
  private final List<Consumer> consumers;
  private final Path deadLetterFile;
  private final PrintStream console;
  private final Clock clock;
  private final Map<String, String> iterators = new LinkedHashMap<>();
  private final Map<String, String> lastSequence = new LinkedHashMap<>();
  private final Set<String> finishedShards = new LinkedHashSet<>();
  private final List<DeadLetter> deadLetters = Collections.synchronizedList(new ArrayList<>());
  private final ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "stream-pipeline");
    t.setDaemon(true);
    return t;
  });
  private String streamArn;
  private Instant shardsRefreshed = Instant.EPOCH;

  public StreamPipeline(DynamoDbStreamsClient streams, String tableName, List<Consumer> consumers,
      Path deadLetterFile, PrintStream console) {
    this.streams = streams;
    this.tableName = tableName;
    this.consumers = List.copyOf(consumers);
    this.deadLetterFile = deadLetterFile;
    this.console = console;
    this.clock = Clock.systemUTC();
  }

  /** Every stream declaration of the domain, each with its handler from the domain's wiring. */
  public static List<Consumer> consumers(Domain domain, LocalDomain.Wiring wiring) {
    List<Consumer> out = new ArrayList<>();
    for (StreamHandlerDeclaration d : domain.streams()) {
      out.add(new Consumer(d, wiring.stream(d.handlerClass())));
    }
    return out;
  }

  /** Starts polling in the background from the oldest record (TRIM_HORIZON, as the mappings do). */
  public StreamPipeline start() {
    executor.scheduleWithFixedDelay(() -> {
      try {
        poll();
      } catch (RuntimeException e) {
        line(Map.of("pipeline", "stream", "level", "WARN", "message", String.valueOf(e.getMessage())));
      }
    }, 0, POLL_INTERVAL.toMillis(), TimeUnit.MILLISECONDS);
    return this;
  }

  /** One pass over every open shard; returns how many records were read. */
  public synchronized int poll() {
    return pass(true);
  }

  /**
   * Reads every record written so far without delivering it: a test that puts a table's items
   * back as they were (a race or fault suite undoing one attempt) must not have the consumers count
   * the undoing. Never called by the service itself.
   */
  public synchronized int skip() {
    int skipped = 0;
    int read;
    while ((read = pass(false)) > 0) {
      skipped += read;
    }
    return skipped;
  }

  private int pass(boolean deliver) {
    refreshShards();
    int read = 0;
    for (String shardId : List.copyOf(iterators.keySet())) {
      GetRecordsResponse page;
      try {
        page = streams.getRecords(GetRecordsRequest.builder().shardIterator(iterators.get(shardId)).build());
      } catch (ExpiredIteratorException | TrimmedDataAccessException e) {
        // Iterators expire after 15 minutes (a suspended laptop): resume after the last record delivered.
        String last = lastSequence.get(shardId);
        GetShardIteratorRequest.Builder b = GetShardIteratorRequest.builder().streamArn(streamArn).shardId(shardId);
        boolean trimmed = e instanceof TrimmedDataAccessException;
        if (last == null || trimmed) {
          b.shardIteratorType(ShardIteratorType.TRIM_HORIZON);
        } else {
          b.shardIteratorType(ShardIteratorType.AFTER_SEQUENCE_NUMBER).sequenceNumber(last);
        }
        line(Map.of("pipeline", "stream", "level", "WARN", "shardId", shardId,
            "message", (trimmed ? "records aged out of the stream before delivery; resuming at the oldest"
                : "shard iterator expired; resuming after the last delivered record")));
        iterators.put(shardId, streams.getShardIterator(b.build()).shardIterator());
        continue;
      }
      if (!page.records().isEmpty()) {
        lastSequence.put(shardId, page.records().get(page.records().size() - 1).dynamodb().sequenceNumber());
      }
      if (page.nextShardIterator() == null) {
        iterators.remove(shardId);
        finishedShards.add(shardId);
      } else {
        iterators.put(shardId, page.nextShardIterator());
      }
      read += page.records().size();
      if (deliver) {
        deliver(shardId, page.records());
      }
    }
    return read;
  }

  /** Polls until a pass reads nothing: every record written so far has been delivered. */
  public synchronized void drain() {
    while (poll() > 0) {
      // keep reading
    }
  }

  /**
   * Delivers every record still in the stream again, from the oldest, to every consumer: what
   * Lambda does after a lost checkpoint. Handlers must change nothing the second time.
   */
  public synchronized int replay() {
    drain();
    int delivered = 0;
    for (Shard shard : shards()) {
      String iterator = streams.getShardIterator(GetShardIteratorRequest.builder().streamArn(streamArn)
          .shardId(shard.shardId()).shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()).shardIterator();
      while (iterator != null) {
        GetRecordsResponse page = streams.getRecords(GetRecordsRequest.builder().shardIterator(iterator).build());
        if (page.records().isEmpty()) {
          break;
        }
        delivered += page.records().size();
        deliver(shard.shardId(), page.records());
        iterator = page.nextShardIterator();
      }
    }
    return delivered;
  }

  /** Batches given up so far (also in the dead-letter file). */
  public List<DeadLetter> deadLetters() {
    synchronized (deadLetters) {
      return List.copyOf(deadLetters);
    }
  }

  public Path deadLetterFile() {
    return deadLetterFile;
  }

  private void refreshShards() {
    Instant now = clock.instant();
    if (!iterators.isEmpty() && now.isBefore(shardsRefreshed.plus(SHARD_REFRESH))) {
      return;
    }
    shardsRefreshed = now;
    if (streamArn == null) {
      var listed = streams.listStreams(ListStreamsRequest.builder().tableName(tableName).build()).streams();
      if (listed.isEmpty()) {
        return;
      }
      streamArn = listed.get(listed.size() - 1).streamArn();
    }
    for (Shard shard : shards()) {
      String id = shard.shardId();
      boolean parentOpen = shard.parentShardId() != null && iterators.containsKey(shard.parentShardId());
      if (iterators.containsKey(id) || finishedShards.contains(id) || parentOpen) {
        continue;
      }
      // A child shard starts once its parent is read to the end, so an item's records stay in order.
      iterators.put(id, streams.getShardIterator(GetShardIteratorRequest.builder().streamArn(streamArn)
          .shardId(id).shardIteratorType(ShardIteratorType.TRIM_HORIZON).build()).shardIterator());
    }
  }

  private List<Shard> shards() {
    List<Shard> out = new ArrayList<>();
    String start = null;
    do {
      DescribeStreamRequest.Builder b = DescribeStreamRequest.builder().streamArn(streamArn);
      if (start != null) {
        b.exclusiveStartShardId(start);
      }
      StreamDescription d = streams.describeStream(b.build()).streamDescription();
      out.addAll(d.shards());
      start = d.lastEvaluatedShardId();
    } while (start != null);
    return out;
  }

  private void deliver(String shardId, List<Record> records) {
    if (records.isEmpty()) {
      return;
    }
    for (Consumer consumer : consumers) {
      StreamHandlerDeclaration d = consumer.declaration();
      List<DynamodbStreamRecord> accepted = new ArrayList<>();
      for (Record r : records) {
        var s = r.dynamodb();
        if (d.accepts(r.eventNameAsString(), s.newImage(), s.oldImage(),
            r.userIdentity() == null ? null : r.userIdentity().type(),
            r.userIdentity() == null ? null : r.userIdentity().principalId())) {
          accepted.add(toLambda(r));
        }
      }
      for (int from = 0; from < accepted.size(); from += d.batchSize()) {
        invoke(consumer, shardId, accepted.subList(from, Math.min(accepted.size(), from + d.batchSize())),
            d.retryAttempts());
      }
    }
  }

  /** Delivers one batch to one consumer as {@link #poll} does; for tests of the failure handling. */
  void deliverBatch(Consumer consumer, String shardId, List<DynamodbStreamRecord> batch) {
    invoke(consumer, shardId, batch, consumer.declaration().retryAttempts());
  }

  /** One batch with Lambda's retry, bisect and on-failure semantics. */
  private void invoke(Consumer consumer, String shardId, List<DynamodbStreamRecord> batch, int retriesLeft) {
    StreamHandlerDeclaration d = consumer.declaration();
    Instant now = clock.instant();
    Duration maxAge = Duration.ofSeconds(d.maximumRecordAgeSeconds());
    int fresh = 0;
    while (fresh < batch.size() && created(batch.get(fresh)) != null
        && created(batch.get(fresh)).plus(maxAge).isBefore(now)) {
      fresh++;
    }
    if (fresh > 0) {
      deadLetter(d, shardId, batch.subList(0, fresh), "older than the maximum record age of " + maxAge.toSeconds() + " s");
      batch = batch.subList(fresh, batch.size());
      if (batch.isEmpty()) {
        return;
      }
    }
    DynamodbEvent event = new DynamodbEvent();
    event.setRecords(new ArrayList<>(batch));
    int failedAt;
    String reason;
    try {
      StreamsEventResponse response = consumer.handler().handleRequest(event, null);
      failedAt = firstFailure(batch, response, d.reportBatchItemFailures());
      reason = "batch item failure";
    } catch (RuntimeException e) {
      // A function error fails the whole batch, as on Lambda.
      failedAt = 0;
      reason = e.getClass().getSimpleName() + ": " + e.getMessage();
    }
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("pipeline", "stream");
    line.put("stream", d.stream());
    line.put("handler", d.handlerName());
    line.put("records", batch.size());
    line.put("failures", failedAt < 0 ? 0 : batch.size() - failedAt);
    Instant newest = created(batch.get(batch.size() - 1));
    line.put("lagMs", newest == null ? null : Math.max(0, Duration.between(newest, now).toMillis()));
    line.put("retriesLeft", retriesLeft);
    line(line);
    if (failedAt < 0) {
      return;
    }
    List<DynamodbStreamRecord> rest = batch.subList(failedAt, batch.size());
    if (d.bisectBatchOnError() && rest.size() > 1) {
      int half = rest.size() / 2;
      invoke(consumer, shardId, rest.subList(0, half), retriesLeft);
      invoke(consumer, shardId, rest.subList(half, rest.size()), retriesLeft);
    } else if (retriesLeft > 0) {
      invoke(consumer, shardId, rest, retriesLeft - 1);
    } else {
      deadLetter(d, shardId, rest, "retries exhausted (" + d.retryAttempts() + "): " + reason);
    }
  }

  /**
   * Index of the record Lambda would retry from (the lowest reported sequence number), or -1 when
   * the batch succeeded. A failure naming no record of the batch fails the whole batch.
   */
  private static int firstFailure(List<DynamodbStreamRecord> batch, StreamsEventResponse response,
      boolean reportBatchItemFailures) {
    List<BatchItemFailure> failures = response == null || response.getBatchItemFailures() == null
        ? List.of() : response.getBatchItemFailures();
    if (failures.isEmpty() || !reportBatchItemFailures) {
      return -1;
    }
    int first = Integer.MAX_VALUE;
    for (BatchItemFailure f : failures) {
      int index = -1;
      for (int i = 0; i < batch.size(); i++) {
        if (batch.get(i).getDynamodb().getSequenceNumber().equals(f.getItemIdentifier())) {
          index = i;
          break;
        }
      }
      if (index < 0) {
        return 0;
      }
      first = Math.min(first, index);
    }
    return first;
  }

  private void deadLetter(StreamHandlerDeclaration d, String shardId, List<DynamodbStreamRecord> records,
      String reason) {
    DeadLetter letter = new DeadLetter(d.stream(), d.handlerName(), shardId,
        records.get(0).getDynamodb().getSequenceNumber(),
        records.get(records.size() - 1).getDynamodb().getSequenceNumber(),
        records.stream().map(DynamodbStreamRecord::getEventID).toList(), reason);
    deadLetters.add(letter);
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("stream", letter.stream());
    json.put("handler", letter.handler());
    json.put("shardId", letter.shardId());
    json.put("startSequenceNumber", letter.firstSequenceNumber());
    json.put("endSequenceNumber", letter.lastSequenceNumber());
    json.put("batchSize", records.size());
    json.put("eventIds", letter.eventIds());
    json.put("reason", reason);
    json.put("at", clock.instant().toString());
    if (deadLetterFile != null) {
      try {
        Files.createDirectories(deadLetterFile.toAbsolutePath().getParent());
        Files.writeString(deadLetterFile, Json.write(json) + "\n", StandardCharsets.UTF_8,
            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("pipeline", "stream");
    line.put("level", "ERROR");
    line.put("message", "batch given up: written to the dead-letter file " + deadLetterFile);
    line.putAll(json);
    line(line);
  }

  private static Instant created(DynamodbStreamRecord r) {
    Date d = r.getDynamodb().getApproximateCreationDateTime();
    return d == null ? null : d.toInstant();
  }

  /** The record as Lambda puts it into a {@link DynamodbEvent}. */
  private DynamodbStreamRecord toLambda(Record r) {
    var s = r.dynamodb();
    var stream = new com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord();
    if (s.approximateCreationDateTime() != null) {
      stream.setApproximateCreationDateTime(Date.from(s.approximateCreationDateTime()));
    }
    stream.setKeys(StreamImages.toEvent(s.keys()));
    stream.setNewImage(s.hasNewImage() ? StreamImages.toEvent(s.newImage()) : null);
    stream.setOldImage(s.hasOldImage() ? StreamImages.toEvent(s.oldImage()) : null);
    stream.setSequenceNumber(s.sequenceNumber());
    stream.setSizeBytes(s.sizeBytes());
    if (s.streamViewTypeAsString() != null) {
      stream.setStreamViewType(StreamViewType.fromValue(s.streamViewTypeAsString()));
    }
    DynamodbStreamRecord out = new DynamodbStreamRecord();
    out.setEventID(r.eventID());
    out.setEventName(r.eventNameAsString());
    out.setEventVersion(r.eventVersion());
    out.setEventSource(r.eventSource() == null ? "aws:dynamodb" : r.eventSource());
    out.setAwsRegion(r.awsRegion());
    out.setEventSourceARN(streamArn);
    out.setDynamodb(stream);
    if (r.userIdentity() != null) {
      Identity identity = new Identity();
      identity.setType(r.userIdentity().type());
      identity.setPrincipalId(r.userIdentity().principalId());
      out.setUserIdentity(identity);
    }
    return out;
  }

  private void line(Map<String, Object> fields) {
    if (console != null) {
      console.println(Json.write(fields));
    }
  }

  @Override
  public void close() {
    executor.shutdownNow();
    try {
      executor.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
