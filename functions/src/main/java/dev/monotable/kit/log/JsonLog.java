package dev.monotable.kit.log;

import dev.monotable.kit.Env;
import dev.monotable.kit.json.Json;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One JSON object per line on stdout; CloudWatch Logs (and Logs Insights) parse it as structured
 * fields. A line's {@code level} field is compared with {@code LOG_LEVEL} (set by infra, default
 * INFO): lines below it are not written. Callers must never put tokens, cursors or request bodies
 * in a line.
 */
public final class JsonLog {
  /** The levels, least severe first (Powertools' names). */
  public static final List<String> LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR");

  private static final String THRESHOLD = threshold(Env.get(Env.LOG_LEVEL));

  private JsonLog() {}

  /** Writes the line to stdout unless its level is below {@code LOG_LEVEL}. */
  public static void write(Map<String, Object> line) {
    write(line, THRESHOLD, System.out);
  }

  /** Writes the line to {@code out} unless its {@code level} is below {@code threshold}. */
  static void write(Map<String, Object> line, String threshold, PrintStream out) {
    if (enabled(String.valueOf(line.get("level")), threshold)) {
      out.println(Json.write(line));
    }
  }

  /** True when a line of {@code level} passes {@code threshold}; a line of unknown level always does. */
  static boolean enabled(String level, String threshold) {
    int rank = LEVELS.indexOf(level.toUpperCase(Locale.ROOT));
    return rank < 0 || rank >= LEVELS.indexOf(threshold);
  }

  /** The configured level, INFO when unset or not one of {@link #LEVELS}. */
  static String threshold(String configured) {
    String level = configured == null ? "INFO" : configured.trim().toUpperCase(Locale.ROOT);
    return LEVELS.contains(level) ? level : "INFO";
  }
}
