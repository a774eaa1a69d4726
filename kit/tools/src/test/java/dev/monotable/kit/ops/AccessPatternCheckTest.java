package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.ForgeOps.FORGE;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.cli.UsageException;

import static dev.monotable.forge.catalog.AccessPattern.*;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.ops.AccessPatternCheck.Result;
import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.forge.catalog.AccessPattern;
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
 * scripts/test-access-patterns on the demo dataset. The client carries the limit guard, which
 * fails any Scan, and the request counter the tool judges by.
 */
@ExtendWith(DynamoDbExtension.class)
class AccessPatternCheckTest {
  private final TestTable table;

  AccessPatternCheckTest(TestTable table) {
    this.table = table;
  }

  @BeforeAll
  static void seed(TestTable table) {
    ForgeOps.seed(table);
  }

  private static DynamoDbClient countingClient(RequestCounter counter) {
    return DynamoDbExtension.newClient(new DynamoDbLimitGuard(), counter);
  }

  private static final ReadPatternSet READS = ReadPatternSet.of(FORGE);

  @Test
  void readPatterns_shouldBeEveryCatalogPatternWhoseRoutesOnlyRead_eachWithACall() {
    assertEquals(List.of(AP02, AP05, AP08, AP09, AP11, AP12, AP14, AP15, AP17, AP20, AP21, AP23, AP24, AP25, AP26,
        AP29, AP33, AP34, AP35, AP36, AP39), READS.readPatterns());
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
      List<Result> results = AccessPatternCheck.check(FORGE, client, counter, table.name(),
          AccessPatternCheck.parse(FORGE));
      int exit = AccessPatternCheck.report(FORGE, results, out.stream);

      // THEN every pattern returns the demo data with exactly the calls its route makes
      assertEquals(0, exit, out.text());
      Map<AccessPatternSpec, String> calls = new LinkedHashMap<>();
      Map<AccessPatternSpec, Integer> items = new LinkedHashMap<>();
      for (Result r : results) {
        assertEquals(List.of(), r.problems(), r.ap().name());
        calls.put(r.ap(), ReadPatternSet.operations(r.calls()) + " x" + r.calls().size());
        items.put(r.ap(), r.items());
      }
      Map<AccessPattern, String> expectedCalls = new LinkedHashMap<>();
      for (AccessPattern ap : List.of(AP02, AP05)) {
        expectedCalls.put(ap, "GetItem x1");
      }
      expectedCalls.put(AP08, "Query x1");
      expectedCalls.put(AP09, "Query(GSI1) x1");
      expectedCalls.put(AP11, "GetItem + Query x2");
      expectedCalls.put(AP12, "Query x1");
      expectedCalls.put(AP14, "BatchGetItem x1");
      expectedCalls.put(AP15, "Query(GSI3) + GetItem x2");
      expectedCalls.put(AP17, "Query(GSI2) x1");
      expectedCalls.put(AP20, "Query x1");
      expectedCalls.put(AP21, "Query(GSI1) x1");
      expectedCalls.put(AP23, "GetItem x1");
      expectedCalls.put(AP24, "Query(GSI1) x1");
      expectedCalls.put(AP25, "Query(GSI4) x1");
      expectedCalls.put(AP26, "Query(GSI4) x1");
      expectedCalls.put(AP29, "Query x1");
      expectedCalls.put(AP33, "GetItem x1");
      expectedCalls.put(AP34, "Query(GSI1) x1");
      expectedCalls.put(AP35, "Query(GSI4) x1");
      expectedCalls.put(AP36, "Query(GSI4) x1");
      expectedCalls.put(AP39, "Query x1");
      assertEquals(expectedCalls, calls);
      Map<AccessPatternSpec, Integer> expectedItems = new LinkedHashMap<>();
      int[] counts = {1, 1, 2, 1, 1, 3, 1, 2, 1, 1, 2, 1, 3, 2, 1, 1, 1, 2, 1, 1, 1};
      List<AccessPatternSpec> aps = READS.readPatterns();
      for (int i = 0; i < aps.size(); i++) {
        expectedItems.put(aps.get(i), counts[i]);
      }
      assertEquals(expectedItems, items);
      List<String> lines = out.lines();
      assertTrue(lines.stream().anyMatch(l -> l.matches("AP15 +ok +Query \\(\\+ GetItem\\) +GSI3 +2 +2/2 Query\\(GSI3\\) \\+ GetItem .*"
          + "acme as bob +GSI3PK = ACCOUNT#\\{owner} AND begins_with\\(GSI3SK, #\\) \\(descending.*")), out.text());
      assertEquals("all 21 read access patterns passed", lines.get(lines.size() - 1));
    }
  }

  @Test
  void run_shouldFailEveryPattern_whenTheTableIsNotSeeded() {
    RequestCounter counter = new RequestCounter();
    try (FreshTable empty = ForgeOps.fresh("ap-empty"); DynamoDbClient client = countingClient(counter)) {
      Output out = new Output();

      int exit = AccessPatternCheck.run(FORGE, client, counter, empty.name(), out.stream,
          AccessPatternCheck.parse(FORGE, "--only", "AP02,ap24"));

      assertEquals(1, exit);
      List<String> lines = out.lines();
      assertTrue(lines.contains("  AP02 get user: error NotFoundException: user not found (is the table seeded? "
          + "scripts/seed)"), out.text());
      assertTrue(lines.contains("  AP24 all issues by number: error NotFoundException: repository not found "
          + "(is the table seeded? scripts/seed)"), out.text());
      assertEquals("2 of 2 read access patterns FAILED", lines.get(lines.size() - 1));
    }
  }

  @Test
  void judge_shouldFail_whenAPatternScansOrExceedsItsBudgetOrLeavesItsGrant() {
    RequestCounter.Call batch = new RequestCounter.Call("BatchGetItem", null);
    RequestCounter.Call forks = new RequestCounter.Call("Query", "GSI2");

    assertEquals(List.of(), AccessPatternCheck.judge(READS, AP17, List.of(batch, forks)));
    assertEquals(List.of("made a Scan: access patterns read by key",
            "made 2 requests (Scan + GetItem), allowed 1"),
        AccessPatternCheck.judge(READS, AP02, List.of(new RequestCounter.Call("Scan", null),
            new RequestCounter.Call("GetItem", null))));
    assertEquals(List.of("made 3 requests (BatchGetItem + Query(GSI2)), allowed 2"),
        AccessPatternCheck.judge(READS, AP17, List.of(batch, forks, forks)));
    assertEquals(List.of("queried GSI1, the catalog says GSI2"),
        AccessPatternCheck.judge(READS, AP17, List.of(batch, new RequestCounter.Call("Query", "GSI1"))));
    assertEquals(List.of("called PutItem, which its route is not granted ([GET_ITEM])"),
        AccessPatternCheck.judge(READS, AP02, List.of(new RequestCounter.Call("PutItem", null))));
  }

  @Test
  void parse_shouldAcceptOnlyReadPatterns() {
    assertEquals(new AccessPatternCheck.Options(Set.of(AP02, AP25)), AccessPatternCheck.parse(FORGE, "--only", "AP02,ap25"));
    assertEquals("AP18 is not a read pattern",
        assertThrows(UsageException.class, () -> AccessPatternCheck.parse(FORGE, "--only", "AP18")).getMessage());
  }
}
