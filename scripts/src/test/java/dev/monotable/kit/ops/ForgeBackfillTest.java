package dev.monotable.kit.ops;

import static dev.monotable.kit.ops.ForgeOpsFixtures.FORGE;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Counter;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.ops.OpsFixtures.Output;
import dev.monotable.testing.DynamoDbLimitGuard;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * scripts/backfill on Forge's copies: the repository's visibility copied onto the items under it
 * and the issue index keys moved, the only backfill rules that fill in copies from another item
 * (the kit's BackfillToolTest covers the tool on the kit's test domain, which copies nothing).
 */
@ExtendWith(DynamoDbLimitGuard.ScanAllowed.class)
class ForgeBackfillTest {
  private static final String CREATED = "2026-01-02T03:04:05.678Z";

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
