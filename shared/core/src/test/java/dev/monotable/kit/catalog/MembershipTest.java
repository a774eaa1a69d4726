package dev.monotable.kit.catalog;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Membership and roles read from the table, declared on a write (a ConditionCheck of the caller's
 * membership item in the write's own transaction, 403 when refused, nothing written) and on a read
 * (the membership item in the read's own request), with the calls, IAM actions, access and docs
 * text derived; the writes against the local engine, exact items asserted.
 */
@ExtendWith(DynamoDbExtension.class)
class MembershipTest {
  static final Pattern NAME = Pattern.compile("^[a-z][a-z0-9]{0,19}$");
  static final Template TEAM = Template.of("TEAM#{team}");
  static final Template SEAT = Template.of("SEAT#{user}");
  static final Template USER = Template.of("USER#{user}");
  static final Template NOTE = Template.of("NOTE#{note}");
  static final Attr ROLE = Attr.string("Role", "role", "owner, admin or viewer");

  static final Entity SEAT_ENTITY = Entity.of("Seat", TEAM, SEAT)
      .index(Gsi.GSI1, USER, TEAM)
      .attributes(Attr.segment("Team", "team", NAME, "the team"), Attr.segment("User", "user", NAME, "its member"),
          ROLE)
      .build();
  static final Entity NOTE_ENTITY = Entity.of("TeamNote", TEAM, NOTE)
      .attributes(Attr.segment("Team", "team", NAME, "the team"), Attr.segment("Note", "note", NAME, "its id"),
          Attr.string("Text", "text", "its text"))
      .build();

  static final Membership ANY_MEMBER = Membership.of(SEAT_ENTITY, "team", "user");
  static final Membership OWNERS = ANY_MEMBER.withRole(ROLE, "owner", "admin");
  /** A note of the team, written by its owners and admins only. */
  static final Writes POST_NOTE = Writes.forMembers(OWNERS, Write.put(NOTE_ENTITY).ifAbsent());
  /** A pin of the team, replaced by any later one: an unconditional Put, made by any member. */
  static final Writes PIN = Writes.forMembers(ANY_MEMBER, Write.put(NOTE_ENTITY));

  private static final String T0 = "2090-01-02T03:04:05.678Z";
  private final TestTable table;
  private final TableGateway gateway;

  MembershipTest(TestTable table) {
    this.table = table;
    this.gateway = table.gateway(MutableClock.at(T0));
  }

  @BeforeEach
  void seats() {
    for (var item : table.scanAll()) {
      table.client().deleteItem(b -> b.tableName(table.name()).key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))));
    }
    for (String[] s : new String[][] {{"ann", "owner"}, {"ada", "admin"}, {"vic", "viewer"}}) {
      table.put(SEAT_ENTITY.toItem(Map.of("team", "red", "user", s[0], "role", s[1], "createdAt", T0)));
    }
  }

  private Map<String, Object> note(String caller, String note) {
    return POST_NOTE.commit(gateway, Map.of("team", "red", "note", note, "text", "hi", "caller", caller,
        "createdAt", T0));
  }

  @Test
  void aMemberInARole_shouldWrite_theItemExactly_inOneTransactionWithTheCheck() {
    assertEquals("n1", note("ann", "n1").get("note"));
    note("ada", "n2");
    assertEquals(item("PK", "TEAM#red", "SK", "NOTE#n1", "Type", "TeamNote", "Team", "red", "Note", "n1", "Text", "hi",
        "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1), table.item(new Key("TEAM#red", "NOTE#n1")).orElseThrow());
    assertTrue(table.item(new Key("TEAM#red", "NOTE#n2")).isPresent());
    assertEquals(5, table.scanAll().size(), "three seats, two notes: the check wrote nothing");
  }

  @Test
  void anotherRole_orNoMembership_shouldBe403_andWriteNothing() {
    ForbiddenException viewer = assertThrows(ForbiddenException.class, () -> note("vic", "n3"));
    assertEquals("only members of the team whose role is owner or admin may do this", viewer.getMessage());
    assertThrows(ForbiddenException.class, () -> note("zoe", "n3"));
    assertEquals(3, table.scanAll().size());
    // the membership is checked first, the write's own refusal still names its field
    note("ann", "n4");
    ConflictException again = assertThrows(ConflictException.class, () -> note("ann", "n4"));
    assertEquals("team", again.conflict());
  }

  @Test
  void anUnconditionalPart_shouldStillBeCheckedByTheMembership() {
    PIN.commit(gateway, Map.of("team", "red", "note", "pin", "text", "one", "caller", "vic", "createdAt", T0));
    PIN.commit(gateway, Map.of("team", "red", "note", "pin", "text", "two", "caller", "vic", "createdAt", T0));
    assertEquals("two", table.item(new Key("TEAM#red", "NOTE#pin")).orElseThrow().get("Text").s());
    assertThrows(ForbiddenException.class, () -> PIN.commit(gateway, Map.of("team", "red", "note", "pin", "text",
        "three", "caller", "zoe", "createdAt", T0)));
    assertEquals("two", table.item(new Key("TEAM#red", "NOTE#pin")).orElseThrow().get("Text").s());
  }

  @Test
  void aWritesDeclaration_shouldDeriveItsCallsActionsTextAndTheRoutesAccess() {
    assertEquals("ConditionCheck TEAM#{team}/SEAT#{caller} attribute_exists(PK) AND Role IN (owner, admin); "
        + "Put TEAM#{team}/NOTE#{note} attribute_not_exists(PK)", POST_NOTE.render());
    assertEquals(Calls.of(Operation.TRANSACT_WRITE_ITEMS), POST_NOTE.calls());
    assertEquals(Set.of(DynamoAction.CONDITION_CHECK_ITEM, DynamoAction.PUT_ITEM), POST_NOTE.actions());
    DeclaredPattern p = DeclaredPattern.of("T01", "post a note", POST_NOTE, "team, note");
    assertEquals(OWNERS, p.members());
    Endpoint route = Endpoint.route("PUT", "/teams/{team}/notes/{note}", Auth.REQUIRED, p);
    assertEquals(Access.member(OWNERS), route.access());
    assertEquals(Set.of(DynamoAction.CONDITION_CHECK_ITEM, DynamoAction.PUT_ITEM), route.actions());
    assertThrows(IllegalArgumentException.class,
        () -> Endpoint.route("PUT", "/teams/{team}/notes/{note}", Auth.NONE, p), "a member route needs a caller");
    assertThrows(IllegalArgumentException.class,
        () -> Endpoint.route("PUT", "/notes/{note}", Auth.REQUIRED, p), "the group is a path parameter");
  }

  @Test
  void aMembersRead_shouldBeOneRequestWithTheMembership_orAGetThenAPage() {
    DeclaredPattern get = DeclaredPattern.get("T02", "get a note", NOTE_ENTITY).forMembers(ANY_MEMBER);
    assertEquals(Calls.of(Operation.BATCH_GET_ITEM), get.calls());
    assertEquals(RequestAllowance.ONE, get.requestAllowance());
    assertEquals("PK = TEAM#{team}, SK = NOTE#{note}; Seat TEAM#{team}/SEAT#{caller} (member of {team}, else 403)",
        get.keyCondition());
    Endpoint route = Endpoint.plain("GET", "/teams/{team}/notes/{note}", Auth.REQUIRED, get);
    assertEquals(Set.of(DynamoAction.BATCH_GET_ITEM), route.actions());
    assertEquals(Access.Kind.MEMBER, route.access().kind());

    DeclaredPattern list = DeclaredPattern.list("T03", "a team's notes", NOTE_ENTITY,
        KeyCondition.query(TEAM).beginsWith(Template.of("NOTE#"))).forMembers(OWNERS);
    assertEquals(Calls.then(Operation.GET_ITEM, Operation.QUERY), list.calls());
    assertEquals(2, list.requestAllowance().requests());
    assertEquals(Set.of(DynamoAction.GET_ITEM, DynamoAction.QUERY),
        Endpoint.plain("GET", "/teams/{team}/notes", Auth.REQUIRED, list).actions());
    assertThrows(IllegalArgumentException.class, () -> list.forMembers(ANY_MEMBER));
    assertThrows(IllegalArgumentException.class,
        () -> DeclaredPattern.create("T04", "create a note", NOTE_ENTITY).forMembers(ANY_MEMBER));
    assertNull(DeclaredPattern.get("T05", "a note", NOTE_ENTITY).members());
  }

  @Test
  void aMembership_shouldAdmitTheRolesItNames_fromTheItemRead() {
    var owner = SEAT_ENTITY.toItem(Map.of("team", "red", "user", "ann", "role", "owner", "createdAt", T0));
    var viewer = SEAT_ENTITY.toItem(Map.of("team", "red", "user", "vic", "role", "viewer", "createdAt", T0));
    assertTrue(OWNERS.admits(owner));
    assertEquals(List.of(false, false, true), List.of(OWNERS.admits(viewer), OWNERS.admits(null),
        ANY_MEMBER.admits(viewer)));
    assertEquals(new Key("TEAM#red", "SEAT#ann"), OWNERS.key("red", "ann"));
    assertThrows(IllegalArgumentException.class, () -> Membership.of(NOTE_ENTITY, "team", "user"));
  }
}
