package dev.monotable.kit.bench;

import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.Env;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.engine.LocalEngine;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.BatchWrites;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.schema.TableSchema;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.StreamSpecification;

/**
 * {@code scripts/bench}: requests and capacity ({@link CapacityMeter}) per access pattern, warm
 * overhead and cold start of the route handlers, the ratios to the conventional peer
 * ({@link PeerBench}) and the scale runs ({@link OpsDomain#scaleData}), against a fresh local
 * engine (or {@code DYNAMODB_ENDPOINT}) holding fresh tables with the demo and bench data
 * ({@link BenchTable#load}). The domain's handlers come from its {@link LocalDomain}, its cases,
 * cold-start subset, scale patterns and peer from its {@link BenchDomain}. Prints a markdown report
 * (or JSON with {@code --json}), writes {@code target/bench/report.md} and {@code report.json}, and
 * with {@code --write-docs} {@code benchmarks.md} in the domain's docs folder. Exits 1 when a fixture did not answer 2xx.
 *
 * @param <S> the domain's services, which the fixtures use
 */
public final class Bench<S extends DomainServices> {
  static final String USAGE = String.join("\n",
      "usage: scripts/bench [--iterations N] [--warmup N] [--cold-runs N] [--cold-all] [--cold-java PATH]... [--cold-aot]",
      "                     [--no-cold] [--routes AP14,AP25,...] [--json] [--write-docs] [--domain <id>]",
      "                     [--no-peer] [--peer-iterations N] [--peer-warmup N] [--peer-cold-runs N]",
      "                     [--no-capacity] [--no-scale] [--scale-sizes N,N...] [--scale-iterations N] [--seed S]",
      "  --iterations N   measured warm invocations per route (default 200)",
      "  --warmup N       warm-up invocations per route before measuring (default 20)",
      "  --cold-runs N    cold starts per handler (default 5; the median is reported)",
      "  --cold-all       cold-start every handler class, not the representative subset",
      "  --cold-java PATH java executable of the cold JVMs (repeatable; default: the JVM running the bench);",
      "                   the runs alternate between them",
      "  --cold-aot       also run every --cold-java of Java 25 or later with an AOT cache of each handler,",
      "                   made first by one training run (-XX:AOTCacheOutput; -XX:AOTCache in the timed runs)",
      "  --no-cold        skip the cold starts",
      "  --routes IDS     only the cases of these access patterns, and cold starts of their handlers",
      "  --no-peer        skip the comparison with the domain's conventional peer (module bench/, if it has one)",
      "  --peer-iterations N  measured warm calls per side and pattern on the replaying client (default 2000)",
      "  --peer-warmup N  warm-up calls per side and pattern before measuring (default 500)",
      "  --peer-cold-runs N   cold starts per side and pattern, alternated ABAB (default 7; the median is reported)",
      "  --no-capacity    skip the read/write units and on-demand cost per access pattern",
      "  --no-scale       skip the scale runs",
      "  --scale-sizes L  synthetic items of each scale run (default 1000,100000)",
      "  --scale-iterations N  invocations per pattern and size in the scale runs (default 50)",
      "  --seed S         seed of the synthetic scale dataset (default 1)",
      "  --json           print JSON instead of markdown (both are written to target/bench/)",
      "  --write-docs     also write benchmarks.md into the domain's docs folder (DocsDomain.folder())",
      "  --domain ID      the domain to benchmark (default: MONOTABLE_DOMAIN, else the first",
      "                   registered)",
      "",
      "Environment: DYNAMODB_ENDPOINT (default: a fresh local engine on a free port), AWS_REGION.",
      "Exit status: 0 measured, 1 a fixture failed or the Lambda jar is missing, 2 bad usage.");

  record Options(int iterations, int warmup, int coldRuns, boolean coldAll, List<String> coldJavas, boolean coldAot,
      boolean cold, List<String> routes, boolean json, boolean writeDocs, Peer peer, boolean capacity, Scale scale) {
    /**
     * The cold JVMs in the order the runs alternate: each {@code --cold-java}, followed with
     * {@code --cold-aot} by the same java with an AOT cache when it is Java 25 or later.
     */
    List<ColdStart.Jvm> coldJvms() {
      List<ColdStart.Jvm> jvms = new ArrayList<>();
      for (String java : coldJavas) {
        jvms.add(new ColdStart.Jvm(java, false));
        if (coldAot && ColdStart.featureVersion(java) >= 25) {
          jvms.add(new ColdStart.Jvm(java, true));
        }
      }
      return jvms;
    }
  }

  /** The peer comparison: off, or its warm calls and cold runs per side and pattern. */
  record Peer(boolean on, int iterations, int warmup, int coldRuns) {}

  /** The scale runs: off, or the synthetic sizes, invocations per pattern and seed. */
  record Scale(boolean on, List<Integer> sizes, int iterations, long seed) {}

  private final LocalDomain local;
  private final OpsDomain ops;
  private final BenchDomain<S> bench;

  Bench(LocalDomain local, OpsDomain ops, BenchDomain<S> bench) {
    this.local = local;
    this.ops = ops;
    this.bench = bench;
  }

  /** The bench of one domain: its handlers and demo data, its schema and scale data, its cases. */
  static <S extends DomainServices> Bench<S> of(LocalDomain local, OpsDomain ops, BenchDomain<S> bench) {
    return new Bench<>(local, ops, bench);
  }

  /**
   * {@code scripts/bench}; {@code locals}, {@code ops}, {@code benches} and {@code docsFolders}
   * resolve {@code --domain} (null: the default) to the domain's facets and its docs folder.
   */
  public static void main(String[] args, Function<String, LocalDomain> locals, Function<String, OpsDomain> ops,
      Function<String, BenchDomain<?>> benches, Function<String, String> docsFolders) {
    OpsMain.exec(USAGE, args, () -> {
      DomainOption chosen = DomainOption.take(args);
      Options options = parse(chosen.rest());
      return of(locals.apply(chosen.id()), ops.apply(chosen.id()), benches.apply(chosen.id()))
          .run(options, Path.of("").toAbsolutePath(), docsFolders.apply(chosen.id()));
    });
  }

  static Options parse(String[] args) {
    int iterations = 200;
    int warmup = 20;
    int coldRuns = 5;
    boolean coldAll = false;
    boolean coldAot = false;
    boolean cold = true;
    boolean json = false;
    boolean writeDocs = false;
    List<String> javas = new ArrayList<>();
    List<String> routes = List.of();
    boolean peer = true;
    int peerIterations = 2000;
    int peerWarmup = 500;
    int peerColdRuns = 7;
    boolean capacity = true;
    boolean scale = true;
    List<Integer> sizes = List.of(1_000, 100_000);
    int scaleIterations = 50;
    long seed = 1;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--iterations" -> iterations = atLeast(1, a, value(args, ++i, a));
        case "--warmup" -> warmup = atLeast(0, a, value(args, ++i, a));
        case "--cold-runs" -> coldRuns = atLeast(1, a, value(args, ++i, a));
        case "--cold-all" -> coldAll = true;
        case "--cold-java" -> javas.add(value(args, ++i, a));
        case "--cold-aot" -> coldAot = true;
        case "--no-cold" -> cold = false;
        case "--routes" -> routes = Arrays.stream(value(args, ++i, a).split(","))
            .map(s -> s.trim().toUpperCase(java.util.Locale.ROOT)).filter(s -> !s.isEmpty()).toList();
        case "--no-peer" -> peer = false;
        case "--peer-iterations" -> peerIterations = atLeast(1, a, value(args, ++i, a));
        case "--peer-warmup" -> peerWarmup = atLeast(0, a, value(args, ++i, a));
        case "--peer-cold-runs" -> peerColdRuns = atLeast(1, a, value(args, ++i, a));
        case "--no-capacity" -> capacity = false;
        case "--no-scale" -> scale = false;
        case "--scale-sizes" -> {
          String list = value(args, ++i, a);
          List<Integer> parsed = new ArrayList<>();
          for (String n : list.split(",")) {
            parsed.add(atLeast(1, a, n.trim()));
          }
          sizes = List.copyOf(parsed);
        }
        case "--scale-iterations" -> scaleIterations = atLeast(1, a, value(args, ++i, a));
        case "--seed" -> {
          String v = value(args, ++i, a);
          try {
            seed = Long.parseLong(v);
          } catch (NumberFormatException e) {
            throw new UsageException("--seed takes a number, not " + v);
          }
        }
        case "--json" -> json = true;
        case "--write-docs" -> writeDocs = true;
        default -> throw new UsageException("unknown argument " + a);
      }
    }
    if (javas.isEmpty()) {
      javas.add(ProcessHandle.current().info().command().orElse("java"));
    }
    return new Options(iterations, warmup, coldRuns, coldAll, javas, coldAot, cold, routes, json, writeDocs,
        new Peer(peer, peerIterations, peerWarmup, peerColdRuns), capacity,
        new Scale(scale, sizes, scaleIterations, seed));
  }

  private static String value(String[] args, int i, String flag) {
    if (i >= args.length) {
      throw new UsageException(flag + " needs a value");
    }
    return args[i];
  }

  private static int atLeast(int min, String flag, String v) {
    int n;
    try {
      n = Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new UsageException(flag + " takes a number, not " + v);
    }
    if (n < min) {
      throw new UsageException(flag + " must be at least " + min);
    }
    return n;
  }

  int run(Options o, Path root) throws Exception {
    return run(o, root, "docs");
  }

  /** Runs the bench; {@code --write-docs} writes {@code benchmarks.md} into {@code docsFolder} (relative to root). */
  int run(Options o, Path root, String docsFolder) throws Exception {
    Path jar = root.resolve(local.domain().lambdaJar());
    Path probeClasses = ColdStart.probeClasses();
    if (o.cold() && !Files.isRegularFile(jar)) {
      System.err.println("missing " + jar + ": build it with mvn -B -q -DskipTests package -pl scripts -am");
      return 1;
    }
    BenchDomain.Peer peerDomain = o.peer().on() ? bench.peer() : null;
    Path peerJar = peerDomain == null ? null : root.resolve(peerDomain.jar());
    if (peerDomain != null && o.cold() && !Files.isRegularFile(peerJar)) {
      System.err.println("missing " + peerJar + ": build it with mvn -B -q -DskipTests package -pl scripts -am");
      return 1;
    }
    List<BenchCase<S>> cases = new ArrayList<>(bench.cases(local.domain()));
    List<String> uncovered = BenchCase.uncovered(local.domain(), cases);
    if (!o.routes().isEmpty()) {
      cases.removeIf(c -> !c.matches(o.routes()));
      if (cases.isEmpty()) {
        System.err.println("no route serves " + o.routes());
        return 2;
      }
    }
    String region = Env.region();
    String configured = Env.get(Env.DYNAMODB_ENDPOINT);
    if ("aws".equalsIgnoreCase(configured)) {
      System.err.println("scripts/bench needs a local DynamoDB-compatible endpoint, not DYNAMODB_ENDPOINT=aws");
      return 2;
    }
    PrintStream out = System.out;
    LocalEngine engine = null;
    DynamoDbClient client = null;
    List<String> tables = new ArrayList<>();
    try {
      URI endpoint;
      if (configured != null) {
        endpoint = URI.create(configured);
      } else {
        progress("starting the local engine");
        engine = LocalEngine.start(LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)), 0);
        endpoint = engine.endpoint();
      }
      RequestRecorder recorder = new RequestRecorder();
      CapacityMeter meter = new CapacityMeter();
      client = DynamoDbClients.create(endpoint, region, recorder, meter);
      byte[] secret = new byte[32];
      new SecureRandom().nextBytes(secret);
      Report report = new Report(o, Report.environment(root, endpoint, engine != null, o.coldJavas(), jar));
      report.uncovered(uncovered);

      // The handlers log one JSON line per invocation to stdout (CloudWatch on Lambda): still
      // serialized, then discarded, so the report alone reaches stdout.
      System.setOut(new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8));
      progress(cases.size() + " cases: request count, then " + o.warmup() + " warm-up + " + o.iterations()
          + " measured invocations each");
      // Each writing case gets a table of its own, so a case meets the table its fixtures seeded and
      // not what earlier cases left behind; the read-only cases share one, which they leave as they
      // found it.
      String readTable = null;
      Invoker<S> readInvoker = null;
      for (BenchCase<S> c : cases) {
        boolean reads = c.endpoint().readOnly();
        Invoker<S> invoker;
        String table = null;
        if (reads && readInvoker != null) {
          invoker = readInvoker;
        } else {
          table = newTable(client, tables);
          invoker = new Invoker<>(load(client, table, secret), recorder);
          if (reads) {
            readTable = table;
            readInvoker = invoker;
          }
        }
        long started = System.nanoTime();
        Invoker.Sample counted = invoker.invoke(c, o.capacity() ? meter::start : null);
        Capacity.Units units = meter.stop();
        report.count(c, counted);
        if (o.capacity() && counted.ok()) {
          report.capacity(c, units);
        }
        report.warm(c, warm(invoker, c, o));
        progress(String.format(java.util.Locale.ROOT, "%-5s %-62s %5.1f s", c.apIds(), c.label(),
            (System.nanoTime() - started) / 1e9));
        if (!reads) {
          dropTable(client, tables, table);
        }
      }
      if (readTable != null) {
        dropTable(client, tables, readTable);
      }
      if (o.cold()) {
        String table = newTable(client, tables);
        ColdStart<S> cold = new ColdStart<>(jar, probeClasses, endpoint.toString(), table,
            Base64.getEncoder().encodeToString(secret), region, load(client, table, secret).services());
        // Fresh fixtures: their counters and versions belong to this table.
        List<BenchCase<S>> coldCases = coldCases(bench.cases(local.domain()), bench.coldSubset(), o.coldAll(),
            o.routes());
        List<ColdStart.Jvm> jvms = o.coldJvms();
        try {
          for (BenchCase<S> c : coldCases) {
            progress("cold start " + c.endpoint().handlerName() + " x" + o.coldRuns() + " on "
                + jvms.stream().map(ColdStart.Jvm::key).toList() + ", alternated");
            cold.measure(jvms, c, o.coldRuns()).forEach(report::cold);
          }
        } finally {
          cold.deleteCaches();
        }
      }
      if (peerDomain != null) {
        peer(o, report, client, tables, endpoint, region, secret, jar, peerDomain, peerJar, probeClasses);
      }
      if (o.scale().on()) {
        scale(o, report, client, recorder, tables, secret);
      }
      System.setOut(out);
      report.finished();

      String markdown = report.markdown();
      String json = report.json();
      Path dir = root.resolve("target/bench");
      Files.createDirectories(dir);
      Files.writeString(dir.resolve("report.md"), markdown, StandardCharsets.UTF_8);
      Files.writeString(dir.resolve("report.json"), json, StandardCharsets.UTF_8);
      if (o.writeDocs()) {
        Files.writeString(root.resolve(docsFolder).resolve("benchmarks.md"), markdown, StandardCharsets.UTF_8);
        progress("wrote " + docsFolder + "/benchmarks.md");
      }
      out.print(o.json() ? json + "\n" : markdown);
      out.flush();
      progress("wrote target/bench/report.md and report.json");
      return report.failed() ? 1 : 0;
    } finally {
      System.setOut(out);
      if (client != null) {
        for (String t : List.copyOf(tables)) {
          dropTable(client, tables, t);
        }
        client.close();
      }
      if (engine != null) {
        engine.close();
      }
    }
  }

  /** Monotable against the domain's conventional peer on the patterns it declares ({@link BenchDomain.Peer#pairs}). */
  private void peer(Options o, Report report, DynamoDbClient client, List<String> tables, URI endpoint,
      String region, byte[] secret, Path jar, BenchDomain.Peer peerDomain, Path peerJar, Path probeClasses) {
    PeerBench<S> peers = new PeerBench<>(local, bench, endpoint, region, secret);
    report.jars(jar, peerJar);
    for (PeerBench.Pair pair : peerDomain.pairs()) {
      if (!o.routes().isEmpty() && !o.routes().contains(pair.pattern().name())) {
        continue;
      }
      String table = newTable(client, tables);
      S services = load(client, table, secret).services();
      long started = System.nanoTime();
      PeerBench.Result r;
      try {
        r = peers.warm(pair, table, o.peer().warmup(), o.peer().iterations(), 100);
        if (o.cold()) {
          ColdStart<S> cold = new ColdStart<>(jar, probeClasses, endpoint.toString(), table,
              Base64.getEncoder().encodeToString(secret), region, services);
          try {
            r = peers.cold(r, cold, peerJar, o.coldJvms(), o.peer().coldRuns());
          } finally {
            cold.deleteCaches();
          }
        }
      } catch (RuntimeException e) {
        report.failure("peer " + pair.pattern().name() + ": " + e.getMessage());
        dropTable(client, tables, table);
        continue;
      }
      report.peer(r);
      progress(String.format(java.util.Locale.ROOT, "peer  %-5s %-62s %5.1f s", pair.pattern(), pair.peerHandler(),
          (System.nanoTime() - started) / 1e9));
      dropTable(client, tables, table);
    }
  }

  /**
   * Requests and p50 latency per pattern of {@link BenchDomain#scalePatterns} on tables of each
   * synthetic size ({@link OpsDomain#scaleData}, loaded with {@link BatchWrites#load}).
   */
  private void scale(Options o, Report report, DynamoDbClient client, RequestRecorder recorder,
      List<String> tables, byte[] secret) {
    List<String> scalePatterns = bench.scalePatterns();
    for (int size : o.scale().sizes()) {
      String table = newTable(client, tables);
      BenchTable<S> loaded = load(client, table, secret);
      progress("scale: seeding " + size + " synthetic items (seed " + o.scale().seed() + ")");
      long seed = o.scale().seed();
      double rate = BatchWrites.load(client, table, sink -> ops.scaleData(seed, size, sink), size, System.err);
      try {
        Invoker<S> invoker = new Invoker<>(loaded, recorder);
        List<Report.ScaleRow> rows = new ArrayList<>();
        for (BenchCase<S> c : bench.cases(local.domain())) {
          String ap = c.patterns().size() == 1 ? c.patterns().get(0).name() : null;
          if (ap == null || !scalePatterns.contains(ap) || rows.stream().anyMatch(r -> r.c().apIds().equals(ap))) {
            continue;
          }
          if (!o.routes().isEmpty() && !c.matches(o.routes())) {
            continue;
          }
          Invoker.Sample first = invoker.invoke(c);
          // Warm-up, so the first size does not pay the JIT's start for the later ones.
          for (int i = 0; i < Math.min(20, o.scale().iterations()); i++) {
            invoker.invoke(c);
          }
          List<Invoker.Sample> samples = new ArrayList<>();
          for (int i = 0; i < o.scale().iterations(); i++) {
            samples.add(invoker.invoke(c));
          }
          List<Invoker.Sample> ok = samples.stream().filter(Invoker.Sample::ok).toList();
          if (!first.ok() || ok.size() < samples.size()) {
            report.failure("scale " + size + " " + c.label() + " answered " + first.status() + ": " + first.body());
          }
          rows.add(new Report.ScaleRow(c, first.calls().count(),
              Stats.of(ok.stream().mapToLong(Invoker.Sample::latencyNanos).toArray())));
        }
        report.scale(new Report.ScaleRun(size, rate, rows));
      } finally {
        dropTable(client, tables, table);
      }
    }
  }

  private String newTable(DynamoDbClient client, List<String> tables) {
    String table = "monotable-bench-" + UUID.randomUUID().toString().substring(0, 8);
    // Without the stream: no handler of the bench reads it, and stream records cost the engine
    // memory and time a deployed table does not charge to the handler.
    client.createTable(local.domain().schema().createTableRequest(table).toBuilder()
        .streamSpecification((StreamSpecification) null).build());
    tables.add(table);
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(table).build());
    client.updateTimeToLive(TableSchema.enableTtlRequest(table));
    return table;
  }

  private static void dropTable(DynamoDbClient client, List<String> tables, String table) {
    tables.remove(table);
    try {
      client.deleteTable(DeleteTableRequest.builder().tableName(table).build());
    } catch (RuntimeException e) {
      System.err.println("bench: could not delete table " + table + ": " + e.getMessage());
    }
  }

  /** The domain wired around a new table, with the demo and bench data written. */
  private BenchTable<S> load(DynamoDbClient client, String table, byte[] secret) {
    return BenchTable.wire(local, bench, new TableGateway(client, table, new CursorCodec(secret), Clock.systemUTC()))
        .load(bench);
  }

  /** Warm-up (discarded), then the measured invocations. */
  static <S extends DomainServices> List<Invoker.Sample> warm(Invoker<S> invoker, BenchCase<S> c, Options o) {
    for (int i = 0; i < o.warmup(); i++) {
      invoker.invoke(c);
    }
    List<Invoker.Sample> samples = new ArrayList<>(o.iterations());
    for (int i = 0; i < o.iterations(); i++) {
      samples.add(invoker.invoke(c));
    }
    return samples;
  }

  /**
   * One case per handler class: the representative subset, every class with {@code --cold-all},
   * or every class of the selected cases with {@code --routes}.
   */
  static <S extends DomainServices> List<BenchCase<S>> coldCases(List<BenchCase<S>> cases, Set<String> subset,
      boolean all, List<String> routes) {
    Map<String, BenchCase<S>> byHandler = new LinkedHashMap<>();
    for (BenchCase<S> c : cases) {
      String name = c.endpoint().handlerName();
      boolean selected = routes.isEmpty() ? all || subset.contains(name) : c.matches(routes);
      if (selected) {
        byHandler.putIfAbsent(name, c);
      }
    }
    return new ArrayList<>(byHandler.values());
  }

  static void progress(String message) {
    System.err.println("bench: " + message);
  }

  /** Distinct operation sequences seen (a read that changes shape between invocations shows here). */
  static Set<String> shapes(List<Invoker.Sample> samples) {
    Set<String> s = new LinkedHashSet<>();
    samples.forEach(x -> s.add(x.calls().describe()));
    return s;
  }
}
