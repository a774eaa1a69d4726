package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.ForgeOps.FORGE;
import dev.monotable.kit.cli.UsageException;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.kit.json.Json;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.TestTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** scripts/explore's GetItem, Query, access-pattern and Scan paths on the demo dataset (read only). */
@ExtendWith(DynamoDbExtension.class)
class ExploreToolTest {
  private final TestTable table;

  ExploreToolTest(TestTable table) {
    this.table = table;
  }

  @BeforeAll
  static void seed(TestTable table) {
    ForgeOps.seed(table);
  }

  private int explore(Output out, Output err, String... args) {
    return explore(table.client(), null, out, err, args);
  }

  private int explore(DynamoDbClient client, RequestCounter counter, Output out, Output err, String... args) {
    return ExploreTool.run(FORGE, client, table.name(), table.cursors(), counter, out.stream, err.stream,
        ExploreTool.parse(args));
  }

  /** The SK of every JSON line, in order. */
  private static List<String> sortKeys(Output out, String attribute) throws Exception {
    List<String> keys = new ArrayList<>();
    for (String line : out.lines()) {
      @SuppressWarnings("unchecked")
      Map<String, Object> value = (Map<String, Object>) Json.readObject(line).get(attribute);
      keys.add((String) value.get("S"));
    }
    return keys;
  }

  @Test
  void item_shouldPrintTheStoredItem_whenItExists() {
    Output out = new Output();

    int exit = explore(out, new Output(), "item", "ACCOUNT#alice");

    assertEquals(0, exit);
    List<String> lines = out.lines();
    assertEquals("GetItem PK = ACCOUNT#alice, SK = ACCOUNT#alice (consistent)", lines.get(0));
    assertEquals(List.of("PK", "SK", "Type", "GSI1PK", "GSI1SK", "GSI3PK", "GSI3SK", "attributes"),
        List.of(lines.get(1).split("\\s+")));
    assertTrue(lines.get(2).startsWith("ACCOUNT#alice  ACCOUNT#alice  User  ACCOUNT#alice  ACCOUNT#alice  "
        + "ACCOUNT#alice  ACCOUNT#alice  Username=alice  Email=alice@example.com  Name=\"Alice Liddell\"  "
        + "Bio=\"Builds things.\"  Version=1  SchemaVersion=1  CreatedAt="), lines.get(2));
    assertEquals(3, lines.size());
  }

  @Test
  void item_shouldPrintTheRawItemAsJson_whenJson() {
    Output out = new Output();

    int exit = explore(out, new Output(), "item", "REPO#alice#hello-forge", "--json");

    assertEquals(0, exit);
    assertEquals(List.of(ItemFormat.json(table.item(Keys.repository("alice", "hello-forge")).orElseThrow())),
        out.lines());
  }

  @Test
  void item_shouldExitOne_whenNoItem() {
    Output out = new Output();

    int exit = explore(out, new Output(), "item", "ACCOUNT#nobody", "ACCOUNT#nobody");

    assertEquals(1, exit);
    assertEquals(List.of("GetItem PK = ACCOUNT#nobody, SK = ACCOUNT#nobody: no item"), out.lines());
  }

  @Test
  void partition_shouldQueryOneSortKeyPrefix_ofTheTable() throws Exception {
    Output out = new Output();

    int exit = explore(out, new Output(), "partition", "REPO#alice#hello-forge", "--prefix", "ISSUE#", "--json");

    assertEquals(0, exit);
    assertEquals(1, out.lines().size());
    assertTrue(sortKeys(out, "SK").get(0).startsWith("ISSUE#00000002#COMMENT#"), out.text());
  }

  @Test
  void partition_shouldQueryAnIndexInEitherDirection_andStopAtTheLimit() throws Exception {
    // GSI4 of the repository's partition holds issue 1 closed (#ISSUE#CLOSED#00000001), the
    // repository itself (#REPO#...), issues 2 and 3 open (ISSUE#OPEN#rev8)
    Output ascending = new Output();
    assertEquals(0, explore(ascending, new Output(), "partition", "REPO#alice#hello-forge", "--index", "GSI4",
        "--json"));
    assertEquals(List.of("#ISSUE#CLOSED#00000001", "#REPO#alice#hello-forge", "ISSUE#OPEN#99999996",
        "ISSUE#OPEN#99999997"), sortKeys(ascending, "GSI4SK"));

    Output descending = new Output();
    assertEquals(0, explore(descending, new Output(), "partition", "REPO#alice#hello-forge", "--index", "gsi4",
        "--desc", "--limit", "2"));
    List<String> lines = descending.lines();
    assertEquals("Query GSI4: GSI4PK = REPO#alice#hello-forge, descending (1 request)", lines.get(0));
    assertTrue(lines.get(2).startsWith("ISSUE#alice#hello-forge#00000002 "), descending.text());
    assertTrue(lines.get(3).startsWith("ISSUE#alice#hello-forge#00000003 "), descending.text());
    assertEquals("2 items; more in this partition (raise --limit)", lines.get(4));
    assertEquals(5, lines.size());
  }

  @Test
  void partition_shouldExitOne_whenThePartitionIsEmpty() {
    Output out = new Output();

    assertEquals(1, explore(out, new Output(), "partition", "REPO#nobody#nothing"));
    assertEquals(List.of("Query table: PK = REPO#nobody#nothing (1 request)", "(no items)", "0 items"), out.lines());
  }

  @Test
  void ap_shouldRunThePatternThroughTheDataAccessLayer_andCountItsRequests() throws Exception {
    // GIVEN a client that counts requests
    RequestCounter counter = new RequestCounter();
    try (DynamoDbClient client = DynamoDbExtension.newClient(new DynamoDbLimitGuard(), counter)) {
      Output out = new Output();

      // WHEN open issues, newest first
      int exit = explore(client, counter, out, new Output(), "ap", "AP25", "alice", "hello-forge");

      // THEN
      assertEquals(0, exit);
      List<String> lines = out.lines();
      assertEquals("AP25 open issues, newest first (alice hello-forge, anonymous)", lines.get(0));
      assertEquals("  Query (+ GetItem / BatchGetItem) on GSI4: GSI4PK = REPO#{owner}#{repo} AND GSI4SK BETWEEN #REPO#{owner}#{repo} AND "
          + "ISSUE#OPEN$ (the repository first)", lines.get(1));
      assertEquals("  1 request: Query(GSI4)", lines.get(2));
      assertTrue(lines.get(4).startsWith(Keys.ticket(TicketKind.ISSUE, "alice", "hello-forge", 3).pk() + " "));
      assertTrue(lines.get(5).startsWith(Keys.ticket(TicketKind.ISSUE, "alice", "hello-forge", 2).pk() + " "));
      assertEquals("2 items; last page", lines.get(6));

      // WHEN the same as JSON, a page of one, then the next page by its cursor
      Output first = new Output();
      assertEquals(0, explore(client, counter, first, new Output(), "ap", "AP25", "alice", "hello-forge",
          "--limit", "1"));
      String cursor = first.lines().get(first.lines().size() - 1).replaceFirst("^1 item; next page: --cursor ", "");
      Output second = new Output();
      assertEquals(0, explore(client, counter, second, new Output(), "ap", "AP25", "alice", "hello-forge",
          "--limit", "1", "--cursor", cursor, "--json"));
      assertEquals(List.of(Keys.ticket(TicketKind.ISSUE, "alice", "hello-forge", 2).pk()), sortKeys(second, "PK"));
    }
  }

  @Test
  void ap_shouldReportNotFound_whenAPrivateRepositoryIsReadAnonymously() {
    Output out = new Output();

    int exit = explore(out, new Output(), "ap", "AP14", "acme", "roadmap");

    assertEquals(1, exit);
    assertEquals(List.of("AP14 get repository; private ones are 404 to non-members: NotFoundException: "
        + "repository not found"), out.lines());
  }

  @Test
  void ap_shouldRefuseWritePatternsAndWrongParameters() {
    assertEquals("AP18 (star (idempotent)) is not a read pattern; explore runs reads only (scripts/explore ap --list)",
        assertThrows(UsageException.class, () -> explore(new Output(), new Output(), "ap", "AP18", "alice", "x"))
            .getMessage());
    assertEquals("AP23 takes 3 parameter(s): AP23 <owner> <repo> <number>",
        assertThrows(UsageException.class, () -> explore(new Output(), new Output(), "ap", "AP23", "alice"))
            .getMessage());
    assertEquals("AP11 needs a caller: AP11 <org> --as <caller>",
        assertThrows(UsageException.class, () -> explore(new Output(), new Output(), "ap", "AP11", "acme"))
            .getMessage());
  }

  @Test
  void type_shouldScanWithAFilter_andWarnThatItScans() throws Exception {
    Output out = new Output();
    Output err = new Output();
    DynamoDbLimitGuard.allowScan(true);
    int exit;
    try {
      exit = explore(out, err, "type", "Star", "--json");
    } finally {
      DynamoDbLimitGuard.allowScan(false);
    }

    assertEquals(0, exit);
    assertEquals(List.of("STAR#acme#anvil", "STAR#alice#hello-forge", "STAR#alice#hello-forge"),
        sortKeys(out, "SK").stream().sorted().toList());
    assertEquals(List.of("warning: explore type SCANS the table (reads every item until 50 match): an operator tool, "
        + "never an access pattern"), err.lines());
  }

  @Test
  void parse_shouldRejectOptionsOfOtherCommands() {
    assertEquals("item does not take --index",
        assertThrows(UsageException.class, () -> ExploreTool.parse("item", "X", "--index", "GSI1")).getMessage());
    assertEquals("--index must be one of GSI1, GSI2, GSI3, GSI4",
        assertThrows(UsageException.class, () -> ExploreTool.parse("partition", "X", "--index", "GSI9")).getMessage());
    assertEquals("unknown command scan (item, partition, ap or type)",
        assertThrows(UsageException.class, () -> ExploreTool.parse("scan")).getMessage());
  }
}
