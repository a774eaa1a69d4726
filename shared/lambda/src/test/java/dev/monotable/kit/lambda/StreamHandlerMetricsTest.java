package dev.monotable.kit.lambda;

import dev.monotable.kit.catalog.MetricNames;
import static org.junit.jupiter.api.Assertions.*;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.lambda.Notes.CountNotes;
import dev.monotable.kit.lambda.Notes.NotesServices;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A stream batch's one log line is also its metrics, under the declaration's stream id. */
class StreamHandlerMetricsTest {

  private static DynamodbStreamRecord record(String id, String eventName, long createdMillis) {
    DynamodbStreamRecord r = new DynamodbStreamRecord();
    r.setEventID(id);
    r.setEventName(eventName);
    r.setDynamodb(new StreamRecord().withSequenceNumber(id).withApproximateCreationDateTime(new Date(createdMillis)));
    return r;
  }

  @Test
  void handleRequest_shouldWriteRecordsEffectsAndLag_asEmf() throws Exception {
    long now = System.currentTimeMillis();
    DynamodbEvent event = new DynamodbEvent();
    event.setRecords(List.of(record("100", "INSERT", now - 60_000), record("101", "MODIFY", now - 5_000)));

    PrintStream out = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      new CountNotes(new NotesServices(null)).handleRequest(event, null);
    } finally {
      System.setOut(out);
    }
    String[] lines = bytes.toString(StandardCharsets.UTF_8).strip().split("\n");
    assertEquals(1, lines.length);
    Map<String, Object> line = Json.readObject(lines[0]);

    assertEquals("Notes", line.get("service"));
    assertEquals("N1", line.get("accessPattern"));
    assertEquals(2, line.get(MetricNames.RECORDS));
    assertEquals(1, line.get(MetricNames.APPLIED));
    assertEquals(1, line.get(MetricNames.IGNORED));
    assertEquals(0, line.get(MetricNames.ALREADY_APPLIED));
    assertEquals(0, line.get(MetricNames.FAILURES));
    // The newest record's age, not the oldest's: how far behind the consumer is.
    double lag = ((Number) line.get(MetricNames.BATCH_LAG)).doubleValue();
    assertTrue(lag >= 5_000 && lag < 60_000, "lag " + lag);
    assertTrue(line.containsKey("_aws"));
  }
}
