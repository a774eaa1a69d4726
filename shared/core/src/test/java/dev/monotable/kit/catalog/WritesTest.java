package dev.monotable.kit.catalog;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import dev.monotable.kit.data.TableGateway;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Writes declared from entities, against the local engine: the items each writes exactly, the
 * refusal of each part as its exception (nothing written), and the calls, IAM actions and docs text
 * derived from the declaration.
 */
@ExtendWith(DynamoDbExtension.class)
class WritesTest {
  static final Pattern NAME = Pattern.compile("^[a-z][a-z0-9]{0,19}$");
  static final Pattern MAIL = Pattern.compile("^[a-z0-9.@]{3,60}$");
  static final Template MEMBER = Template.of("MEMBER#{member}");
  static final Template ADDRESS = Template.of("MAIL#{email}");
  static final Template NOTE = Template.of("NOTE#{note}");

  static final Attr MEMBER_NAME = Attr.segment("Member", "member", NAME, "its name");
  static final Attr EMAIL = Attr.segment("Email", "email", MAIL, "its address").changes(Attr.Change.VERSIONED);
  static final Attr SHOWN = Attr.string("Shown", "shown", "the name shown").changes(Attr.Change.VERSIONED);
  static final Attr NOTES = Attr.number("Notes", "notes", "how many notes it wrote").optional();

  static final Entity ADDRESS_CLAIM = Entity.of("MemberEmail", ADDRESS, ADDRESS)
      .attributes(Attr.segment("Email", "email", MAIL, "the address"), Attr.segment("Member", "member", NAME, "whose"))
      .build();
  static final Entity MEMBER_ENTITY = Entity.of("Member", MEMBER, MEMBER)
      .index(Gsi.GSI1, ADDRESS, ADDRESS)
      .attributes(MEMBER_NAME, EMAIL, SHOWN, NOTES)
      .unique("email", ADDRESS_CLAIM)
      .build();
  static final Entity NOTE_ENTITY = Entity.of("Note", MEMBER, NOTE)
      .attributes(Attr.segment("Member", "member", NAME, "its author"), Attr.segment("Note", "note", NAME, "its id"),
          Attr.string("Text", "text", "its text"))
      .build();

  static final Writes CREATE = Writes.create(MEMBER_ENTITY);
  static final Writes CHANGE = Writes.change(MEMBER_ENTITY, EMAIL, SHOWN);
  static final Writes REMOVE = Writes.remove(MEMBER_ENTITY);
  /** A note by a member: the member must exist (404 naming it). */
  static final Writes WRITE_NOTE = Writes.of(Write.put(NOTE_ENTITY).ifAbsent().refused(Write.Refusal.done()),
      Write.exists(MEMBER_ENTITY).as("member", "author"));
  /**
   * The same with the member's count of notes kept in the same transaction: one transaction may not
   * touch an item twice, so the count's Update is the existence condition.
   */
  static final Writes COUNTED_NOTE = Writes.of(Write.put(NOTE_ENTITY).ifAbsent().refused(Write.Refusal.done()),
      Write.update(MEMBER_ENTITY).as("member", "author").add(NOTES, 1).ifExists());

  private static final String T0 = "2090-01-02T03:04:05.678Z";
  private static final String T1 = "2090-01-02T03:04:06.678Z";
  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final TableGateway gateway;

  WritesTest(TestTable table) {
    this.table = table;
    this.gateway = table.gateway(clock);
  }

  @org.junit.jupiter.api.BeforeEach
  void emptyTable() {
    // One table per class: each test starts from none of the others' items.
    for (var item : table.scanAll()) {
      table.client().deleteItem(b -> b.tableName(table.name()).key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))));
    }
  }

  private Map<String, Object> ann() {
    return CREATE.commit(gateway, Map.of("member", "ann", "email", "ann@x.org", "shown", "Ann", "createdAt", T0));
  }

  @Test
  void create_shouldPutTheItemAndTheClaimOfEachUniqueValue_exactly() {
    Map<String, Object> answer = ann();

    assertEquals(Map.of("member", "ann", "email", "ann@x.org", "shown", "Ann", "createdAt", T0, "updatedAt", T0),
        answer);
    assertEquals(item("PK", "MEMBER#ann", "SK", "MEMBER#ann", "GSI1PK", "MAIL#ann@x.org", "GSI1SK", "MAIL#ann@x.org",
        "Type", "Member", "Member", "ann", "Email", "ann@x.org", "Shown", "Ann", "CreatedAt", T0, "UpdatedAt", T0,
        "SchemaVersion", 1), table.item(new Key("MEMBER#ann", "MEMBER#ann")).orElseThrow());
    assertEquals(item("PK", "MAIL#ann@x.org", "SK", "MAIL#ann@x.org", "Type", "MemberEmail", "Email", "ann@x.org",
        "Member", "ann", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("MAIL#ann@x.org", "MAIL#ann@x.org")).orElseThrow());
  }

  @Test
  void create_shouldConflictNamingTheTakenField_andWriteNothing() {
    ann();
    ConflictException name = assertThrows(ConflictException.class, () -> CREATE.commit(gateway,
        Map.of("member", "ann", "email", "other@x.org", "shown", "A", "createdAt", T0)));
    assertEquals("member", name.conflict());
    assertEquals("member ann is taken", name.getMessage());
    ConflictException email = assertThrows(ConflictException.class, () -> CREATE.commit(gateway,
        Map.of("member", "bob", "email", "ann@x.org", "shown", "B", "createdAt", T0)));
    assertEquals("email", email.conflict());
    assertEquals(2, table.scanAll().size(), "neither refused transaction wrote its other item");
  }

  @Test
  void declaration_shouldDeriveItsCallsActionsAllowanceAndText() {
    assertEquals("Put MEMBER#{member} attribute_not_exists(PK); Put MAIL#{email} attribute_not_exists(PK)",
        CREATE.render());
    assertEquals(Calls.of(Operation.TRANSACT_WRITE_ITEMS), CREATE.calls());
    assertEquals(Set.of(DynamoAction.PUT_ITEM), CREATE.actions());
    assertEquals(RequestAllowance.ONE, CREATE.requestAllowance());

    assertEquals("GetItem MEMBER#{member}; TransactWriteItems: Delete MAIL#{oldEmail} on Member = :member, "
        + "Put MAIL#{email} attribute_not_exists(PK) (when Email changes); Update MEMBER#{member} SET Email, GSI1PK, "
        + "GSI1SK, Shown on Email = :oldEmail", CHANGE.render());
    assertEquals(Calls.then(Operation.GET_ITEM, Operation.TRANSACT_WRITE_ITEMS), CHANGE.calls());
    assertEquals(Set.of(DynamoAction.GET_ITEM, DynamoAction.UPDATE_ITEM, DynamoAction.DELETE_ITEM,
        DynamoAction.PUT_ITEM), CHANGE.actions());
    assertEquals(4, CHANGE.requestAllowance().requests());

    assertEquals("Put MEMBER#{member}/NOTE#{note} attribute_not_exists(PK); ConditionCheck MEMBER#{author} "
        + "attribute_exists(PK)", WRITE_NOTE.render());
    assertEquals(Set.of(DynamoAction.PUT_ITEM, DynamoAction.CONDITION_CHECK_ITEM), WRITE_NOTE.actions());
    assertEquals("Put MEMBER#{member}/NOTE#{note} attribute_not_exists(PK); Update MEMBER#{author} ADD Notes 1 on "
        + "attribute_exists(PK)", COUNTED_NOTE.render());
    assertEquals(Set.of(DynamoAction.PUT_ITEM, DynamoAction.UPDATE_ITEM), COUNTED_NOTE.actions());
    assertEquals("GetItem MEMBER#{member}; TransactWriteItems: Delete MEMBER#{member} on Email = :email; "
        + "Delete MAIL#{email} on Member = :member", REMOVE.render());
  }

  @Test
  void endpointOf_shouldGrantExactlyTheActionsOfTheParts() {
    DeclaredPattern create = DeclaredPattern.of("X01", "create a member", CREATE, "member; body: email, shown");
    DeclaredPattern change = DeclaredPattern.of("X02", "change a member", CHANGE, "member; body: email, shown");
    DeclaredPattern note = DeclaredPattern.of("X03", "write a note", WRITE_NOTE, "member, note, author");

    assertEquals(Set.of(DynamoAction.PUT_ITEM), Endpoint.of("PUT", "/members/{member}", "x.H", Auth.REQUIRED, create)
        .actions());
    assertEquals(Set.of(DynamoAction.GET_ITEM, DynamoAction.UPDATE_ITEM, DynamoAction.DELETE_ITEM,
        DynamoAction.PUT_ITEM), Endpoint.of("PATCH", "/members/{member}", "x.H", Auth.REQUIRED, change).actions());
    assertEquals(Set.of(DynamoAction.PUT_ITEM, DynamoAction.CONDITION_CHECK_ITEM),
        Endpoint.of("PUT", "/members/{member}/notes/{note}", "x.H", Auth.REQUIRED, note).actions());
    assertEquals(CHANGE.render(), change.keyCondition());
    assertEquals(4, change.requestAllowance().requests());
    assertEquals("TransactWriteItems", create.operation());
  }

  @Test
  void existsPart_shouldRefuseAWriteByAMissingCaller_as404NamingIt_andWriteNothing() {
    NotFoundException missing = assertThrows(NotFoundException.class, () -> WRITE_NOTE.commit(gateway,
        Map.of("member", "ann", "note", "n1", "author", "ann", "text", "hi", "createdAt", T0)));
    assertEquals("member not found", missing.getMessage());
    assertEquals(List.of(), table.scanAll());
  }

  @Test
  void existsPart_shouldLetTheCallerWrite() {
    ann();
    clock.advance(Duration.ofSeconds(1));
    Map<String, Object> values = Map.of("member", "ann", "note", "n1", "author", "ann", "text", "hi", "createdAt", T1);

    assertEquals(Map.of("member", "ann", "note", "n1", "text", "hi", "createdAt", T1, "updatedAt", T1),
        WRITE_NOTE.commit(gateway, values));
    assertEquals(item("PK", "MEMBER#ann", "SK", "NOTE#n1", "Type", "Note", "Member", "ann", "Note", "n1",
        "Text", "hi", "CreatedAt", T1, "UpdatedAt", T1, "SchemaVersion", 1),
        table.item(new Key("MEMBER#ann", "NOTE#n1")).orElseThrow());
  }

  @Test
  void counter_shouldMoveInTheWritesOwnTransaction_andARetryIsAnsweredAsWritten() {
    assertEquals("member not found", assertThrows(NotFoundException.class, () -> COUNTED_NOTE.commit(gateway,
        Map.of("member", "ann", "note", "n1", "author", "ann", "text", "hi", "createdAt", T0))).getMessage());
    assertEquals(List.of(), table.scanAll());
    ann();
    clock.advance(Duration.ofSeconds(1));
    Map<String, Object> values = Map.of("member", "ann", "note", "n1", "author", "ann", "text", "hi", "createdAt", T1);

    assertEquals("hi", COUNTED_NOTE.commit(gateway, values).get("text"));
    // A retry of the same write (its answer lost) is answered as written: its Put is refused as done.
    assertEquals("hi", COUNTED_NOTE.commit(gateway, values).get("text"));

    assertEquals(item("PK", "MEMBER#ann", "SK", "NOTE#n1", "Type", "Note", "Member", "ann", "Note", "n1",
        "Text", "hi", "CreatedAt", T1, "UpdatedAt", T1, "SchemaVersion", 1),
        table.item(new Key("MEMBER#ann", "NOTE#n1")).orElseThrow());
    var member = table.item(new Key("MEMBER#ann", "MEMBER#ann")).orElseThrow();
    assertEquals("1", member.get("Notes").n(), "the refused retry added nothing");
    assertEquals(T0, member.get("UpdatedAt").s(), "a count is no change of the member's own values");
  }

  @Test
  void aSinglePart_shouldBeItsOwnConditionalWrite_notATransaction() {
    Writes note = Writes.of(Write.put(NOTE_ENTITY).ifAbsent().refused(Write.Refusal.done()));
    Writes forget = Writes.of(Write.delete(NOTE_ENTITY).ifEquals(NOTE_ENTITY.attr("text"))
        .refused(Write.Refusal.notFound("note")));
    assertEquals(Calls.of(Operation.PUT_ITEM), note.calls());
    assertEquals(Set.of(DynamoAction.PUT_ITEM), note.actions());
    assertEquals("Put MEMBER#{member}/NOTE#{note} attribute_not_exists(PK)", note.render());
    assertEquals(Calls.of(Operation.DELETE_ITEM), forget.calls());
    assertEquals("Delete MEMBER#{member}/NOTE#{note} on Text = :text", forget.render());
    Map<String, Object> values = Map.of("member", "ann", "note", "n2", "text", "hi", "createdAt", T0);

    assertEquals("hi", note.commit(gateway, values).get("text"));
    assertEquals("hi", note.commit(gateway, values).get("text"), "a retry is answered as written");
    assertEquals(item("PK", "MEMBER#ann", "SK", "NOTE#n2", "Type", "Note", "Member", "ann", "Note", "n2",
        "Text", "hi", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("MEMBER#ann", "NOTE#n2")).orElseThrow());
    assertEquals("note not found", assertThrows(NotFoundException.class, () -> forget.commit(gateway,
        Map.of("member", "ann", "note", "n2", "text", "other"))).getMessage());
    assertTrue(table.item(new Key("MEMBER#ann", "NOTE#n2")).isPresent());
    forget.commit(gateway, Map.of("member", "ann", "note", "n2", "text", "hi"));
    assertFalse(table.item(new Key("MEMBER#ann", "NOTE#n2")).isPresent());
    assertThrows(IllegalArgumentException.class, () -> Writes.of(Write.put(NOTE_ENTITY)), "a plain put");
    assertThrows(IllegalArgumentException.class, () -> Writes.of(Write.exists(NOTE_ENTITY)), "writes nothing");
  }

  @Test
  void change_shouldMoveTheClaimWithTheItemInOneTransaction_exactly() {
    ann();
    clock.advance(Duration.ofSeconds(1));

    Map<String, Object> after = CHANGE.change(gateway, Map.of("member", "ann", "email", "ann@y.org"));

    assertEquals(Map.of("member", "ann", "email", "ann@y.org", "shown", "Ann", "createdAt", T0, "updatedAt", T1),
        after);
    assertEquals(item("PK", "MEMBER#ann", "SK", "MEMBER#ann", "GSI1PK", "MAIL#ann@y.org", "GSI1SK", "MAIL#ann@y.org",
        "Type", "Member", "Member", "ann", "Email", "ann@y.org", "Shown", "Ann", "CreatedAt", T0, "UpdatedAt", T1,
        "SchemaVersion", 1), table.item(new Key("MEMBER#ann", "MEMBER#ann")).orElseThrow());
    assertEquals(item("PK", "MAIL#ann@y.org", "SK", "MAIL#ann@y.org", "Type", "MemberEmail", "Email", "ann@y.org",
        "Member", "ann", "CreatedAt", T1, "UpdatedAt", T1, "SchemaVersion", 1),
        table.item(new Key("MAIL#ann@y.org", "MAIL#ann@y.org")).orElseThrow());
    assertFalse(table.item(new Key("MAIL#ann@x.org", "MAIL#ann@x.org")).isPresent(), "the old claim is released");
  }

  @Test
  void change_shouldRefuseAnotherItemsValue_namingTheField_andChangeNothing() {
    ann();
    CREATE.commit(gateway, Map.of("member", "bob", "email", "bob@x.org", "shown", "Bob", "createdAt", T0));
    var before = table.scanAll();
    clock.advance(Duration.ofSeconds(1));

    assertEquals("email", assertThrows(ConflictException.class, () -> CHANGE.change(gateway,
        Map.of("member", "ann", "email", "bob@x.org", "shown", "Other"))).conflict());
    assertEquals(before, table.scanAll());
    assertEquals("member not found", assertThrows(NotFoundException.class,
        () -> CHANGE.change(gateway, Map.of("member", "cyd", "shown", "C"))).getMessage());
    assertEquals("email", assertThrows(ValidationException.class,
        () -> CHANGE.change(gateway, Map.of("member", "ann", "email", "A#B"))).field());
  }

  @Test
  void change_ofAnotherAttributeOnly_shouldLeaveTheClaim_andNothingToChangeWritesNothing() {
    ann();
    clock.advance(Duration.ofSeconds(1));
    assertEquals(T0, CHANGE.change(gateway, Map.of("member", "ann", "email", "ann@x.org", "shown", "Ann"))
        .get("updatedAt"), "nothing changes: answered as read");

    assertEquals("Annie", CHANGE.change(gateway, Map.of("member", "ann", "shown", "Annie")).get("shown"));
    var member = table.item(new Key("MEMBER#ann", "MEMBER#ann")).orElseThrow();
    assertEquals("Annie", member.get("Shown").s());
    assertEquals(T1, member.get("UpdatedAt").s());
    assertEquals(T0, table.item(new Key("MAIL#ann@x.org", "MAIL#ann@x.org")).orElseThrow().get("UpdatedAt").s());
  }

  @Test
  void remove_shouldReleaseTheClaimsWithTheItem() {
    ann();
    assertTrue(REMOVE.remove(gateway, Map.of("member", "ann")));
    assertEquals(List.of(), table.scanAll());
    assertFalse(REMOVE.remove(gateway, Map.of("member", "ann")), "an absent item: nothing written");
    // the address is free again
    CREATE.commit(gateway, Map.of("member", "bob", "email", "ann@x.org", "shown", "Bob", "createdAt", T0));
  }
}
