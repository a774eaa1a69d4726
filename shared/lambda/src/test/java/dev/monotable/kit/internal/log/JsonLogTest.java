package dev.monotable.kit.internal.log;

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

  @Test
  void write_shouldWriteAMetricsLine_whateverTheThreshold() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", "INFO");
    line.put("_aws", Map.of());
    JsonLog.write(line, "ERROR", new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertEquals("{\"level\":\"INFO\",\"_aws\":{}}\n", bytes.toString(StandardCharsets.UTF_8));
  }

  @Test
  void write_shouldAddTheTraceId_whenLambdaTracesTheInvocation() {
    System.setProperty(JsonLog.TRACE_HEADER_PROPERTY, "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1");
    try {
      assertEquals("{\"level\":\"INFO\",\"route\":\"GET /health\",\"traceId\":\"1-5759e988-bd862e3fe1be46a994272793\"}\n",
          written("INFO", "INFO"));
    } finally {
      System.clearProperty(JsonLog.TRACE_HEADER_PROPERTY);
    }
    assertNull(JsonLog.traceId("Parent=1;Sampled=0"));
    assertNull(JsonLog.traceId(null));
  }

  private static String writtenOpen(String level, String threshold, boolean metrics) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    JsonLog.writeOpen(new StringBuilder("{\"level\":\"" + level + "\",\"route\":\"GET /health\""), level, metrics,
        threshold, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void writeOpen_shouldFollowWritesRules_onALineBuiltByHand() {
    // The same text as write(map), the same level rule, and a metrics line whatever the level.
    assertEquals(written("INFO", "INFO"), writtenOpen("INFO", "INFO", false));
    assertEquals("", writtenOpen("INFO", "WARN", false));
    assertEquals("{\"level\":\"INFO\",\"route\":\"GET /health\"}\n", writtenOpen("INFO", "ERROR", true));
    System.setProperty(JsonLog.TRACE_HEADER_PROPERTY, "Root=1-5759e988-bd862e3fe1be46a994272793;Sampled=1");
    try {
      assertEquals(written("INFO", "INFO"), writtenOpen("INFO", "INFO", false));
      assertTrue(writtenOpen("INFO", "INFO", false).endsWith(",\"traceId\":\"1-5759e988-bd862e3fe1be46a994272793\"}\n"));
    } finally {
      System.clearProperty(JsonLog.TRACE_HEADER_PROPERTY);
    }
  }
}
