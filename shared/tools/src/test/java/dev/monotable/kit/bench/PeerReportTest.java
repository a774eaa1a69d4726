package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.TestDomain.TestPattern;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The ratio, capacity and scale tables of a domain's benchmarks.md, rendered from known figures. */
class PeerReportTest {
  private static final long MS = 1_000_000L;
  /** A GetItem pattern and a Query one, as a domain pairs them with its peer's handlers. */
  private static final List<PeerBench.Pair> PAIRS = List.of(
      new PeerBench.Pair(TestPattern.TP01, "GetItem", "dev.example.peer.GetNote", "text"),
      new PeerBench.Pair(TestPattern.TP02, "Query", "dev.example.peer.ListNotes", null));

  private static Stats stats(double p50, double p99) {
    return new Stats(100, p50, p50, p99, p99);
  }

  private static Report report(String... args) {
    return new Report(Bench.parse(args), new LinkedHashMap<>(Map.of("date", "today")));
  }

  @Test
  void markdown_shouldShowEveryFigureAsMonotableOverPeer_withTheIssuesTargets() {
    Report r = report();
    PeerBench.Pair get = PAIRS.get(0);
    r.peer(new PeerBench.Result(get,
        new PeerBench.Warm(stats(0.30, 1.0), 1, "BatchGetItem", 0),
        new PeerBench.Warm(stats(0.60, 1.6), 1, "GetItem", 0),
        List.of(new PeerBench.ColdPair(new ColdStart.Jvm("java", false),
            new PeerBench.Cold(new long[] {400 * MS, 500 * MS, 450 * MS}, 3000, null, null),
            new PeerBench.Cold(new long[] {1000 * MS, 1100 * MS, 900 * MS}, 5000, null, null)))));
    r.jars(java.nio.file.Path.of("missing-a.jar"), java.nio.file.Path.of("missing-b.jar"));

    String md = r.markdown();

    assertTrue(md.contains("## Monotable / conventional peer"), md);
    assertTrue(md.contains("| TP01 (GetItem) | cold start to first answer, ms | 450 | 1000 | 0.45 | 0.5 | met |"), md);
    assertTrue(md.contains("| TP01 (GetItem) | warm p50, ms | 0.30 | 0.60 | 0.50 | 0.5 | met |"), md);
    assertTrue(md.contains("| TP01 (GetItem) | warm p99, ms | 1.00 | 1.60 | 0.63 | 0.5 | not met |"), md);
    assertTrue(md.contains("| TP01 (GetItem) | requests per call (BatchGetItem / GetItem) | 1 | 1 | 1.00 | spec allows 1 | met |"), md);
    assertTrue(md.contains("| TP01 (GetItem) | classes loaded to first answer | 3000 | 5000 | 0.60 |  |  |"), md);
    assertFalse(md.contains("Lambda jar, bytes"), "no jar row when a jar is missing");
    assertTrue(md.contains("- **Against the conventional peer** (Monotable / peer, 1 patterns; target at most 0.5): "
        + "cold start to first answer 0.45, warm p50 0.50, requests 1.00.\n"), md);
    assertFalse(r.failed());
  }

  @Test
  void markdown_shouldCompareEveryColdJvm_withTheFirst_whenSeveralAlternate() {
    Report r = report();
    ColdStart.Training cache = new ColdStart.Training(java.nio.file.Path.of("x.aot"), 40_000_000, 3_000 * MS);
    r.peer(new PeerBench.Result(PAIRS.get(0),
        new PeerBench.Warm(stats(0.30, 1.0), 1, "BatchGetItem", 0),
        new PeerBench.Warm(stats(0.60, 1.6), 1, "GetItem", 0),
        List.of(new PeerBench.ColdPair(new ColdStart.Jvm("/jdk17/java", false),
                new PeerBench.Cold(new long[] {800 * MS, 900 * MS, 1000 * MS}, 3000, null, null),
                new PeerBench.Cold(new long[] {1000 * MS, 1200 * MS, 1100 * MS}, 5000, null, null)),
            new PeerBench.ColdPair(new ColdStart.Jvm("/jdk25/java", true),
                new PeerBench.Cold(new long[] {300 * MS, 450 * MS, 400 * MS}, -1, cache, null),
                new PeerBench.Cold(new long[] {500 * MS, 550 * MS, 600 * MS}, -1, cache, null)))));

    String md = r.markdown();

    assertTrue(md.contains("| TP01 (GetItem) | cold start to first answer, ms (/jdk25/java + AOT cache) | 400 | 550 | 0.73 | 0.5 | not met |"), md);
    assertTrue(md.contains("| TP01 | /jdk25/java + AOT cache | 400 (300-450) | 550 (500-600) | 0.73 | 0.44 | 0.50 | 40.0 MB, 3.0 s / 40.0 MB, 3.0 s |"), md);
    assertTrue(md.contains("| TP01 | /jdk17/java | 900 (800-1000) | 1100 (1000-1200) | 0.82 | 1.00 | 1.00 | - / - |"), md);
    assertTrue(md.contains("- **Cold start on /jdk25/java + AOT cache**: Monotable / peer 0.73; against /jdk17/java: "
        + "Monotable 0.44, peer 0.50.\n"), md);
    assertTrue(r.json().contains("\"aotCacheBytes\":40000000"), r.json());
  }

  @Test
  void markdown_shouldTabulateCapacityAndScale_perAccessPattern() {
    Report r = report();
    BenchCase<?> put = BenchCase.<DomainServices>route(TestDomain.DOMAIN, "PUT /notes/{id}", i -> BenchRequest.as("ann"));
    r.capacity(put, new Capacity.Units(3, 4, 2));
    r.scale(new Report.ScaleRun(1_000, 900, List.of(new Report.ScaleRow(put, 3, stats(20, 30)))));
    r.scale(new Report.ScaleRun(100_000, 1200, List.of(new Report.ScaleRow(put, 3, stats(21, 31)))));

    String md = r.markdown();

    assertTrue(md.contains("| TP03 | `PUT /notes/{id}` | 3 | 4 | 2 | $2.875 |"), md);
    assertTrue(md.contains("$0.125 per million read request units, $0.625 per million write request units"), md);
    assertTrue(md.contains("| AP | route | 1,000 items: requests | p50 ms | 100,000 items: requests | p50 ms |"), md);
    assertTrue(md.contains("| TP03 | `PUT /notes/{id}` | 3 | 20.0 | 3 | 21.0 |"), md);
    assertTrue(md.contains("1,000 items at 900 items/s; 100,000 items at 1200 items/s"), md);
    assertTrue(r.json().contains("\"usdPerMillionCalls\":2.875"), r.json());
  }

  @Test
  void ratio_shouldBeNotAvailable_whenAFigureIsMissing() {
    assertEquals("0.50", Report.ratio(1, 2));
    assertEquals("n/a", Report.ratio(Double.NaN, 2));
    assertEquals("n/a", Report.ratio(1, 0));
    assertEquals("2.5", Report.units(2.5));
    assertEquals("3", Report.units(3));
    assertEquals("0.45-1.50", Report.range(List.of(1.5, Double.NaN, 0.45)));
    assertEquals("n/a", Report.range(List.of()));
  }

  @Test
  void parse_shouldReadThePeerCapacityAndScaleOptions_andRejectBadOnes() {
    Bench.Options d = Bench.parse(new String[0]);
    assertEquals(new Bench.Peer(true, 2000, 500, 7), d.peer());
    assertTrue(d.capacity());
    assertEquals(new Bench.Scale(true, List.of(1_000, 100_000), 50, 1), d.scale());

    Bench.Options o = Bench.parse(new String[] {"--no-peer", "--no-capacity", "--scale-sizes", "10, 20",
        "--scale-iterations", "3", "--seed", "9", "--peer-cold-runs", "9"});
    assertFalse(o.peer().on());
    assertEquals(9, o.peer().coldRuns());
    assertFalse(o.capacity());
    assertEquals(new Bench.Scale(true, List.of(10, 20), 3, 9), o.scale());
    assertFalse(Bench.parse(new String[] {"--no-scale"}).scale().on());
    assertThrows(UsageException.class, () -> Bench.parse(new String[] {"--scale-sizes", "0"}));
    assertThrows(UsageException.class, () -> Bench.parse(new String[] {"--seed", "x"}));
    assertThrows(UsageException.class, () -> Bench.parse(new String[] {"--peer-iterations"}));
  }

  @Test
  void sameAnswer_shouldRefuseAPeerThatListsAnotherPage() {
    PeerBench.Pair list = PAIRS.get(1);
    PeerBench.sameAnswer(list, "{\"items\":[{},{}]}", "{\"items\":[{},{}],\"nextCursor\":null}");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> PeerBench.sameAnswer(list, "{\"items\":[{},{}]}", "{\"items\":[]}"));
    assertTrue(e.getMessage().contains("no longer match the model"), e.getMessage());
    assertThrows(IllegalStateException.class,
        () -> PeerBench.sameAnswer(PAIRS.get(0), "{\"text\":\"a\"}", "{\"text\":\"b\"}"));
  }
}
