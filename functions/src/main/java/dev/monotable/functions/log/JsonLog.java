package dev.monotable.functions.log;

import dev.monotable.shared.json.Json;
import java.util.Map;

/**
 * One JSON object per line on stdout; CloudWatch Logs (and Logs Insights) parse it as structured
 * fields. Callers must never put tokens, cursors or request bodies in a line.
 */
public final class JsonLog {
  private JsonLog() {}

  public static void write(Map<String, Object> line) {
    System.out.println(Json.write(line));
  }
}
