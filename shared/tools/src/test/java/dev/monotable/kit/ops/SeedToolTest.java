package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.NotesOps.LOCAL;
import static dev.monotable.kit.ops.NotesOps.OPS;
import dev.monotable.kit.cli.UsageException;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.kit.keys.Key;
import dev.monotable.testing.TestDomain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * scripts/seed on the kit's test domain ({@link NotesOps}) against fresh tables on the test server
 * (every test owns its table: the tool scans).
 */
@ExtendWith(DynamoDbLimitGuard.ScanAllowed.class)
public class SeedToolTest {

  private static final Map<String, Long> DEMO_COUNTS = NotesOps.DEMO_COUNTS;

  private static final Map<String, AttributeValue> JUNK = Map.of(TableSchema.PK, AttributeValue.fromS("JUNK#1"),
      TableSchema.SK, AttributeValue.fromS("JUNK#1"));

  @Test
  void run_shouldCreateTheTableAndWriteAValidDemoDataset_whenTableIsAbsent() {
    // GIVEN a table name that does not exist
    DynamoDbClient client = DynamoDbExtension.newClient();
    String name = "monotable-ops-seed-" + UUID.randomUUID().toString().substring(0, 8);
    Output out = new Output();
    try {
      // WHEN
      int exit = SeedTool.run(LOCAL, OPS, client, name, out.stream, SeedTool.parse());

      // THEN the table follows TableSchema
      assertEquals(0, exit, out.text());
      TableDescription t = client.describeTable(DescribeTableRequest.builder().tableName(name).build()).table();
      assertEquals(List.of("GSI1", "GSI2", "GSI3", "GSI4"),
          t.globalSecondaryIndexes().stream().map(GlobalSecondaryIndexDescription::indexName).sorted().toList());
      assertEquals(TableSchema.STREAM_VIEW_TYPE, t.streamSpecification().streamViewType());
      // and holds the demo dataset, every item valid and every counter matching its index
      assertEquals(DEMO_COUNTS, SeedTool.countByType(client, name));
      ValidateTool.Report report = ValidateTool.validate(OPS, client, name, new ValidateTool.Options(false, 3, 10, 0));
      assertEquals(7, report.scanned());
      assertEquals(0, report.violations());
      assertEquals(List.of(), report.counters());
      assertEquals(List.of(), report.orphans());
      TestTable table = new TestTable(client, name);
      Map<String, AttributeValue> n1 = table.item(TestDomain.note("n1")).orElseThrow();
      assertEquals("Note", n1.get(TableSchema.TYPE).s());
      assertEquals("AUTHOR#ann", n1.get(Gsi.GSI1.pk()).s());
      assertEquals("TAG#kit", n1.get(Gsi.GSI2.pk()).s());
      assertFalse(n1.containsKey(Gsi.GSI3.pk()));
      assertFalse(n1.containsKey(Gsi.GSI4.pk()));
      assertEquals("1", n1.get(TableSchema.SCHEMA_VERSION).n());
      assertEquals("1", n1.get(TableSchema.VERSION).n());
      assertTrue(out.text().startsWith("created table " + name + " "), out.text());
      assertTrue(out.lines().contains("seeded 7 items:"), out.text());
      assertTrue(out.lines().contains("  Author           2"), out.text());
      assertTrue(out.lines().contains("  Note             3"), out.text());
      assertTrue(out.lines().contains("  Revision         2"), out.text());
      // the closing hint is the domain's first read pattern with its call on the demo data
      assertEquals("next: scripts/validate, scripts/test-access-patterns, scripts/explore ap TP01 n1",
          out.lines().get(out.lines().size() - 1));
    } finally {
      client.deleteTable(DeleteTableRequest.builder().tableName(name).build());
      client.close();
    }
  }

  @Test
  void run_shouldRefuseAndWriteNothing_whenTableHoldsItems() {
    try (FreshTable t = new FreshTable("seed-refuse", OPS.domain().schema())) {
      // GIVEN a table holding one item
      t.table.put(JUNK);
      Output out = new Output();

      // WHEN
      int exit = SeedTool.run(LOCAL, OPS, t.client(), t.name(), out.stream, SeedTool.parse());

      // THEN
      assertEquals(1, exit);
      assertEquals(List.of("refused: table " + t.name() + " already holds items; scripts/seed --reset deletes them first"),
          out.lines());
      assertEquals(List.of(JUNK), OpsFixtures.items(t.table));
    }
  }

  @Test
  void run_shouldDeleteEveryItemAndSeedAgain_whenReset() {
    try (FreshTable t = new FreshTable("seed-reset", OPS.domain().schema())) {
      // GIVEN a seeded table with one extra item
      NotesOps.seed(t.table);
      t.table.put(JUNK);
      Output out = new Output();

      // WHEN
      int exit = SeedTool.run(LOCAL, OPS, t.client(), t.name(), out.stream, SeedTool.parse("--reset"));

      // THEN the extra item is gone and the dataset is there once
      assertEquals(0, exit, out.text());
      assertEquals("deleted 8 items (--reset)", out.lines().get(0));
      assertEquals(DEMO_COUNTS, SeedTool.countByType(t.client(), t.name()));
      assertTrue(t.table.item(new Key("JUNK#1", "JUNK#1")).isEmpty());
    }
  }

  @Test
  void run_shouldRefuseReset_whenOnAwsWithoutYes() {
    try (FreshTable t = new FreshTable("seed-aws", OPS.domain().schema())) {
      // GIVEN a non-empty table the tool believes is on AWS
      t.table.put(JUNK);
      Output out = new Output();

      // WHEN
      int exit = SeedTool.run(LOCAL, OPS, t.client(), t.name(), out.stream, SeedTool.parse("--reset").onAws(true));

      // THEN nothing is deleted
      assertEquals(1, exit);
      assertEquals(List.of("refused: --reset on real AWS deletes every item of " + t.name() + "; add --yes to confirm"),
          out.lines());
      assertEquals(List.of(JUNK), OpsFixtures.items(t.table));

      // WHEN confirmed
      Output confirmed = new Output();
      int exitConfirmed = SeedTool.run(LOCAL, OPS, t.client(), t.name(), confirmed.stream,
          SeedTool.parse("--reset", "--yes").onAws(true));

      // THEN
      assertEquals(0, exitConfirmed, confirmed.text());
      assertEquals(DEMO_COUNTS, SeedTool.countByType(t.client(), t.name()));
    }
  }

  @Test
  void run_withScale_addsExactlyTheSyntheticItems_throughTheEnginesBulkLoadWhenItIsTheEndpoint() {
    try (FreshTable t = new FreshTable("seed-scale", OPS.domain().schema())) {
      Output out = new Output();

      int exit = SeedTool.run(LOCAL, OPS, t.client(), t.name(), out.stream, SeedTool.parse("--scale", "1200"));

      assertEquals(0, exit, out.text());
      List<Map<String, AttributeValue>> synthetic = new java.util.ArrayList<>();
      OPS.scaleData(1, 1200, synthetic::add);
      List<Map<String, AttributeValue>> stored = OpsFixtures.items(t.table);
      assertTrue(new java.util.HashSet<>(stored).containsAll(synthetic), "every synthetic item, attribute for attribute");
      long demo = DEMO_COUNTS.values().stream().mapToLong(Long::longValue).sum();
      assertEquals(demo + synthetic.size(), stored.size());
    }
  }

  @Test
  void run_shouldNotCreateTheTable_whenOnAws() {
    DynamoDbClient client = DynamoDbExtension.newClient();
    String name = "monotable-ops-absent-" + UUID.randomUUID().toString().substring(0, 8);
    Output out = new Output();

    int exit = SeedTool.run(LOCAL, OPS, client, name, out.stream, SeedTool.parse().onAws(true));

    assertEquals(1, exit);
    assertEquals(List.of("refused: table " + name + " does not exist; on AWS the CDK stack creates it (cdk deploy)"),
        out.lines());
    assertFalse(SeedTool.exists(client, name));
    client.close();
  }

  @Test
  void parse_shouldRejectYesAlone_andUnknownOptions() {
    assertEquals("--yes only confirms --reset", assertThrows(UsageException.class, () -> SeedTool.parse("--yes"))
        .getMessage());
    assertEquals("unknown option --force", assertThrows(UsageException.class, () -> SeedTool.parse("--force"))
        .getMessage());
    assertEquals(new SeedTool.Options(true, true, false), SeedTool.parse("--yes", "--reset"));
  }
}
