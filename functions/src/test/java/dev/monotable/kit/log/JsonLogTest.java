package dev.monotable.kit.log;

import static org.junit.jupiter.api.Assertions.*;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** LOG_LEVEL, set by infra on every function, decides which lines are written. */
class JsonLogTest {

  private static String written(String level, String threshold) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", level);
    line.put("route", "GET /health");
    JsonLog.write(line, threshold, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void write_shouldWriteOneJsonLine_whenLevelReachesTheThreshold() {
    assertEquals("{\"level\":\"INFO\",\"route\":\"GET /health\"}\n", written("INFO", "INFO"));
    assertEquals("{\"level\":\"ERROR\",\"route\":\"GET /health\"}\n", written("ERROR", "WARN"));
  }

  @Test
  void write_shouldDropTheLine_whenLevelIsBelowTheThreshold() {
    assertEquals("", written("INFO", "WARN"));
    assertEquals("", written("DEBUG", "INFO"));
  }

  @Test
  void threshold_shouldBeInfo_whenUnsetOrUnknown_andIgnoreCase() {
    assertEquals("INFO", JsonLog.threshold(null));
    assertEquals("INFO", JsonLog.threshold("loud"));
    assertEquals("WARN", JsonLog.threshold(" warn "));
    assertEquals("TRACE", JsonLog.threshold("TRACE"));
  }
}
