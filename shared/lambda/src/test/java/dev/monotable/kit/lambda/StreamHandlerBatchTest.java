package dev.monotable.kit.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.monotable.kit.catalog.MetricNames;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.lambda.Notes.NotesServices;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The batch seam of the kit's stream handler: records merged per key, and the batch item failures
 * Lambda needs when a merged group fails (it retries from the lowest reported sequence number, so
 * nothing before it may be left undone and nothing from it on may be lost).
 */
class StreamHandlerBatchTest {

  /** Groups records by their {@code K} attribute; a group whose key is in {@code failing} throws. */
  static final class PerKey extends StreamHandler<NotesServices> {
    final Set<String> failing;
    final List<List<String>> applied = new ArrayList<>();

    PerKey(Set<String> failing) {
      super(new NotesServices(null));
      this.failing = failing;
    }

    @Override
    protected void applyBatch(Batch batch) {
      Map<String, List<ChangeRecord>> groups = batch.groupBy(r -> r.newImage() == null ? null : r.newImage().get("K").s());
      for (Map.Entry<String, List<ChangeRecord>> g : groups.entrySet()) {
        batch.apply(g.getValue(), records -> {
          if (failing.contains(g.getKey())) {
            throw new IllegalStateException("throttled");
          }
          applied.add(records.stream().map(ChangeRecord::sequenceNumber).toList());
          return StreamEffect.APPLIED;
        });
      }
    }
  }

  private static DynamodbStreamRecord record(String seq, String key) {
    DynamodbStreamRecord r = new DynamodbStreamRecord();
    r.setEventID("e" + seq);
    r.setEventName(key == null ? "REMOVE" : "INSERT");
    StreamRecord s = new StreamRecord().withSequenceNumber(seq);
    if (key != null) {
      s.setNewImage(Map.of("K", new AttributeValue().withS(key)));
    }
    r.setDynamodb(s);
    return r;
  }

  private static DynamodbEvent batch(DynamodbStreamRecord... records) {
    DynamodbEvent e = new DynamodbEvent();
    e.setRecords(List.of(records));
    return e;
  }

  private static List<String> failures(StreamsEventResponse r) {
    return r.getBatchItemFailures().stream().map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList();
  }

  @Test
  void applyBatch_shouldMergeRecordsPerKey_inShardOrder_andCountRecordsInNoGroupAsIgnored() {
    PerKey handler = new PerKey(Set.of());
    List<String> logged = logged(() -> assertEquals(List.of(), failures(handler.handleRequest(batch(record("10", "a"),
        record("11", "b"), record("12", "a"), record("13", null), record("14", "b")), null))));

    assertEquals(List.of(List.of("10", "12"), List.of("11", "14")), handler.applied);
    Map<String, Object> line = line(logged);
    assertEquals(4, line.get(MetricNames.APPLIED));
    assertEquals(1, line.get(MetricNames.IGNORED));
    assertEquals(0, line.get(MetricNames.FAILURES));
  }

  @Test
  void applyBatch_shouldReportTheEarliestRecordOfAFailedGroup_andLeaveGroupsWhollyAfterItForTheRetry() {
    // a: 10, 13   b: 11, 15 (fails)   c: 12, 16   d: 14
    PerKey handler = new PerKey(Set.of("b"));
    List<String> logged = logged(() -> assertEquals(List.of("11"), failures(handler.handleRequest(batch(
        record("10", "a"), record("11", "b"), record("12", "c"), record("13", "a"), record("14", "d"),
        record("15", "b"), record("16", "c")), null))));

    // a starts before the failure: applied whole (13 comes again and must be idempotent). c and d
    // start after 11: Lambda delivers them again from 11 on, so they are not applied now.
    assertEquals(List.of(List.of("10", "13")), handler.applied);
    Map<String, Object> line = line(logged);
    assertEquals(2, line.get(MetricNames.APPLIED));
    assertEquals(1, line.get(MetricNames.FAILURES));
    Map<String, Object> error = json(logged.get(0));
    assertEquals("ERROR", error.get("level"));
    assertEquals("11", error.get("sequenceNumber"));
    assertEquals(2, error.get("records"));
  }

  @Test
  void applyBatch_shouldNotApplyAGroupThatStartsAfterAFailedOne() {
    PerKey handler = new PerKey(Set.of("a", "b"));
    // b fails first (its group starts at 10); a's group starts at 11, after it.
    StreamsEventResponse r = handler.handleRequest(batch(record("10", "b"), record("11", "a"), record("12", "b")), null);
    assertEquals(List.of("10"), failures(r), "a starts after b's failure: left for the retry, not reported");
    assertEquals(List.of(), handler.applied);
  }

  @Test
  void applyRecordByRecord_shouldStopAtTheFirstFailure_asBefore() {
    List<String> seen = new ArrayList<>();
    StreamHandler<NotesServices> oneByOne = new StreamHandler<>(new NotesServices(null)) {
      @Override
      protected StreamEffect apply(ChangeRecord record) {
        if (record.sequenceNumber().equals("11")) {
          throw new IllegalStateException("boom");
        }
        seen.add(record.sequenceNumber());
        return StreamEffect.APPLIED;
      }
    };
    assertEquals(List.of("11"), failures(oneByOne.handleRequest(batch(record("10", "a"), record("11", "a"),
        record("12", "a")), null)));
    assertEquals(List.of("10"), seen);
  }

  private static Map<String, Object> line(List<String> logged) {
    return json(logged.get(logged.size() - 1));
  }

  private static Map<String, Object> json(String text) {
    try {
      return Json.readObject(text);
    } catch (java.io.IOException e) {
      throw new AssertionError(text, e);
    }
  }

  private static List<String> logged(Runnable run) {
    PrintStream out = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      run.run();
    } finally {
      System.setOut(out);
    }
    return List.of(bytes.toString(StandardCharsets.UTF_8).strip().split("\n"));
  }
}
