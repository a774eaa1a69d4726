package dev.monotable.kit.migrate.tool;

import java.util.List;
import java.util.Map;

/**
 * A domain's read patterns answered by two designs, the old one and the single table, each answer
 * in one comparable form (text, a list of texts): what {@code scripts/migrate verify} and a domain's
 * design comparison run through {@link PatternRunner}.
 */
public interface DesignPatterns {

  /**
   * One pattern with its arguments.
   *
   * @param pattern the pattern's id
   * @param args its arguments by name
   */
  record Case(String pattern, Map<String, String> args) {
    @Override
    public String toString() {
      return pattern + " " + args;
    }
  }

  /**
   * The cases to run: each read pattern for every key of the old design ({@code sample} 0), or for a
   * random sample of {@code sample} keys of each kind. Reads the old tables (an operator tool's Scan).
   */
  List<Case> cases(int sample, long seed);

  /** The old design's answer. */
  Object oldAnswer(Case c);

  /** The single table's answer. */
  Object newAnswer(Case c);
}
