package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.NotesOps.OPS;
import dev.monotable.kit.cli.UsageException;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.kit.ops.ValidateTool.CounterMismatch;
import dev.monotable.kit.ops.ValidateTool.CounterStatus;
import dev.monotable.kit.ops.ValidateTool.Finding;
import dev.monotable.kit.charts.ModelValidator.Kind;
import dev.monotable.kit.charts.ModelValidator.Violation;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbLimitGuard;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * scripts/validate on the kit's test domain's demo dataset ({@link NotesOps}), corrupted on
 * purpose; each test owns its table (the tool scans).
 */
@ExtendWith(DynamoDbLimitGuard.ScanAllowed.class)
class ValidateToolTest {
  private static final ValidateTool.Options CHECK = new ValidateTool.Options(false, 3, 10, 0);
  private static final ValidateTool.Options FIX = new ValidateTool.Options(true, 3, 10, 0);
  private static final String ANN = "AUTHOR#ann";
  private static final String BOB = "AUTHOR#bob";

  private static FreshTable fresh(String label) {
    return new FreshTable(label, OPS.domain().schema());
  }

  @Test
  void run_shouldReportValid_whenTableHoldsTheSeedData() {
    try (FreshTable t = fresh("validate-ok")) {
      NotesOps.seed(t.table);
      Output out = new Output();

      int exit = ValidateTool.run(OPS, t.client(), t.name(), out.stream, ValidateTool.parse());

      assertEquals(0, exit, out.text());
      assertTrue(out.lines().contains("total     7      0        0"), out.text());
      assertTrue(out.lines().contains("Counters: 2 authors, NoteCount vs Note items on GSI1"), out.text());
      assertTrue(out.lines().contains("  all match"), out.text());
      assertEquals("result: valid", out.lines().get(out.lines().size() - 1));
    }
  }

  @Test
  void run_shouldReportViolationsByTypeAndKind_whenGsiKeysAreWrongAndTypeIsMissing() {
    try (FreshTable t = fresh("validate-bad")) {
      // GIVEN the seed data with three corruptions: n2 filed under a tag that is an author, n3 listed
      // as n1 under its author, a revision without a Type
      NotesOps.seed(t.table);
      set(t, "NOTE#n2", "NOTE#n2", "GSI2PK", "AUTHOR#ann");
      set(t, "NOTE#n3", "NOTE#n3", "GSI1SK", "NOTE#n1");
      t.client().updateItem(UpdateItemRequest.builder().tableName(t.name())
          .key(Map.of(TableSchema.PK, AttributeValue.fromS("NOTE#n1"), TableSchema.SK, AttributeValue.fromS("REV#00000001")))
          .updateExpression("REMOVE #type").expressionAttributeNames(Map.of("#type", TableSchema.TYPE)).build());
      Output out = new Output();

      // WHEN
      ValidateTool.Report report = ValidateTool.validate(OPS, t.client(), t.name(), CHECK);
      int exit = ValidateTool.run(OPS, t.client(), t.name(), out.stream, CHECK);

      // THEN every corruption is found under its Type and kind, nothing else
      assertEquals(1, exit);
      assertEquals(7, report.scanned());
      assertEquals(3, report.violations());
      assertEquals(3, report.invalidItems());
      assertEquals(Map.of(Kind.KEY_MISMATCH, List.of(new Finding("NOTE#n2 | NOTE#n2",
              new Violation(Kind.KEY_MISMATCH, "GSI2PK", "AUTHOR#ann does not match TAG#{tag}"))),
              Kind.KEY_INCONSISTENT, List.of(new Finding("NOTE#n3 | NOTE#n3",
              new Violation(Kind.KEY_INCONSISTENT, "GSI1SK", "{id} = n1 but another key holds n3")))),
          report.byType().get("Note").byKind());
      assertEquals(3, report.byType().get("Note").items());
      assertEquals(Map.of(Kind.TYPE_MISSING, List.of(new Finding("NOTE#n1 | REV#00000001",
              new Violation(Kind.TYPE_MISSING, "Type", "no Type")))),
          report.byType().get(ValidateTool.NO_TYPE).byKind());
      assertEquals(Map.of(Kind.KEY_MISMATCH, 1L, Kind.KEY_INCONSISTENT, 1L), report.byType().get("Note").counts());
      assertEquals(List.of(), report.counters());
      List<String> lines = out.lines();
      assertTrue(lines.contains("(no Type)  1      1        1"), out.text());
      assertTrue(lines.contains("Note       3      2        2"), out.text());
      assertTrue(lines.contains("total      7      3        3"), out.text());
      assertTrue(lines.contains("  Note  KEY_INCONSISTENT  1"), out.text());
      assertTrue(lines.contains("    NOTE#n3 | NOTE#n3  GSI1SK: {id} = n1 but another key holds n3"), out.text());
      assertTrue(lines.contains("  Note  KEY_MISMATCH  1"), out.text());
      assertTrue(lines.contains("  (no Type)  TYPE_MISSING  1"), out.text());
      assertEquals("result: INVALID: 3 violation(s) in 3 item(s), 0 counter mismatch(es), 0 orphan index partition(s)",
          lines.get(lines.size() - 1));
    }
  }

  @Test
  void run_shouldReportCounterMismatches_andFixCountersRepairsThem() {
    try (FreshTable t = fresh("validate-counters")) {
      // GIVEN ann (2 notes) claiming 5 and bob (1 note) claiming none
      NotesOps.seed(t.table);
      set(t, ANN, ANN, "NoteCount", AttributeValue.fromN("5"));
      set(t, BOB, BOB, "NoteCount", AttributeValue.fromN("0"));
      Map<String, AttributeValue> annBefore = t.table.item(key(ANN)).orElseThrow();
      Map<String, AttributeValue> bobBefore = t.table.item(key(BOB)).orElseThrow();
      Output out = new Output();

      // WHEN checked without --fix-counters
      int exit = ValidateTool.run(OPS, t.client(), t.name(), out.stream, CHECK);

      // THEN both are reported and nothing changes
      assertEquals(1, exit);
      assertTrue(out.lines().contains("  " + ANN + "  NoteCount 5, index holds 2  mismatch (--fix-counters repairs it)"),
          out.text());
      assertTrue(out.lines().contains("  " + BOB + "  NoteCount 0, index holds 1  mismatch (--fix-counters repairs it)"),
          out.text());
      assertEquals(annBefore, t.table.item(key(ANN)).orElseThrow());
      assertEquals(bobBefore, t.table.item(key(BOB)).orElseThrow());

      // WHEN repaired
      ValidateTool.Report fixed = ValidateTool.validate(OPS, t.client(), t.name(), FIX);

      // THEN exactly the two counters change; UpdatedAt stays (counters are atomic attributes)
      assertEquals(List.of(new CounterMismatch(ANN, "NoteCount", 5, 2, CounterStatus.FIXED),
          new CounterMismatch(BOB, "NoteCount", 0, 1, CounterStatus.FIXED)), fixed.counters());
      assertTrue(fixed.valid());
      Map<String, AttributeValue> ann = new java.util.HashMap<>(annBefore);
      ann.put("NoteCount", AttributeValue.fromN("2"));
      Map<String, AttributeValue> bob = new java.util.HashMap<>(bobBefore);
      bob.put("NoteCount", AttributeValue.fromN("1"));
      assertEquals(ann, t.table.item(key(ANN)).orElseThrow());
      assertEquals(bob, t.table.item(key(BOB)).orElseThrow());
      Output again = new Output();
      assertEquals(0, ValidateTool.run(OPS, t.client(), t.name(), again.stream, CHECK), again.text());
      assertTrue(again.lines().contains("  all match"), again.text());
    }
  }

  @Test
  void run_shouldReportOrphanNotes_whenTheirAuthorIsMissing() {
    try (FreshTable t = fresh("validate-orphan")) {
      // GIVEN a valid note by an author who does not exist
      t.table.put(NotesOps.note("n7", "dora", "kit", "lost"));
      Output out = new Output();

      // WHEN
      int exit = ValidateTool.run(OPS, t.client(), t.name(), out.stream, CHECK);

      // THEN
      assertEquals(1, exit);
      assertTrue(out.lines().contains("  AUTHOR#dora: 1 Note item(s) on GSI1 of a missing author"), out.text());
    }
  }

  private static dev.monotable.kit.keys.Key key(String pk) {
    return new dev.monotable.kit.keys.Key(pk, pk);
  }

  @Test
  void run_shouldCountEveryViolation_butListOnlyTheFirstExamples() {
    try (FreshTable t = fresh("validate-examples")) {
      // GIVEN three items without a Type
      for (String pk : List.of("X#1", "X#2", "X#3")) {
        t.table.put(Map.of(TableSchema.PK, AttributeValue.fromS(pk), TableSchema.SK, AttributeValue.fromS(pk)));
      }
      Output out = new Output();

      // WHEN at most one example per kind
      ValidateTool.Options options = new ValidateTool.Options(false, 1, 1, 0);
      ValidateTool.Report report = ValidateTool.validate(OPS, t.client(), t.name(), options);
      int exit = ValidateTool.run(OPS, t.client(), t.name(), out.stream, options);

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
