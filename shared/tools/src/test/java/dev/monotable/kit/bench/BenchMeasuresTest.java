package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.*;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The arithmetic and parsing the benchmark report rests on (no DynamoDB needed). */
class BenchMeasuresTest {

  @Test
  void stats_shouldUseNearestRankPercentiles_whenGivenNanoseconds() {
    // GIVEN 1..100 ms, shuffled
    long[] nanos = new long[100];
    for (int i = 0; i < 100; i++) {
      nanos[i] = (long) ((i * 37 % 100) + 1) * 1_000_000L;
    }

    // WHEN summarised
    Stats s = Stats.of(nanos);

    // THEN p50 is the 50th value, p90 the 90th, p99 the 99th (not interpolated)
    assertEquals(new Stats(100, 50.0, 90.0, 99.0, 100.0), s);
    assertEquals(3.0, Stats.medianMs(new long[] {5_000_000L, 1_000_000L, 3_000_000L}));
    assertEquals(1.0, Stats.medianMs(new long[] {4_000_000L, 1_000_000L}), "lower middle of an even count");
  }

  @Test
  void countClasses_shouldSplitTheLogAtTheProbeMarkers_whenBothPhasesLoadClasses() {
    // GIVEN a class-load log: two classes before the handler exists, one marker, two during the first invocation
    String c = ColdStartProbe.Constructed.class.getName();
    String i = ColdStartProbe.Invoked.class.getName();
    List<String> log = List.of(
        "[0.010s][info][class,load] java.lang.Object source: shared objects file",
        "[0.200s][info][class,load] dev.example.notes.functions.NotesServices source: file:/x/monotable-notes-lambda.jar",
        "[0.300s][info][class,load] " + c + " source: file:/x/kit/tools/target/classes/",
        "[0.310s][info][class,load] software.amazon.awssdk.Foo source: file:/x/monotable-notes-lambda.jar",
        "[0.320s][info][class,load] java.util.Bar source: jrt:/java.base",
        "[0.400s][info][class,load] " + i + " source: file:/x/kit/tools/target/classes/",
        "[0.410s][info][class,load] java.lang.Shutdown source: shared objects file");

    // WHEN counted
    ColdStart.ClassCounts counts = ColdStart.countClasses(log);

    // THEN each phase has its own count, markers and later classes excluded
    assertEquals(new ColdStart.ClassCounts(2, 1, 2, 1), counts);
    assertThrows(IllegalStateException.class, () -> ColdStart.countClasses(log.subList(0, 2)));
  }

  @Test
  void benchRequest_shouldSurviveTheProbeArguments_whenItHasEveryPart() {
    // GIVEN a request with caller, path, query, header and a body containing '=' and spaces
    BenchRequest r = BenchRequest.as("bob").path("owner", "alice").path("repo", "hello-notes")
        .query("state", "all").header("If-Match", "\"3\"").body("{\"title\":\"a = b\"}");

    // WHEN passed as arguments to the cold JVM and read back
    BenchRequest back = BenchRequest.fromArgs(r.toArgs());

    // THEN nothing is lost, and the event carries the claims and decoded parts API Gateway would send
    assertEquals(r, back);
    var event = back.toEvent("GET", "/repos/{owner}/{repo}/issues", "req-1");
    assertEquals("GET /repos/{owner}/{repo}/issues", event.getRouteKey());
    assertEquals("/repos/alice/hello-notes/issues", event.getRawPath());
    assertEquals(Map.of("owner", "alice", "repo", "hello-notes"), event.getPathParameters());
    assertEquals("bob", event.getRequestContext().getAuthorizer().getJwt().getClaims().get("username"));
    assertEquals("\"3\"", event.getHeaders().get("if-match"));
    assertEquals("{\"title\":\"a = b\"}", event.getBody());
  }
}
