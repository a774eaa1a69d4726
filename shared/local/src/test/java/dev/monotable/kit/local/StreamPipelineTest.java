package dev.monotable.kit.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;
import dev.monotable.kit.local.StreamPipeline.Consumer;
import dev.monotable.kit.local.StreamPipeline.DeadLetter;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.testing.TestDomain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The pipeline's failure handling against Lambda's: a reported record is retried with the rest
 * of the batch after it, bisect isolates it, spent retries and old records go to the dead-letter
 * file, and the records before and after a poison record are applied exactly once.
 */
class StreamPipelineTest {

  /** Applies records by eventID into a list; "poison" always fails. */
  static final class Recording extends StreamHandler<DomainServices> {
    final List<String> applied = new ArrayList<>();
    final List<Integer> batchSizes = new ArrayList<>();
    private int recordsSeen;

    Recording() {
      // The pipeline hands the handler records only: services without a table will do.
      super(new DomainServices() {
        @Override
        public Domain domain() {
          return TestDomain.DOMAIN;
        }

        @Override
        public TableGateway table() {
          return null;
        }

        @Override
        public JwtVerifier verifier() {
          return null;
        }
      });
    }

    @Override
    protected StreamEffect apply(ChangeRecord record) {
      recordsSeen++;
      if (record.eventId().startsWith("poison")) {
        throw new IllegalArgumentException("cannot read " + record.eventId());
      }
      applied.add(record.eventId());
      return StreamEffect.APPLIED;
    }
  }

  @TempDir
  Path dir;

  private final ByteArrayOutputStream console = new ByteArrayOutputStream();

  @Test
  void poisonRecord_shouldBeIsolatedByBisect_andDeadLettered_whileEveryOtherRecordAppliesOnce() throws Exception {
    Recording handler = new Recording();
    StreamPipeline pipeline = pipeline(handler, 3);

    pipeline.deliverBatch(consumer(handler, 3), "shard-1",
        List.of(record("a", "1", 0), record("b", "2", 0), record("poison", "3", 0), record("c", "4", 0),
            record("d", "5", 0)));

    assertEquals(List.of("a", "b", "c", "d"), handler.applied);
    List<DeadLetter> letters = pipeline.deadLetters();
    assertEquals(1, letters.size(), letters.toString());
    DeadLetter letter = letters.get(0);
    assertEquals(List.of("poison"), letter.eventIds());
    assertEquals("3", letter.firstSequenceNumber());
    assertEquals("shard-1", letter.shardId());
    assertTrue(letter.reason().startsWith("retries exhausted (3)"), letter.reason());
    // the file holds the same letter, one JSON line
    List<String> lines = Files.readAllLines(pipeline.deadLetterFile());
    assertEquals(1, lines.size());
    Map<String, Object> json = Json.readObject(lines.get(0));
    assertEquals("ST9", json.get("stream"));
    assertEquals(List.of("poison"), json.get("eventIds"));
    // one console line per delivered batch: 5, then [poison] 1 + 3 retries, then [c, d]
    long batchLines = console.toString(StandardCharsets.UTF_8).lines().filter(l -> l.contains("\"records\"")).count();
    assertEquals(6, batchLines, console.toString(StandardCharsets.UTF_8));
  }

  @Test
  void recordsOlderThanTheMaximumAge_shouldGoToTheDeadLetterFile_unprocessed() {
    Recording handler = new Recording();
    StreamPipeline pipeline = pipeline(handler, 3);

    pipeline.deliverBatch(consumer(handler, 3), "shard-1",
        List.of(record("old", "1", 2 * 86_400), record("new", "2", 0)));

    assertEquals(List.of("new"), handler.applied);
    assertEquals(List.of("old"), pipeline.deadLetters().get(0).eventIds());
    assertTrue(pipeline.deadLetters().get(0).reason().contains("maximum record age"));
  }

  @Test
  void withoutRetriesOrBisect_shouldDeadLetterTheFailedSuffix_afterOneAttempt() {
    Recording handler = new Recording();
    StreamHandlerDeclaration d = StreamHandlerDeclaration.builder("dev.example.Handler").stream("ST9")
        .itemTypes("Note").retryAttempts(0).bisectBatchOnError(false).build();
    StreamPipeline pipeline = new StreamPipeline(null, "t", List.of(), dir.resolve("dl.jsonl"),
        new PrintStream(console, true, StandardCharsets.UTF_8));

    pipeline.deliverBatch(new Consumer(d, handler), "shard-1",
        List.of(record("a", "1", 0), record("poison", "2", 0), record("b", "3", 0)));

    assertEquals(List.of("a"), handler.applied);
    assertEquals(List.of("poison", "b"), pipeline.deadLetters().get(0).eventIds());
  }

  private StreamPipeline pipeline(Recording handler, int retries) {
    return new StreamPipeline(null, "t", List.of(consumer(handler, retries)), dir.resolve("dead-letters.jsonl"),
        new PrintStream(console, true, StandardCharsets.UTF_8));
  }

  private static Consumer consumer(Recording handler, int retries) {
    return new Consumer(StreamHandlerDeclaration.builder("dev.example.Handler").stream("ST9").itemTypes("Note")
        .retryAttempts(retries).build(), handler);
  }

  private static DynamodbStreamRecord record(String eventId, String sequenceNumber, long ageSeconds) {
    AttributeValue type = new AttributeValue();
    type.setS("Note");
    StreamRecord s = new StreamRecord();
    s.setSequenceNumber(sequenceNumber);
    s.setNewImage(Map.of("Type", type));
    s.setApproximateCreationDateTime(Date.from(Instant.now().minus(Duration.ofSeconds(ageSeconds))));
    DynamodbStreamRecord r = new DynamodbStreamRecord();
    r.setEventID(eventId);
    r.setEventName("INSERT");
    r.setDynamodb(s);
    return r;
  }
}
