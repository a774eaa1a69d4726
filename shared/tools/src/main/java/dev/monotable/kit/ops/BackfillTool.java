package dev.monotable.kit.ops;

import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.charts.ModelValidator.Violation;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.local.DomainTables;
import dev.monotable.kit.schema.TableSchema;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;

/**
 * {@code scripts/backfill}: the schema-evolution tool. Reads the table with a parallel Scan,
 * selects the items whose {@code SchemaVersion} is below {@link Items#SCHEMA_VERSION} (or, with
 * {@code --type T --force}, every item of type T), maps each through its model record (the
 * domain's {@link BackfillRules#remap}: typically {@code fromItem} then {@code toItem}, which
 * recomputes every key and index attribute from today's templates) and writes it back with a PutItem conditioned on the item
 * being exactly as read: every attribute it had still equal, every attribute the new item adds
 * still absent. So any concurrent writer wins, including the atomic counter updates (StarCount,
 * Reactions...) that change neither {@code UpdatedAt} nor {@code Version}; such an item is
 * reported and left for the next run.
 *
 * <p>Also selected at the current version: an item of a type that carries copies of another item
 * ({@link BackfillRules.Copies}) and breaks its entity chart, for example a child item with the
 * index keys of before they moved into its parent's partition, or a child without its parent's
 * copied visibility attributes,
 * which is filled from one GetItem of the parent (cached per run).
 *
 * <p>Never written: an item whose mapped form breaks its entity chart, one whose table key would
 * change (backfill rewrites items in place, it never moves them), one without a known Type, one
 * written by a newer schema. Resumable: items already at the current version are not selected
 * again, and {@code --segment i --total-segments n} runs one slice of the Scan, so a large table
 * can be done slice by slice or on several machines.
 */
public final class BackfillTool {

  static final String USAGE = """
      usage: scripts/backfill [--type <Type> [--force]] [--dry-run] [--max-writes-per-second n]
                              [--segment i] [--total-segments n] [--verbose] [--yes] [--domain <id>]

      Rewrites items whose SchemaVersion is below the current one (%d) through their model record
      (fromItem/toItem: every key and index attribute recomputed from the current templates), each
      with a PutItem conditioned on the item being unchanged since it was read, so concurrent writers
      win. Also rewrites current-version items that break their chart where the domain declares how
      (its backfill rules: index keys recomputed, copies filled from the item they copy, one GetItem
      each). Scans the table (parallel segments): an operator tool.

        --type T                  only items of Type T
        --force                   with --type: rewrite every item of that type, whatever its version
        --dry-run                 print what would change (attribute diff), write nothing
        --max-writes-per-second   rate limit over all segments (default 25; 0 = unlimited)
        --total-segments n        split the Scan in n segments (default 4), run in parallel
        --segment i               run only segment i (0..n-1); re-run a slice to resume it
        --verbose                 print every rewritten item
        --yes                     confirm writing on real AWS (DYNAMODB_ENDPOINT=aws)
        --domain id               the domain whose model records rewrite the items (default:
                                  MONOTABLE_DOMAIN, else the first registered)

      Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000; "aws" for AWS), TABLE_NAME, AWS_REGION.
      Exit status: 0 done, 1 some items failed or changed concurrently (run again), 2 bad usage."""
      .formatted(Items.SCHEMA_VERSION);

  /**
   * Parsed command line.
   *
   * @param type only this Type, or null for all
   * @param force rewrite every selected-type item, whatever its version
   * @param dryRun print diffs, write nothing
   * @param maxWritesPerSecond rate limit, 0 for none
   * @param segment the one segment to run, or null for all
   * @param totalSegments Scan segments
   * @param verbose print every rewrite
   * @param yes writing on AWS confirmed
   * @param aws the table is on real AWS (from the environment)
   */
  public record Options(String type, boolean force, boolean dryRun, double maxWritesPerSecond, Integer segment,
      int totalSegments, boolean verbose, boolean yes, boolean aws) {
    public Options onAws(boolean onAws) {
      return new Options(type, force, dryRun, maxWritesPerSecond, segment, totalSegments, verbose, yes, onAws);
    }
  }

  /** What happened to one item. */
  public enum Outcome {
    /** At the current version (or another type): left alone. */
    NOT_SELECTED,
    /** Written back. */
    REWRITTEN,
    /** Dry run: would be written. */
    WOULD_REWRITE,
    /** Selected, but the mapped item is identical: nothing to write. */
    UNCHANGED,
    /** Someone wrote the item after it was read: the write was refused, run again. */
    CHANGED_CONCURRENTLY,
    /** Cannot be backfilled (unknown type, unreadable, would move or break its chart, newer schema). */
    FAILED
  }

  /**
   * Counts per outcome and the failures.
   *
   * @param scanned items read
   * @param outcomes items per outcome
   * @param failures {@code PK | SK: reason} of every failed item
   */
  public record Report(long scanned, Map<Outcome, Long> outcomes, List<String> failures) {
    public long count(Outcome o) {
      return outcomes.getOrDefault(o, 0L);
    }

    public boolean complete() {
      return count(Outcome.FAILED) == 0 && count(Outcome.CHANGED_CONCURRENTLY) == 0;
    }
  }

  /** Called just before each conditional write; tests use it to write concurrently. */
  @FunctionalInterface
  public interface BeforeWrite {
    void accept(Map<String, AttributeValue> read, Map<String, AttributeValue> rewritten);
  }

  private BackfillTool() {}

  /** {@code scripts/backfill}; {@code domains} resolves {@code --domain} (null: the default),
   * {@code localTables} that domain's own table (the default of {@code TABLE_NAME}). */
  public static void main(String[] args, Function<String, OpsDomain> domains,
      Function<String, String> localTables) {
    OpsMain.exec(USAGE, args, OpsEnvironment.forDomain(args, localTables), env -> {
      DomainOption chosen = DomainOption.take(args);
      OpsDomain domain = domains.apply(chosen.id());
      Options options = parse(domain, chosen.rest()).onAws(env.aws());
      try (DynamoDbClient client = env.client()) {
        DomainTables.requireHolds(client, env.table(), domain.domain());
        System.out.println("backfill: " + env.describe());
        return run(domain, client, env.table(), System.out, options);
      }
    });
  }

  public static Options parse(OpsDomain domain, String... args) {
    Args a = Args.parse(args, Set.of("--force", "--dry-run", "--verbose", "--yes"),
        Set.of("--type", "--max-writes-per-second", "--segment", "--total-segments"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument " + a.positional().get(0));
    }
    if (a.flag("--force") && a.option("--type") == null) {
      throw new UsageException("--force rewrites every item of one type: name it with --type");
    }
    Set<String> types = domain.backfill().types();
    if (a.option("--type") != null && !types.contains(a.option("--type"))) {
      throw new UsageException("unknown Type " + a.option("--type") + "; one of " + new TreeSet<>(types));
    }
    int total = a.intOption("--total-segments", 4, 1, 1_000_000);
    Integer segment = a.option("--segment") == null ? null : a.intOption("--segment", 0, 0, total - 1);
    double rate;
    try {
      rate = a.option("--max-writes-per-second") == null ? 25 : Double.parseDouble(a.option("--max-writes-per-second"));
    } catch (NumberFormatException e) {
      throw new UsageException("--max-writes-per-second must be a number");
    }
    if (rate < 0 || Double.isNaN(rate) || Double.isInfinite(rate)) {
      throw new UsageException("--max-writes-per-second must be 0 (unlimited) or more");
    }
    return new Options(a.option("--type"), a.flag("--force"), a.flag("--dry-run"), rate, segment, total,
        a.flag("--verbose"), a.flag("--yes"), false);
  }

  /** Backfills, prints the report, returns the exit status. */
  public static int run(OpsDomain domain, DynamoDbClient client, String table, PrintStream out, Options options) {
    return run(domain, client, table, out, options, (read, rewritten) -> { });
  }

  /** As {@link #run(OpsDomain, DynamoDbClient, String, PrintStream, Options)}, calling {@code hook} before each write. */
  public static int run(OpsDomain domain, DynamoDbClient client, String table, PrintStream out, Options options,
      BeforeWrite hook) {
    if (options.aws() && !options.dryRun() && !options.yes()) {
      out.println("refused: backfill writes to real AWS; run with --dry-run first, then add --yes");
      return 1;
    }
    List<Integer> segments = options.segment() == null
        ? ParallelScan.allSegments(options.totalSegments()) : List.of(options.segment());
    out.println((options.dryRun() ? "dry run: " : "") + "backfill to SchemaVersion " + Items.SCHEMA_VERSION
        + (options.type() == null ? "" : ", Type " + options.type()) + (options.force() ? " (--force: every item)" : "")
        + ", Scan segment(s) " + describe(segments) + " of " + options.totalSegments()
        + (options.dryRun() || options.maxWritesPerSecond() == 0 ? ""
            : ", at most " + fmt(options.maxWritesPerSecond()) + " writes/s"));
    long start = System.nanoTime();
    Report report = backfill(domain, client, table, out, options, hook);
    double seconds = (System.nanoTime() - start) / 1e9;
    out.println();
    out.printf(Locale.ROOT, "scanned %d items in %.1f s%n", report.scanned(), seconds);
    Outcome main = options.dryRun() ? Outcome.WOULD_REWRITE : Outcome.REWRITTEN;
    for (Outcome o : Outcome.values()) {
      if (report.count(o) > 0 || o == main || o == Outcome.NOT_SELECTED) {
        out.printf("  %-22s %d%n", label(o), report.count(o));
      }
    }
    if (!report.complete()) {
      out.println(report.count(Outcome.CHANGED_CONCURRENTLY) > 0
          ? "result: INCOMPLETE: items changed while being backfilled were left as they were; run again"
          : "result: INCOMPLETE: some items cannot be backfilled (see FAILED above)");
      return 1;
    }
    out.println("result: " + (options.dryRun() ? "dry run complete, nothing written" : "done"));
    return 0;
  }

  /** The work without the header and summary: scans, maps, writes (or prints diffs), counts. */
  public static Report backfill(OpsDomain domain, DynamoDbClient client, String table, PrintStream out,
      Options options, BeforeWrite hook) {
    List<Integer> segments = options.segment() == null
        ? ParallelScan.allSegments(options.totalSegments()) : List.of(options.segment());
    Map<Outcome, AtomicLong> counts = new LinkedHashMap<>();
    for (Outcome o : Outcome.values()) {
      counts.put(o, new AtomicLong());
    }
    List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    RateLimiter limiter = new RateLimiter(options.dryRun() ? 0 : options.maxWritesPerSecond());
    BackfillRules rules = domain.backfill();
    BackfillRules.Copies copies = rules.copies(client, table);
    ModelValidator validator = new ModelValidator(domain.entities());
    long scanned = new ParallelScan(client, table).forEach(options.totalSegments(), segments, item -> {
      Outcome o = process(rules, validator, client, table, out, options, hook, limiter, copies, item, failures);
      counts.get(o).incrementAndGet();
    });
    Map<Outcome, Long> result = new LinkedHashMap<>();
    counts.forEach((o, n) -> result.put(o, n.get()));
    return new Report(scanned, result, List.copyOf(failures));
  }

  private static Outcome process(BackfillRules rules, ModelValidator validator, DynamoDbClient client, String table,
      PrintStream out, Options options, BeforeWrite hook, RateLimiter limiter, BackfillRules.Copies copies,
      Map<String, AttributeValue> item, List<String> failures) {
    String type = Items.type(item);
    if (options.type() != null && !options.type().equals(type)) {
      return Outcome.NOT_SELECTED;
    }
    long version = schemaVersion(item);
    if (version > Items.SCHEMA_VERSION) {
      return fail(out, failures, item, "SchemaVersion " + version + " is newer than this code ("
          + Items.SCHEMA_VERSION + "); never downgraded");
    }
    // An item carrying copies at the current version that breaks its chart (a child with the old
    // index keys, or without its parent's visibility copy) is selected too: the
    // model moved under it without a new SchemaVersion.
    if (version == Items.SCHEMA_VERSION && !options.force()
        && !(copies.carries(item) && !validator.validate(item).isEmpty())) {
      return Outcome.NOT_SELECTED;
    }
    Map<String, AttributeValue> source;
    try {
      source = copies.fill(item);
    } catch (IllegalStateException e) {
      return fail(out, failures, item, e.getMessage());
    }
    Optional<Map<String, AttributeValue>> mapped;
    try {
      mapped = rules.remap(source);
    } catch (RuntimeException e) {
      return fail(out, failures, item, "its model record cannot read it: " + e.getMessage());
    }
    if (mapped.isEmpty()) {
      return fail(out, failures, item, type == null ? "no Type" : "no model record for Type " + type);
    }
    Map<String, AttributeValue> next = mapped.get();
    if (!next.get(TableSchema.PK).equals(item.get(TableSchema.PK))
        || !next.get(TableSchema.SK).equals(item.get(TableSchema.SK))) {
      return fail(out, failures, item, "the current templates give another table key ("
          + ItemFormat.key(next) + "); backfill never moves items");
    }
    List<Violation> violations = validator.validate(next);
    if (!violations.isEmpty()) {
      return fail(out, failures, item, "the rewritten item would break its entity chart: " + violations);
    }
    List<String> diff = diff(item, next);
    if (diff.isEmpty()) {
      return Outcome.UNCHANGED;
    }
    String header = ItemFormat.key(item) + " (" + type + ", SchemaVersion " + version + " -> "
        + Items.SCHEMA_VERSION + ")";
    if (options.dryRun()) {
      print(out, "would rewrite " + header, diff);
      return Outcome.WOULD_REWRITE;
    }
    limiter.acquire();
    hook.accept(item, next);
    try {
      client.putItem(unchangedSince(table, item, next));
    } catch (ConditionalCheckFailedException e) {
      print(out, "skipped " + ItemFormat.key(item) + ": changed since it was read (the other writer wins)", List.of());
      return Outcome.CHANGED_CONCURRENTLY;
    }
    if (options.verbose()) {
      print(out, "rewrote " + header, diff);
    }
    return Outcome.REWRITTEN;
  }

  /**
   * PutItem of {@code next} on condition that the stored item is still {@code read}: each of its
   * attributes equal (maps compare whole), each attribute only {@code next} has still absent.
   */
  static PutItemRequest unchangedSince(String table, Map<String, AttributeValue> read,
      Map<String, AttributeValue> next) {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    List<String> terms = new ArrayList<>();
    int i = 0;
    for (String name : new TreeSet<>(read.keySet())) {
      names.put("#a" + i, name);
      values.put(":a" + i, read.get(name));
      terms.add("#a" + i + " = :a" + i);
      i++;
    }
    for (String name : new TreeSet<>(next.keySet())) {
      if (!read.containsKey(name)) {
        names.put("#a" + i, name);
        terms.add("attribute_not_exists(#a" + i + ")");
        i++;
      }
    }
    return PutItemRequest.builder().tableName(table).item(next)
        .conditionExpression(String.join(" AND ", terms))
        .expressionAttributeNames(names)
        .expressionAttributeValues(values)
        .build();
  }

  /** {@code + name: value}, {@code - name: value}, {@code ~ name: old -> new}, by attribute name. */
  static List<String> diff(Map<String, AttributeValue> before, Map<String, AttributeValue> after) {
    Set<String> names = new TreeSet<>(before.keySet());
    names.addAll(after.keySet());
    List<String> out = new ArrayList<>();
    for (String name : names) {
      AttributeValue b = before.get(name);
      AttributeValue a = after.get(name);
      if (b == null) {
        out.add("+ " + name + ": " + ItemFormat.compact(a));
      } else if (a == null) {
        out.add("- " + name + ": " + ItemFormat.compact(b));
      } else if (!a.equals(b)) {
        out.add("~ " + name + ": " + ItemFormat.compact(b) + " -> " + ItemFormat.compact(a));
      }
    }
    return out;
  }

  /** The stored SchemaVersion; 0 when missing or not a number (written before versions existed). */
  static long schemaVersion(Map<String, AttributeValue> item) {
    AttributeValue v = item.get(TableSchema.SCHEMA_VERSION);
    if (v == null || v.n() == null) {
      return 0;
    }
    try {
      return Long.parseLong(v.n());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static Outcome fail(PrintStream out, List<String> failures, Map<String, AttributeValue> item,
      String reason) {
    String line = ItemFormat.key(item) + ": " + reason;
    failures.add(line);
    print(out, "FAILED " + line, List.of());
    return Outcome.FAILED;
  }

  private static void print(PrintStream out, String line, List<String> details) {
    // Segments run in parallel: one item's lines stay together.
    synchronized (out) {
      out.println(line);
      details.forEach(d -> out.println("    " + d));
    }
  }

  private static String label(Outcome o) {
    return switch (o) {
      case NOT_SELECTED -> "not selected";
      case REWRITTEN -> "rewritten";
      case WOULD_REWRITE -> "would rewrite";
      case UNCHANGED -> "selected, no change";
      case CHANGED_CONCURRENTLY -> "changed concurrently";
      case FAILED -> "FAILED";
    };
  }

  private static String describe(List<Integer> segments) {
    return segments.size() == 1 ? segments.get(0).toString()
        : segments.get(0) + ".." + segments.get(segments.size() - 1);
  }

  private static String fmt(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
