package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.NotesOps.OPS;
import static dev.monotable.testing.TestDomain.TestPattern.TP01;
import static dev.monotable.testing.TestDomain.TestPattern.TP02;
import static dev.monotable.testing.TestDomain.TestPattern.TP03;
import static dev.monotable.testing.TestDomain.TestPattern.TP04;
import static dev.monotable.testing.TestDomain.TestPattern.TP05;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.ops.AccessPatternCheck.Result;
import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.TestTable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * scripts/test-access-patterns on the kit's test domain's demo dataset ({@link NotesOps}). The
 * client carries the limit guard, which fails any Scan, and the request counter the tool judges by.
 */
@ExtendWith(DynamoDbExtension.class)
class AccessPatternCheckTest {
  private final TestTable table;

  AccessPatternCheckTest(TestTable table) {
    this.table = table;
  }

  @BeforeAll
  static void seed(TestTable table) {
    NotesOps.seed(table);
  }

  private static DynamoDbClient countingClient(RequestCounter counter) {
    return DynamoDbExtension.newClient(new DynamoDbLimitGuard(), counter);
  }

  private static final ReadPatternSet READS = ReadPatternSet.of(OPS);

  @Test
  void readPatterns_shouldBeEveryCatalogPatternWhoseRoutesOnlyRead_eachWithACall() {
    // TP03 writes; every other pattern's routes only read
    assertEquals(List.of(TP01, TP02, TP04, TP05), READS.readPatterns());
    for (AccessPatternSpec ap : READS.readPatterns()) {
      assertNotNull(READS.get(ap), ap + " has no call in ReadPatterns");
    }
  }

  @Test
  void run_shouldPassEveryReadPattern_onTheSeedData() {
    // GIVEN
    RequestCounter counter = new RequestCounter();
    try (DynamoDbClient client = countingClient(counter)) {
      Output out = new Output();

      // WHEN
      List<Result> results = AccessPatternCheck.check(OPS, client, counter, table.name(),
          AccessPatternCheck.parse(OPS));
      int exit = AccessPatternCheck.report(OPS, results, out.stream);

      // THEN every pattern returns the demo data with exactly the calls its route makes
      assertEquals(0, exit, out.text());
      Map<AccessPatternSpec, String> calls = new LinkedHashMap<>();
      Map<AccessPatternSpec, Integer> items = new LinkedHashMap<>();
      for (Result r : results) {
        assertEquals(List.of(), r.problems(), r.ap().name());
        calls.put(r.ap(), ReadPatternSet.operations(r.calls()) + " x" + r.calls().size());
        items.put(r.ap(), r.items());
      }
      Map<AccessPatternSpec, String> expectedCalls = new LinkedHashMap<>();
      expectedCalls.put(TP01, "GetItem x1");
      expectedCalls.put(TP02, "Query(GSI1) x1");
      expectedCalls.put(TP04, "Query(GSI2) x1");
      expectedCalls.put(TP05, "Query x1");
      assertEquals(expectedCalls, calls);
      // n1; ann's n1 and n2; n1 and n3 tagged kit; n1's two revisions
      assertEquals(Map.of(TP01, 1, TP02, 2, TP04, 2, TP05, 2), items);
      List<String> lines = out.lines();
      assertTrue(lines.stream().anyMatch(l -> l.matches("TP05 +ok +Query +table +2 +1/1 Query +[0-9.]+ +n1 as ann +PK = NOTE#\\{id}")),
          out.text());
      assertEquals("all 4 read access patterns passed", lines.get(lines.size() - 1));
    }
  }

  /**
   * Only a pattern whose data-access call fails fails: a list that finds nothing is a valid answer,
   * named in a note so an empty answer is not mistaken for a checked one.
   */
  @Test
  void run_shouldFailAPatternWhoseItemIsMissing_andAskWhetherTheTableIsSeeded() {
    RequestCounter counter = new RequestCounter();
    try (FreshTable empty = new FreshTable("ap-empty", OPS.domain().schema());
        DynamoDbClient client = countingClient(counter)) {
      Output out = new Output();

      int exit = AccessPatternCheck.run(OPS, client, counter, empty.name(), out.stream,
          AccessPatternCheck.parse(OPS, "--only", "TP01,tp02"));

      assertEquals(1, exit);
      List<String> lines = out.lines();
      assertTrue(lines.contains("  TP01 get a note: error NotFoundException: note not found (is the table seeded? "
          + "scripts/seed)"), out.text());
      assertTrue(lines.stream().anyMatch(l -> l.matches("TP01 +FAIL +GetItem +table +0 +1/1 GetItem .*")), out.text());
      assertTrue(lines.stream().anyMatch(l -> l.matches("TP02 +ok +Query +GSI1 +0 +1/2 Query\\(GSI1\\) .*")), out.text());
      assertEquals("1 of 2 read access patterns FAILED", lines.get(lines.size() - 1));
      assertTrue(lines.contains("note: TP02 answered no items: the sample misses this table's data (scripts/seed "
          + "writes the data the samples name)"), out.text());
    }
  }

  @Test
  void judge_shouldFail_whenAPatternScansOrExceedsItsBudgetOrLeavesItsGrant() {
    RequestCounter.Call batch = new RequestCounter.Call("BatchGetItem", null);
    RequestCounter.Call byTag = new RequestCounter.Call("Query", "GSI2");

    assertEquals(List.of(), AccessPatternCheck.judge(READS, TP04, List.of(byTag, batch)));
    assertEquals(List.of("made a Scan: access patterns read by key",
            "made 2 requests (Scan + GetItem), allowed 1"),
        AccessPatternCheck.judge(READS, TP01, List.of(new RequestCounter.Call("Scan", null),
            new RequestCounter.Call("GetItem", null))));
    assertEquals(List.of("made 3 requests (Query(GSI2) + BatchGetItem), allowed 2"),
        AccessPatternCheck.judge(READS, TP04, List.of(byTag, batch, byTag)));
    assertEquals(List.of("queried GSI1, the catalog says GSI2"),
        AccessPatternCheck.judge(READS, TP04, List.of(new RequestCounter.Call("Query", "GSI1"))));
    assertEquals(List.of("called PutItem, which its route is not granted ([GET_ITEM])"),
        AccessPatternCheck.judge(READS, TP01, List.of(new RequestCounter.Call("PutItem", null))));
  }

  @Test
  void parse_shouldAcceptOnlyReadPatterns() {
    assertEquals(new AccessPatternCheck.Options(Set.of(TP01, TP04)), AccessPatternCheck.parse(OPS, "--only", "TP01,tp04"));
    assertEquals("TP03 is not a read pattern",
        assertThrows(UsageException.class, () -> AccessPatternCheck.parse(OPS, "--only", "TP03")).getMessage());
  }
}
