package dev.monotable.forge.tools;

import static dev.monotable.kit.ops.ForgeOpsFixtures.FORGE;
import static dev.monotable.kit.ops.ForgeOpsFixtures.FORGE_LOCAL;
import dev.monotable.forge.Forge;
import dev.monotable.testing.TableOf;
import dev.monotable.kit.ops.SeedTool;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.ops.ValidateTool;
import dev.monotable.kit.ops.ForgeOpsFixtures;
import dev.monotable.kit.ops.OpsFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.TestTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The synthetic scale dataset: deterministic, exactly N model items, written in batches of 25. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class ScaleDataTest {

  @Test
  void items_shouldBeTheSame_forTheSameSeedAndSize() {
    assertEquals(ScaleData.items(7, 500), ScaleData.items(7, 500));
    assertNotEquals(ScaleData.items(7, 500), ScaleData.items(8, 500), "another seed, another dataset");
    // A smaller size is a prefix of a larger one: sizes compare like for like.
    assertEquals(ScaleData.items(7, 500).subList(0, 120), ScaleData.items(7, 120));
  }

  @Test
  void items_shouldBeExactlyNDistinctTypedItems_withTheModelsKeys() {
    List<Map<String, AttributeValue>> items = ScaleData.items(1, 1_000);
    assertEquals(1_000, items.size());
    Set<String> keys = new HashSet<>();
    for (Map<String, AttributeValue> i : items) {
      assertTrue(i.containsKey(TableSchema.TYPE), "every item has a Type: " + i);
      assertTrue(keys.add(i.get(TableSchema.PK).s() + "|" + i.get(TableSchema.SK).s()), "duplicate key " + i);
    }
    Set<String> types = new HashSet<>();
    items.forEach(i -> types.add(i.get(TableSchema.TYPE).s()));
    assertEquals(Set.of("User", "AccountEmail", "Repository", "Counter", "Issue", "IssueComment"), types);
    // The first repository's issue 1 carries the index keys the list patterns query.
    Map<String, AttributeValue> issue = items.stream()
        .filter(i -> i.get(TableSchema.PK).s().equals(Keys.ticket(TicketKind.ISSUE, "scale-u1", "r", 1).pk()))
        .findFirst().orElseThrow();
    assertEquals(Keys.ticketsPartition(TicketKind.ISSUE, "scale-u1", "r"), issue.get("GSI4PK").s());
    assertEquals(Keys.ticketGsi1(TicketKind.ISSUE, "scale-u1", "r", 1).sk(), issue.get("GSI1SK").s());
  }

  @Test
  void write_shouldPutEveryItem_andDrawTheProgressBarAndRate(TestTable table) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ScaleData.write(table.client(), table.name(), 3, 60, new PrintStream(err, true, StandardCharsets.UTF_8));

    List<Map<String, AttributeValue>> stored = table.scanAll();
    assertEquals(new HashSet<>(ScaleData.items(3, 60)), new HashSet<>(stored));
    String progress = err.toString(StandardCharsets.UTF_8);
    assertTrue(progress.contains("100% 60/60 items"), progress);
    assertTrue(progress.matches("(?s).*wrote 60 items in [0-9.]+ s: [0-9]+ items/s\\s*"), progress);
  }

  @Test
  void run_shouldSeedTheDemoDataPlusNValidSyntheticItems_whenScaleIsGiven() {
    DynamoDbLimitGuard.allowScan(true);
    try (OpsFixtures.FreshTable fresh = ForgeOpsFixtures.fresh("scale")) {
      // GIVEN an empty table; WHEN seeded with --scale 300
      OpsFixtures.Output out = new OpsFixtures.Output();
      int exit = SeedTool.run(FORGE_LOCAL, FORGE, fresh.table.client(), fresh.table.name(), out.stream, SeedTool.parse("--scale", "300"));

      // THEN the demo data and exactly 300 synthetic items are there, every one valid for its entity chart
      assertEquals(0, exit, out.text());
      ValidateTool.Report report = ValidateTool.validate(FORGE, fresh.table.client(), fresh.table.name(),
          new ValidateTool.Options(false, 3, 10, 0));
      long demo = ForgeOpsFixtures.DEMO_COUNTS.values().stream().mapToLong(Long::longValue).sum();
      assertEquals(demo + 300, report.scanned());
      assertEquals(0, report.violations(), out.text());
      assertEquals(List.of(), report.counters());
    } finally {
      DynamoDbLimitGuard.allowScan(false);
    }
  }

  @Test
  void parse_shouldTakeScaleAndSeed_andRefuseThemAlone() {
    SeedTool.Options o = SeedTool.parse("--scale", "1000", "--seed", "42");
    assertEquals(1000, o.scale());
    assertEquals(42, o.seed());
    assertEquals(1, SeedTool.parse("--scale", "10").seed(), "seed 1 by default");
    assertEquals(0, SeedTool.parse().scale());
    assertThrows(UsageException.class, () -> SeedTool.parse("--seed", "4"));
    assertThrows(UsageException.class, () -> SeedTool.parse("--scale", "0"));
    assertThrows(UsageException.class, () -> SeedTool.parse("--scale", "many"));
    assertThrows(UsageException.class, () -> SeedTool.parse("--scale", "10", "--seed", "x"));
  }
}
