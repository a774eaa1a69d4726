package dev.monotable.kit.catalog;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.Variant;
import dev.monotable.kit.entity.Entity.When;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A state machine declared as a value ({@link Transition}), against the local engine: the exact
 * item after each move (state, its time, the index keys SET or REMOVEd, the stamp, the version),
 * each refusal told apart from the stored item (404, 412, answered as is, 409), a move composed into
 * a transaction, and the call, IAM action and docs text derived from the declaration.
 */
@ExtendWith(DynamoDbExtension.class)
class TransitionTest {
  static final Pattern ID = Pattern.compile("^[a-z0-9]{1,20}$");
  static final Template TASK = Template.of("TASK#{task}");
  static final Template QUEUE = Template.of("QUEUE#{status}");

  static final Attr STATUS = Attr.segment("Status", "status", Pattern.compile("^(new|doing|done|dropped)$"), "state");
  static final Attr OWNER = Attr.segment("Owner", "owner", ID, "whose");
  static final Attr STARTED = Attr.string("StartedAt", "startedAt", "when started").optional();
  static final Attr DONE = Attr.string("DoneAt", "doneAt", "when done").optional();
  static final Attr DROPPED = Attr.string("DroppedAt", "droppedAt", "when dropped").optional();
  static final Attr CLOSED = Attr.string("ClosedAt", "closedAt", "when it left the queue");

  /** A task: in its status's queue (GSI1) while new or doing; closed ones leave it. */
  static final Entity TASK_ENTITY = Entity.of("Task", TASK, TASK)
      .attributes(Attr.segment("Task", "task", ID, "its id"), OWNER, STATUS, STARTED, DONE, DROPPED)
      .variants(Variant.of("open", When.absent("closedAt")).index(Gsi.GSI1, QUEUE, TASK),
          Variant.of("closed", When.present("closedAt")).attributes(CLOSED))
      .versioned()
      .build();

  static final Transition LIFECYCLE = Transition.of(TASK_ENTITY, STATUS)
      .to("doing", STARTED, "new")
      .to("done", DONE, "doing")
      .to("dropped", DROPPED, "new", "doing")
      .indexedWhile(Gsi.GSI1, "new", "doing")
      .stampedOnce(CLOSED, "done", "dropped")
      .ownedBy(OWNER);

  /** A note written before it had a state: no Status is a draft. */
  static final Attr NOTE_STATE = Attr.segment("Status", "status", Pattern.compile("^(draft|shared)$"), "state")
      .optional();
  static final Attr SHARED_AT = Attr.string("SharedAt", "sharedAt", "when shared");
  static final Entity NOTE = Entity.of("Note", Template.of("NOTE#{note}"), Template.of("NOTE#{note}"))
      .attributes(Attr.segment("Note", "note", ID, "its id"), NOTE_STATE)
      .variants(Variant.of("draft", When.absent("sharedAt")),
          Variant.of("shared", When.present("sharedAt")).index(Gsi.GSI1, Template.of("SHARED"),
              Template.of("NOTE#{note}")).attributes(SHARED_AT))
      .build();
  static final Transition SHARING = Transition.of(NOTE, NOTE_STATE).initially("draft")
      .to("shared", SHARED_AT, "draft").indexedWhile(Gsi.GSI1, "shared");

  private static final String T0 = "2090-01-02T03:04:05.678Z";
  private static final String T1 = "2090-01-02T03:04:06.678Z";
  private static final String T2 = "2090-01-02T03:04:07.678Z";
  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final TableGateway gateway;

  TransitionTest(TestTable table) {
    this.table = table;
    this.gateway = table.gateway(clock);
  }

  @BeforeEach
  void emptyTable() {
    for (var item : table.scanAll()) {
      table.client().deleteItem(b -> b.tableName(table.name()).key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))));
    }
  }

  private void task(String id, String owner) {
    gateway.putIfAbsent(TASK_ENTITY.toItem(Map.of("task", id, "owner", owner, "status", "new", "createdAt", T0)));
  }

  private Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> stored(String id) {
    return table.item(new Key("TASK#" + id, "TASK#" + id)).orElseThrow();
  }

  @Test
  void move_shouldSetTheStateItsTimeAndTheTargetsIndexKeys_exactly_answeringAllNew() {
    task("t1", "ann");
    clock.set(Instant.parse(T1));

    Map<String, Object> answer = LIFECYCLE.move(gateway, Map.of("task", "t1"), "doing", "ann");

    assertEquals(item("PK", "TASK#t1", "SK", "TASK#t1", "GSI1PK", "QUEUE#doing", "GSI1SK", "TASK#t1", "Type", "Task",
        "Task", "t1", "Owner", "ann", "Status", "doing", "StartedAt", T1, "CreatedAt", T0, "UpdatedAt", T1,
        "SchemaVersion", 1, "Version", 2), stored("t1"));
    assertEquals(TASK_ENTITY.values(table.item(new Key("TASK#t1", "TASK#t1")).orElseThrow()), answer);
    assertEquals(2L, answer.get("version"));
  }

  @Test
  void move_outOfTheIndexedStates_shouldRemoveTheIndexKeys_andStampOnce() {
    task("t1", "ann");
    LIFECYCLE.move(gateway, Map.of("task", "t1"), "doing", null);
    clock.set(Instant.parse(T1));
    LIFECYCLE.move(gateway, Map.of("task", "t1"), "done", null);

    assertEquals(item("PK", "TASK#t1", "SK", "TASK#t1", "Type", "Task", "Task", "t1", "Owner", "ann",
        "Status", "done", "StartedAt", T0, "DoneAt", T1, "ClosedAt", T1, "CreatedAt", T0, "UpdatedAt", T1,
        "SchemaVersion", 1, "Version", 3), stored("t1"));
  }

  @Test
  void refusals_shouldBeToldApartFromTheStoredItem_andWriteNothing() {
    task("t1", "ann");
    var before = stored("t1");
    clock.set(Instant.parse(T1));

    assertEquals("task not found", assertThrows(NotFoundException.class,
        () -> LIFECYCLE.move(gateway, Map.of("task", "none"), "doing", null)).getMessage());
    assertThrows(NotFoundException.class, () -> LIFECYCLE.move(gateway, Map.of("task", "t1"), "doing", "bob"),
        "another owner's task is not found");
    ConflictException wrong = assertThrows(ConflictException.class,
        () -> LIFECYCLE.move(gateway, Map.of("task", "t1"), "done", null));
    assertEquals("status", wrong.conflict());
    assertEquals("the task is new: it cannot become done (only from doing)", wrong.getMessage());
    assertEquals(1L, assertThrows(VersionMismatchException.class,
        () -> LIFECYCLE.move(gateway, Map.of("task", "t1"), "doing", "ann", 7L)).currentVersion());
    assertEquals("status", assertThrows(ValidationException.class,
        () -> LIFECYCLE.move(gateway, Map.of("task", "t1"), "new", null)).field());
    assertEquals("task", assertThrows(ValidationException.class,
        () -> LIFECYCLE.move(gateway, Map.of("task", "T#1"), "doing", null)).field(), "the key's rule first");
    assertEquals(before, stored("t1"), "nothing written");

    Map<String, Object> moved = LIFECYCLE.move(gateway, Map.of("task", "t1"), "doing", "ann", 1L);
    clock.set(Instant.parse(T2));
    assertEquals(moved, LIFECYCLE.move(gateway, Map.of("task", "t1"), "doing", "ann"),
        "a retried move is answered as it is");
    assertEquals(T1, stored("t1").get("UpdatedAt").s(), "and writes nothing");
  }

  @Test
  void only_shouldServeItsTargets_andRenderThem() {
    Transition start = LIFECYCLE.only("doing").byOwner();
    assertEquals("status", assertThrows(ValidationException.class, () -> start.step("done")).field());
    assertEquals("Update TASK#{task} SET Status = doing (from new), StartedAt, UpdatedAt, GSI1PK, GSI1SK ADD Version 1 "
        + "on attribute_exists(PK) AND Status IN (from) AND Owner = :owner (AND Version = :version with If-Match); "
        + "ALL_OLD on refusal: no task (or another's) 404, another version 412, in the target already answered as it "
        + "is, another Status 409", start.render());
    assertEquals("Update TASK#{task} SET Status = done (from doing) | dropped (from new, doing), DoneAt|DroppedAt, "
        + "UpdatedAt, ClosedAt once REMOVE GSI1PK, GSI1SK ADD Version 1 on attribute_exists(PK) AND Status IN (from) "
        + "(AND Version = :version with If-Match); ALL_OLD on refusal: no task 404, another version 412, in the "
        + "target already answered as it is, another Status 409", LIFECYCLE.only("done", "dropped").render());
    assertThrows(IllegalArgumentException.class, () -> LIFECYCLE.only("new"), "no transition into it");
  }

  @Test
  void writesTransition_shouldDeriveItsCallActionAllowanceAndGrant() {
    Writes w = Writes.transition(LIFECYCLE.only("doing").byOwner());
    DeclaredPattern p = DeclaredPattern.of("X09", "start a task", w, "task");

    assertEquals(Calls.of(Operation.UPDATE_ITEM), w.calls());
    assertEquals(Set.of(DynamoAction.UPDATE_ITEM), w.actions());
    assertEquals(RequestAllowance.ONE, w.requestAllowance());
    assertEquals(w.transition().render(), p.keyCondition());
    assertEquals(Set.of(DynamoAction.UPDATE_ITEM),
        Endpoint.of("POST", "/tasks/{task}/start", "x.H", Auth.REQUIRED, p).actions());
  }

  @Test
  void addTo_shouldComposeTheMoveIntoATransaction_andSettleItsRefusalFromAllOld() {
    task("t1", "ann");
    WriteTransaction tx = new WriteTransaction(gateway);
    int i = LIFECYCLE.addTo(tx, Map.of("task", "t1"), "done", "ann", T1);
    ConflictException refused = assertThrows(ConflictException.class,
        () -> tx.commit(Map.of(), f -> LIFECYCLE.settle(f.oldItem(i), "done", "ann", null)));
    assertEquals("status", refused.conflict());

    var head = table.item(new Key("TASK#t1", "TASK#t1")).orElseThrow();
    assertTrue(LIFECYCLE.allows(head, "dropped", "ann"));
    assertFalse(LIFECYCLE.allows(head, "dropped", "bob"));
    WriteTransaction drop = new WriteTransaction(gateway);
    LIFECYCLE.addTo(drop, Map.of("task", "t1"), "dropped", "ann", T1);
    Map<String, Object> after = LIFECYCLE.after(head, "dropped", T1);
    drop.commit(after, f -> null);
    assertEquals(TASK_ENTITY.values(table.item(new Key("TASK#t1", "TASK#t1")).orElseThrow()), after,
        "the answer built from the read is the item written");
  }

  @Test
  void initially_shouldMoveAnItemWrittenWithoutItsState() {
    gateway.putIfAbsent(NOTE.toItem(Map.of("note", "n1", "createdAt", T0)));
    clock.set(Instant.parse(T1));

    Map<String, Object> shared = SHARING.move(gateway, Map.of("note", "n1"), "shared", null);

    assertEquals(item("PK", "NOTE#n1", "SK", "NOTE#n1", "GSI1PK", "SHARED", "GSI1SK", "NOTE#n1", "Type", "Note",
        "Note", "n1", "Status", "shared", "SharedAt", T1, "CreatedAt", T0, "UpdatedAt", T1, "SchemaVersion", 1),
        table.item(new Key("NOTE#n1", "NOTE#n1")).orElseThrow());
    assertEquals(shared, SHARING.move(gateway, Map.of("note", "n1"), "shared", null), "shared already: as it is");
  }
}
