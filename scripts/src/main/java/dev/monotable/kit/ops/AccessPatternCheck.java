package dev.monotable.kit.ops;

import dev.monotable.kit.cli.Args;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.forge.tools.ReadPatterns;
import dev.monotable.kit.cli.UsageException;

import dev.monotable.forge.catalog.AccessPattern;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code scripts/test-access-patterns}: runs every READ access pattern of the catalog against the
 * seeded table through the data-access layer (the demo call of {@link ReadPatterns}), counting the
 * DynamoDB requests with a {@link RequestCounter} installed in the client. A pattern fails when
 * it throws, scans, makes more requests than {@link ReadPatterns#requestBudget} allows, calls an
 * action its route is not granted, or queries another index than the catalog names.
 */
public final class AccessPatternCheck {

  static final String USAGE = """
      usage: scripts/test-access-patterns [--only AP14,AP15,...]

      Runs every read access pattern of the catalog against the seeded table (scripts/seed) through
      the data-access layer and prints, per pattern: operation, index, key condition, items returned,
      DynamoDB requests made and latency. A pattern fails when it errors, makes a Scan, makes more
      requests than allowed (1; 2 when its route reads a repository or membership before its Query),
      uses an action its route is not granted, or queries another index than the catalog says.

        --only   run only these patterns (comma-separated)

      Environment: DYNAMODB_ENDPOINT (default http://127.0.0.1:8000; "aws" for AWS), TABLE_NAME, AWS_REGION.
      Exit status: 0 every pattern passed, 1 a pattern failed, 2 bad usage.""";

  /**
   * Parsed command line.
   *
   * @param only the patterns to run, empty for every read pattern
   */
  public record Options(Set<AccessPattern> only) {}

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
  public record Result(AccessPattern ap, String call, int items, List<RequestCounter.Call> calls, int attempts,
      double millis, List<String> problems) {
    public boolean passed() {
      return problems.isEmpty();
    }
  }

  private AccessPatternCheck() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, env -> {
      Options options = parse(args);
      RequestCounter counter = new RequestCounter();
      try (DynamoDbClient client = env.client(counter)) {
        System.out.println("test-access-patterns: " + env.describe());
        return run(client, counter, env.table(), System.out, options);
      }
    });
  }

  public static Options parse(String... args) {
    Args a = Args.parse(args, Set.of(), Set.of("--only"));
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument " + a.positional().get(0));
    }
    Set<AccessPattern> only = new LinkedHashSet<>();
    if (a.option("--only") != null) {
      for (String name : a.option("--only").split(",")) {
        AccessPattern ap;
        try {
          ap = AccessPattern.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
          throw new UsageException("no access pattern " + name.trim());
        }
        if (!ReadPatterns.readPatterns().contains(ap)) {
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
  public static int run(DynamoDbClient client, RequestCounter counter, String table, PrintStream out,
      Options options) {
    return report(check(client, counter, table, options), out);
  }

  /** Prints the results as a table, then the failures; returns 0 when every pattern passed, else 1. */
  public static int report(List<Result> results, PrintStream out) {
    List<List<String>> rows = new ArrayList<>();
    for (Result r : results) {
      AccessPattern ap = r.ap();
      rows.add(List.of(ap.name(), r.passed() ? "ok" : "FAIL", ap.operation(),
          ap.index() == null ? "table" : ap.index().indexName(), Integer.toString(r.items()),
          r.calls().size() + "/" + ReadPatterns.requestBudget(ap)
              + (r.calls().isEmpty() ? "" : " " + ReadPatterns.operations(r.calls()))
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
    out.println();
    out.println(failed == 0
        ? "all " + results.size() + " read access patterns passed"
        : failed + " of " + results.size() + " read access patterns FAILED");
    return failed == 0 ? 0 : 1;
  }

  /** Runs the patterns (every read pattern, or {@code options.only()}) and judges each. */
  public static List<Result> check(DynamoDbClient client, RequestCounter counter, String table, Options options) {
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    TableGateway gateway = new TableGateway(client, table, new CursorCodec(secret), Clock.systemUTC());
    List<AccessPattern> patterns = ReadPatterns.readPatterns().stream()
        .filter(ap -> options.only().isEmpty() || options.only().contains(ap)).toList();
    // One unmeasured pass first: the first call of a JVM pays class loading and the connection,
    // which is not the pattern's latency.
    patterns.forEach(ap -> check(gateway, counter, ap));
    List<Result> results = new ArrayList<>();
    for (AccessPattern ap : patterns) {
      results.add(check(gateway, counter, ap));
    }
    return results;
  }

  /**
   * What is wrong with the calls one run of a pattern made: a Scan, an action its routes are not
   * granted, a Query of another index than the catalog names, more calls than its budget.
   */
  static List<String> judge(AccessPattern ap, List<RequestCounter.Call> calls) {
    List<String> problems = new ArrayList<>();
    Set<DynamoAction> granted = ReadPatterns.granted(ap);
    for (RequestCounter.Call call : calls) {
      DynamoAction action = ReadPatterns.action(call.operation());
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
    int budget = ReadPatterns.requestBudget(ap);
    if (calls.size() > budget) {
      problems.add("made " + calls.size() + " requests (" + ReadPatterns.operations(calls) + "), allowed " + budget);
    }
    return problems;
  }

  private static Result check(TableGateway gateway, RequestCounter counter, AccessPattern ap) {
    ReadPatterns.Pattern pattern = ReadPatterns.get(ap);
    if (pattern == null) {
      return new Result(ap, "", 0, List.of(), 0, 0,
          List.of("the catalog lists it as a read, but ReadPatterns has no call for it"));
    }
    ReadPatterns.Sample sample = pattern.sample();
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
    problems.addAll(judge(ap, calls));
    return new Result(ap, sample.describe(), items, calls, counter.attempts(), millis, List.copyOf(problems));
  }
}
