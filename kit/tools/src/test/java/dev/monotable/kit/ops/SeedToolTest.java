package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.ForgeOps.FORGE;
import static dev.monotable.kit.ops.ForgeOps.FORGE_LOCAL;
import dev.monotable.kit.cli.UsageException;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
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

/** scripts/seed against fresh tables on the test server (every test owns its table: the tool scans). */
@ExtendWith(DynamoDbLimitGuard.ScanAllowed.class)
public class SeedToolTest {

  /** Items per Type of Seed.demo; a change to the demo data shows up here first. */
  public static final Map<String, Long> DEMO_COUNTS = Map.ofEntries(Map.entry("AccountEmail", 3L),
      Map.entry("Activity", 3L), Map.entry("Counter", 5L), Map.entry("Invitation", 1L), Map.entry("Issue", 4L),
      Map.entry("IssueComment", 1L), Map.entry("Membership", 2L), Map.entry("Organization", 1L),
      Map.entry("PRComment", 1L), Map.entry("PullRequest", 2L), Map.entry("Reaction", 2L),
      Map.entry("Repository", 5L), Map.entry("Star", 3L), Map.entry("User", 3L));

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
      int exit = SeedTool.run(FORGE_LOCAL, FORGE, client, name, out.stream, SeedTool.parse());

      // THEN the table follows TableSchema
      assertEquals(0, exit, out.text());
      TableDescription t = client.describeTable(DescribeTableRequest.builder().tableName(name).build()).table();
      assertEquals(List.of("GSI1", "GSI2", "GSI3", "GSI4"),
          t.globalSecondaryIndexes().stream().map(GlobalSecondaryIndexDescription::indexName).sorted().toList());
      assertEquals(TableSchema.STREAM_VIEW_TYPE, t.streamSpecification().streamViewType());
      // and holds the demo dataset, every item valid and every counter matching its index
      assertEquals(DEMO_COUNTS, SeedTool.countByType(client, name));
      ValidateTool.Report report = ValidateTool.validate(FORGE, client, name, new ValidateTool.Options(false, 3, 10, 0));
      assertEquals(36, report.scanned());
      assertEquals(0, report.violations());
      assertEquals(List.of(), report.counters());
      assertEquals(List.of(), report.orphans());
      assertEquals(5, report.repositories());
      TestTable table = new TestTable(client, name);
      Map<String, AttributeValue> alice = table.item(Keys.account("alice")).orElseThrow();
      assertEquals("User", alice.get(TableSchema.TYPE).s());
      assertEquals("ACCOUNT#alice", alice.get(Gsi.GSI1.pk()).s());
      assertEquals("ACCOUNT#alice", alice.get(Gsi.GSI3.sk()).s());
      assertFalse(alice.containsKey(Gsi.GSI2.pk()));
      assertFalse(alice.containsKey(Gsi.GSI4.pk()));
      assertEquals("1", alice.get(TableSchema.SCHEMA_VERSION).n());
      assertEquals("1", alice.get(TableSchema.VERSION).n());
      Map<String, AttributeValue> hello = table.item(Keys.repository("alice", "hello-forge")).orElseThrow();
      assertEquals("2", hello.get("StarCount").n());
      assertEquals("1", hello.get("ForkCount").n());
      assertTrue(out.text().startsWith("created table " + name + " "), out.text());
      assertTrue(out.lines().contains("seeded 36 items:"), out.text());
      assertTrue(out.lines().contains("  Repository       5"), out.text());
    } finally {
      client.deleteTable(DeleteTableRequest.builder().tableName(name).build());
      client.close();
    }
  }

  @Test
  void run_shouldRefuseAndWriteNothing_whenTableHoldsItems() {
    try (FreshTable t = ForgeOps.fresh("seed-refuse")) {
      // GIVEN a table holding one item
      t.table.put(JUNK);
      Output out = new Output();

      // WHEN
      int exit = SeedTool.run(FORGE_LOCAL, FORGE, t.client(), t.name(), out.stream, SeedTool.parse());

      // THEN
      assertEquals(1, exit);
      assertEquals(List.of("refused: table " + t.name() + " already holds items; scripts/seed --reset deletes them first"),
          out.lines());
      assertEquals(List.of(JUNK), OpsFixtures.items(t.table));
    }
  }

  @Test
  void run_shouldDeleteEveryItemAndSeedAgain_whenReset() {
    try (FreshTable t = ForgeOps.fresh("seed-reset")) {
      // GIVEN a seeded table with one extra item
      ForgeOps.seed(t.table);
      t.table.put(JUNK);
      Output out = new Output();

      // WHEN
      int exit = SeedTool.run(FORGE_LOCAL, FORGE, t.client(), t.name(), out.stream, SeedTool.parse("--reset"));

      // THEN the extra item is gone and the dataset is there once
      assertEquals(0, exit, out.text());
      assertEquals("deleted 37 items (--reset)", out.lines().get(0));
      assertEquals(DEMO_COUNTS, SeedTool.countByType(t.client(), t.name()));
      assertTrue(t.table.item(new Key("JUNK#1", "JUNK#1")).isEmpty());
    }
  }

  @Test
  void run_shouldRefuseReset_whenOnAwsWithoutYes() {
    try (FreshTable t = ForgeOps.fresh("seed-aws")) {
      // GIVEN a non-empty table the tool believes is on AWS
      t.table.put(JUNK);
      Output out = new Output();

      // WHEN
      int exit = SeedTool.run(FORGE_LOCAL, FORGE, t.client(), t.name(), out.stream, SeedTool.parse("--reset").onAws(true));

      // THEN nothing is deleted
      assertEquals(1, exit);
      assertEquals(List.of("refused: --reset on real AWS deletes every item of " + t.name() + "; add --yes to confirm"),
          out.lines());
      assertEquals(List.of(JUNK), OpsFixtures.items(t.table));

      // WHEN confirmed
      Output confirmed = new Output();
      int exitConfirmed = SeedTool.run(FORGE_LOCAL, FORGE, t.client(), t.name(), confirmed.stream,
          SeedTool.parse("--reset", "--yes").onAws(true));

      // THEN
      assertEquals(0, exitConfirmed, confirmed.text());
      assertEquals(DEMO_COUNTS, SeedTool.countByType(t.client(), t.name()));
    }
  }

  @Test
  void run_shouldNotCreateTheTable_whenOnAws() {
    DynamoDbClient client = DynamoDbExtension.newClient();
    String name = "monotable-ops-absent-" + UUID.randomUUID().toString().substring(0, 8);
    Output out = new Output();

    int exit = SeedTool.run(FORGE_LOCAL, FORGE, client, name, out.stream, SeedTool.parse().onAws(true));

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
