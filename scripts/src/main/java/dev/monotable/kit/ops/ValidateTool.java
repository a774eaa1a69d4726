package dev.monotable.kit.ops;

import dev.monotable.forge.charts.EntityCharts;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.charts.ModelValidator.Kind;
import dev.monotable.kit.charts.ModelValidator.Violation;
import dev.monotable.forge.model.Repository;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * {@code scripts/validate}: reads the whole table with a parallel Scan (an operator tool; no
 * access pattern scans) and holds every item to its entity chart with
 * {@link ModelValidator#validate}, reporting violations grouped by Type and kind. It also checks
 * the denormalised counters: a repository's {@code StarCount} must equal the Star items filed
 * under it on GSI1 ({@code STAR#} sort keys, what AP21 lists) and its {@code ForkCount} the forks
 * filed under it on GSI2 ({@code FORK#}, what AP17 lists).
 *
 * <p>Counts come from the scanned items first; a repository that disagrees is confirmed with a
 * consistent GetItem and a {@code Select=COUNT} Query of the index, twice, half a second apart
 * (indexes are eventually consistent). {@code --fix-counters} then sets the counter with an
 * UpdateItem conditioned on the value the GetItem read, so a star or fork committed meanwhile
 * makes the repair fail rather than be overwritten (re-run the tool).
 */
public final class ValidateTool {

  static final String USAGE = """
      usage: scripts/validate [--fix-counters] [--segments n] [--examples n]

      Scans the whole table (parallel Scan: an operator tool, never an access pattern), validates
      every item against its entity chart (ModelValidator) and prints the violations grouped by
      Type and kind, with totals per Type. Also checks that every repository's StarCount equals
      its Star items on GSI1 and ForkCount its forks on GSI2.

        --fix-counters   repair wrong StarCount/ForkCount (UpdateItem conditioned on the value read)
        --segments n     parallel Scan segments (default 4)
        --examples n     items listed per Type and kind (default 10; counts are always complete)

      Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000; "aws" for AWS), TABLE_NAME, AWS_REGION.
      Exit status: 0 valid, 1 violations or counter mismatches left, 2 bad usage.""";

  /** Items without a Type are grouped under this label. */
  public static final String NO_TYPE = "(no Type)";

  /**
   * Parsed command line.
   *
   * @param fixCounters repair counter mismatches
   * @param segments parallel Scan segments
   * @param examples items listed per Type and kind
   * @param settleMillis wait between the two index counts that confirm a mismatch
   */
  public record Options(boolean fixCounters, int segments, int examples, long settleMillis) {}

  /** What happened to a counter that disagreed with its index. */
  public enum CounterStatus {
    /** Confirmed and left as is. */
    MISMATCH,
    /** Confirmed and repaired. */
    FIXED,
    /** The repository changed between the read and the repair; nothing written. */
    CHANGED_CONCURRENTLY,
    /** The index count moved between the two confirming counts; nothing decided. */
    UNSTABLE
  }

  /**
   * A repository counter that disagrees with its index.
   *
   * @param repository the repository's PK
   * @param attribute StarCount or ForkCount
   * @param stored the value on the repository item
   * @param actual items on the index
   * @param status what was done
   */
  public record CounterMismatch(String repository, String attribute, long stored, long actual, CounterStatus status) {}

  /**
   * One item breaking its chart.
   *
   * @param key {@code PK | SK}
   * @param violation the broken rule
   */
  public record Finding(String key, Violation violation) {}

  /**
   * Items of one Type: how many, how many invalid, the violations per kind (all counted, the first
   * {@code --examples} of each kept, so a badly broken table does not fill the memory).
   */
  public static final class TypeReport {
    long items;
    long invalidItems;
    final Map<Kind, Long> counts = new EnumMap<>(Kind.class);
    final Map<Kind, List<Finding>> byKind = new EnumMap<>(Kind.class);

    public long items() {
      return items;
    }

    public long invalidItems() {
      return invalidItems;
    }

    /** Violations per kind. */
    public Map<Kind, Long> counts() {
      return counts;
    }

    /** The first findings of each kind. */
    public Map<Kind, List<Finding>> byKind() {
      return byKind;
    }

    public long violations() {
      return counts.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /**
   * The whole result.
   *
   * @param scanned items read
   * @param byType per Type (sorted; {@link #NO_TYPE} for items without one)
   * @param repositories repositories whose counters were checked
   * @param counters counter disagreements
   * @param orphans index partitions holding stars or forks of a repository that does not exist
   */
  public record Report(long scanned, Map<String, TypeReport> byType, long repositories,
      List<CounterMismatch> counters, List<String> orphans) {

    public long violations() {
      return byType.values().stream().mapToLong(TypeReport::violations).sum();
    }

    public long invalidItems() {
      return byType.values().stream().mapToLong(TypeReport::invalidItems).sum();
    }

    /** Counter problems still in the table (everything but FIXED). */
    public long unresolvedCounters() {
      return counters.stream().filter(c -> c.status() != CounterStatus.FIXED).count();
    }

    public boolean valid() {
      return violations() == 0 && unresolvedCounters() == 0 && orphans.isEmpty();
    }
  }

  private ValidateTool() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, env -> {
      Options options = parse(args);
      try (DynamoDbClient client = env.client()) {
        System.out.println("validate: " + env.describe());
        return run(client, env.table(), System.out, options);
      }
    });
  }

  public static Options parse(String... args) {
    Args a = Args.parse(args, Set.of("--fix-counters"), Set.of("--segments", "--examples"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument " + a.positional().get(0));
    }
    return new Options(a.flag("--fix-counters"), a.intOption("--segments", 4, 1, 1000),
        a.intOption("--examples", 10, 0, 1_000_000), 500);
  }

  /** Validates, prints the report, returns the exit status. */
  public static int run(DynamoDbClient client, String table, PrintStream out, Options options) {
    long start = System.nanoTime();
    Report report = validate(client, table, options);
    double seconds = (System.nanoTime() - start) / 1e9;
    print(report, out, options, seconds);
    return report.valid() ? 0 : 1;
  }

  /** Scans, validates and checks counters (repairing them with {@code fixCounters}). */
  public static Report validate(DynamoDbClient client, String table, Options options) {
    Collector c = new Collector(options.examples());
    long scanned = new ParallelScan(client, table).forEach(options.segments(),
        ParallelScan.allSegments(options.segments()), c::accept);
    List<CounterMismatch> mismatches = new ArrayList<>();
    for (Map.Entry<String, long[]> repo : c.repositories.entrySet()) {
      String pk = repo.getKey();
      long stars = c.stars.getOrDefault(pk, 0L);
      long forks = c.forks.getOrDefault(pk, 0L);
      if (repo.getValue()[0] != stars || repo.getValue()[1] != forks) {
        mismatches.addAll(confirm(client, table, pk, options));
      }
    }
    Set<String> orphans = new TreeSet<>();
    for (String pk : c.stars.keySet()) {
      if (!c.repositories.containsKey(pk)) {
        orphans.add(pk + ": " + c.stars.get(pk) + " Star item(s) on GSI1 of a missing repository");
      }
    }
    for (String pk : c.forks.keySet()) {
      if (!c.repositories.containsKey(pk)) {
        orphans.add(pk + ": " + c.forks.get(pk) + " fork(s) on GSI2 of a missing repository");
      }
    }
    return new Report(scanned, new TreeMap<>(c.byType), c.repositories.size(), List.copyOf(mismatches),
        List.copyOf(orphans));
  }

  /** Gathers per-Type results and the counter inputs; called from every scan thread. */
  private static final class Collector {
    final Map<String, TypeReport> byType = new LinkedHashMap<>();
    final Map<String, long[]> repositories = new TreeMap<>();
    final Map<String, Long> stars = new TreeMap<>();
    final Map<String, Long> forks = new TreeMap<>();
    final int examples;

    Collector(int examples) {
      this.examples = examples;
    }

    synchronized void accept(Map<String, AttributeValue> item) {
      String type = Items.type(item);
      TypeReport t = byType.computeIfAbsent(type == null || type.isEmpty() ? NO_TYPE : type, k -> new TypeReport());
      t.items++;
      List<Violation> violations = EntityCharts.VALIDATOR.validate(item);
      if (!violations.isEmpty()) {
        t.invalidItems++;
        String key = ItemFormat.key(item);
        for (Violation v : violations) {
          t.counts.merge(v.kind(), 1L, Long::sum);
          List<Finding> kept = t.byKind.computeIfAbsent(v.kind(), k -> new ArrayList<>());
          if (kept.size() < examples) {
            kept.add(new Finding(key, v));
          }
        }
      }
      String pk = Items.s(item, TableSchema.PK);
      if (Repository.TYPE.equals(type) && pk != null) {
        repositories.put(pk, new long[] {Items.n(item, Repository.STAR_COUNT), Items.n(item, Repository.FORK_COUNT)});
      }
      String gsi1sk = Items.s(item, Gsi.GSI1.sk());
      String gsi1pk = Items.s(item, Gsi.GSI1.pk());
      if (gsi1pk != null && gsi1sk != null && gsi1sk.startsWith(Keys.stargazersPrefix())) {
        stars.merge(gsi1pk, 1L, Long::sum);
      }
      String gsi2sk = Items.s(item, Gsi.GSI2.sk());
      String gsi2pk = Items.s(item, Gsi.GSI2.pk());
      if (gsi2pk != null && gsi2sk != null && gsi2sk.startsWith(Keys.forksPrefix())) {
        forks.merge(gsi2pk, 1L, Long::sum);
      }
    }
  }

  /** Re-reads one repository and counts its index entries; repairs when asked. */
  private static List<CounterMismatch> confirm(DynamoDbClient client, String table, String pk, Options options) {
    Map<String, AttributeValue> key = Map.of(TableSchema.PK, AttributeValue.fromS(pk),
        TableSchema.SK, AttributeValue.fromS(pk));
    GetItemResponse read = client.getItem(GetItemRequest.builder().tableName(table).key(key).consistentRead(true)
        .build());
    if (!read.hasItem() || read.item().isEmpty()) {
      return List.of();
    }
    List<CounterMismatch> out = new ArrayList<>();
    check(client, table, key, read.item(), Repository.STAR_COUNT, Gsi.GSI1, Keys.stargazersPrefix(), options)
        .ifPresent(out::add);
    check(client, table, key, read.item(), Repository.FORK_COUNT, Gsi.GSI2, Keys.forksPrefix(), options)
        .ifPresent(out::add);
    return out;
  }

  private static Optional<CounterMismatch> check(DynamoDbClient client, String table,
      Map<String, AttributeValue> key, Map<String, AttributeValue> repo, String attribute, Gsi gsi, String prefix,
      Options options) {
    String pk = key.get(TableSchema.PK).s();
    AttributeValue storedValue = repo.get(attribute);
    long stored = Items.n(repo, attribute);
    long first = count(client, table, gsi, pk, prefix);
    if (options.settleMillis() > 0 && first != stored) {
      sleep(options.settleMillis());
    }
    long actual = count(client, table, gsi, pk, prefix);
    if (actual == stored && storedValue != null) {
      return Optional.empty();
    }
    if (actual != first) {
      return Optional.of(new CounterMismatch(pk, attribute, stored, actual, CounterStatus.UNSTABLE));
    }
    if (!options.fixCounters()) {
      return Optional.of(new CounterMismatch(pk, attribute, stored, actual, CounterStatus.MISMATCH));
    }
    try {
      client.updateItem(UpdateItemRequest.builder().tableName(table).key(key)
          .updateExpression("SET #counter = :actual")
          .conditionExpression(storedValue == null
              ? "attribute_exists(#pk) AND attribute_not_exists(#counter)"
              : "attribute_exists(#pk) AND #counter = :stored")
          .expressionAttributeNames(Map.of("#counter", attribute, "#pk", TableSchema.PK))
          .expressionAttributeValues(storedValue == null
              ? Map.of(":actual", AttributeValue.fromN(Long.toString(actual)))
              : Map.of(":actual", AttributeValue.fromN(Long.toString(actual)), ":stored", storedValue))
          .build());
      return Optional.of(new CounterMismatch(pk, attribute, stored, actual, CounterStatus.FIXED));
    } catch (ConditionalCheckFailedException e) {
      return Optional.of(new CounterMismatch(pk, attribute, stored, actual,
          CounterStatus.CHANGED_CONCURRENTLY));
    }
  }

  /** Items of one index partition under a sort-key prefix: Select=COUNT Queries, page by page. */
  static long count(DynamoDbClient client, String table, Gsi gsi, String partition, String prefix) {
    Paginator pages = Paginator.query(client, () -> QueryRequest.builder().tableName(table)
        .indexName(gsi.indexName())
        .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
        .expressionAttributeNames(Map.of("#pk", gsi.pk(), "#sk", gsi.sk()))
        .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
            ":prefix", AttributeValue.fromS(prefix)))
        .select(Select.COUNT));
    long n = 0;
    do {
      n += pages.next().count();
    } while (pages.hasNext());
    return n;
  }

  private static void print(Report r, PrintStream out, Options options, double seconds) {
    out.printf(Locale.ROOT, "scanned %d items (%d parallel Scan segments) in %.1f s%n", r.scanned(),
        options.segments(), seconds);
    out.println();
    List<List<String>> rows = new ArrayList<>();
    r.byType().forEach((type, t) -> rows.add(List.of(type, Long.toString(t.items()), Long.toString(t.invalidItems()),
        Long.toString(t.violations()))));
    rows.add(List.of("total", Long.toString(r.scanned()), Long.toString(r.invalidItems()),
        Long.toString(r.violations())));
    ItemFormat.aligned(List.of("Type", "items", "invalid", "violations"), rows, out);

    if (r.violations() > 0) {
      out.println();
      out.println("Violations by Type and kind:");
      r.byType().forEach((type, t) -> t.counts().forEach((kind, count) -> {
        out.println("  " + type + "  " + kind + "  " + count);
        List<Finding> findings = t.byKind().getOrDefault(kind, List.of());
        findings.forEach(f -> out.println("    " + f.key() + "  "
            + (f.violation().attribute() == null ? "" : f.violation().attribute() + ": ") + f.violation().message()));
        if (count > findings.size()) {
          out.println("    ... and " + (count - findings.size()) + " more");
        }
      }));
    }

    out.println();
    out.println("Counters: " + r.repositories() + " repositories, StarCount vs Star items on GSI1, "
        + "ForkCount vs forks on GSI2");
    if (r.counters().isEmpty() && r.orphans().isEmpty()) {
      out.println("  all match");
    }
    for (CounterMismatch m : r.counters()) {
      String what = switch (m.status()) {
        case MISMATCH -> "mismatch (--fix-counters repairs it)";
        case FIXED -> "FIXED: " + m.attribute() + " = " + m.actual();
        case CHANGED_CONCURRENTLY -> "not fixed: the repository changed meanwhile; run again";
        case UNSTABLE -> "not decided: the index count moved while checking; run again";
      };
      out.println("  " + m.repository() + "  " + m.attribute() + " " + m.stored() + ", index holds " + m.actual()
          + "  " + what);
    }
    r.orphans().forEach(o -> out.println("  " + o));

    out.println();
    if (r.valid()) {
      long fixed = r.counters().size();
      out.println("result: valid" + (fixed > 0 ? " (" + fixed + " counter(s) fixed)" : ""));
    } else {
      out.println("result: INVALID: " + r.violations() + " violation(s) in " + r.invalidItems() + " item(s), "
          + r.unresolvedCounters() + " counter mismatch(es), " + r.orphans().size() + " orphan index partition(s)");
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
