package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.NotesOps.OPS;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.ops.BackfillTool.Outcome;
import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.TestDomain;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * scripts/backfill on hand-made old-shape items of the kit's test domain ({@link NotesOps}); each
 * test owns its table (the tool scans and rewrites).
 */
@ExtendWith(DynamoDbLimitGuard.ScanAllowed.class)
class BackfillToolTest {
  private static final String CREATED = "2026-01-02T03:04:05.678Z";
  private static final Map<String, AttributeValue> NOTE = NotesOps.note("n1", "ann", "kit", "first");
  private static final Key NOTE_KEY = TestDomain.note("n1");
  private static final Map<String, AttributeValue> AUTHOR = NotesOps.author("bob", 1);
  private static final Key AUTHOR_KEY = new Key("AUTHOR#bob", "AUTHOR#bob");

  private static FreshTable fresh(String label) {
    return new FreshTable(label, OPS.domain().schema());
  }

  /**
   * The note as an older version of the code wrote it: SchemaVersion 0, a GSI2SK that no longer
   * follows its template, no GSI1 keys, and an attribute the model dropped since.
   */
  private static Map<String, AttributeValue> oldNote() {
    Map<String, AttributeValue> item = new HashMap<>(NOTE);
    item.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("0"));
    item.put("GSI2SK", AttributeValue.fromS("TAGGED#n1"));
    item.remove("GSI1PK");
    item.remove("GSI1SK");
    item.put("Legacy", AttributeValue.fromS("x"));
    return item;
  }

  /** The author as an older version of the code wrote it, without a SchemaVersion. */
  private static Map<String, AttributeValue> oldAuthor(Map<String, AttributeValue> current) {
    Map<String, AttributeValue> item = new HashMap<>(current);
    item.remove(TableSchema.SCHEMA_VERSION);
    return item;
  }

  @Test
  void run_shouldRewriteThroughTheModel_whenSchemaVersionIsZeroAndAGsiKeyIsStale() {
    try (FreshTable t = fresh("backfill-rewrite")) {
      // GIVEN an old note item and a current author item
      t.table.put(oldNote());
      t.table.put(AUTHOR);
      Output out = new Output();

      // WHEN
      int exit = BackfillTool.run(OPS, t.client(), t.name(), out.stream, BackfillTool.parse(OPS));

      // THEN the note is exactly what the current code writes, the author untouched
      assertEquals(0, exit, out.text());
      assertEquals(NOTE, t.table.item(NOTE_KEY).orElseThrow());
      assertEquals(AUTHOR, t.table.item(AUTHOR_KEY).orElseThrow());
      assertTrue(out.lines().contains("  rewritten              1"), out.text());
      assertTrue(out.lines().contains("  not selected           1"), out.text());
      assertEquals("result: done", out.lines().get(out.lines().size() - 1));
    }
  }

  @Test
  void run_shouldPrintTheDiffAndWriteNothing_whenDryRun() {
    try (FreshTable t = fresh("backfill-dry")) {
      Map<String, AttributeValue> old = oldNote();
      t.table.put(old);
      Output out = new Output();

      int exit = BackfillTool.run(OPS, t.client(), t.name(), out.stream, BackfillTool.parse(OPS, "--dry-run"));

      assertEquals(0, exit, out.text());
      assertEquals(old, t.table.item(NOTE_KEY).orElseThrow());
      List<String> lines = out.lines();
      int at = lines.indexOf("would rewrite NOTE#n1 | NOTE#n1 (Note, SchemaVersion 0 -> 1)");
      assertTrue(at > 0, out.text());
      assertEquals(List.of(
          "    + GSI1PK: AUTHOR#ann",
          "    + GSI1SK: NOTE#n1",
          "    ~ GSI2SK: TAGGED#n1 -> NOTE#n1",
          "    - Legacy: x",
          "    ~ SchemaVersion: 0 -> 1"), lines.subList(at + 1, at + 6));
      assertTrue(lines.contains("  would rewrite          1"), out.text());
      assertEquals("result: dry run complete, nothing written", lines.get(lines.size() - 1));
    }
  }

  @Test
  void run_shouldLeaveTheItemToTheOtherWriter_whenItChangesBetweenReadAndWrite() {
    try (FreshTable t = fresh("backfill-race")) {
      // GIVEN an old author whose note count goes up (ADD NoteCount 1: neither UpdatedAt nor a
      // version moves) after the backfill read it
      t.table.put(oldAuthor(AUTHOR));
      AtomicInteger writes = new AtomicInteger();
      BackfillTool.BeforeWrite concurrentNote = (read, rewritten) -> {
        if (writes.getAndIncrement() == 0) {
          t.client().updateItem(UpdateItemRequest.builder().tableName(t.name()).key(AUTHOR_KEY.toMap())
              .updateExpression("ADD #notes :one").expressionAttributeNames(Map.of("#notes", "NoteCount"))
              .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))).build());
        }
      };
      Output out = new Output();

      // WHEN
      int exit = BackfillTool.run(OPS, t.client(), t.name(), out.stream, BackfillTool.parse(OPS), concurrentNote);

      // THEN the count survives and the item keeps its old shape
      assertEquals(1, exit);
      assertEquals(oldAuthor(NotesOps.author("bob", 2)), t.table.item(AUTHOR_KEY).orElseThrow());
      assertTrue(out.lines().contains("skipped AUTHOR#bob | AUTHOR#bob: changed since it was read (the other writer "
          + "wins)"), out.text());
      assertTrue(out.lines().contains("  changed concurrently   1"), out.text());

      // WHEN run again (resumable: the item is still below the current version)
      Output again = new Output();
      int exitAgain = BackfillTool.run(OPS, t.client(), t.name(), again.stream, BackfillTool.parse(OPS),
          concurrentNote);

      // THEN it is rewritten, the count included
      assertEquals(0, exitAgain, again.text());
      assertEquals(NotesOps.author("bob", 2), t.table.item(AUTHOR_KEY).orElseThrow());
    }
  }

  @Test
  void run_shouldRewriteCurrentItemsOfOneType_onlyWithForce() {
    try (FreshTable t = fresh("backfill-force")) {
      // GIVEN a current-version note filed under its author's display name on GSI1, and an old author
      Map<String, AttributeValue> bad = new HashMap<>(NOTE);
      bad.put("GSI1PK", AttributeValue.fromS("AUTHOR#Ann"));
      t.table.put(bad);
      t.table.put(oldAuthor(AUTHOR));

      // WHEN only notes are backfilled, without --force
      Output plain = new Output();
      BackfillTool.Report r = BackfillTool.backfill(OPS, t.client(), t.name(), plain.stream,
          BackfillTool.parse(OPS, "--type", "Note"), (a, b) -> { });

      // THEN nothing is selected: the note is current, the author another type
      assertEquals(2, r.count(Outcome.NOT_SELECTED));
      assertEquals(bad, t.table.item(NOTE_KEY).orElseThrow());

      // WHEN forced
      Output forced = new Output();
      BackfillTool.Report f = BackfillTool.backfill(OPS, t.client(), t.name(), forced.stream,
          BackfillTool.parse(OPS, "--type", "Note", "--force"), (a, b) -> { });

      // THEN the note is rewritten, the author still left alone
      assertEquals(1, f.count(Outcome.REWRITTEN));
      assertEquals(1, f.count(Outcome.NOT_SELECTED));
      assertEquals(NOTE, t.table.item(NOTE_KEY).orElseThrow());
      assertEquals(oldAuthor(AUTHOR), t.table.item(AUTHOR_KEY).orElseThrow());
    }
  }

  @Test
  void run_shouldFailAndWriteNothing_whenAnItemCannotBeBackfilled() {
    try (FreshTable t = fresh("backfill-fail")) {
      // GIVEN old items the tool must not rewrite
      Map<String, AttributeValue> unknown = item("WIDGET#1", "Widget", "0");
      Map<String, AttributeValue> untyped = item("THING#1", null, "0");
      Map<String, AttributeValue> newer = new HashMap<>(AUTHOR);
      newer.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("2"));
      // a note filed under an upper-case id: today's templates would move it
      Map<String, AttributeValue> moving = new HashMap<>(NotesOps.note("n7", "ann", "kit", "moved"));
      moving.put(TableSchema.PK, AttributeValue.fromS("NOTE#N7"));
      moving.put(TableSchema.SK, AttributeValue.fromS("NOTE#N7"));
      moving.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("0"));
      // a note from before its text was required: its rewrite would break the chart
      Map<String, AttributeValue> incomplete = new HashMap<>(NotesOps.note("n8", "ann", "kit", "x"));
      incomplete.remove("Text");
      incomplete.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("0"));
      List<Map<String, AttributeValue>> items = List.of(unknown, untyped, newer, moving, incomplete);
      items.forEach(t.table::put);
      Output out = new Output();

      // WHEN
      int exit = BackfillTool.run(OPS, t.client(), t.name(), out.stream, BackfillTool.parse(OPS));

      // THEN
      assertEquals(1, exit);
      for (Map<String, AttributeValue> i : items) {
        assertEquals(i, t.table.item(new Key(i.get("PK").s(), i.get("SK").s())).orElseThrow());
      }
      assertEquals(List.of(
          "FAILED AUTHOR#bob | AUTHOR#bob: SchemaVersion 2 is newer than this code (1); never downgraded",
          "FAILED NOTE#N7 | NOTE#N7: the current templates give another table key (NOTE#n7 | NOTE#n7); "
              + "backfill never moves items",
          "FAILED NOTE#n8 | NOTE#n8: the rewritten item would break its entity chart: "
              + "[ATTRIBUTE_MISSING Text: Note requires Text]",
          "FAILED THING#1 | THING#1: no Type",
          "FAILED WIDGET#1 | WIDGET#1: no model record for Type Widget"),
          out.lines().stream().filter(l -> l.startsWith("FAILED")).sorted().toList());
      assertTrue(out.lines().contains("  FAILED                 5"), out.text());
      assertEquals("result: INCOMPLETE: some items cannot be backfilled (see FAILED above)",
          out.lines().get(out.lines().size() - 1));
    }
  }

  @Test
  void run_shouldCoverEveryItemOnce_whenRunSegmentBySegment() {
    try (FreshTable t = fresh("backfill-segments")) {
      // GIVEN six old authors
      List<String> authors = List.of("ua", "ub", "uc", "ud", "ue", "uf");
      for (String a : authors) {
        t.table.put(oldAuthor(NotesOps.author(a, 0)));
      }

      // WHEN segment 0 of 2, then segment 1 of 2, with at most 20 writes a second
      long start = System.nanoTime();
      BackfillTool.Report first = BackfillTool.backfill(OPS, t.client(), t.name(), new Output().stream,
          BackfillTool.parse(OPS, "--segment", "0", "--total-segments", "2", "--max-writes-per-second", "20"),
          (a, b) -> { });
      BackfillTool.Report second = BackfillTool.backfill(OPS, t.client(), t.name(), new Output().stream,
          BackfillTool.parse(OPS, "--segment", "1", "--total-segments", "2", "--max-writes-per-second", "20"),
          (a, b) -> { });
      double seconds = (System.nanoTime() - start) / 1e9;

      // THEN each slice rewrote what it read, together every author once
      assertEquals(6, first.scanned() + second.scanned());
      assertEquals(first.scanned(), first.count(Outcome.REWRITTEN));
      assertEquals(second.scanned(), second.count(Outcome.REWRITTEN));
      for (String a : authors) {
        assertEquals(NotesOps.author(a, 0), t.table.item(new Key("AUTHOR#" + a, "AUTHOR#" + a)).orElseThrow());
      }
      // the first write of each run is free, the others 50 ms apart
      assertTrue(seconds >= (6 - 2) * 0.05, "rate limit not applied: " + seconds + " s");
    }
  }

  @Test
  void run_shouldRefuseToWrite_whenOnAwsWithoutYes() {
    try (FreshTable t = fresh("backfill-aws")) {
      Map<String, AttributeValue> old = oldNote();
      t.table.put(old);
      Output out = new Output();

      int exit = BackfillTool.run(OPS, t.client(), t.name(), out.stream, BackfillTool.parse(OPS).onAws(true));

      assertEquals(1, exit);
      assertEquals(List.of("refused: backfill writes to real AWS; run with --dry-run first, then add --yes"),
          out.lines());
      assertEquals(old, t.table.item(NOTE_KEY).orElseThrow());
      assertEquals(0, BackfillTool.run(OPS, t.client(), t.name(), new Output().stream,
          BackfillTool.parse(OPS, "--dry-run").onAws(true)));
    }
  }

  @Test
  void parse_shouldRejectForceWithoutType_andUnknownTypes() {
    assertEquals("--force rewrites every item of one type: name it with --type",
        assertThrows(UsageException.class, () -> BackfillTool.parse(OPS, "--force")).getMessage());
    assertEquals("unknown Type Widget; one of [Author, Note, Revision]",
        assertThrows(UsageException.class, () -> BackfillTool.parse(OPS, "--type", "Widget")).getMessage());
    assertEquals("--segment must be from 0 to 3",
        assertThrows(UsageException.class, () -> BackfillTool.parse(OPS, "--segment", "4")).getMessage());
    assertEquals(new BackfillTool.Options("Note", true, true, 0, 2, 8, false, false, false),
        BackfillTool.parse(OPS, "--type", "Note", "--force", "--dry-run", "--max-writes-per-second", "0", "--segment",
            "2", "--total-segments", "8"));
  }

  @Test
  void unchangedSince_shouldConditionOnEveryReadAttribute_andTheAbsenceOfNewOnes() {
    Map<String, AttributeValue> read = Map.of("PK", AttributeValue.fromS("P"), "SK", AttributeValue.fromS("S"),
        "Old", AttributeValue.fromN("1"));
    Map<String, AttributeValue> next = Map.of("PK", AttributeValue.fromS("P"), "SK", AttributeValue.fromS("S"),
        "New", AttributeValue.fromS("n"));

    var put = BackfillTool.unchangedSince("t", read, next);

    assertEquals("#a0 = :a0 AND #a1 = :a1 AND #a2 = :a2 AND attribute_not_exists(#a3)", put.conditionExpression());
    assertEquals(Map.of("#a0", "Old", "#a1", "PK", "#a2", "SK", "#a3", "New"), put.expressionAttributeNames());
    assertEquals(Map.of(":a0", AttributeValue.fromN("1"), ":a1", AttributeValue.fromS("P"),
        ":a2", AttributeValue.fromS("S")), put.expressionAttributeValues());
    assertEquals(next, put.item());
  }

  private static Map<String, AttributeValue> item(String key, String type, String schemaVersion) {
    Map<String, AttributeValue> m = new HashMap<>();
    m.put(TableSchema.PK, AttributeValue.fromS(key));
    m.put(TableSchema.SK, AttributeValue.fromS(key));
    if (type != null) {
      m.put(TableSchema.TYPE, AttributeValue.fromS(type));
    }
    m.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN(schemaVersion));
    m.put(TableSchema.CREATED_AT, AttributeValue.fromS(CREATED));
    m.put(TableSchema.UPDATED_AT, AttributeValue.fromS(CREATED));
    return m;
  }
}
