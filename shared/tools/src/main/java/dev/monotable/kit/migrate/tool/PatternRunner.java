package dev.monotable.kit.migrate.tool;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Runs cases of {@link DesignPatterns} on both designs and compares the answers: {@code scripts/migrate
 * verify}, and the answer check of a domain's design comparison. A side that fails answers
 * {@code error: <exception>: <message>}, so a missing item is a difference, not a crash.
 */
public final class PatternRunner {
  private PatternRunner() {}

  /** One case the designs answered differently. */
  public record Difference(DesignPatterns.Case c, Object oldAnswer, Object newAnswer) {
    @Override
    public String toString() {
      return c + "\n    old: " + oldAnswer + "\n    new: " + newAnswer;
    }
  }

  /**
   * A run's result.
   *
   * @param runs cases run per pattern
   * @param differences every case answered differently
   */
  public record Result(Map<String, Integer> runs, List<Difference> differences) {
    public boolean alike() {
      return differences.isEmpty();
    }

    public void print(PrintStream out) {
      runs.forEach((p, n) -> out.printf(Locale.ROOT, "  %-16s %,6d cases, %,d different%n", p, n,
          differences.stream().filter(d -> d.c().pattern().equals(p)).count()));
      differences.forEach(d -> out.println("  DIFFERENT " + d));
      out.println("result: " + (alike() ? "both designs answer every case alike"
          : differences.size() + " case(s) answered differently"));
    }
  }

  /** Compares one case: null when alike. */
  public static Difference compare(DesignPatterns patterns, DesignPatterns.Case c) {
    Object o = answer(() -> patterns.oldAnswer(c));
    Object n = answer(() -> patterns.newAnswer(c));
    return Objects.equals(o, n) ? null : new Difference(c, o, n);
  }

  /** Runs every case on both designs. */
  public static Result run(DesignPatterns patterns, List<DesignPatterns.Case> cases, PrintStream progress) {
    Map<String, Integer> runs = new LinkedHashMap<>();
    List<Difference> differences = new ArrayList<>();
    int done = 0;
    for (DesignPatterns.Case c : cases) {
      runs.merge(c.pattern(), 1, Integer::sum);
      Difference d = compare(patterns, c);
      if (d != null) {
        differences.add(d);
      }
      done++;
      if (progress != null && (done % 100 == 0 || done == cases.size())) {
        progress.printf(Locale.ROOT, "\rverify %,d/%,d cases", done, cases.size());
        progress.flush();
      }
    }
    if (progress != null && !cases.isEmpty()) {
      progress.println();
    }
    return new Result(runs, differences);
  }

  private static Object answer(java.util.function.Supplier<Object> read) {
    try {
      return read.get();
    } catch (RuntimeException e) {
      return "error: " + e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }
}
