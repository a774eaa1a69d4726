package dev.monotable.kit.bench;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.RequestAllowance;

import static dev.monotable.kit.docs.Markdown.code;
import static dev.monotable.kit.docs.Markdown.table;

import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Collects the three measurements and renders them as markdown and JSON. */
final class Report {
  private static final String COLD_JVM = "cold-start JVM ";
  private static final String AOT_NOTE = ", with an AOT cache of each handler made by one training run of it "
      + "(`-XX:AOTCacheOutput`, then `-XX:AOTCache -XX:AOTMode=on`)";
  private final Bench.Options options;
  private final Map<String, String> environment;
  private final List<CountRow> counts = new ArrayList<>();
  private final Map<BenchCase<?>, WarmRow> warm = new LinkedHashMap<>();
  private final List<ColdStart.Result> cold = new ArrayList<>();
  private final List<String> failures = new ArrayList<>();
  private final Map<BenchCase<?>, Capacity.Units> capacity = new LinkedHashMap<>();
  private final List<PeerBench.Result> peers = new ArrayList<>();
  private final List<ScaleRun> scales = new ArrayList<>();
  private long monotableJarBytes = -1;
  private long peerJarBytes = -1;
  private List<String> uncovered = List.of();
  private List<ColdStart.Jvm> jvms;

  /** One pattern of one scale run: its requests and latency on a table of that size. */
  record ScaleRow(BenchCase<?> c, int requests, Stats latency) {}

  /** One scale run: synthetic items added to the bench data, the seeding rate, the rows. */
  record ScaleRun(int size, double itemsPerSecond, List<ScaleRow> rows) {}

  record CountRow(BenchCase<?> c, Invoker.Sample sample, RequestAllowance allowance) {
    int over() {
      return sample.calls().count() - allowance.requests();
    }
  }

  record WarmRow(Stats latency, Stats overhead, Stats ownCode, Set<String> shapes, int failures, int retried) {}

  Report(Bench.Options options, Map<String, String> environment) {
    this.options = options;
    this.environment = environment;
  }

  void uncovered(List<String> routes) {
    uncovered = routes;
    routes.forEach(r -> failures.add(r + ": no fixture"));
  }

  void count(BenchCase<?> c, Invoker.Sample s) {
    counts.add(new CountRow(c, s, c.allowance()));
    if (!s.ok()) {
      failures.add(c.label() + " answered " + s.status() + ": " + s.body());
    }
  }

  void warm(BenchCase<?> c, List<Invoker.Sample> samples) {
    List<Invoker.Sample> ok = samples.stream().filter(Invoker.Sample::ok).toList();
    int failed = samples.size() - ok.size();
    if (failed > 0) {
      Invoker.Sample first = samples.stream().filter(s -> !s.ok()).findFirst().orElseThrow();
      failures.add(c.label() + ": " + failed + " warm invocations failed, first " + first.status() + ": " + first.body());
    }
    warm.put(c, new WarmRow(
        Stats.of(ok.stream().mapToLong(Invoker.Sample::latencyNanos).toArray()),
        Stats.of(ok.stream().mapToLong(Invoker.Sample::overheadNanos).toArray()),
        Stats.of(ok.stream().mapToLong(Invoker.Sample::ownCodeNanos).toArray()),
        Bench.shapes(ok), failed,
        (int) ok.stream().filter(x -> x.calls().attempts() > x.calls().count()).count()));
  }

  void failure(String message) {
    failures.add(message);
  }

  void capacity(BenchCase<?> c, Capacity.Units units) {
    capacity.put(c, units);
  }

  void jars(Path monotable, Path peer) {
    monotableJarBytes = sizeOf(monotable);
    peerJarBytes = sizeOf(peer);
  }

  private static long sizeOf(Path p) {
    try {
      return Files.size(p);
    } catch (IOException e) {
      return -1;
    }
  }

  void peer(PeerBench.Result r) {
    peers.add(r);
    if (r.monotable().failures() > 0 || r.peer().failures() > 0) {
      failures.add("peer " + r.pair().pattern() + ": " + r.monotable().failures() + " Monotable and "
          + r.peer().failures() + " peer warm calls failed");
    }
    if (r.monotableCold() != null && r.monotableCold().failure() != null) {
      failures.add("peer " + r.pair().pattern() + " cold: " + r.monotableCold().failure());
    }
  }

  void scale(ScaleRun run) {
    scales.add(run);
  }

  void cold(ColdStart.Result r) {
    cold.add(r);
    if (r.failure() != null) {
      failures.add("cold start " + r.benchCase().endpoint().handlerName() + ": " + r.failure());
    }
  }

  /** The cold JVMs in the order of the runs (asked once: it runs each java's -version). */
  private List<ColdStart.Jvm> jvms() {
    if (jvms == null) {
      jvms = options.coldJvms();
    }
    return jvms;
  }

  /** Records the machine's load at the end: other processes share the CPUs the figures depend on. */
  void finished() {
    environment.put("load average (1/5/15 min)", environment.getOrDefault("load average (1/5/15 min)", "?")
        + " at start, " + loadAverage() + " at end");
  }

  boolean failed() {
    return !failures.isEmpty();
  }

  // ---- markdown ---------------------------------------------------------------------------------

  String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("<!-- Generated by scripts/bench (dev.monotable.kit.bench.Bench) from one run on the machine "
        + "below; regenerate with scripts/bench --write-docs. -->\n\n");
    md.append("# Benchmarks\n\n");
    md.append("Performance is measured, not assumed. `scripts/bench` invokes every route handler in-process "
        + "against a fresh local engine (`scripts/engine`) and a seeded table (the local demo data plus write targets), counts the "
        + "DynamoDB requests of each access pattern, times warm invocations, and starts fresh JVMs on the Lambda "
        + "jar for cold starts. It prices every access pattern in read and write units from the real items, "
        + "compares four patterns with a conventional peer (every figure a ratio Monotable / peer), and repeats "
        + "the patterns on tables of 1,000 and 100,000 synthetic items. `RequestBudgetTest` pins the request "
        + "counts in CI; the timings are figures of this run, never assertions. What was tried to make the "
        + "Lambda cheaper (jar contents, HTTP client, priming, JVM options), with before/after figures, is in "
        + "[performance-levers.md](../performance-levers.md).\n\n");
    md.append(table(List.of("run", ""), environment.entrySet().stream()
        .map(e -> List.of(e.getKey(), e.getValue())).toList()));
    md.append('\n');
    summary(md);
    peerSection(md);
    requests(md);
    capacitySection(md);
    warmSection(md);
    coldSection(md);
    scaleSection(md);
    if (!failures.isEmpty()) {
      md.append("## Failures\n\n");
      failures.forEach(f -> md.append("- ").append(f).append('\n'));
      md.append('\n');
    }
    return md.toString();
  }

  private void summary(StringBuilder md) {
    md.append("## Summary\n\n");
    long over = counts.stream().filter(r -> r.over() > 0).count();
    long routes = counts.stream().map(r -> r.c().endpoint()).distinct().count();
    md.append("- **Requests**: ").append(counts.size()).append(counts.size() == 1 ? " case over " : " cases over ")
        .append(routes).append(routes == 1 ? " route; " : " routes; ")
        .append(counts.size() - over).append(" within the spec's allowance, ").append(over).append(" above it");
    if (over > 0) {
      md.append(" (").append(counts.stream().filter(r -> r.over() > 0).map(r -> r.c().apIds()).distinct()
          .collect(Collectors.joining(", "))).append(")");
    }
    md.append(".\n");
    if (!warm.isEmpty()) {
      WarmRow[] rows = warm.values().toArray(new WarmRow[0]);
      double[] p50 = java.util.Arrays.stream(rows).mapToDouble(r -> r.overhead().p50()).sorted().toArray();
      BenchCase<?> worst = warm.entrySet().stream().max(java.util.Comparator.comparingDouble(e -> e.getValue().overhead().p99()))
          .orElseThrow().getKey();
      md.append("- **Warm overhead** (handler latency minus time on the wire to DynamoDB): p50 ")
          .append(Stats.fmt(p50[0])).append("-").append(Stats.fmt(p50[p50.length - 1]))
          .append(" ms across cases (median ").append(Stats.fmt(p50[(p50.length - 1) / 2]))
          .append(" ms); highest p99 ").append(Stats.fmt(warm.get(worst).overhead().p99())).append(" ms (")
          .append(worst.apIds()).append(" `").append(worst.label()).append("`).\n");
    }
    if (!peers.isEmpty()) {
      md.append("- **Against the conventional peer** (Monotable / peer, ").append(peers.size())
          .append(" patterns; target at most 0.5): cold start to first answer ")
          .append(range(peers.stream().filter(r -> r.monotableCold() != null)
              .map(r -> ratioValue(r.monotableCold().medianMs(), r.peerCold().medianMs())).toList()))
          .append(", warm p50 ").append(range(peers.stream()
              .map(r -> ratioValue(r.monotable().latency().p50(), r.peer().latency().p50())).toList()))
          .append(", requests ").append(range(peers.stream()
              .map(r -> ratioValue(r.monotable().requests(), r.peer().requests())).toList()));
      if (monotableJarBytes > 0 && peerJarBytes > 0) {
        md.append(", jar ").append(ratio(monotableJarBytes, peerJarBytes));
      }
      md.append(".\n");
      int n = peers.stream().mapToInt(r -> r.colds().size()).max().orElse(0);
      for (int j = 1; j < n; j++) {
        int jj = j;
        List<PeerBench.Result> with = peers.stream().filter(r -> r.colds().size() > jj).toList();
        PeerBench.ColdPair first = with.get(0).colds().get(j);
        md.append("- **Cold start on ").append(javaName(first.jvm().key())).append("**: Monotable / peer ")
            .append(range(with.stream().map(r -> ratioValue(r.colds().get(jj).monotable().medianMs(),
                r.colds().get(jj).peer().medianMs())).toList()))
            .append("; against ").append(javaName(with.get(0).colds().get(0).jvm().key())).append(": Monotable ")
            .append(range(with.stream().map(r -> ratioValue(r.colds().get(jj).monotable().medianMs(),
                r.colds().get(0).monotable().medianMs())).toList()))
            .append(", peer ").append(range(with.stream().map(r -> ratioValue(r.colds().get(jj).peer().medianMs(),
                r.colds().get(0).peer().medianMs())).toList()))
            .append(".\n");
      }
    }
    for (ColdStart.Jvm jvm : cold.isEmpty() ? List.<ColdStart.Jvm>of() : jvms()) {
      String java = jvm.key();
      List<ColdStart.Result> rs = cold.stream().filter(r -> r.java().equals(java) && r.failure() == null).toList();
      if (rs.isEmpty()) {
        continue;
      }
      double[] constructed = rs.stream().mapToDouble(r -> Stats.medianMs(r.phase(ColdStart.Run::toConstructedNanos)))
          .sorted().toArray();
      double[] first = rs.stream().mapToDouble(r -> Stats.medianMs(r.phase(ColdStart.Run::firstInvocationNanos)))
          .sorted().toArray();
      md.append("- **Cold start** (").append(javaName(java)).append("): JVM start to handler constructed ")
          .append(Stats.fmt(constructed[0])).append("-").append(Stats.fmt(constructed[constructed.length - 1]))
          .append(" ms, first invocation ").append(Stats.fmt(first[0])).append("-")
          .append(Stats.fmt(first[first.length - 1])).append(" ms (medians of ").append(options.coldRuns())
          .append(" runs per handler).\n");
    }
    md.append('\n');
  }

  /** The target of a ratio row, and whether the figure meets it. */
  private static String verdict(double ratio, double target) {
    if (Double.isNaN(ratio)) {
      return "n/a";
    }
    return ratio <= target ? "met" : "not met";
  }

  static String ratio(double monotable, double peer) {
    if (Double.isNaN(monotable) || Double.isNaN(peer) || peer <= 0 || monotable < 0) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%.2f", monotable / peer);
  }

  private static double ratioValue(double monotable, double peer) {
    return Double.isNaN(monotable) || Double.isNaN(peer) || peer <= 0 || monotable < 0 ? Double.NaN : monotable / peer;
  }

  private void peerSection(StringBuilder md) {
    if (peers.isEmpty()) {
      return;
    }
    md.append("## Monotable / conventional peer\n\n");
    md.append("The peer (module `bench/`, never shipped) answers the same requests on the same items the way AWS "
        + "samples write such handlers: `RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>`, the "
        + "DynamoDB Enhanced Client with bean table schemas, the SDK's default HTTP client (Apache; netty "
        + "excluded), Jackson databind; it checks what the contract demands of every route (a private repository "
        + "and everything under it answers 404 to strangers, as ConditionChecks in its transactions) and no profile "
        + "or permission checks beyond that. Its jar is shaded "
        + "exactly as the functions Lambda jar. Every figure is Monotable / peer: below 1 Monotable is cheaper.\n\n"
        + "- *Cold*: fresh JVMs with the Lambda flags of section 3, process spawn to the first answer "
        + "returned (handler built with its no-argument constructor, one invocation against the local engine), "
        + "alternated Monotable, peer, Monotable, peer... to spread machine noise over both; median of "
        + options.peer().coldRuns() + " runs per side.\n"
        + "- *Warm*: per-call `handleRequest` time in the bench JVM on an in-memory SDK HTTP client that replays "
        + "DynamoDB answers recorded once from the engine, so the figure is the code (parsing, validation, "
        + "marshalling, signing, JSON) and not the network; " + options.peer().warmup() + " warm-up calls per "
        + "side, then " + options.peer().iterations() + " measured per side in rounds of 100, the side going "
        + "first alternating per round.\n"
        + "- *Requests*: DynamoDB calls of one invocation. *Classes*: classes loaded from JVM start to the first "
        + "answer (`-Xlog:class+load`, one more run). *Jar*: the shaded Lambda jars.\n"
        + "- *Targets* (issue 10): cold, warm and jar at most 0.5x the peer; requests as the spec allows "
        + "(section 1 of the issue), shown as *spec allows*.\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (PeerBench.Result r : peers) {
      String ap = r.pair().pattern().name();
      String label = ap + " (" + r.pair().kind() + ")";
      for (PeerBench.ColdPair c : r.colds()) {
        double m = c.monotable().medianMs();
        double p = c.peer().medianMs();
        rows.add(List.of(label, "cold start to first answer, ms" + (r.colds().size() > 1
            ? " (" + javaName(c.jvm().key()) + ")" : ""), Stats.fmt(m), Stats.fmt(p), ratio(m, p),
            "0.5", verdict(ratioValue(m, p), 0.5)));
      }
      rows.add(List.of(label, "warm p50, ms", Stats.fmt(r.monotable().latency().p50()),
          Stats.fmt(r.peer().latency().p50()), ratio(r.monotable().latency().p50(), r.peer().latency().p50()),
          "0.5", verdict(ratioValue(r.monotable().latency().p50(), r.peer().latency().p50()), 0.5)));
      rows.add(List.of(label, "warm p99, ms", Stats.fmt(r.monotable().latency().p99()),
          Stats.fmt(r.peer().latency().p99()), ratio(r.monotable().latency().p99(), r.peer().latency().p99()),
          "0.5", verdict(ratioValue(r.monotable().latency().p99(), r.peer().latency().p99()), 0.5)));
      int allowed = r.pair().pattern().requestAllowance().requests();
      rows.add(List.of(label, "requests per call (" + r.monotable().operations() + " / " + r.peer().operations() + ")",
          Integer.toString(r.monotable().requests()), Integer.toString(r.peer().requests()),
          ratio(r.monotable().requests(), r.peer().requests()), "spec allows " + allowed,
          r.monotable().requests() <= allowed ? "met" : "not met"));
      if (r.monotableCold() != null && r.monotableCold().classes() >= 0) {
        rows.add(List.of(label, "classes loaded to first answer", Integer.toString(r.monotableCold().classes()),
            Integer.toString(r.peerCold().classes()), ratio(r.monotableCold().classes(), r.peerCold().classes()),
            "", ""));
      }
    }
    if (monotableJarBytes > 0 && peerJarBytes > 0) {
      rows.add(List.of("all", "Lambda jar, bytes", Long.toString(monotableJarBytes), Long.toString(peerJarBytes),
          ratio(monotableJarBytes, peerJarBytes), "0.5", verdict(ratioValue(monotableJarBytes, peerJarBytes), 0.5)));
    }
    md.append(table(List.of("pattern", "figure", "Monotable", "peer", "Monotable / peer", "target", "verdict"), rows));
    md.append('\n');
    coldByJvm(md);
  }

  /** With more than one cold JVM: each pattern's cold start per JVM, min-max, against the first JVM. */
  private void coldByJvm(StringBuilder md) {
    if (peers.stream().allMatch(r -> r.colds().size() < 2)) {
      return;
    }
    md.append("### Cold start by JVM\n\n");
    md.append("The runs of each pattern alternate over every side and JVM (Monotable on the first JVM, the peer on "
        + "it, Monotable on the second...), " + options.peer().coldRuns() + " runs each: median (min-max) of "
        + "process spawn to the first answer, ms. *vs first JVM*: the side's median over its median on "
        + "the first JVM of the row's pattern. An AOT cache is made for each side and pattern by one training run "
        + "of the same command (`-XX:AOTCacheOutput`, untimed; its wall time includes writing the cache) and "
        + "used with `-XX:AOTCache -XX:AOTMode=on`, so a cache the JVM rejects fails the run.\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (PeerBench.Result r : peers) {
      if (r.colds().isEmpty()) {
        continue;
      }
      PeerBench.ColdPair base = r.colds().get(0);
      for (PeerBench.ColdPair c : r.colds()) {
        rows.add(List.of(r.pair().pattern().name(), javaName(c.jvm().key()), spread(c.monotable()), spread(c.peer()),
            ratio(c.monotable().medianMs(), c.peer().medianMs()),
            ratio(c.monotable().medianMs(), base.monotable().medianMs()),
            ratio(c.peer().medianMs(), base.peer().medianMs()),
            training(c.monotable().training()) + " / " + training(c.peer().training())));
      }
    }
    md.append(table(List.of("pattern", "JVM", "Monotable", "peer", "Monotable / peer", "Monotable vs first JVM",
        "peer vs first JVM", "AOT cache MB, training s (Monotable / peer)"), rows));
    md.append('\n');
  }

  private static String spread(PeerBench.Cold c) {
    if (c.failure() != null || c.toAnswerNanos().length == 0 || c.toAnswerNanos()[0] == 0) {
      return "failed";
    }
    return Stats.fmt(c.medianMs()) + " (" + Stats.fmt(c.minMs()) + "-" + Stats.fmt(c.maxMs()) + ")";
  }

  private static String training(ColdStart.Training t) {
    return t == null ? "-" : String.format(Locale.ROOT, "%.1f MB, %.1f s", t.bytes() / 1e6, t.nanos() / 1e9);
  }

  private void capacitySection(StringBuilder md) {
    if (capacity.isEmpty()) {
      return;
    }
    md.append("## 4. Capacity and on-demand cost per access pattern\n\n");
    md.append("Read and write units of the invocation of section 1, as the endpoint answers them in "
        + "ConsumedCapacity (every call sent with ReturnConsumedCapacity=INDEXES): the local engine prices each "
        + "call by DynamoDB's documented rules (docs/local-engine.md, \"Capacity\"), real DynamoDB prices it "
        + "itself. Item size is attribute names plus values; reads cost 1 unit per 4 KB, half when eventually "
        + "consistent (every index Query), rounded per item for GetItem and BatchGetItem and once over the summed "
        + "size of the items read (before the filter) for a Query; writes cost 1 unit per 1 KB of the larger of "
        + "the item before and after, twice inside a transaction (a ConditionCheck counts as a transactional "
        + "write of the item it checks); each index entry the write puts, changes or deletes adds its own "
        + "writes, two when the write moves the index key. Only the calls of the common path are priced (a "
        + "refused condition answers no capacity). Cost: ").append(Capacity.PRICE_SOURCE)
        .append("; per million calls of the pattern.\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (Map.Entry<BenchCase<?>, Capacity.Units> e : capacity.entrySet()) {
      Capacity.Units u = e.getValue();
      rows.add(List.of(e.getKey().apIds(), code(e.getKey().label()), units(u.read()), units(u.write()),
          units(u.indexWrite()), String.format(Locale.ROOT, "$%.3f", u.usdPerMillionCalls())));
    }
    md.append(table(List.of("AP", "route", "read units", "write units", "of which index writes",
        "on-demand $ per million calls"), rows));
    md.append('\n');
  }

  /** {@code 0.58-0.82} over the ratios that exist, or {@code n/a}. */
  static String range(List<Double> ratios) {
    double[] r = ratios.stream().filter(x -> !Double.isNaN(x)).mapToDouble(Double::doubleValue).sorted().toArray();
    if (r.length == 0) {
      return "n/a";
    }
    String lo = String.format(Locale.ROOT, "%.2f", r[0]);
    String hi = String.format(Locale.ROOT, "%.2f", r[r.length - 1]);
    return lo.equals(hi) ? lo : lo + "-" + hi;
  }

  static String units(double u) {
    return u == Math.rint(u) ? Long.toString((long) u) : String.format(Locale.ROOT, "%.1f", u);
  }

  private void scaleSection(StringBuilder md) {
    if (scales.isEmpty()) {
      return;
    }
    md.append("## 5. Scale\n\n");
    md.append("The same patterns on tables grown by `scripts/seed --scale N`'s synthetic dataset (seed ")
        .append(options.scale().seed()).append(": the domain's synthetic items, written with BatchWriteItem of "
            + "25) on top of the bench data. Requests per call and p50 "
            + "latency of ").append(options.scale().iterations()).append(" invocations against the local engine per "
            + "pattern and size: a key-value design reads by key, so neither may grow with the table.\n\n");
    List<String> headers = new ArrayList<>(List.of("AP", "route"));
    for (ScaleRun run : scales) {
      headers.add(String.format(Locale.ROOT, "%,d items: requests", run.size()));
      headers.add("p50 ms");
    }
    List<List<String>> rows = new ArrayList<>();
    for (ScaleRow first : scales.get(0).rows()) {
      List<String> row = new ArrayList<>(List.of(first.c().apIds(), code(first.c().label())));
      for (ScaleRun run : scales) {
        ScaleRow r = run.rows().stream().filter(x -> x.c().label().equals(first.c().label())).findFirst().orElse(null);
        row.add(r == null ? "" : Integer.toString(r.requests()));
        row.add(r == null ? "" : Stats.fmt(r.latency().p50()));
      }
      rows.add(row);
    }
    md.append(table(headers, rows));
    md.append("\nSeeding rate: ").append(scales.stream().map(r -> String.format(Locale.ROOT, "%,d items at %.0f items/s",
        r.size(), r.itemsPerSecond())).collect(Collectors.joining("; "))).append(".\n\n");
  }

  private void requests(StringBuilder md) {
    md.append("## 1. DynamoDB requests per access pattern\n\n");
    md.append("One invocation per case with the fixture below each route (an authenticated non-owner where "
        + "the answer depends on the caller). Operations in call order, counted by an SDK "
        + "`ExecutionInterceptor` on the client; a transaction is one request. *Spec allows* ("
        + "each access pattern's `requestAllowance()`): reads one request, plus one Membership GetItem only for a private organization "
        + "repository read by someone other than its owner (and AP11's admin check), so two at most; writes "
        + "the requests of the spec's operation column, with no read before them. `RequestBudgetTest` pins "
        + "the counts per caller kind (anonymous, owner, member, stranger).\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (CountRow r : counts) {
      RequestRecorder.Calls calls = r.sample().calls();
      WarmRow w = warm.get(r.c());
      String verdict = r.over() > 0 ? "**over by " + r.over() + "**" : "ok";
      if (w != null && w.shapes().size() > 1) {
        verdict += "; varies: " + String.join(" / ", w.shapes());
      }
      if (calls.attempts() != calls.count()) {
        verdict += "; " + calls.attempts() + " HTTP attempts (retries)";
      }
      if (w != null && w.retried() > 0) {
        verdict += "; SDK retries in " + w.retried() + " warm invocations";
      }
      if (!r.sample().ok()) {
        verdict = "**answered " + r.sample().status() + "**";
      }
      rows.add(List.of(r.c().apIds(), code(r.c().label()), calls.describe(), Integer.toString(calls.count()),
          Integer.toString(r.allowance().requests()), verdict));
    }
    md.append(table(List.of("AP", "route", "operations", "requests", "spec allows", "verdict"), rows));
    List<CountRow> over = counts.stream().filter(r -> r.over() > 0).toList();
    if (!over.isEmpty()) {
      md.append("\nAbove the spec's allowance:\n\n");
      for (CountRow r : over) {
        md.append("- ").append(r.c().apIds()).append(" ").append(code(r.c().label())).append(": ")
            .append(r.sample().calls().describe()).append(" (").append(r.sample().calls().count())
            .append(") where the spec allows ").append(r.allowance().requests()).append(" (")
            .append(r.allowance().basis()).append(")").append(reason(r)).append(".\n");
      }
      md.append("\nEach of these reads before it writes: the permission or visibility decision (a private "
          + "repository answers 404 to strangers; authors and maintainers edit tickets; admins manage members) "
          + "needs the caller's membership or the item itself, and the spec's operation column does not count "
          + "that read. The catalog grants the read action to each of these routes.\n");
    }
    if (!uncovered.isEmpty()) {
      md.append("\nRoutes without a fixture: ").append(String.join(", ", uncovered)).append('\n');
    }
    md.append('\n');
  }

  private static String reason(CountRow r) {
    List<String> ops = r.sample().calls().operations();
    if (!ops.isEmpty() && (ops.get(0).equals("GetItem") || ops.get(0).equals("BatchGetItem")) && ops.size() > 1) {
      return "; the extra request is the " + ops.get(0) + " before the write";
    }
    return "";
  }

  private void warmSection(StringBuilder md) {
    if (warm.isEmpty()) {
      return;
    }
    md.append("## 2. Warm invocations\n\n");
    md.append(options.iterations()).append(" measured invocations per case after ").append(options.warmup())
        .append(" warm-up invocations, in one JVM (the bench's, C1 only like Lambda's java21 default). "
            + "*Latency*: `handleRequest` from call to return, the DynamoDB round trips to the local engine included. "
            + "*Overhead*: latency minus the time on the wire (from the request sent to the response status "
            + "and headers received, per HTTP attempt, as the interceptor sees it; reading the body counts as "
            + "overhead): event parsing, validation, key building, SDK marshalling and signing, "
            + "response JSON and the log line, which is what carries over to Lambda. *Own code*: latency minus "
            + "the whole SDK calls. Milliseconds. Each writing case runs on a freshly seeded table of its own "
            + "(the read-only cases share one), created without the stream, and fixtures that create a "
            + "uniquely named item delete the previous one first (unmeasured), so every invocation meets a "
            + "table of the same size. Latencies are the local engine's (moto underneath) on loopback, not DynamoDB's; compare "
            + "overheads, not latencies.\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (Map.Entry<BenchCase<?>, WarmRow> e : warm.entrySet()) {
      WarmRow w = e.getValue();
      rows.add(List.of(e.getKey().apIds(), code(e.getKey().label()),
          Integer.toString(counts.stream().filter(r -> r.c() == e.getKey()).findFirst()
              .map(r -> r.sample().calls().count()).orElse(0)),
          Stats.fmt(w.latency().p50()), Stats.fmt(w.latency().p90()), Stats.fmt(w.latency().p99()),
          Stats.fmt(w.overhead().p50()), Stats.fmt(w.overhead().p90()), Stats.fmt(w.overhead().p99()),
          Stats.fmt(w.ownCode().p50())));
    }
    md.append(table(List.of("AP", "route", "requests", "latency p50", "p90", "p99", "overhead p50", "p90", "p99",
        "own code p50"), rows));
    md.append('\n');
  }

  /** The file name of the domain's Lambda jar, as the environment table names it. */
  private String jarName() {
    String jar = environment.getOrDefault("Lambda jar", "");
    String path = jar.contains(",") ? jar.substring(0, jar.indexOf(',')) : "the domain's Lambda jar";
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private void coldSection(StringBuilder md) {
    if (cold.isEmpty()) {
      return;
    }
    md.append("## 3. Cold start\n\n");
    md.append("Each run is a fresh JVM: `java ").append(String.join(" ", ColdStart.LAMBDA_FLAGS))
        .append(" -cp ").append(jarName()).append(":probe.jar ColdStartProbe <handler> ...` "
            + "with TABLE_NAME, DYNAMODB_ENDPOINT and CURSOR_SECRET set; the flags are those of Lambda's java21 "
            + "runtime at the stack's 1024 MB (its runtime client, agent and class-data archive aside); "
            + "`probe.jar` holds the probe's classes (scripts/target/classes packed: a Java 25 JVM writes an AOT "
            + "cache only from jars), and a run with an AOT cache leaves `-Xshare:auto` out (the JVM refuses "
            + "the two together). "
            + "*JVM start*: process spawn to `main`; *init*: `main` to the handler constructed with its "
            + "no-argument constructor (class loading, `Services.fromEnvironment()`: the SDK client and table "
            + "gateway); *first invocation*: the first `handleRequest`, DynamoDB requests included (to moto on "
            + "loopback, without TLS). Medians of ").append(options.coldRuns())
        .append(" runs, per column (so the columns need not add up). Classes counted from one more run with `-Xlog:class+load` (not timed); *from jar* are "
            + "those read from the Lambda jar, the rest come from the JDK (mostly its class-data archive).\n\n");
    md.append("Lambda jar: ").append(environment.get("Lambda jar")).append(".\n\n");
    for (ColdStart.Jvm jvm : jvms()) {
      String java = jvm.key();
      List<List<String>> rows = new ArrayList<>();
      for (ColdStart.Result r : cold) {
        if (!r.java().equals(java)) {
          continue;
        }
        BenchCase<?> c = r.benchCase();
        if (r.failure() != null || r.classes() == null) {
          rows.add(List.of(c.endpoint().handlerName(), c.apIds(), "failed", "", "", "", "", ""));
          continue;
        }
        ColdStart.ClassCounts k = r.classes();
        rows.add(List.of(c.endpoint().handlerName(), c.apIds(),
            Stats.fmt(Stats.medianMs(r.phase(ColdStart.Run::bootNanos))),
            Stats.fmt(Stats.medianMs(r.phase(ColdStart.Run::initNanos))),
            Stats.fmt(Stats.medianMs(r.phase(ColdStart.Run::toConstructedNanos))),
            Stats.fmt(Stats.medianMs(r.phase(ColdStart.Run::firstInvocationNanos))),
            k.beforeInvocation() + " (" + k.beforeInvocationFromJar() + ")",
            k.firstInvocation() + " (" + k.firstInvocationFromJar() + ")"));
      }
      md.append("**").append(environment.getOrDefault(COLD_JVM + jvm.java(), jvm.java()))
          .append(jvm.aot() ? AOT_NOTE : "").append("** (`").append(jvm.java()).append("`)\n\n");
      md.append(table(List.of("handler", "AP", "JVM start", "init", "start to constructed", "first invocation",
          "classes to constructed (from jar)", "classes on first invocation (from jar)"), rows));
      md.append('\n');
    }
  }

  // ---- JSON -------------------------------------------------------------------------------------

  String json() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("environment", environment);
    Map<String, Object> opts = new LinkedHashMap<>();
    opts.put("iterations", options.iterations());
    opts.put("warmup", options.warmup());
    opts.put("coldRuns", options.coldRuns());
    opts.put("coldAll", options.coldAll());
    opts.put("routes", options.routes());
    root.put("options", opts);
    List<Object> cases = new ArrayList<>();
    for (CountRow r : counts) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("accessPatterns", r.c().patterns().stream().map(AccessPatternSpec::name).toList());
      m.put("route", r.c().label());
      m.put("handler", r.c().endpoint().handlerName());
      m.put("status", r.sample().status());
      m.put("operations", r.sample().calls().operations());
      m.put("requests", r.sample().calls().count());
      m.put("httpAttempts", r.sample().calls().attempts());
      m.put("specAllows", r.allowance().requests());
      m.put("specBasis", r.allowance().basis());
      m.put("withinSpec", r.over() <= 0);
      WarmRow w = warm.get(r.c());
      if (w != null) {
        Map<String, Object> wm = new LinkedHashMap<>();
        wm.put("latencyMs", stats(w.latency()));
        wm.put("overheadMs", stats(w.overhead()));
        wm.put("ownCodeMs", stats(w.ownCode()));
        wm.put("operationShapes", List.copyOf(w.shapes()));
        wm.put("failures", w.failures());
        wm.put("invocationsWithRetries", w.retried());
        m.put("warm", wm);
      }
      cases.add(m);
    }
    root.put("cases", cases);
    List<Object> colds = new ArrayList<>();
    for (ColdStart.Result r : cold) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("java", javaName(r.java()));
      m.put("javaPath", r.jvm().java());
      m.put("aotCache", r.jvm().aot());
      if (r.training() != null) {
        m.put("aotCacheBytes", r.training().bytes());
        m.put("aotTrainingMs", Stats.ms(r.training().nanos()));
      }
      m.put("handler", r.benchCase().endpoint().handlerName());
      m.put("route", r.benchCase().label());
      m.put("runs", r.runs().stream().map(x -> {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("jvmStartMs", Stats.ms(x.bootNanos()));
        run.put("initMs", Stats.ms(x.initNanos()));
        run.put("toConstructedMs", Stats.ms(x.toConstructedNanos()));
        run.put("firstInvocationMs", Stats.ms(x.firstInvocationNanos()));
        return run;
      }).toList());
      m.put("medianToConstructedMs", number(Stats.medianMs(r.phase(ColdStart.Run::toConstructedNanos))));
      m.put("medianFirstInvocationMs", number(Stats.medianMs(r.phase(ColdStart.Run::firstInvocationNanos))));
      if (r.classes() != null) {
        Map<String, Object> k = new LinkedHashMap<>();
        k.put("toConstructed", r.classes().beforeInvocation());
        k.put("toConstructedFromJar", r.classes().beforeInvocationFromJar());
        k.put("firstInvocation", r.classes().firstInvocation());
        k.put("firstInvocationFromJar", r.classes().firstInvocationFromJar());
        m.put("classesLoaded", k);
      }
      m.put("failure", r.failure());
      colds.add(m);
    }
    root.put("coldStarts", colds);
    List<Object> peerJson = new ArrayList<>();
    for (PeerBench.Result r : peers) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("accessPattern", r.pair().pattern().name());
      m.put("peerHandler", r.pair().peerHandler());
      m.put("monotable", side(r.monotable(), r.monotableCold()));
      m.put("peer", side(r.peer(), r.peerCold()));
      List<Object> byJvm = new ArrayList<>();
      for (PeerBench.ColdPair c : r.colds()) {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("java", javaName(c.jvm().key()));
        x.put("monotable", side(r.monotable(), c.monotable()));
        x.put("peer", side(r.peer(), c.peer()));
        byJvm.add(x);
      }
      m.put("coldByJvm", byJvm);
      peerJson.add(m);
    }
    root.put("peer", peerJson);
    root.put("jarBytes", Map.of("monotable", monotableJarBytes, "peer", peerJarBytes));
    List<Object> capJson = new ArrayList<>();
    capacity.forEach((c, u) -> {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("route", c.label());
      m.put("accessPatterns", c.patterns().stream().map(AccessPatternSpec::name).toList());
      m.put("readUnits", u.read());
      m.put("writeUnits", u.write());
      m.put("indexWriteUnits", u.indexWrite());
      m.put("usdPerMillionCalls", u.usdPerMillionCalls());
      capJson.add(m);
    });
    root.put("capacity", capJson);
    List<Object> scaleJson = new ArrayList<>();
    for (ScaleRun run : scales) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("syntheticItems", run.size());
      m.put("seedItemsPerSecond", run.itemsPerSecond());
      m.put("patterns", run.rows().stream().map(r -> {
        Map<String, Object> x = new LinkedHashMap<>();
        x.put("route", r.c().label());
        x.put("requests", r.requests());
        x.put("latencyMs", stats(r.latency()));
        return x;
      }).toList());
      scaleJson.add(m);
    }
    root.put("scale", scaleJson);
    root.put("failures", failures);
    return Json.write(root);
  }

  private static Map<String, Object> side(PeerBench.Warm w, PeerBench.Cold c) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("requests", w.requests());
    m.put("operations", w.operations());
    m.put("warmMs", stats(w.latency()));
    if (c != null) {
      m.put("coldToAnswerMs", java.util.Arrays.stream(c.toAnswerNanos()).mapToObj(Stats::ms).toList());
      m.put("coldMedianMs", number(c.medianMs()));
      m.put("classesToAnswer", c.classes());
      if (c.training() != null) {
        m.put("aotCacheBytes", c.training().bytes());
        m.put("aotTrainingMs", Stats.ms(c.training().nanos()));
      }
    }
    return m;
  }

  private static Map<String, Object> stats(Stats s) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("n", s.n());
    m.put("p50", number(s.p50()));
    m.put("p90", number(s.p90()));
    m.put("p99", number(s.p99()));
    m.put("max", number(s.max()));
    return m;
  }

  /** JSON has no NaN: a case without successful samples has null percentiles. */
  private static Double number(double v) {
    return Double.isNaN(v) ? null : v;
  }

  // ---- environment ------------------------------------------------------------------------------

  /** Date, commit, machine, JVMs, DynamoDB server and jar size, as label/value rows. */
  static Map<String, String> environment(Path root, URI endpoint, boolean ownMoto, List<String> coldJavas, Path jar) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("date", ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'")));
    env.put("commit", command(root, "git", "rev-parse", "--short", "HEAD")
        + (command(root, "git", "status", "--porcelain", "--untracked-files=no").isBlank() ? "" : " (with local changes)"));
    env.put("machine", cpu() + ", " + Runtime.getRuntime().availableProcessors() + " cores visible, "
        + memory() + ", " + System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
        + System.getProperty("os.arch"));
    env.put("load average (1/5/15 min)", loadAverage());
    env.put("bench JVM (warm)", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
        + ", flags " + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    for (String java : coldJavas) {
      env.put(COLD_JVM + java, javaVersion(root, java));
    }
    String motoVersion = command(root, "python3", "-c", "import moto; print(moto.__version__)");
    env.put("DynamoDB", ownMoto
        ? "scripts/engine (moto " + (motoVersion.isBlank() ? "?" : motoVersion) + ") at " + endpoint
            + ", started by the bench; fresh tables without stream"
        : "DYNAMODB_ENDPOINT " + endpoint + "; fresh tables without stream");
    try {
      env.put("Lambda jar", root.toAbsolutePath().normalize().relativize(jar.toAbsolutePath().normalize()) + ", " + Files.size(jar) + " bytes ("
          + String.format(Locale.ROOT, "%.1f", Files.size(jar) / 1024.0 / 1024.0) + " MiB)");
    } catch (IOException e) {
      env.put("Lambda jar", "missing");
    }
    return env;
  }

  private static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " / " + f[1] + " / " + f[2];
    } catch (IOException | RuntimeException e) {
      return "unknown";
    }
  }

  private static String cpu() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown CPU");
    } catch (IOException e) {
      return "unknown CPU";
    }
  }

  private static String memory() {
    try {
      return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal"))
          .map(l -> Math.round(Long.parseLong(l.replaceAll("\\D", "")) / 1024.0 / 1024.0) + " GiB RAM")
          .findFirst().orElse("");
    } catch (IOException | NumberFormatException e) {
      return "";
    }
  }

  /** {@code Java 17.0.15: OpenJDK Runtime Environment (build ...)} from {@code java -version}. */
  private static String javaVersion(Path root, String java) {
    String v = command(root, java, "-version");
    Matcher m = Pattern.compile("version \"([^\"]+)\"").matcher(v);
    String runtime = v.lines().filter(l -> l.contains("Runtime Environment")).findFirst().orElse("").trim();
    return (m.find() ? "Java " + m.group(1) : "Java ?") + (runtime.isEmpty() ? "" : ": " + runtime);
  }

  /** The short name of a cold-start JVM by its key ({@link ColdStart.Jvm#key()}), e.g. {@code Java 25.0.1 + AOT cache}. */
  private String javaName(String key) {
    boolean aot = key.endsWith(ColdStart.AOT_SUFFIX);
    String java = aot ? key.substring(0, key.length() - ColdStart.AOT_SUFFIX.length()) : key;
    String v = environment.getOrDefault(COLD_JVM + java, java);
    int colon = v.indexOf(':');
    return (colon < 0 ? v : v.substring(0, colon)) + (aot ? ColdStart.AOT_SUFFIX : "");
  }

  /** First output of a short command (stdout and stderr), or empty when it fails. */
  static String command(Path dir, String... cmd) {
    try {
      Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return "";
      }
      return out;
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
