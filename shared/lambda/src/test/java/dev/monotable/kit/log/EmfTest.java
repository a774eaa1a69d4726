package dev.monotable.kit.log;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.json.Json;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The metric block written by hand ({@link Emf.Block}) is {@link Emf#add}'s, character for character. */
class EmfTest {

  private static String byMap(String service, String pattern, List<Emf.Metric> metrics, long at) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", "INFO");
    Emf.add(line, service, pattern, metrics, at);
    return Json.write(line);
  }

  private static String byBlock(String service, String pattern, List<Emf.Metric> metrics, long at) {
    StringBuilder line = new StringBuilder("{\"level\":\"INFO\"");
    double[] values = metrics.stream().mapToDouble(Emf.Metric::value).toArray();
    assertTrue(new Emf.Block(service, pattern, metrics).append(line, values, at));
    return line.append('}').toString();
  }

  @Test
  void block_shouldWriteWhatAddWrites_forAnyValues() {
    // Whole numbers as integers, fractions and large values as doubles, names that need escaping.
    double[] samples = {0, 1, -3, 0.25, 12.5, 1e15, 1e16, 123456.78, Double.MIN_VALUE, -0.0};
    List<Emf.Metric> metrics = new ArrayList<>();
    for (int i = 0; i < samples.length; i++) {
      metrics.add(i % 2 == 0 ? Emf.Metric.count("m" + i, samples[i]) : Emf.Metric.millis("q\"" + i, samples[i]));
    }
    metrics.add(Emf.Metric.count("4xx.not_found", 1));
    assertEquals(byMap("forge", "AP23", metrics, 1_764_000_000_123L), byBlock("forge", "AP23", metrics, 1_764_000_000_123L));
    assertEquals(byMap("s\\v", "A\nB", List.of(), 0), byBlock("s\\v", "A\nB", List.of(), 0));
  }

  @Test
  void block_shouldAppendNothing_whilePriming() {
    Emf.Block block = new Emf.Block("forge", "AP23", List.of(Emf.Metric.count("Requests", 1)));
    StringBuilder line = new StringBuilder("{\"level\":\"INFO\"");
    boolean[] appended = new boolean[1];
    Emf.priming(() -> appended[0] = block.append(line, new double[] {1}, 1));
    assertFalse(appended[0]);
    assertEquals("{\"level\":\"INFO\"", line.toString());
  }
}
