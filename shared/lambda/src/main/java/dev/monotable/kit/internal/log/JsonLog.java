package dev.monotable.kit.internal.log;

import dev.monotable.kit.log.Emf;
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
 *
 * <p>A line that carries metrics (an {@link Emf} {@code _aws} block: the one line of each
 * invocation) is written whatever the level, since CloudWatch takes the metrics from it. Every line
 * carries the X-Ray {@code traceId} of the invocation it belongs to when Lambda traces it, so a log
 * line leads to its trace and back.
 */
public final class JsonLog {
  /** The levels, least severe first (Powertools' names). */
  public static final List<String> LEVELS = List.of("TRACE", "DEBUG", "INFO", "WARN", "ERROR");

  private static final String THRESHOLD = threshold(Env.get(Env.LOG_LEVEL));

  /**
   * The system property the Lambda Java runtime sets to each invocation's X-Ray trace header
   * ({@code Root=1-...;Parent=...;Sampled=1}); unset outside Lambda.
   */
  static final String TRACE_HEADER_PROPERTY = "com.amazonaws.xray.traceHeader";

  private JsonLog() {}

  /** Writes the line to {@code out} unless its level is below {@code LOG_LEVEL} (a signal's own stream, tests). */
  public static void write(Map<String, Object> line, PrintStream out) {
    write(line, THRESHOLD, out);
  }

  /** Writes the line to stdout unless its level is below {@code LOG_LEVEL}. */
  public static void write(Map<String, Object> line) {
    write(line, THRESHOLD, System.out);
  }

  /** Writes the line to {@code out} unless its {@code level} is below {@code threshold}. */
  static void write(Map<String, Object> line, String threshold, PrintStream out) {
    if (line.containsKey("_aws") || enabled(String.valueOf(line.get("level")), threshold)) {
      String traceId = traceId(System.getProperty(TRACE_HEADER_PROPERTY));
      if (traceId != null && !line.containsKey("traceId")) {
        line = new java.util.LinkedHashMap<>(line);
        line.put("traceId", traceId);
      }
      out.println(Json.write(line));
    }
  }

  /**
   * Writes a line built by hand: {@code open} is a JSON object without its closing brace, whose
   * {@code level} is {@code level}; {@code metrics} says whether it holds an {@link Emf} block. The
   * same rules and the same text as {@link #write(Map)} on the equivalent map: the level decides
   * unless the line carries metrics, and the trace id comes last.
   */
  public static void writeOpen(StringBuilder open, String level, boolean metrics) {
    writeOpen(open, level, metrics, THRESHOLD, System.out);
  }

  static void writeOpen(StringBuilder open, String level, boolean metrics, String threshold, PrintStream out) {
    if (metrics || enabled(level, threshold)) {
      String traceId = traceId(System.getProperty(TRACE_HEADER_PROPERTY));
      if (traceId != null) {
        open.append(",\"traceId\":");
        Json.appendString(traceId, open);
      }
      out.println(open.append('}'));
    }
  }

  /** The {@code Root} of an X-Ray trace header, as the X-Ray console searches it; null without one. */
  static String traceId(String header) {
    if (header == null) {
      return null;
    }
    for (String part : header.split(";")) {
      if (part.startsWith("Root=")) {
        return part.substring("Root=".length());
      }
    }
    return null;
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
