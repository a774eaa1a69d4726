package dev.monotable.kit.ops;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.local.DomainTables;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.local.StreamPipeline;
import dev.monotable.kit.schema.TableSchema;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * {@code scripts/seed [--reset [--yes]]}: creates the table from the domain's {@link TableSchema}
 * when it is absent (local endpoints only: on AWS the stack owns the table) and writes the domain's
 * demo dataset ({@link LocalDomain.Wiring#seedDemo}) through its data-access layer, the same calls
 * the API makes; {@code --scale N} adds the domain's synthetic items ({@link OpsDomain#scaleData}). A table that
 * already holds items is refused unless {@code --reset}, which first deletes every item
 * (Scan + BatchWriteItem, 25 deletes a request) and, on real AWS, also needs {@code --yes}.
 *
 * <p>Locally the demo data's stream records then go through the domain's stream functions once,
 * as the deployed event source mappings would deliver them, so the data they derive (counters,
 * activity, copies for other indexes) is there when the tool ends and every read pattern answers on
 * the demo data. On AWS the stack's own stream functions do that.
 */
public final class SeedTool {

  public static final String USAGE = """
      usage: scripts/seed [--reset [--yes]] [--scale N [--seed S]] [--domain <id>]

      Creates the domain's table (TABLE_NAME, default monotable-local-<domain>) from its schema when
      absent and writes the domain's demo dataset (scripts/dev names what it holds) through the
      data-access layer; locally its stream records then go through the domain's stream functions
      once, so derived data is there too.

        --reset   delete every item of a non-empty table first (scans the table)
        --yes     confirm --reset on real AWS (DYNAMODB_ENDPOINT=aws)
        --scale N add N of the domain's synthetic items after the demo data (on the local engine through
                  its bulk load, 5,000 a request, no stream records; elsewhere BatchWriteItem of 25), with a
                  progress bar on stderr, items/s at the end
        --seed S  the synthetic dataset's seed (default 1): the same N and S always write the same items
        --domain  the domain whose table and data to write (default: MONOTABLE_DOMAIN, else the first registered)

      Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000; "aws" for AWS), TABLE_NAME, AWS_REGION.
      Exit status: 0 seeded, 1 refused or failed, 2 bad usage.""";

  /**
   * Parsed command line.
   *
   * @param reset delete every item first
   * @param yes confirmation for destructive work on AWS
   * @param aws the table is on real AWS (from the environment, not the command line)
   * @param scale synthetic items to add after the demo data ({@link OpsDomain#scaleData}); 0 for none
   * @param seed the synthetic dataset's seed
   */
  public record Options(boolean reset, boolean yes, boolean aws, int scale, long seed) {
    public Options(boolean reset, boolean yes, boolean aws) {
      this(reset, yes, aws, 0, 1);
    }

    public Options onAws(boolean onAws) {
      return new Options(reset, yes, onAws, scale, seed);
    }
  }

  private SeedTool() {}

  /**
   * {@code scripts/seed}; {@code locals} and {@code ops} resolve {@code --domain} (null: the
   * default) to the domain's demo data and its operator declarations.
   */
  public static void main(String[] args, Function<String, LocalDomain> locals, Function<String, OpsDomain> ops,
      Function<String, String> localTables) {
    OpsMain.exec(USAGE, args, OpsEnvironment.forDomain(args, localTables), env -> {
      DomainOption chosen = DomainOption.take(args);
      OpsDomain domain = ops.apply(chosen.id());
      LocalDomain demo = locals.apply(chosen.id());
      Options options = parse(chosen.rest()).onAws(env.aws());
      try (DynamoDbClient client = env.client();
          DynamoDbStreamsClient streams = env.aws() ? null : DynamoDbClients.streams(env.endpoint(), env.region())) {
        System.out.println("seed: " + env.describe());
        return run(demo, domain, client, streams, env.table(), System.out, options);
      }
    });
  }

  public static Options parse(String... args) {
    Args a = Args.parse(args, Set.of("--reset", "--yes"), Set.of("--scale", "--seed"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument " + a.positional().get(0));
    }
    if (a.flag("--yes") && !a.flag("--reset")) {
      throw new UsageException("--yes only confirms --reset");
    }
    int scale = a.intOption("--scale", 0, 1, 10_000_000);
    if (a.option("--seed") != null && scale == 0) {
      throw new UsageException("--seed only goes with --scale");
    }
    long seed;
    try {
      seed = a.option("--seed") == null ? 1 : Long.parseLong(a.option("--seed").trim());
    } catch (NumberFormatException e) {
      throw new UsageException("--seed must be a whole number, not " + a.option("--seed"));
    }
    return new Options(a.flag("--reset"), a.flag("--yes"), false, scale, seed);
  }

  /**
   * Creates (if needed), optionally empties, and seeds the table; returns the exit status.
   *
   * @param demo writes the demo dataset
   * @param domain the table's schema and the synthetic data of {@code --scale}
   */
  public static int run(LocalDomain demo, OpsDomain domain, DynamoDbClient client, String table, PrintStream out,
      Options options) {
    return run(demo, domain, client, null, table, out, options);
  }

  /**
   * {@link #run(LocalDomain, OpsDomain, DynamoDbClient, String, PrintStream, Options)}, then, when
   * {@code streams} is given (a local endpoint), the demo data's stream records through the
   * domain's stream functions: records written before the seed are read past, not delivered.
   */
  public static int run(LocalDomain demo, OpsDomain domain, DynamoDbClient client, DynamoDbStreamsClient streams,
      String table, PrintStream out, Options options) {
    TableSchema schema = domain.domain().schema();
    if (!exists(client, table)) {
      if (options.aws()) {
        out.println("refused: table " + table + " does not exist; on AWS the CDK stack creates it (cdk deploy)");
        return 1;
      }
      DomainTables.create(client, domain.domain(), table);
      out.println("created table " + table + " (" + schema.gsis().size() + " GSIs, TTL on " + TableSchema.TTL + ", stream "
          + TableSchema.STREAM_VIEW_TYPE + ")");
    } else if (refusedAsAnotherDomains(client, table, domain, out)) {
      return 1;
    } else if (!isEmpty(client, table)) {
      if (!options.reset()) {
        out.println("refused: table " + table + " already holds items; scripts/seed --reset deletes them first");
        return 1;
      }
      if (options.aws() && !options.yes()) {
        out.println("refused: --reset on real AWS deletes every item of " + table + "; add --yes to confirm");
        return 1;
      }
      out.println("deleted " + deleteAll(client, table) + " items (--reset)");
    }
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    LocalDomain.Wiring wiring = demo.wire(new TableGateway(client, table, new CursorCodec(secret), Clock.systemUTC()),
        null);
    boolean derive = streams != null && !options.aws() && !domain.domain().streams().isEmpty();
    try (StreamPipeline pipeline = derive ? new StreamPipeline(streams, table,
        StreamPipeline.consumers(domain.domain(), wiring), null, null)
        : null) {
      if (pipeline != null) {
        pipeline.skip(); // a --reset's deletions are not the demo data's changes
      }
      wiring.seedDemo();
      if (pipeline != null) {
        int delivered = 0;
        for (int read = pipeline.poll(); read > 0; read = pipeline.poll()) {
          delivered += read;
        }
        if (!pipeline.deadLetters().isEmpty()) {
          out.println("failed: the stream functions gave up on " + pipeline.deadLetters().size()
              + " batch(es) of the demo data: " + pipeline.deadLetters().get(0).reason());
          return 1;
        }
        out.println("ran the stream functions (" + domain.domain().streams().size() + ") over the demo data's "
            + delivered + " stream records");
      }
    }
    if (options.scale() > 0) {
      BatchWrites.load(client, table, sink -> domain.scaleData(options.seed(), options.scale(), sink),
          options.scale(), System.err);
    }
    Map<String, Long> byType = countByType(client, table);
    long total = byType.values().stream().mapToLong(Long::longValue).sum();
    out.println("seeded " + total + " items:");
    byType.forEach((type, n) -> out.printf("  %-14s %3d%n", type, n));
    out.println("next: scripts/validate, scripts/test-access-patterns, " + exploreExample(domain));
    return 0;
  }

  /**
   * A first look at the data just written, in the domain's own words: its first wired read pattern
   * with the sample call it declares on the demo data.
   */
  static String exploreExample(OpsDomain domain) {
    ReadPatternSet reads = ReadPatternSet.of(domain);
    for (AccessPatternSpec ap : reads.readPatterns()) {
      ReadPattern p = reads.get(ap);
      if (p != null) {
        StringBuilder sb = new StringBuilder("scripts/explore ap ").append(ap.name());
        p.sample().params().forEach(v -> sb.append(' ').append(v));
        if (p.sample().caller() != null) {
          sb.append(" --as ").append(p.sample().caller());
        }
        return sb.toString();
      }
    }
    return "scripts/explore ap --list";
  }

  /** Prints the refusal and answers true when the table is tagged for another domain ({@link DomainTables}). */
  private static boolean refusedAsAnotherDomains(DynamoDbClient client, String table, OpsDomain domain,
      PrintStream out) {
    try {
      DomainTables.requireHolds(client, table, domain.domain());
      return false;
    } catch (OpsMain.Failure refused) {
      out.println("refused: " + refused.getMessage());
      return true;
    }
  }

  static boolean exists(DynamoDbClient client, String table) {
    try {
      client.describeTable(DescribeTableRequest.builder().tableName(table).build());
      return true;
    } catch (ResourceNotFoundException absent) {
      return false;
    }
  }

  static boolean isEmpty(DynamoDbClient client, String table) {
    return client.scan(ScanRequest.builder().tableName(table).limit(1).consistentRead(true).build()).items().isEmpty();
  }

  /** Deletes every item: parallel Scan of the keys, BatchWriteItem of 25 deletes, retries unprocessed ones. */
  static long deleteAll(DynamoDbClient client, String table) {
    AtomicLong deleted = new AtomicLong();
    List<Map<String, AttributeValue>> keys = java.util.Collections.synchronizedList(new ArrayList<>());
    new ParallelScan(client, table).forEach(4, ParallelScan.allSegments(4),
        item -> keys.add(Map.of(TableSchema.PK, item.get(TableSchema.PK), TableSchema.SK, item.get(TableSchema.SK))));
    for (int from = 0; from < keys.size(); from += BatchWrites.BATCH) {
      List<WriteRequest> batch = new ArrayList<>();
      for (Map<String, AttributeValue> key : keys.subList(from, Math.min(keys.size(), from + BatchWrites.BATCH))) {
        batch.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(key).build()).build());
      }
      BatchWrites.writeBatch(client, table, batch);
      deleted.addAndGet(batch.size());
    }
    return deleted.get();
  }

  static Map<String, Long> countByType(DynamoDbClient client, String table) {
    Map<String, Long> counts = new ConcurrentHashMap<>();
    new ParallelScan(client, table).forEach(4, ParallelScan.allSegments(4), item -> {
      String type = Items.type(item);
      counts.merge(type == null ? "(no Type)" : type, 1L, Long::sum);
    });
    return new TreeMap<>(counts);
  }
}
