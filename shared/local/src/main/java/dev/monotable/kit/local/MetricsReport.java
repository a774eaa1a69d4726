package dev.monotable.kit.local;

import dev.monotable.kit.catalog.MetricNames;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * {@code scripts/metrics}: per access pattern of the current local run (the embedded-metric lines
 * {@link MetricsLog} copied from {@code scripts/dev}'s output), the calls, handler latency p50 and
 * p99, DynamoDB requests and read and write capacity per call, and the refusals, errors and retries,
 * so a slow or expensive pattern shows before it is deployed. The same rows as JSON
 * ({@code --json}, {@link #json}) are what a page can show.
 */
public final class MetricsReport {

  static final String USAGE = """
      usage: scripts/metrics [--file <metrics.jsonl>] [--json]

      Per access pattern of the current scripts/dev run: calls, handler latency p50 and p99 (ms),
      DynamoDB requests, read and write capacity units per call, 4xx and 5xx answers, conditional
      refusals, SDK retries and cold starts. scripts/dev copies every handler's embedded-metric line
      (the one CloudWatch reads when deployed) to .local/metrics.jsonl, emptied when it starts.
      Capacity is what the engine reported (ReturnConsumedCapacity).

        --file   the lines to read (default .local/metrics.jsonl)
        --json   one JSON object with a row per pattern instead of the table
      Exit status: 0 shown, 1 no such file, 2 bad usage.""";

  /**
   * One pattern's figures over the run.
   *
   * @param service the {@code service} dimension
   * @param pattern the {@code accessPattern} dimension (APnn, APnn+APmm, or a stream's STn)
   * @param calls invocations (stream: batches)
   * @param p50Ms median handler latency
   * @param p99Ms 99th percentile handler latency (nearest rank)
   * @param requestsPerCall mean DynamoDB requests
   * @param readPerCall mean read capacity units
   * @param writePerCall mean write capacity units
   * @param clientErrors 4xx answers
   * @param serverErrors 5xx answers (stream: failed records)
   * @param refusals conditional-check refusals and transaction conflicts
   * @param retries the SDK's retries
   * @param coldStarts first invocations of a container
   */
  public record Row(String service, String pattern, int calls, double p50Ms, double p99Ms, double requestsPerCall,
      double readPerCall, double writePerCall, long clientErrors, long serverErrors, long refusals, long retries,
      long coldStarts) {}

  private MetricsReport() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, () -> {
      Args a = Args.parse(args, Set.of("--json"), Set.of("--file"));
      if (!a.positional().isEmpty()) {
        throw new UsageException("unexpected argument " + a.positional().get(0));
      }
      Path file = a.option("--file") != null ? Path.of(a.option("--file"))
          : LocalKeys.inWorkingDirectory().directory().resolve(MetricsLog.FILE);
      if (!Files.isRegularFile(file)) {
        throw new OpsMain.Failure("no metrics at " + file + ": start scripts/dev and call the API first");
      }
      List<Row> rows = rows(read(file));
      PrintStream out = System.out;
      out.println(a.flag("--json") ? Json.write(json(rows)) : table(rows));
      return 0;
    });
  }

  /** The embedded-metric lines of a file (others skipped). */
  public static List<Map<String, Object>> read(Path file) throws IOException {
    List<Map<String, Object>> lines = new ArrayList<>();
    for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!text.contains("\"_aws\":")) {
        continue;
      }
      try {
        lines.add(Json.readObject(text));
      } catch (IOException torn) {
        // A line cut by a stopped service: skip it.
      }
    }
    return lines;
  }

  /** One row per service and pattern, in pattern order. */
  public static List<Row> rows(List<Map<String, Object>> lines) {
    Map<String, List<Map<String, Object>>> byPattern = new TreeMap<>();
    for (Map<String, Object> line : lines) {
      byPattern.computeIfAbsent(line.get(MetricNames.SERVICE) + "\t" + line.get(MetricNames.ACCESS_PATTERN), k -> new ArrayList<>())
          .add(line);
    }
    List<Row> rows = new ArrayList<>();
    byPattern.forEach((key, group) -> {
      String[] parts = key.split("\t", 2);
      double[] latency = group.stream().mapToDouble(l -> number(l, MetricNames.LATENCY)).sorted().toArray();
      int n = group.size();
      rows.add(new Row(parts[0], parts[1], n, rank(latency, 50), rank(latency, 99),
          sum(group, MetricNames.DYNAMODB_REQUESTS) / n, sum(group, MetricNames.READ_CAPACITY) / n,
          sum(group, MetricNames.WRITE_CAPACITY) / n, (long) sum(group, MetricNames.STATUS_4XX),
          (long) (sum(group, MetricNames.STATUS_5XX) + sum(group, MetricNames.FAILURES)),
          (long) (sum(group, MetricNames.CONDITIONAL_REFUSALS) + sum(group, MetricNames.TRANSACTION_CONFLICTS)),
          (long) sum(group, MetricNames.SDK_RETRIES), (long) sum(group, MetricNames.COLD_START)));
    });
    return rows;
  }

  /** The rows as a fixed-width table. */
  public static String table(List<Row> rows) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-8s %-16s %6s %8s %8s %8s %8s %8s %5s %5s %5s %5s %5s%n",
        "service", "pattern", "calls", "p50 ms", "p99 ms", "req/call", "RCU/call", "WCU/call", "4xx", "5xx",
        "refus", "retry", "cold"));
    for (Row r : rows) {
      b.append(String.format(Locale.ROOT, "%-8s %-16s %6d %8.1f %8.1f %8.2f %8.2f %8.2f %5d %5d %5d %5d %5d%n",
          r.service(), r.pattern(), r.calls(), r.p50Ms(), r.p99Ms(), r.requestsPerCall(), r.readPerCall(),
          r.writePerCall(), r.clientErrors(), r.serverErrors(), r.refusals(), r.retries(), r.coldStarts()));
    }
    if (rows.isEmpty()) {
      b.append("(no calls yet)\n");
    }
    return b.toString().stripTrailing();
  }

  /** The rows as JSON-ready maps: {@code {"patterns": [{...}, ...]}}. */
  public static Map<String, Object> json(List<Row> rows) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Row r : rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("service", r.service());
      m.put("pattern", r.pattern());
      m.put("calls", r.calls());
      m.put("p50Ms", r.p50Ms());
      m.put("p99Ms", r.p99Ms());
      m.put("requestsPerCall", r.requestsPerCall());
      m.put("readCapacityPerCall", r.readPerCall());
      m.put("writeCapacityPerCall", r.writePerCall());
      m.put("clientErrors", r.clientErrors());
      m.put("serverErrors", r.serverErrors());
      m.put("refusals", r.refusals());
      m.put("retries", r.retries());
      m.put("coldStarts", r.coldStarts());
      out.add(m);
    }
    return Map.of("patterns", out);
  }

  /** Nearest-rank percentile of sorted values; 0 when empty. */
  static double rank(double[] sorted, int percentile) {
    if (sorted.length == 0) {
      return 0;
    }
    int index = (int) Math.ceil(percentile / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }

  private static double sum(List<Map<String, Object>> group, String metric) {
    return group.stream().mapToDouble(l -> number(l, metric)).sum();
  }

  private static double number(Map<String, Object> line, String metric) {
    return line.get(metric) instanceof Number n ? n.doubleValue() : 0;
  }
}
