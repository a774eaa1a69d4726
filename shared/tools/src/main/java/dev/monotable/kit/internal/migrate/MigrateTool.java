package dev.monotable.kit.internal.migrate;

import dev.monotable.kit.migrate.tool.DesignPatterns;
import dev.monotable.kit.migrate.tool.ItemComparison;
import dev.monotable.kit.migrate.tool.LegacyBackfill;
import dev.monotable.kit.migrate.tool.MigrationDomain;
import dev.monotable.kit.migrate.tool.PatternRunner;
import dev.monotable.kit.Env;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.migrate.Divergence;
import dev.monotable.kit.migrate.DualWriteClient;
import dev.monotable.kit.migrate.MigrationMode;
import dev.monotable.kit.migrate.MigrationPlan;
import dev.monotable.kit.ops.OpsEnvironment;
import dev.monotable.kit.schema.TableSchema;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/**
 * {@code scripts/migrate}: moves a domain's data from its older design (one table per entity) onto its
 * single table while the old design keeps serving (seed 004 §7.3). Subcommands:
 * {@code backfill} ({@link LegacyBackfill}), {@code verify} (every read pattern on both designs through
 * {@link PatternRunner}, and the items per type on both), and for a rehearsal on a local engine {@code load}
 * (the old design with a dataset) and {@code traffic} (the old design's writes, dual-written).
 */
public final class MigrateTool {

  static final String USAGE = """
      usage: scripts/migrate <command> [options] [--old-prefix P] [--domain <id>]

        load     [--scale N]                       rehearsal: create the old design's tables (P-*) and load a
                                                   dataset of scale N; creates the single table when absent
        traffic  [--seconds S] [--seed n]          rehearsal: the old design's writes, updates and deletions for S
                                                   seconds (default 60) through the dual-writing client
                                                   (MIGRATION_MODE, default here DUAL); divergences printed
        backfill [--total-segments n] [--max-write-units n] [--checkpoint FILE]
                                                   copy every old item onto the single table: parallel Scan
                                                   segments (default 4), conditional creations, at most n write
                                                   units a second (default 0: unlimited), resumable: a run
                                                   resumes FILE (default .local/migrate-<table>.checkpoint)
        verify   [--sample n | --all] [--seed n] [--counts]
                                                   every read pattern on both designs, for n random keys of each
                                                   kind (default 100) or every key; --counts: then every item
                                                   of both designs compared key by key (attributes included;
                                                   Scans of both designs whole), with the items of each type;
                                                   exit 1 on any difference

        --old-prefix P   the old tables' prefix (default legacy: legacy-Users...)

      Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000; "aws" for AWS), TABLE_NAME (the single
      table, default the domain's local table), AWS_REGION, MIGRATION_MODE (traffic).
      Exit status: 0 done, 1 differences or refusals, 2 bad usage.""";

  private MigrateTool() {}

  /** {@code scripts/migrate}; {@code domains} gives the chosen domain's migration, {@code localTables} its table. */
  public static void main(String[] args, Function<String, MigrationDomain> domains,
      Function<String, String> localTables, Function<String, TableSchema> schemas) {
    OpsMain.exec(USAGE, args, OpsEnvironment.forDomain(args, localTables), env -> {
      DomainOption chosen = DomainOption.take(args);
      // The command line first: a mistyped option is named whichever domain is chosen.
      Args a = Args.parse(chosen.rest(), Set.of("--all", "--counts"), Set.of("--old-prefix", "--scale", "--seconds",
          "--seed", "--total-segments", "--max-write-units", "--checkpoint", "--sample"));
      if (a.positional().size() != 1) {
        throw new UsageException("name one command: load, traffic, backfill or verify");
      }
      MigrationDomain domain = domains.apply(chosen.id());
      if (domain == null) {
        throw new UsageException("this domain declares no migration");
      }
      String prefix = a.option("--old-prefix") == null ? "legacy" : a.option("--old-prefix");
      try (DynamoDbClient client = env.client()) {
        System.out.println("migrate " + a.positional().get(0) + ": old tables " + prefix + "-*, single "
            + env.describe());
        return switch (a.positional().get(0)) {
          case "load" -> load(domain, client, prefix, env.table(), schemas.apply(chosen.id()),
              a.intOption("--scale", 1000, 1, 1_000_000));
          case "traffic" -> traffic(domain, client, prefix, env.table(), a.intOption("--seconds", 60, 1, 86_400),
              a.intOption("--seed", 1, 0, Integer.MAX_VALUE));
          case "backfill" -> backfill(domain.plan(prefix, env.table()), client, new LegacyBackfill.Options(
              a.intOption("--total-segments", 4, 1, 1000), a.intOption("--max-write-units", 0, 0, 1_000_000),
              Path.of(a.option("--checkpoint") == null ? ".local/migrate-" + env.table() + ".checkpoint"
                  : a.option("--checkpoint"))), System.out);
          case "verify" -> verify(domain, client, prefix, env.table(), env, a.flag("--all") ? 0
              : a.intOption("--sample", 100, 1, 1_000_000), a.intOption("--seed", 1, 0, Integer.MAX_VALUE),
              a.flag("--counts"), System.out);
          default -> throw new UsageException("unknown command " + a.positional().get(0));
        };
      }
    });
  }

  static int load(MigrationDomain domain, DynamoDbClient client, String prefix, String table, TableSchema schema,
      int scale) {
    try {
      client.describeTable(DescribeTableRequest.builder().tableName(table).build());
    } catch (ResourceNotFoundException e) {
      client.createTable(schema.createTableRequest(table));
      client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(table).build());
      System.out.println("created the single table " + table);
    }
    long started = System.nanoTime();
    long n = domain.loadOld(client, prefix, scale, System.err);
    System.out.printf(Locale.ROOT, "loaded %,d old items in %.1f s%n", n, (System.nanoTime() - started) / 1e9);
    return 0;
  }

  static int traffic(MigrationDomain domain, DynamoDbClient client, String prefix, String table, int seconds,
      long seed) {
    MigrationMode mode = Env.get(Env.MIGRATION_MODE) == null
        ? MigrationMode.DUAL : MigrationMode.fromEnvironment();
    List<Divergence> divergences = Collections.synchronizedList(new ArrayList<>());
    DualWriteClient dual = new DualWriteClient(client, domain.plan(prefix, table), mode, d -> {
      divergences.add(d);
      System.out.println(d);
    });
    AtomicBoolean stop = new AtomicBoolean();
    Thread timer = new Thread(() -> {
      try {
        Thread.sleep(seconds * 1000L);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      stop.set(true);
    });
    timer.setDaemon(true);
    timer.start();
    System.out.println("traffic for " + seconds + " s, MIGRATION_MODE=" + mode);
    String summary = domain.traffic(client, dual, prefix, stop, seed);
    System.out.println("acknowledged: " + summary);
    System.out.println("divergences: " + divergences.size());
    return divergences.isEmpty() ? 0 : 1;
  }

  /** Runs the backfill with a progress bar on stderr and prints its report. */
  public static int backfill(MigrationPlan plan, DynamoDbClient client, LegacyBackfill.Options options,
      PrintStream out) {
    out.println("backfill of " + String.join(", ", plan.oldTables().keySet()) + " onto " + plan.newTable() + ", "
        + options.totalSegments() + " segments each, " + (options.maxWriteUnitsPerSecond() == 0 ? "no rate limit"
            : "at most " + (long) options.maxWriteUnitsPerSecond() + " write units/s") + ", checkpoint "
        + options.checkpoint());
    LegacyBackfill.Report r = LegacyBackfill.run(client, plan, options, System.err);
    r.print(out);
    return r.refused() == 0 ? 0 : 1;
  }

  /** Runs every read pattern on both designs (and, with {@code counts}, counts the items of each type on both). */
  public static int verify(MigrationDomain domain, DynamoDbClient client, String prefix, String table,
      OpsEnvironment env, int sample, long seed, boolean counts, PrintStream out) {
    TableGateway gateway = new TableGateway(client, table, env.cursors(), Clock.systemUTC());
    DesignPatterns patterns = domain.patterns(client, prefix, gateway);
    List<DesignPatterns.Case> cases = patterns.cases(sample, seed);
    out.println("verify: " + cases.size() + " cases (" + (sample == 0 ? "every key" : "a sample of " + sample
        + " keys of each kind") + ")");
    long started = System.nanoTime();
    PatternRunner.Result result = PatternRunner.run(patterns, cases, System.err);
    result.print(out);
    out.printf(Locale.ROOT, "  (%.1f s)%n", (System.nanoTime() - started) / 1e9);
    boolean counted = !counts || counts(domain.plan(prefix, table), client, out);
    return result.alike() && counted ? 0 : 1;
  }

  /**
   * Every item of the old tables mapped and compared with the single table's item under its key, and every item of
   * a mapped Type on the single table with the old item it comes from ({@link ItemComparison}): nothing missing,
   * nothing extra, nothing different, with the items of each type.
   */
  static boolean counts(MigrationPlan plan, DynamoDbClient client, PrintStream out) {
    return ItemComparison.print(plan, ItemComparison.compare(plan, client), out);
  }

}