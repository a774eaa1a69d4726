package dev.monotable.devices.ingest;

import dev.monotable.kit.catalog.MetricNames;
import dev.monotable.kit.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the stream functions did during an ingest, read from the one JSON line each invocation
 * logs (its metrics: records, DynamoDB requests, read and write units, conditional refusals,
 * failures) and from the pipeline's warnings (records trimmed from the bounded stream before the
 * consumers reached them, batches given up). The lines are what a Lambda writes to CloudWatch; the
 * tally takes the place of the console ({@link #stream()}) so stdout keeps the report alone.
 */
public final class StreamTally {

  /** One stream function's totals over the run. */
  public static final class Totals {
    long invocations;
    long records;
    long failures;
    long requests;
    double readUnits;
    double writeUnits;
    long refusals;

    public long invocations() {
      return invocations;
    }

    public long records() {
      return records;
    }

    public long failures() {
      return failures;
    }

    public long requests() {
      return requests;
    }

    public double readUnits() {
      return readUnits;
    }

    /** Write units DynamoDB reported for the writes that succeeded. */
    public double writeUnits() {
      return writeUnits;
    }

    /**
     * Writes refused by their condition: DynamoDB bills each at least 1 write unit (more for a
     * large item), though its answer reports none.
     */
    public long refusals() {
      return refusals;
    }
  }

  private final Map<String, Totals> streams = new TreeMap<>();
  private long trimWarnings;
  private long deadLetters;
  private boolean stopped;

  /** A console that feeds the tally line by line (and prints nothing). */
  public PrintStream stream() {
    return new PrintStream(new OutputStream() {
      private final ByteArrayOutputStream line = new ByteArrayOutputStream();

      @Override
      public synchronized void write(int b) {
        if (b == '\n') {
          accept(line.toString(StandardCharsets.UTF_8));
          line.reset();
        } else {
          line.write(b);
        }
      }
    }, true, StandardCharsets.UTF_8);
  }

  /** Reads one logged line; lines that are not a stream function's or the pipeline's are skipped. */
  public synchronized void accept(String text) {
    if (stopped || !text.startsWith("{")) {
      return;
    }
    Map<String, Object> line;
    try {
      line = Json.readObject(text);
    } catch (IOException | RuntimeException notJson) {
      return;
    }
    if ("stream".equals(line.get("pipeline"))) {
      String message = String.valueOf(line.get("message"));
      if (message.startsWith("records aged out")) {
        trimWarnings++;
      } else if (message.startsWith("batch given up")) {
        deadLetters++;
      }
      return;
    }
    if (!(line.get(MetricNames.RECORDS) instanceof Number) || !(line.get(MetricNames.ACCESS_PATTERN) instanceof String s)) {
      return;
    }
    Totals t = streams.computeIfAbsent(s, k -> new Totals());
    t.invocations++;
    t.records += number(line, MetricNames.RECORDS).longValue();
    t.failures += number(line, MetricNames.FAILURES).longValue();
    t.requests += number(line, MetricNames.DYNAMODB_REQUESTS).longValue();
    t.readUnits += number(line, MetricNames.READ_CAPACITY).doubleValue();
    t.writeUnits += number(line, MetricNames.WRITE_CAPACITY).doubleValue();
    t.refusals += number(line, MetricNames.CONDITIONAL_REFUSALS).longValue();
  }

  /**
   * Counts nothing more: the run's window ends (when the consumers have caught up; what follows,
   * the raw measurement and the tables' deletion, is not the ingest's).
   */
  public synchronized void stop() {
    stopped = true;
  }

  private static Number number(Map<String, Object> line, String name) {
    return line.get(name) instanceof Number n ? n : 0;
  }

  /** Totals per stream id (ST1, ST2...), sorted. */
  public synchronized Map<String, Totals> streams() {
    return new TreeMap<>(streams);
  }

  /** Times the pipeline found its next records trimmed and resumed at the oldest still held. */
  public synchronized long trimWarnings() {
    return trimWarnings;
  }

  /** Batches the pipeline gave up (retries spent or too old): their records' effects are missing. */
  public synchronized long deadLetters() {
    return deadLetters;
  }

  /**
   * One stream's line for the report: its records, invocations and failures, then its figures per
   * record it was delivered (for ST1 a record is an event) and its requests per event written.
   */
  static String perRecord(String stream, Totals t, long events) {
    double n = Math.max(1, t.records());
    return String.format(Locale.ROOT, "%s | %,d | %,d | %,d | %.3f | %.3f | %.3f | %.3f | %.3f | %.4f", stream,
        t.records(), t.invocations(), t.failures(), t.requests() / n, t.readUnits() / n, t.writeUnits() / n,
        t.refusals() / n, (t.writeUnits() + t.refusals()) / n, t.requests() / (double) Math.max(1, events));
  }
}
