package dev.monotable.kit.ops;

import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.charts.ModelValidator.Kind;
import dev.monotable.kit.charts.ModelValidator.Violation;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.local.DomainTables;
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
import java.util.function.Function;
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
 * access pattern scans) and holds every item to its entity chart (the domain's
 * {@link dev.monotable.kit.charts.EntityModel}) with {@link ModelValidator#validate}, reporting
 * violations grouped by Type and kind. It also checks the domain's denormalised counters
 * ({@link CounterCheck}): a counter kept on an owner item must equal the number of index
 * entries filed under that owner with the declared sort-key prefix (the entries a list pattern reads).
 *
 * <p>Counts come from the scanned items first; an owner that disagrees is confirmed with a
 * consistent GetItem and a {@code Select=COUNT} Query of the index, twice, half a second apart
 * (indexes are eventually consistent). {@code --fix-counters} then sets the counter with an
 * UpdateItem conditioned on the value the GetItem read, so a star or fork committed meanwhile
 * makes the repair fail rather than be overwritten (re-run the tool).
 */
public final class ValidateTool {

  static final String USAGE = """
      usage: scripts/validate [--fix-counters] [--segments n] [--examples n] [--domain <id>]

      Scans the whole table (parallel Scan: an operator tool, never an access pattern), validates
      every item against its entity chart (ModelValidator) and prints the violations grouped by
      Type and kind, with totals per Type. Also checks every counter the domain declares (a count
      stored on an item against the items it counts, read by key) and reports each that disagrees.

        --fix-counters   repair wrong counters (UpdateItem conditioned on the value read)
        --segments n     parallel Scan segments (default 4)
        --examples n     items listed per Type and kind (default 10; counts are always complete)
        --domain id      the domain whose charts and counters apply (default: MONOTABLE_DOMAIN, else the
                         first registered)

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
    /** The counter's owner changed between the read and the repair; nothing written. */
    CHANGED_CONCURRENTLY,
    /** The index count moved between the two confirming counts; nothing decided. */
    UNSTABLE
  }

  /**
   * A stored counter that disagrees with the items it counts.
   *
   * @param owner the PK of the item holding the counter
   * @param attribute StarCount or ForkCount
   * @param stored the value on the owner item
   * @param actual items on the index
   * @param status what was done
   */
  public record CounterMismatch(String owner, String attribute, long stored, long actual, CounterStatus status) {}

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
   * @param counterOwners owner items whose counters were checked
   * @param counters counter disagreements
   * @param orphans index partitions holding counted items of an owner that does not exist
   */
  public record Report(long scanned, Map<String, TypeReport> byType, long counterOwners,
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

  /**
   * {@code scripts/validate}; {@code domains} resolves {@code --domain} (null: the default),
   * {@code localTables} that domain's own table (the default of {@code TABLE_NAME}).
   */
  public static void main(String[] args, Function<String, OpsDomain> domains,
      Function<String, String> localTables) {
    System.exit(execute(args, domains, id -> OpsEnvironment.fromEnvironment(localTables.apply(id)), System.out,
        System.err));
  }

  /**
   * The command without the exit: {@code environments} gives the environment of the domain id
   * {@code --domain} names (null: the default); the tool refuses a table that holds another
   * domain's items ({@link DomainTables#requireHolds}). Returns the exit status.
   */
  public static int execute(String[] args, Function<String, OpsDomain> domains,
      Function<String, OpsEnvironment> environments, PrintStream out, PrintStream err) {
    return OpsMain.run(USAGE, args, () -> environments.apply(DomainOption.take(args).id()), env -> {
      DomainOption chosen = DomainOption.take(args);
      OpsDomain domain = domains.apply(chosen.id());
      Options options = parse(chosen.rest());
      try (DynamoDbClient client = env.client()) {
        DomainTables.requireHolds(client, env.table(), domain.domain());
        out.println("validate: " + env.describe());
        return run(domain, client, env.table(), out, options);
      }
    }, out, err);
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
  public static int run(OpsDomain domain, DynamoDbClient client, String table, PrintStream out, Options options) {
    long start = System.nanoTime();
    Report report = validate(domain, client, table, options);
    double seconds = (System.nanoTime() - start) / 1e9;
    print(domain, report, out, options, seconds);
    return report.valid() ? 0 : 1;
  }

  /** Scans, validates and checks counters (repairing them with {@code fixCounters}). */
  public static Report validate(OpsDomain domain, DynamoDbClient client, String table, Options options) {
    List<CounterCheck> checks = domain.counters();
    Collector c = new Collector(new ModelValidator(domain.entities()), checks, options.examples());
    long scanned = new ParallelScan(client, table).forEach(options.segments(),
        ParallelScan.allSegments(options.segments()), c::accept);
    List<CounterMismatch> mismatches = new ArrayList<>();
    for (Map.Entry<String, Map<CounterCheck, Long>> owner : c.owners.entrySet()) {
      String pk = owner.getKey();
      List<CounterCheck> disagreeing = new ArrayList<>();
      owner.getValue().forEach((check, stored) -> {
        if (stored.longValue() != c.counted.get(check).getOrDefault(pk, 0L).longValue()) {
          disagreeing.add(check);
        }
      });
      if (!disagreeing.isEmpty()) {
        // Every counter of a disagreeing owner is confirmed: one consistent read covers them all.
        mismatches.addAll(confirm(client, table, pk, List.copyOf(owner.getValue().keySet()), options));
      }
    }
    Set<String> orphans = new TreeSet<>();
    for (CounterCheck check : checks) {
      Map<String, Long> counted = c.counted.get(check);
      for (String pk : counted.keySet()) {
        if (!c.owners.containsKey(pk)) {
          orphans.add(pk + ": " + counted.get(pk) + " " + check.counted() + "(s) on " + check.index().name()
              + " of a missing " + check.owner());
        }
      }
    }
    return new Report(scanned, new TreeMap<>(c.byType), c.owners.size(), List.copyOf(mismatches),
        List.copyOf(orphans));
  }

  /** Gathers per-Type results and the counter inputs; called from every scan thread. */
  private static final class Collector {
    final ModelValidator validator;
    final List<CounterCheck> checks;
    final Map<String, TypeReport> byType = new LinkedHashMap<>();
    /** Owner PK to each of its counters' stored value. */
    final Map<String, Map<CounterCheck, Long>> owners = new TreeMap<>();
    /** Per check, index partition to the entries counted there. */
    final Map<CounterCheck, Map<String, Long>> counted = new LinkedHashMap<>();
    final int examples;

    Collector(ModelValidator validator, List<CounterCheck> checks, int examples) {
      this.validator = validator;
      this.checks = checks;
      this.examples = examples;
      checks.forEach(check -> counted.put(check, new TreeMap<>()));
    }

    synchronized void accept(Map<String, AttributeValue> item) {
      String type = Items.type(item);
      TypeReport t = byType.computeIfAbsent(type == null || type.isEmpty() ? NO_TYPE : type, k -> new TypeReport());
      t.items++;
      List<Violation> violations = validator.validate(item);
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
      for (CounterCheck check : checks) {
        if (check.ownerType().equals(type) && pk != null) {
          owners.computeIfAbsent(pk, k -> new LinkedHashMap<>()).put(check, Items.n(item, check.attribute()));
        }
        Gsi gsi = check.index();
        String indexSk = Items.s(item, gsi.sk());
        String indexPk = Items.s(item, gsi.pk());
        if (indexPk != null && indexSk != null && indexSk.startsWith(check.sortKeyPrefix())) {
          counted.get(check).merge(indexPk, 1L, Long::sum);
        }
      }
    }
  }

  /** Re-reads one owner item and counts its index entries; repairs when asked. */
  private static List<CounterMismatch> confirm(DynamoDbClient client, String table, String pk,
      List<CounterCheck> checks, Options options) {
    Map<String, AttributeValue> key = Map.of(TableSchema.PK, AttributeValue.fromS(pk),
        TableSchema.SK, AttributeValue.fromS(pk));
    GetItemResponse read = client.getItem(GetItemRequest.builder().tableName(table).key(key).consistentRead(true)
        .build());
    if (!read.hasItem() || read.item().isEmpty()) {
      return List.of();
    }
    List<CounterMismatch> out = new ArrayList<>();
    for (CounterCheck check : checks) {
      check(client, table, key, read.item(), check.attribute(), check.index(), check.sortKeyPrefix(), options)
          .ifPresent(out::add);
    }
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

  private static void print(OpsDomain domain, Report r, PrintStream out, Options options, double seconds) {
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
    List<CounterCheck> checks = domain.counters();
    if (!checks.isEmpty()) {
      out.println("Counters: " + r.counterOwners() + " " + String.join("/", checks.stream().map(CounterCheck::owners)
          .distinct().toList()) + ", " + String.join(", ", checks.stream().map(c -> c.attribute() + " vs "
          + c.counted() + "s on " + c.index().name()).toList()));
    }
    if (!checks.isEmpty() && r.counters().isEmpty() && r.orphans().isEmpty()) {
      out.println("  all match");
    }
    for (CounterMismatch m : r.counters()) {
      String what = switch (m.status()) {
        case MISMATCH -> "mismatch (--fix-counters repairs it)";
        case FIXED -> "FIXED: " + m.attribute() + " = " + m.actual();
        case CHANGED_CONCURRENTLY -> "not fixed: the " + ownerOf(checks, m.attribute()) + " changed meanwhile; run again";
        case UNSTABLE -> "not decided: the index count moved while checking; run again";
      };
      out.println("  " + m.owner() + "  " + m.attribute() + " " + m.stored() + ", index holds " + m.actual()
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

  /** The owner word of the check of this counter attribute. */
  private static String ownerOf(List<CounterCheck> checks, String attribute) {
    return checks.stream().filter(c -> c.attribute().equals(attribute)).map(CounterCheck::owner).findFirst()
        .orElse("item");
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
