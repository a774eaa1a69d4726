package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.ForgeOpsFixtures.FORGE;
import dev.monotable.kit.cli.UsageException;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.ops.BackfillTool.Outcome;
import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Counter;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.User;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbLimitGuard;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** scripts/backfill on hand-made old-shape items; each test owns its table (the tool scans and rewrites). */
@ExtendWith(DynamoDbLimitGuard.ScanAllowed.class)
class BackfillToolTest {
  private static final String CREATED = "2026-01-02T03:04:05.678Z";
  private static final String UPDATED = "2026-01-03T00:00:00.000Z";
  private static final String STALE_TS = "#2020-01-01T00:00:00.000Z";
  private static final Repository REPO = new Repository("Alice", "Hello.World", "demo", false, false, null, 2, 0,
      CREATED, UPDATED, 3);
  private static final Key REPO_KEY = Keys.repository("Alice", "Hello.World");
  private static final User USER = new User("Bob", "bob@example.com", "Bob B.", null, CREATED, UPDATED, 1);

  /**
   * The repository as an older version of the code wrote it: SchemaVersion 0, a GSI3SK that no
   * longer follows UpdatedAt, no GSI4 keys, and an attribute the model dropped since.
   */
  private static Map<String, AttributeValue> oldRepository() {
    Map<String, AttributeValue> item = new HashMap<>(REPO.toItem());
    item.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("0"));
    item.put("GSI3SK", AttributeValue.fromS(STALE_TS));
    item.remove("GSI4PK");
    item.remove("GSI4SK");
    item.put("Legacy", AttributeValue.fromS("x"));
    return item;
  }

  @Test
  void run_shouldRewriteThroughTheModel_whenSchemaVersionIsZeroAndAGsiKeyIsStale() {
    try (FreshTable t = ForgeOpsFixtures.fresh("backfill-rewrite")) {
      // GIVEN an old repository item and a current user item
      t.table.put(oldRepository());
      t.table.put(USER.toItem());
      Output out = new Output();

      // WHEN
      int exit = BackfillTool.run(FORGE, t.client(), t.name(), out.stream, BackfillTool.parse(FORGE));

      // THEN the repository is exactly what the current code writes, the user untouched
      assertEquals(0, exit, out.text());
      assertEquals(REPO.toItem(), t.table.item(REPO_KEY).orElseThrow());
      assertEquals(USER.toItem(), t.table.item(Keys.account("Bob")).orElseThrow());
      assertTrue(out.lines().contains("  rewritten              1"), out.text());
      assertTrue(out.lines().contains("  not selected           1"), out.text());
      assertEquals("result: done", out.lines().get(out.lines().size() - 1));
    }
  }

  @Test
  void run_shouldPrintTheDiffAndWriteNothing_whenDryRun() {
    try (FreshTable t = ForgeOpsFixtures.fresh("backfill-dry")) {
      Map<String, AttributeValue> old = oldRepository();
      t.table.put(old);
      Output out = new Output();

      int exit = BackfillTool.run(FORGE, t.client(), t.name(), out.stream, BackfillTool.parse(FORGE, "--dry-run"));

      assertEquals(0, exit, out.text());
      assertEquals(old, t.table.item(REPO_KEY).orElseThrow());
      List<String> lines = out.lines();
      int at = lines.indexOf(
          "would rewrite REPO#alice#hello.world | REPO#alice#hello.world (Repository, SchemaVersion 0 -> 1)");
      assertTrue(at > 0, out.text());
      assertEquals(List.of(
          "    ~ GSI3SK: " + STALE_TS + " -> #" + UPDATED,
          "    + GSI4PK: REPO#alice#hello.world",
          "    + GSI4SK: #REPO#alice#hello.world",
          "    - Legacy: x",
          "    ~ SchemaVersion: 0 -> 1"), lines.subList(at + 1, at + 6));
      assertTrue(lines.contains("  would rewrite          1"), out.text());
      assertEquals("result: dry run complete, nothing written", lines.get(lines.size() - 1));
    }
  }

  @Test
  void run_shouldLeaveTheItemToTheOtherWriter_whenItChangesBetweenReadAndWrite() {
    try (FreshTable t = ForgeOpsFixtures.fresh("backfill-race")) {
      // GIVEN an old repository that gets starred (ADD StarCount 1: neither UpdatedAt nor Version
      // moves) after the backfill read it
      t.table.put(oldRepository());
      AtomicInteger writes = new AtomicInteger();
      BackfillTool.BeforeWrite concurrentStar = (read, rewritten) -> {
        if (writes.getAndIncrement() == 0) {
          t.client().updateItem(UpdateItemRequest.builder().tableName(t.name()).key(REPO_KEY.toMap())
              .updateExpression("ADD #stars :one").expressionAttributeNames(Map.of("#stars", "StarCount"))
              .expressionAttributeValues(Map.of(":one", AttributeValue.fromN("1"))).build());
        }
      };
      Output out = new Output();

      // WHEN
      int exit = BackfillTool.run(FORGE, t.client(), t.name(), out.stream, BackfillTool.parse(FORGE), concurrentStar);

      // THEN the star survives and the item keeps its old shape
      assertEquals(1, exit);
      Map<String, AttributeValue> expected = oldRepository();
      expected.put("StarCount", AttributeValue.fromN("3"));
      assertEquals(expected, t.table.item(REPO_KEY).orElseThrow());
      assertTrue(out.lines().contains("skipped REPO#alice#hello.world | REPO#alice#hello.world: changed since it was "
          + "read (the other writer wins)"), out.text());
      assertTrue(out.lines().contains("  changed concurrently   1"), out.text());

      // WHEN run again (resumable: the item is still below the current version)
      Output again = new Output();
      int exitAgain = BackfillTool.run(FORGE, t.client(), t.name(), again.stream, BackfillTool.parse(FORGE), concurrentStar);

      // THEN it is rewritten, the star included
      assertEquals(0, exitAgain, again.text());
      assertEquals(new Repository("Alice", "Hello.World", "demo", false, false, null, 3, 0, CREATED, UPDATED, 3)
          .toItem(), t.table.item(REPO_KEY).orElseThrow());
    }
  }

  @Test
  void run_shouldRewriteCurrentItemsOfOneType_onlyWithForce() {
    try (FreshTable t = ForgeOpsFixtures.fresh("backfill-force")) {
      // GIVEN a current-version Star whose GSI1SK lost its timestamp's milliseconds, and an old repository
      Star star = new Star("Bob", "Alice", "Hello.World", false, CREATED);
      Map<String, AttributeValue> bad = new HashMap<>(star.toItem());
      bad.put("GSI1SK", AttributeValue.fromS("STAR#bob#2026-01-02T03:04:05Z"));
      t.table.put(bad);
      t.table.put(oldRepository());

      // WHEN only stars are backfilled, without --force
      Output plain = new Output();
      BackfillTool.Report r = BackfillTool.backfill(FORGE, t.client(), t.name(), plain.stream,
          BackfillTool.parse(FORGE, "--type", "Star"), (a, b) -> { });

      // THEN nothing is selected: the star is current, the repository another type
      assertEquals(2, r.count(Outcome.NOT_SELECTED));
      assertEquals(bad, t.table.item(Keys.star("Bob", "Alice", "Hello.World")).orElseThrow());

      // WHEN forced
      Output forced = new Output();
      BackfillTool.Report f = BackfillTool.backfill(FORGE, t.client(), t.name(), forced.stream,
          BackfillTool.parse(FORGE, "--type", "Star", "--force"), (a, b) -> { });

      // THEN the star is rewritten, the repository still left alone
      assertEquals(1, f.count(Outcome.REWRITTEN));
      assertEquals(1, f.count(Outcome.NOT_SELECTED));
      assertEquals(star.toItem(), t.table.item(Keys.star("Bob", "Alice", "Hello.World")).orElseThrow());
      assertEquals(oldRepository(), t.table.item(REPO_KEY).orElseThrow());
    }
  }

  @Test
  void run_shouldFailAndWriteNothing_whenAnItemCannotBeBackfilled() {
    try (FreshTable t = ForgeOpsFixtures.fresh("backfill-fail")) {
      // GIVEN old items the tool must not rewrite
      Map<String, AttributeValue> unknown = item("WIDGET#1", "Widget", "0");
      Map<String, AttributeValue> untyped = item("THING#1", null, "0");
      Map<String, AttributeValue> newer = new HashMap<>(USER.toItem());
      newer.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("2"));
      // a repository filed under a mixed-case key: today's templates would move it
      Map<String, AttributeValue> moving = new HashMap<>(REPO.toItem());
      moving.put(TableSchema.PK, AttributeValue.fromS("REPO#Alice#Hello.World"));
      moving.put(TableSchema.SK, AttributeValue.fromS("REPO#Alice#Hello.World"));
      moving.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("0"));
      // a user from before e-mail addresses were required: its rewrite would break the chart
      Map<String, AttributeValue> incomplete = new HashMap<>(
          new User("Carol", "carol@example.com", null, null, CREATED, UPDATED, 1).toItem());
      incomplete.remove("Email");
      incomplete.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("0"));
      List<Map<String, AttributeValue>> items = List.of(unknown, untyped, newer, moving, incomplete);
      items.forEach(t.table::put);
      Output out = new Output();

      // WHEN
      int exit = BackfillTool.run(FORGE, t.client(), t.name(), out.stream, BackfillTool.parse(FORGE));

      // THEN
      assertEquals(1, exit);
      for (Map<String, AttributeValue> i : items) {
        assertEquals(i, t.table.item(new Key(i.get("PK").s(), i.get("SK").s())).orElseThrow());
      }
      assertEquals(List.of(
          "FAILED ACCOUNT#bob | ACCOUNT#bob: SchemaVersion 2 is newer than this code (1); never downgraded",
          "FAILED ACCOUNT#carol | ACCOUNT#carol: the rewritten item would break its entity chart: "
              + "[ATTRIBUTE_MISSING Email: User requires Email]",
          "FAILED REPO#Alice#Hello.World | REPO#Alice#Hello.World: the current templates give another table key "
              + "(REPO#alice#hello.world | REPO#alice#hello.world); backfill never moves items",
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
    try (FreshTable t = ForgeOpsFixtures.fresh("backfill-segments")) {
      // GIVEN six old users
      List<User> users = List.of("u1", "u2", "u3", "u4", "u5", "u6").stream()
          .map(u -> new User(u, u + "@example.com", null, null, CREATED, UPDATED, 1)).toList();
      for (User u : users) {
        Map<String, AttributeValue> old = new HashMap<>(u.toItem());
        old.remove(TableSchema.SCHEMA_VERSION);
        t.table.put(old);
      }

      // WHEN segment 0 of 2, then segment 1 of 2, with at most 20 writes a second
      long start = System.nanoTime();
      BackfillTool.Report first = BackfillTool.backfill(FORGE, t.client(), t.name(), new Output().stream,
          BackfillTool.parse(FORGE, "--segment", "0", "--total-segments", "2", "--max-writes-per-second", "20"), (a, b) -> { });
      BackfillTool.Report second = BackfillTool.backfill(FORGE, t.client(), t.name(), new Output().stream,
          BackfillTool.parse(FORGE, "--segment", "1", "--total-segments", "2", "--max-writes-per-second", "20"), (a, b) -> { });
      double seconds = (System.nanoTime() - start) / 1e9;

      // THEN each slice rewrote what it read, together every user once
      assertEquals(6, first.scanned() + second.scanned());
      assertEquals(first.scanned(), first.count(Outcome.REWRITTEN));
      assertEquals(second.scanned(), second.count(Outcome.REWRITTEN));
      for (User u : users) {
        assertEquals(u.toItem(), t.table.item(Keys.account(u.username())).orElseThrow());
      }
      // the first write of each run is free, the others 50 ms apart
      assertTrue(seconds >= (6 - 2) * 0.05, "rate limit not applied: " + seconds + " s");
    }
  }

  @Test
  void run_shouldRefuseToWrite_whenOnAwsWithoutYes() {
    try (FreshTable t = ForgeOpsFixtures.fresh("backfill-aws")) {
      Map<String, AttributeValue> old = oldRepository();
      t.table.put(old);
      Output out = new Output();

      int exit = BackfillTool.run(FORGE, t.client(), t.name(), out.stream, BackfillTool.parse(FORGE).onAws(true));

      assertEquals(1, exit);
      assertEquals(List.of("refused: backfill writes to real AWS; run with --dry-run first, then add --yes"),
          out.lines());
      assertEquals(old, t.table.item(REPO_KEY).orElseThrow());
      assertEquals(0, BackfillTool.run(FORGE, t.client(), t.name(), new Output().stream,
          BackfillTool.parse(FORGE, "--dry-run").onAws(true)));
    }
  }

  @Test
  void parse_shouldRejectForceWithoutType_andUnknownTypes() {
    assertEquals("--force rewrites every item of one type: name it with --type",
        assertThrows(UsageException.class, () -> BackfillTool.parse(FORGE, "--force")).getMessage());
    assertTrue(assertThrows(UsageException.class, () -> BackfillTool.parse(FORGE, "--type", "Widget")).getMessage()
        .startsWith("unknown Type Widget; one of [AccountEmail, "));
    assertEquals("--segment must be from 0 to 3",
        assertThrows(UsageException.class, () -> BackfillTool.parse(FORGE, "--segment", "4")).getMessage());
    assertEquals(new BackfillTool.Options("Star", true, true, 0, 2, 8, false, false, false),
        BackfillTool.parse(FORGE, "--type", "Star", "--force", "--dry-run", "--max-writes-per-second", "0", "--segment", "2",
            "--total-segments", "8"));
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

  @Test
  void run_shouldMoveIssueIndexKeysAndCopyVisibility_whenItemsPredateTheCopy_andBeIdempotent() {
    try (FreshTable t = ForgeOpsFixtures.fresh("backfill-copies")) {
      // GIVEN a private org repository and, as the code before the copy wrote them at SchemaVersion 1,
      // its Counter (no list-head keys), an issue (old GSI1/GSI4 partition) and a comment, none with the copy
      Repository repo = new Repository("Acme", "Tools", "x", true, true, null, 0, 0, CREATED, CREATED, 1);
      t.table.put(repo.toItem());
      Counter counter = Counter.of(repo, CREATED);
      Ticket issue = Ticket.open(TicketKind.ISSUE, repo, 1, "Bob", "t", "b", null, null, CREATED);
      Comment comment = new Comment(TicketKind.ISSUE, "Acme", "Tools", 1, "01ARZ3NDEKTSV4RRFFQ69G5FAV", "Bob", "c",
          CREATED, CREATED, 1, Visibility.of(repo));
      for (Map<String, AttributeValue> current : List.of(counter.toItem(), issue.toItem(), comment.toItem())) {
        Map<String, AttributeValue> old = new HashMap<>(current);
        old.remove("IsPrivate");
        old.remove("OwnerType");
        if ("Counter".equals(old.get("Type").s())) {
          List.of("GSI1PK", "GSI1SK", "GSI4PK", "GSI4SK").forEach(old::remove);
        }
        if ("Issue".equals(old.get("Type").s())) {
          old.put("GSI1PK", AttributeValue.fromS("ISSUE#acme#tools"));
          old.put("GSI4PK", AttributeValue.fromS("ISSUE#acme#tools"));
        }
        t.table.put(old);
      }
      Output out = new Output();

      // WHEN
      int exit = BackfillTool.run(FORGE, t.client(), t.name(), out.stream, BackfillTool.parse(FORGE));

      // THEN each is exactly what the current code writes
      assertEquals(0, exit, out.text());
      assertEquals(counter.toItem(), t.table.item(Keys.counter("acme", "tools")).orElseThrow());
      assertEquals(issue.toItem(), t.table.item(Keys.ticket(TicketKind.ISSUE, "acme", "tools", 1)).orElseThrow());
      assertEquals(comment.toItem(),
          t.table.item(Keys.comment(TicketKind.ISSUE, "acme", "tools", 1, comment.id())).orElseThrow());
      assertEquals(true, t.table.item(Keys.counter("acme", "tools")).orElseThrow().get("IsPrivate").bool());
      assertEquals("REPO#acme#tools", t.table.item(Keys.ticket(TicketKind.ISSUE, "acme", "tools", 1)).orElseThrow()
          .get("GSI1PK").s());
      assertTrue(out.lines().contains("  rewritten              3"), out.text());

      // WHEN run again: nothing left to do (resumable, idempotent)
      Output again = new Output();
      assertEquals(0, BackfillTool.run(FORGE, t.client(), t.name(), again.stream, BackfillTool.parse(FORGE)), again.text());
      assertTrue(again.lines().contains("  not selected           4"), again.text());
    }
  }

  @Test
  void run_shouldFailTheItem_whenItsRepositoryIsMissing() {
    try (FreshTable t = ForgeOpsFixtures.fresh("backfill-orphan")) {
      Repository repo = new Repository("Acme", "Gone", "x", false, true, null, 0, 0, CREATED, CREATED, 1);
      Map<String, AttributeValue> old = new HashMap<>(Counter.of(repo, CREATED).toItem());
      old.remove("IsPrivate");
      t.table.put(old);
      Output out = new Output();

      int exit = BackfillTool.run(FORGE, t.client(), t.name(), out.stream, BackfillTool.parse(FORGE));

      assertEquals(1, exit, out.text());
      assertEquals(old, t.table.item(Keys.counter("acme", "gone")).orElseThrow());
      assertTrue(out.text().contains("its repository Acme/Gone does not exist"), out.text());
    }
  }
}
