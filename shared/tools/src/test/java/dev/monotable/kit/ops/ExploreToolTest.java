package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.NotesOps.OPS;
import dev.monotable.kit.cli.UsageException;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.kit.json.Json;
import dev.monotable.testing.TestDomain;
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

/**
 * scripts/explore's GetItem, Query, access-pattern and Scan paths on the kit's test domain's demo
 * dataset ({@link NotesOps}; read only).
 */
@ExtendWith(DynamoDbExtension.class)
class ExploreToolTest {
  private final TestTable table;

  ExploreToolTest(TestTable table) {
    this.table = table;
  }

  @BeforeAll
  static void seed(TestTable table) {
    NotesOps.seed(table);
  }

  private int explore(Output out, Output err, String... args) {
    return explore(table.client(), null, out, err, args);
  }

  private int explore(DynamoDbClient client, RequestCounter counter, Output out, Output err, String... args) {
    return ExploreTool.run(OPS, client, table.name(), table.cursors(), counter, out.stream, err.stream,
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

    int exit = explore(out, new Output(), "item", "NOTE#n1");

    assertEquals(0, exit);
    List<String> lines = out.lines();
    assertEquals("GetItem PK = NOTE#n1, SK = NOTE#n1 (consistent)", lines.get(0));
    assertEquals(List.of("PK", "SK", "Type", "GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK", "attributes"),
        List.of(lines.get(1).split("\\s+")));
    // the chart's attributes first, then the rest, the audit last
    assertTrue(lines.get(2).startsWith("NOTE#n1  NOTE#n1  Note  AUTHOR#ann  NOTE#n1  TAG#kit  NOTE#n1  "
        + "Author=ann  Tag=kit  Text=first  Version=1  SchemaVersion=1  CreatedAt=2026-01-02T03:04:05.678Z"),
        lines.get(2));
    assertEquals(3, lines.size());
  }

  @Test
  void item_shouldPrintTheRawItemAsJson_whenJson() {
    Output out = new Output();

    int exit = explore(out, new Output(), "item", "NOTE#n2", "--json");

    assertEquals(0, exit);
    assertEquals(List.of(ItemFormat.json(table.item(TestDomain.note("n2")).orElseThrow())), out.lines());
  }

  @Test
  void item_shouldExitOne_whenNoItem() {
    Output out = new Output();

    int exit = explore(out, new Output(), "item", "NOTE#n9", "NOTE#n9");

    assertEquals(1, exit);
    assertEquals(List.of("GetItem PK = NOTE#n9, SK = NOTE#n9: no item"), out.lines());
  }

  @Test
  void partition_shouldQueryOneSortKeyPrefix_ofTheTable() throws Exception {
    Output out = new Output();

    int exit = explore(out, new Output(), "partition", "NOTE#n1", "--prefix", "REV#", "--json");

    assertEquals(0, exit);
    assertEquals(List.of("REV#00000001", "REV#00000002"), sortKeys(out, "SK"));
  }

  @Test
  void partition_shouldQueryAnIndexInEitherDirection_andStopAtTheLimit() throws Exception {
    // GSI1 of ann's partition holds her notes n1 and n2
    Output ascending = new Output();
    assertEquals(0, explore(ascending, new Output(), "partition", "AUTHOR#ann", "--index", "GSI1", "--json"));
    assertEquals(List.of("NOTE#n1", "NOTE#n2"), sortKeys(ascending, "GSI1SK"));

    Output descending = new Output();
    assertEquals(0, explore(descending, new Output(), "partition", "AUTHOR#ann", "--index", "gsi1", "--desc",
        "--limit", "1"));
    List<String> lines = descending.lines();
    assertEquals("Query GSI1: GSI1PK = AUTHOR#ann, descending (1 request)", lines.get(0));
    assertTrue(lines.get(2).startsWith("NOTE#n2 "), descending.text());
    assertEquals("1 item; more in this partition (raise --limit)", lines.get(3));
    assertEquals(4, lines.size());
  }

  @Test
  void partition_shouldExitOne_whenThePartitionIsEmpty() {
    Output out = new Output();

    assertEquals(1, explore(out, new Output(), "partition", "NOTE#n9"));
    assertEquals(List.of("Query table: PK = NOTE#n9 (1 request)", "(no items)", "0 items"), out.lines());
  }

  @Test
  void ap_shouldRunThePatternThroughTheDataAccessLayer_andCountItsRequests() throws Exception {
    // GIVEN a client that counts requests
    RequestCounter counter = new RequestCounter();
    try (DynamoDbClient client = DynamoDbExtension.newClient(new DynamoDbLimitGuard(), counter)) {
      Output out = new Output();

      // WHEN ann's notes
      int exit = explore(client, counter, out, new Output(), "ap", "TP02", "ann");

      // THEN
      assertEquals(0, exit);
      List<String> lines = out.lines();
      assertEquals("TP02 list an author's notes (ann, anonymous)", lines.get(0));
      assertEquals("  Query on GSI1: GSI1PK = AUTHOR#{author}", lines.get(1));
      assertEquals("  1 request: Query(GSI1)", lines.get(2));
      assertTrue(lines.get(4).startsWith("NOTE#n1 "), out.text());
      assertTrue(lines.get(5).startsWith("NOTE#n2 "), out.text());
      assertEquals("2 items; last page", lines.get(6));

      // WHEN the same as JSON, a page of one, then the next page by its cursor
      Output first = new Output();
      assertEquals(0, explore(client, counter, first, new Output(), "ap", "TP02", "ann", "--limit", "1"));
      String cursor = first.lines().get(first.lines().size() - 1).replaceFirst("^1 item; next page: --cursor ", "");
      Output second = new Output();
      assertEquals(0, explore(client, counter, second, new Output(), "ap", "TP02", "ann", "--limit", "1",
          "--cursor", cursor, "--json"));
      assertEquals(List.of("NOTE#n2"), sortKeys(second, "PK"));
    }
  }

  @Test
  void ap_shouldReportTheDataAccessLayersNotFound() {
    Output out = new Output();

    int exit = explore(out, new Output(), "ap", "TP01", "n9");

    assertEquals(1, exit);
    assertEquals(List.of("TP01 get a note: NotFoundException: note not found"), out.lines());
  }

  @Test
  void ap_shouldRefuseWritePatternsAndWrongParameters() {
    assertEquals("TP03 (write a note) is not a read pattern; explore runs reads only (scripts/explore ap --list)",
        assertThrows(UsageException.class, () -> explore(new Output(), new Output(), "ap", "TP03", "n1"))
            .getMessage());
    assertEquals("TP01 takes 1 parameter(s): TP01 <id>",
        assertThrows(UsageException.class, () -> explore(new Output(), new Output(), "ap", "TP01", "n1", "n2"))
            .getMessage());
    assertEquals("TP05 needs a caller: TP05 <id> --as <caller>",
        assertThrows(UsageException.class, () -> explore(new Output(), new Output(), "ap", "TP05", "n1"))
            .getMessage());
  }

  @Test
  void type_shouldScanWithAFilter_andWarnThatItScans() throws Exception {
    Output out = new Output();
    Output err = new Output();
    DynamoDbLimitGuard.allowScan(true);
    int exit;
    try {
      exit = explore(out, err, "type", "Revision", "--json");
    } finally {
      DynamoDbLimitGuard.allowScan(false);
    }

    assertEquals(0, exit);
    assertEquals(List.of("REV#00000001", "REV#00000002"), sortKeys(out, "SK").stream().sorted().toList());
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
