package dev.monotable.kit.ops;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.local.DomainTables;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code scripts/test-access-patterns}: runs every READ access pattern of the domain's catalog
 * against the seeded table through the data-access layer (the sample call of each
 * {@link ReadPattern}), counting the DynamoDB requests with a {@link RequestCounter} installed in
 * the client. A pattern fails when it throws, scans, makes more requests than
 * {@link ReadPatternSet#requestBudget} allows, calls an action its route is not granted, or
 * queries another index than the catalog names.
 */
public final class AccessPatternCheck {

  static final String USAGE = """
      usage: scripts/test-access-patterns [--only AP14,AP15,...] [--domain <id>]

      Runs every read access pattern of the catalog against the seeded table (scripts/seed) through
      the data-access layer and prints, per pattern: operation, index, key condition, items returned,
      DynamoDB requests made and latency. A pattern fails when it errors, makes a Scan, makes more
      requests than allowed (1, or the allowance its declaration names and explains),
      uses an action its route is not granted, or queries another index than the catalog says.

        --only     run only these patterns (comma-separated)
        --domain   the domain whose patterns run (default: MONOTABLE_DOMAIN, else the first
                   registered)

      Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000; "aws" for AWS), TABLE_NAME, AWS_REGION.
      Exit status: 0 every pattern passed, 1 a pattern failed, 2 bad usage.""";

  /**
   * Parsed command line.
   *
   * @param only the patterns to run, empty for every read pattern
   */
  public record Options(Set<AccessPatternSpec> only) {}

  /**
   * The outcome of one pattern.
   *
   * @param ap the pattern
   * @param call what was called (parameters and caller)
   * @param items items returned
   * @param calls the DynamoDB calls made
   * @param attempts HTTP attempts (more than calls when the SDK retried)
   * @param millis latency of the whole DAL call
   * @param problems why it failed; empty when it passed
   */
  public record Result(AccessPatternSpec ap, String call, int items, List<RequestCounter.Call> calls, int attempts,
      double millis, List<String> problems) {
    public boolean passed() {
      return problems.isEmpty();
    }
  }

  private AccessPatternCheck() {}

  /**
   * {@code scripts/test-access-patterns}; {@code domains} resolves {@code --domain} (null: the default),
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
      Options options = parse(domain, chosen.rest());
      RequestCounter counter = new RequestCounter();
      try (DynamoDbClient client = env.client(counter)) {
        DomainTables.requireHolds(client, env.table(), domain.domain());
        counter.reset();
        out.println("test-access-patterns: " + env.describe());
        return run(domain, client, counter, env.table(), out, options);
      }
    }, out, err);
  }

  public static Options parse(OpsDomain domain, String... args) {
    Args a = Args.parse(args, Set.of(), Set.of("--only"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument " + a.positional().get(0));
    }
    ReadPatternSet reads = ReadPatternSet.of(domain);
    Set<AccessPatternSpec> only = new LinkedHashSet<>();
    if (a.option("--only") != null) {
      for (String name : a.option("--only").split(",")) {
        AccessPatternSpec ap = reads.byName(name);
        if (ap == null) {
          throw new UsageException("no access pattern " + name.trim());
        }
        if (!reads.readPatterns().contains(ap)) {
          throw new UsageException(ap.name() + " is not a read pattern");
        }
        only.add(ap);
      }
    }
    return new Options(only);
  }

  /**
   * Runs the patterns and prints the report.
   *
   * @param counter the interceptor installed in {@code client}
   * @return 0 when every pattern passed, else 1
   */
  public static int run(OpsDomain domain, DynamoDbClient client, RequestCounter counter, String table,
      PrintStream out, Options options) {
    return report(domain, check(domain, client, counter, table, options), out);
  }

  /** Prints the results as a table, then the failures; returns 0 when every pattern passed, else 1. */
  public static int report(OpsDomain domain, List<Result> results, PrintStream out) {
    ReadPatternSet reads = ReadPatternSet.of(domain);
    List<List<String>> rows = new ArrayList<>();
    for (Result r : results) {
      AccessPatternSpec ap = r.ap();
      rows.add(List.of(ap.name(), r.passed() ? "ok" : "FAIL", ap.operation(),
          ap.index() == null ? "table" : ap.index().indexName(), Integer.toString(r.items()),
          r.calls().size() + "/" + reads.requestBudget(ap)
              + (r.calls().isEmpty() ? "" : " " + ReadPatternSet.operations(r.calls()))
              + (r.attempts() > r.calls().size() ? " (" + r.attempts() + " attempts)" : ""),
          String.format(Locale.ROOT, "%.1f", r.millis()), r.call(), ap.keyCondition()));
    }
    out.println("latency: one DAL call after a warm-up pass; requests: DynamoDB calls made / allowed");
    out.println();
    ItemFormat.aligned(List.of("AP", "result", "operation", "index", "items", "requests/allowed", "ms", "call",
        "key condition"), rows, out);
    long failed = results.stream().filter(r -> !r.passed()).count();
    if (failed > 0) {
      out.println();
      out.println("Failures:");
      for (Result r : results) {
        for (String problem : r.problems()) {
          out.println("  " + r.ap().name() + " " + r.ap().description() + ": " + problem);
        }
      }
    }
    List<String> empty = results.stream().filter(r -> r.passed() && r.items() == 0).map(r -> r.ap().name()).toList();
    if (!empty.isEmpty()) {
      // An empty answer proves the request, not the data: say so rather than let it pass unseen.
      out.println();
      out.println("note: " + String.join(", ", empty) + " answered no items: the sample misses this table's data "
          + "(scripts/seed writes the data the samples name)");
    }
    out.println();
    out.println(failed == 0
        ? "all " + results.size() + " read access patterns passed"
        : failed + " of " + results.size() + " read access patterns FAILED");
    return failed == 0 ? 0 : 1;
  }

  /** Runs the patterns (every read pattern, or {@code options.only()}) and judges each. */
  public static List<Result> check(OpsDomain domain, DynamoDbClient client, RequestCounter counter, String table,
      Options options) {
    ReadPatternSet reads = ReadPatternSet.of(domain);
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    TableGateway gateway = new TableGateway(client, table, new CursorCodec(secret), Clock.systemUTC());
    List<AccessPatternSpec> patterns = reads.readPatterns().stream()
        .filter(ap -> options.only().isEmpty() || options.only().contains(ap)).toList();
    // One unmeasured pass first: the first call of a JVM pays class loading and the connection,
    // which is not the pattern's latency.
    patterns.forEach(ap -> check(reads, gateway, counter, ap));
    List<Result> results = new ArrayList<>();
    for (AccessPatternSpec ap : patterns) {
      results.add(check(reads, gateway, counter, ap));
    }
    return results;
  }

  /**
   * What is wrong with the calls one run of a pattern made: a Scan, an action its routes are not
   * granted, a Query of another index than the catalog names, more calls than its budget.
   */
  public static List<String> judge(ReadPatternSet reads, AccessPatternSpec ap, List<RequestCounter.Call> calls) {
    List<String> problems = new ArrayList<>();
    Set<DynamoAction> granted = reads.granted(ap);
    for (RequestCounter.Call call : calls) {
      DynamoAction action = ReadPatternSet.action(call.operation());
      if (call.operation().equals("Scan")) {
        problems.add("made a Scan: access patterns read by key");
      } else if (action == null || !granted.contains(action)) {
        problems.add("called " + call.operation() + ", which its route is not granted (" + granted + ")");
      }
      if (call.operation().equals("Query")) {
        String expected = ap.index() == null ? null : ap.index().indexName();
        if (expected == null ? call.index() != null : !expected.equals(call.index())) {
          problems.add("queried " + (call.index() == null ? "the table" : call.index()) + ", the catalog says "
              + (expected == null ? "the table" : expected));
        }
      }
    }
    int budget = reads.requestBudget(ap);
    if (calls.size() > budget) {
      problems.add("made " + calls.size() + " requests (" + ReadPatternSet.operations(calls) + "), allowed " + budget);
    }
    return problems;
  }

  private static Result check(ReadPatternSet reads, TableGateway gateway, RequestCounter counter,
      AccessPatternSpec ap) {
    ReadPattern pattern = reads.get(ap);
    if (pattern == null) {
      return new Result(ap, "", 0, List.of(), 0, 0,
          List.of("the catalog lists it as a read, but the domain's read patterns have no call for it"));
    }
    ReadPattern.Sample sample = pattern.sample();
    List<String> problems = new ArrayList<>();
    int items = 0;
    counter.reset();
    long start = System.nanoTime();
    try {
      Page<Map<String, AttributeValue>> page = pattern.run(gateway, sample.caller(), sample.params(),
          PageRequest.first(PageRequest.DEFAULT_LIMIT));
      items = page.items().size();
    } catch (RuntimeException e) {
      problems.add("error " + e.getClass().getSimpleName() + ": " + e.getMessage()
          + " (is the table seeded? scripts/seed)");
    }
    double millis = (System.nanoTime() - start) / 1_000_000.0;
    List<RequestCounter.Call> calls = counter.calls();
    problems.addAll(judge(reads, ap, calls));
    return new Result(ap, sample.describe(), items, calls, counter.attempts(), millis, List.copyOf(problems));
  }
}
