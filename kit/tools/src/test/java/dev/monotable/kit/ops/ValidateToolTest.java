package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.ForgeOpsFixtures.FORGE;
import dev.monotable.kit.cli.UsageException;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.kit.ops.ValidateTool.CounterMismatch;
import dev.monotable.kit.ops.ValidateTool.CounterStatus;
import dev.monotable.kit.ops.ValidateTool.Finding;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.charts.ModelValidator.Kind;
import dev.monotable.kit.charts.ModelValidator.Violation;
import dev.monotable.forge.model.Star;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbLimitGuard;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** scripts/validate on the demo dataset, corrupted on purpose; each test owns its table (the tool scans). */
@ExtendWith(DynamoDbLimitGuard.ScanAllowed.class)
class ValidateToolTest {
  private static final ValidateTool.Options CHECK = new ValidateTool.Options(false, 3, 10, 0);
  private static final ValidateTool.Options FIX = new ValidateTool.Options(true, 3, 10, 0);
  private static final String HELLO = "REPO#alice#hello-forge";

  @Test
  void run_shouldReportValid_whenTableHoldsTheSeedData() {
    try (FreshTable t = ForgeOpsFixtures.fresh("validate-ok")) {
      ForgeOpsFixtures.seed(t.table);
      Output out = new Output();

      int exit = ValidateTool.run(FORGE, t.client(), t.name(), out.stream, ValidateTool.parse());

      assertEquals(0, exit, out.text());
      assertTrue(out.lines().contains("total         36     0        0"), out.text());
      assertTrue(out.lines().contains("  all match"), out.text());
      assertEquals("result: valid", out.lines().get(out.lines().size() - 1));
    }
  }

  @Test
  void run_shouldReportViolationsByTypeAndKind_whenGsiKeysAreWrongAndTypeIsMissing() {
    try (FreshTable t = ForgeOpsFixtures.fresh("validate-bad")) {
      // GIVEN the seed data with three corruptions
      ForgeOpsFixtures.seed(t.table);
      set(t, Keys.account("alice").pk(), Keys.account("alice").sk(), "GSI1PK", "REPO#alice");
      set(t, "ACCOUNT#acme", "MEMBER#bob", "GSI1PK", "ACCOUNT#carol");
      t.client().updateItem(UpdateItemRequest.builder().tableName(t.name()).key(Keys.account("bob").toMap())
          .updateExpression("REMOVE #type").expressionAttributeNames(Map.of("#type", TableSchema.TYPE)).build());
      Output out = new Output();

      // WHEN
      ValidateTool.Report report = ValidateTool.validate(FORGE, t.client(), t.name(), CHECK);
      int exit = ValidateTool.run(FORGE, t.client(), t.name(), out.stream, CHECK);

      // THEN every corruption is found under its Type and kind, nothing else
      assertEquals(1, exit);
      assertEquals(36, report.scanned());
      assertEquals(3, report.violations());
      assertEquals(3, report.invalidItems());
      assertEquals(Map.of(Kind.KEY_MISMATCH, List.of(new Finding("ACCOUNT#alice | ACCOUNT#alice",
              new Violation(Kind.KEY_MISMATCH, "GSI1PK", "REPO#alice does not match ACCOUNT#{username}")))),
          report.byType().get("User").byKind());
      assertEquals(2, report.byType().get("User").items());
      assertEquals(Map.of(Kind.KEY_INCONSISTENT, List.of(new Finding("ACCOUNT#acme | MEMBER#bob",
              new Violation(Kind.KEY_INCONSISTENT, "GSI1PK", "{username} = carol but another key holds bob")))),
          report.byType().get("Membership").byKind());
      assertEquals(Map.of(Kind.TYPE_MISSING, List.of(new Finding("ACCOUNT#bob | ACCOUNT#bob",
              new Violation(Kind.TYPE_MISSING, "Type", "no Type")))),
          report.byType().get(ValidateTool.NO_TYPE).byKind());
      assertEquals(Map.of(Kind.KEY_MISMATCH, 1L), report.byType().get("User").counts());
      assertEquals(List.of(), report.counters());
      List<String> lines = out.lines();
      assertTrue(lines.contains("(no Type)     1      1        1"), out.text());
      assertTrue(lines.contains("User          2      1        1"), out.text());
      assertTrue(lines.contains("total         36     3        3"), out.text());
      assertTrue(lines.contains("  Membership  KEY_INCONSISTENT  1"), out.text());
      assertTrue(lines.contains("    ACCOUNT#acme | MEMBER#bob  GSI1PK: {username} = carol but another key holds bob"),
          out.text());
      assertTrue(lines.contains("  User  KEY_MISMATCH  1"), out.text());
      assertTrue(lines.contains("  (no Type)  TYPE_MISSING  1"), out.text());
      assertEquals("result: INVALID: 3 violation(s) in 3 item(s), 0 counter mismatch(es), 0 orphan index partition(s)",
          lines.get(lines.size() - 1));
    }
  }

  @Test
  void run_shouldReportCounterMismatches_andFixCountersRepairsThem() {
    try (FreshTable t = ForgeOpsFixtures.fresh("validate-counters")) {
      // GIVEN alice/hello-forge (2 stars, 1 fork) claiming 7 stars and no fork
      ForgeOpsFixtures.seed(t.table);
      set(t, HELLO, HELLO, "StarCount", AttributeValue.fromN("7"));
      set(t, HELLO, HELLO, "ForkCount", AttributeValue.fromN("0"));
      Map<String, AttributeValue> before = t.table.item(Keys.repository("alice", "hello-forge")).orElseThrow();
      Output out = new Output();

      // WHEN checked without --fix-counters
      int exit = ValidateTool.run(FORGE, t.client(), t.name(), out.stream, CHECK);

      // THEN both are reported and nothing changes
      assertEquals(1, exit);
      assertTrue(out.lines().contains("  " + HELLO + "  StarCount 7, index holds 2  mismatch (--fix-counters repairs it)"),
          out.text());
      assertTrue(out.lines().contains("  " + HELLO + "  ForkCount 0, index holds 1  mismatch (--fix-counters repairs it)"),
          out.text());
      assertEquals(before, t.table.item(Keys.repository("alice", "hello-forge")).orElseThrow());

      // WHEN repaired
      ValidateTool.Report fixed = ValidateTool.validate(FORGE, t.client(), t.name(), FIX);

      // THEN exactly the two counters change; Version and UpdatedAt stay (counters are atomic attributes)
      assertEquals(List.of(new CounterMismatch(HELLO, "StarCount", 7, 2, CounterStatus.FIXED),
          new CounterMismatch(HELLO, "ForkCount", 0, 1, CounterStatus.FIXED)), fixed.counters());
      assertTrue(fixed.valid());
      Map<String, AttributeValue> expected = new java.util.HashMap<>(before);
      expected.put("StarCount", AttributeValue.fromN("2"));
      expected.put("ForkCount", AttributeValue.fromN("1"));
      assertEquals(expected, t.table.item(Keys.repository("alice", "hello-forge")).orElseThrow());
      Output again = new Output();
      assertEquals(0, ValidateTool.run(FORGE, t.client(), t.name(), again.stream, CHECK), again.text());
      assertTrue(again.lines().contains("  all match"), again.text());
    }
  }

  @Test
  void run_shouldReportOrphanStars_whenTheirRepositoryIsMissing() {
    try (FreshTable t = ForgeOpsFixtures.fresh("validate-orphan")) {
      // GIVEN a valid Star of a repository that does not exist
      t.table.put(new Star("dora", "ghost", "town", false, "2026-01-02T03:04:05.678Z").toItem());
      Output out = new Output();

      // WHEN
      int exit = ValidateTool.run(FORGE, t.client(), t.name(), out.stream, CHECK);

      // THEN
      assertEquals(1, exit);
      assertTrue(out.lines().contains("  REPO#ghost#town: 1 Star item(s) on GSI1 of a missing repository"), out.text());
    }
  }

  @Test
  void run_shouldCountEveryViolation_butListOnlyTheFirstExamples() {
    try (FreshTable t = ForgeOpsFixtures.fresh("validate-examples")) {
      // GIVEN three items without a Type
      for (String pk : List.of("X#1", "X#2", "X#3")) {
        t.table.put(Map.of(TableSchema.PK, AttributeValue.fromS(pk), TableSchema.SK, AttributeValue.fromS(pk)));
      }
      Output out = new Output();

      // WHEN at most one example per kind
      ValidateTool.Options options = new ValidateTool.Options(false, 1, 1, 0);
      ValidateTool.Report report = ValidateTool.validate(FORGE, t.client(), t.name(), options);
      int exit = ValidateTool.run(FORGE, t.client(), t.name(), out.stream, options);

      // THEN
      assertEquals(1, exit);
      ValidateTool.TypeReport untyped = report.byType().get(ValidateTool.NO_TYPE);
      assertEquals(Map.of(Kind.TYPE_MISSING, 3L), untyped.counts());
      assertEquals(1, untyped.byKind().get(Kind.TYPE_MISSING).size());
      int at = out.lines().indexOf("  (no Type)  TYPE_MISSING  3");
      assertTrue(at > 0, out.text());
      assertTrue(out.lines().get(at + 1).matches("    X#\\d \\| X#\\d  Type: no Type"), out.text());
      assertEquals("    ... and 2 more", out.lines().get(at + 2));
    }
  }

  @Test
  void parse_shouldReadOptions_andRejectBadOnes() {
    assertEquals(new ValidateTool.Options(true, 8, 3, 500),
        ValidateTool.parse("--fix-counters", "--segments", "8", "--examples=3"));
    assertEquals("--segments must be from 1 to 1000",
        assertThrows(UsageException.class, () -> ValidateTool.parse("--segments", "0")).getMessage());
    assertEquals("unexpected argument now", assertThrows(UsageException.class, () -> ValidateTool.parse("now"))
        .getMessage());
  }

  private static void set(FreshTable t, String pk, String sk, String attribute, String value) {
    set(t, pk, sk, attribute, AttributeValue.fromS(value));
  }

  private static void set(FreshTable t, String pk, String sk, String attribute, AttributeValue value) {
    t.client().updateItem(UpdateItemRequest.builder().tableName(t.name())
        .key(Map.of(TableSchema.PK, AttributeValue.fromS(pk), TableSchema.SK, AttributeValue.fromS(sk)))
        .updateExpression("SET #a = :v").conditionExpression("attribute_exists(#pk)")
        .expressionAttributeNames(Map.of("#a", attribute, "#pk", TableSchema.PK))
        .expressionAttributeValues(Map.of(":v", value)).build());
  }
}
