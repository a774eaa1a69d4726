package dev.monotable.devices.tools;

import dev.monotable.devices.bench.CompareDesigns;
import dev.monotable.kit.Env;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.engine.LocalEngine;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * {@code scripts/compare-designs}: seed 002's entity-first design against the Devices single
 * table on the same data ({@link CompareDesigns}); prints the before/after report and, with
 * {@code --write-docs}, writes docs/devices/before-after.md.
 */
public final class CompareDesignsScript {

  static final String USAGE = """
      usage: scripts/compare-designs [--scale USERS] [--iterations N] [--seed-dashboard-runs N] [--scan-runs N]
                                     [--seed S] [--write-docs]

      Seed 002's before/after, measured. Creates the seed's entity-first tables (Users, Devices,
      Events and their six GSIs) and the Devices single table on a fresh local engine (or
      DYNAMODB_ENDPOINT), loads the same data into both with BatchWriteItem, runs each of the
      seed's 11 patterns and its dashboard on both with the same random arguments, checks that both
      answer the same, and prints per pattern: requests, items read, capacity units by DynamoDB's
      rules, latency p50/p99, monthly cost at the seed's frequencies, and the seed's claims beside
      the figures. The tables are deleted at the end. About 10-20 minutes at the default scale on
      2 cores.

        --scale                users (default 1000), each with 10 devices of 10 events: 1,000 users
                               are 10,000 devices and 100,000 events
        --iterations           runs per pattern and side (default 10)
        --seed-dashboard-runs  runs of the dashboard as the seed's code writes it, whose Scans read
                               every event per device (default 1, at most --iterations)
        --scan-runs            runs of the users-active pattern, whose entity-first side scans
                               every event (default 3, at most --iterations)
        --seed                 the data's random seed (default 2)
        --write-docs           also write docs/devices/before-after.md

      Environment: DYNAMODB_ENDPOINT (a running DynamoDB-compatible engine; default: a fresh local
      engine on a free port), AWS_REGION.
      Exit status: 0 done and both designs answered alike, 1 failed or an answer differed, 2 bad usage.""";

  private CompareDesignsScript() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, () -> run(args));
  }

  static CompareDesigns.Options parse(String[] args) {
    Args a = Args.parse(args, Set.of("--write-docs"), Set.of("--scale", "--iterations", "--seed-dashboard-runs",
        "--scan-runs", "--seed"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument " + a.positional().get(0));
    }
    return new CompareDesigns.Options(a.intOption("--scale", 1000, 1, 100_000), a.intOption("--iterations", 10, 1,
        10_000), a.intOption("--seed-dashboard-runs", 1, 1, 10_000), a.intOption("--scan-runs", 3, 1, 10_000),
        a.intOption("--seed", 2, 0, Integer.MAX_VALUE));
  }

  private static int run(String[] args) throws Exception {
    CompareDesigns.Options o = parse(args);
    boolean writeDocs = Args.parse(args, Set.of("--write-docs"), Set.of("--scale", "--iterations",
        "--seed-dashboard-runs", "--scan-runs", "--seed")).flag("--write-docs");
    String configured = Env.get(Env.DYNAMODB_ENDPOINT);
    if ("aws".equalsIgnoreCase(configured)) {
      throw new UsageException("scripts/compare-designs needs a local DynamoDB-compatible endpoint, not "
          + "DYNAMODB_ENDPOINT=aws (it creates and fills four tables)");
    }
    LocalEngine engine = null;
    try {
      URI endpoint;
      if (configured != null) {
        endpoint = URI.create(configured.trim());
      } else {
        System.err.println("starting the local engine");
        engine = LocalEngine.start(LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)), 0);
        // Ctrl-C or SIGTERM runs shutdown hooks, not finally blocks: the engine must not outlive the tool.
        LocalEngine started = engine;
        Runtime.getRuntime().addShutdownHook(new Thread(started::close));
        endpoint = engine.endpoint();
      }
      CompareDesigns.Result result = CompareDesigns.run(endpoint, Env.region(), o, System.err);
      String report = CompareDesigns.markdown(result);
      System.out.print(report);
      if (writeDocs) {
        Path doc = Path.of("docs", "devices", "before-after.md");
        Files.createDirectories(doc.getParent());
        Files.writeString(doc, report, StandardCharsets.UTF_8);
        System.err.println("wrote " + doc);
      }
      long differing = result.rows().stream().filter(r -> r.agreed() != r.compared()).count();
      if (differing > 0) {
        throw new OpsMain.Failure(differing + " pattern(s) answered differently on the two designs (see \"same\")");
      }
      return 0;
    } finally {
      if (engine != null) {
        engine.close();
      }
    }
  }
}
