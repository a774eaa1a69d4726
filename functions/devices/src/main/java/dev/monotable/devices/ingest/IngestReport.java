package dev.monotable.devices.ingest;

import dev.monotable.devices.ingest.Ingest.Result;
import dev.monotable.kit.bench.Stats;
import java.util.Locale;
import java.util.Map;

/** What {@code scripts/ingest} prints, and docs/devices/ingest.md with {@code --write-docs}. */
public final class IngestReport {
  /**
   * The stream functions before the batch seam (issue 28: one record at a time; ST1 a GetItem, an
   * UpdateItem of the device and a conditional UpdateItem of the profile per event), measured once
   * with the same command at commit 86594eb: the figures the current run compares with.
   */
  static final String BEFORE = """
      ## Before: one record at a time

      Measured once with `scripts/ingest --events 30000 --devices 300 --raw-items 2000` at commit 86594eb,
      on the same shared machine: the stream functions applied records one at a time, ST1 with a GetItem of
      the device, an UpdateItem of its `Recent` and a conditional UpdateItem of the profile per event. The
      consumers fell behind while the events were written and the engine's bounded stream trimmed what they
      had not reached: ST1 was delivered **1,571 of 30,000** events, the pipeline met trimmed records once,
      and **300 of 300** devices ended with a `Recent` that is not their newest 10 events (caught up 16.8 s
      after the last event, with what was left). The route itself wrote the 30,000 events in 83.5 s (359
      items/s) in that run, against the slower route above: there the consumers did all of their work in the
      same engine, which serves one request at a time, and the machine's other load differed.

      | stream | records | invocations | failures | requests / record | RCU / record | WCU / record | refused writes / record | billed WCU / record |
      |---|---:|---:|---:|---:|---:|---:|---:|---:|
      | ST1 | 1,571 | 16 | 0 | 3.0 | 1.0 | 2.0 | 1.0 | 3.0 |
      | ST2 | 328 | 10 | 0 | 0.9 | 0 | 3.7 | 0 | 3.7 |
      | ST3 | 28 | 1 | 0 | 0 | 0 | 0 | 0 | 0 |

      (Per record from the run's totals per event written: ST1 0.157 requests, 0.052 RCU, 0.105 WCU and
      0.052 refused writes per event written, over 1,571 records; ST2 0.010 requests and 0.040 WCU.)
      """;

  private IngestReport() {}

  /**
   * What the stream functions did in the run: their tally, the seconds the pipeline took after the
   * last event was written to deliver every record, and the devices whose {@code Recent} is not
   * their newest events once it had.
   */
  public record StreamRun(StreamTally tally, double catchUpSeconds, int devicesLagging) {}

  /** The figures, a few lines for the terminal. */
  public static String summary(Result r) {
    return summary(r, null);
  }

  /** The figures and, with {@code s}, the stream functions'. */
  public static String summary(Result r, StreamRun s) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "ingest: %,d events over %,d devices, %s%n", r.events(), r.devices(), rate(r)));
    b.append(String.format(Locale.ROOT, "  written   %,d events in %.1f s: %,.0f items/s%n", r.written(), r.seconds(),
        r.itemsPerSecond()));
    b.append(String.format(Locale.ROOT, "  batches   %,d (%,d requests); per batch p50 %s ms, p99 %s ms; per request "
        + "p50 %s ms, p99 %s ms%n", r.batches(), r.requests(), Stats.fmt(r.perBatch().p50()),
        Stats.fmt(r.perBatch().p99()), Stats.fmt(r.perRequest().p50()), Stats.fmt(r.perRequest().p99())));
    b.append(String.format(Locale.ROOT, "  retries   %,d events resent (answered unprocessed); %,d throttled answers "
        + "(429/503); %,d events failed%s%n", r.resent(), r.throttled(), r.failed(),
        r.firstFailure() == null ? "" : " (first: " + r.firstFailure() + ")"));
    b.append(String.format(Locale.ROOT, "  raw       plain BatchWriteItem of 25 on the same engine: %,.0f items/s (%,d "
        + "items); the route reaches %s of it%n", r.rawItemsPerSecond(), r.rawItems(), share(r)));
    if (s != null) {
      b.append(String.format(Locale.ROOT, "  streams   caught up %.1f s after the last event; %,d trim warnings, %,d "
          + "batches given up, %,d of %,d devices with Recent behind their events%n", s.catchUpSeconds(),
          s.tally().trimWarnings(), s.tally().deadLetters(), s.devicesLagging(), r.devices()));
      b.append("  stream | records | invocations | failures | requests/record | RCU/record | WCU/record "
          + "| refused/record | billed WCU/record | requests/event written\n");
      for (Map.Entry<String, StreamTally.Totals> e : s.tally().streams().entrySet()) {
        b.append("  ").append(StreamTally.perRecord(e.getKey(), e.getValue(), r.written())).append('\n');
      }
    }
    return b.toString();
  }

  /** The stream section of docs/devices/ingest.md: one run's table. */
  static String streamTable(Result r, StreamRun s) {
    StringBuilder b = new StringBuilder();
    b.append(String.format(Locale.ROOT, "The stream functions caught up **%.1f s** after the last event was written; "
        + "the pipeline met trimmed records **%,d** times, gave up **%,d** batches, and **%,d of %,d** devices "
        + "ended with a `Recent` that is not their newest 10 events.%n%n", s.catchUpSeconds(),
        s.tally().trimWarnings(), s.tally().deadLetters(), s.devicesLagging(), r.devices()));
    b.append("| stream | records | invocations | failures | requests / record | RCU / record | WCU / record "
        + "| refused writes / record | billed WCU / record | requests / event written |\n");
    b.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Map.Entry<String, StreamTally.Totals> e : s.tally().streams().entrySet()) {
      b.append("| ").append(StreamTally.perRecord(e.getKey(), e.getValue(), r.written())).append(" |\n");
    }
    return b.toString();
  }

  /** docs/devices/ingest.md. */
  public static String markdown(Result r, String command, String when, String setting) {
    return markdown(r, null, command, when, setting);
  }

  /** docs/devices/ingest.md, with the stream functions' figures when {@code s} is not null. */
  public static String markdown(Result r, StreamRun s, String command, String when, String setting) {
    StringBuilder b = new StringBuilder();
    b.append("# Devices: batch ingest, measured\n\n");
    b.append("Generated by `").append(command).append("` on ").append(when)
        .append(" (do not edit by hand: rerun it). ").append(setting).append("\n\n");
    b.append("| events | devices | rate | batches | requests | events resent | throttled | failed | seconds "
        + "| items/s | per batch p50 / p99 ms | per request p50 / p99 ms |\n");
    b.append("|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    b.append(String.format(Locale.ROOT, "| %,d | %,d | %s | %,d | %,d | %,d | %,d | %,d | %.1f | %,.0f | %s / %s | %s / %s |%n",
        r.events(), r.devices(), rate(r), r.batches(), r.requests(), r.resent(), r.throttled(), r.failed(), r.seconds(),
        r.itemsPerSecond(), Stats.fmt(r.perBatch().p50()), Stats.fmt(r.perBatch().p99()),
        Stats.fmt(r.perRequest().p50()), Stats.fmt(r.perRequest().p99())));
    b.append(String.format(Locale.ROOT, "%nThe local limit, measured in the same run: plain BatchWriteItem of 25 items "
        + "with the SDK on the same engine wrote %,d event items at **%,.0f items/s**; the route reached **%s** of "
        + "it.%n%n", r.rawItems(), r.rawItemsPerSecond(), share(r)));
    b.append("""
        What the figures are: the whole path of an event batch on this machine, the HTTP request to the local
        service, the handler's validation and its BatchWriteItem (with the route's own retries of unprocessed
        items), the answer, one batch at a time. The engine serves one request at a time, so the route can at best
        approach the raw rate, and the gap is the service's own cost per batch (HTTP, JSON, validation, the
        token check). On AWS the table takes far more in parallel: there the limits are the partition's 1,000
        write units a second per partition key (each user's events share the user's partition), the account's
        table limits, and the Lambda concurrency of the route; write sharding of the hot index partitions is
        described in the access-pattern docs. "Throttled" counts 429/503 answers (the engine never throttles,
        so a throttle here is the service answering 503 when a request timed out); "events resent" counts
        events the route answered `unprocessed` (207) and the client sent again.

        The stream consumers run in the same process, one batch at a time, as Lambda's event source
        mappings would (batches of up to 100 records). ST1 merges a batch's events per device and per user
        (issue 28): one BatchGetItem of the batch's devices and profiles, then at most one UpdateItem per
        device (its `Recent`, the newest 10) and one per user (its `ActiveAt`, made only when the profile read
        shows it is more than an hour old; before, a conditional write per event that was usually refused
        and still billed a write unit). ST2 counts per shard and batch in one transaction (a receipt per
        record and one ADD of their sum). The engine keeps a bounded stream (10,000 records per table):
        records the consumers have not reached when it is full are trimmed and their effects lost, so the
        figures below say whether they kept up: trims met, batches given up, and devices whose `Recent` is
        not their newest 10 events once the consumers caught up. On AWS the stream keeps 24 hours and one
        Lambda per shard consumes in parallel. "Billed WCU" adds to the write units DynamoDB reported one
        unit per write refused by its condition, which DynamoDB bills though it reports none.
        """);
    if (s != null) {
      b.append("\n## The stream functions in the same run\n\n").append(streamTable(r, s));
    }
    b.append("\n").append(BEFORE);
    return b.toString();
  }

  private static String rate(Result r) {
    return r.rate() > 0 ? String.format(Locale.ROOT, "at most %,.0f events/s", r.rate()) : "unthrottled";
  }

  private static String share(Result r) {
    return r.rawItemsPerSecond() <= 0 ? "n/a" : String.format(Locale.ROOT, "%.0f%%",
        100 * r.itemsPerSecond() / r.rawItemsPerSecond());
  }
}
