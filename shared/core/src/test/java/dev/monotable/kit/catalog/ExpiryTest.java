package dev.monotable.kit.catalog;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.Expiry;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * TTL as DynamoDB users expect it, against the local engine with the table's clock set past an
 * item's expiry while the engine (whose own clock is years earlier) has not deleted it: an expired
 * item is absent to reads and to the conditions of declared writes, and answers show its expiry.
 */
@ExtendWith(DynamoDbExtension.class)
class ExpiryTest {
  static final Pattern ID = Pattern.compile("^[a-z0-9.@]{1,40}$");
  static final Template GROUP = Template.of("GROUP#{group}");
  static final Template INVITE = Template.of("INVITE#{email}");

  /** An invitation into a group, which expires. */
  static final Entity INVITATION = Entity.of("Invitation", GROUP, INVITE)
      .attributes(Attr.segment("Group", "group", ID, "the group"), Attr.segment("Email", "email", ID, "who"))
      .expires()
      .build();
  static final Entity MEMBER = Entity.of("Member", GROUP, Template.of("MEMBER#{email}"))
      .attributes(Attr.segment("Group", "group", ID, "the group"), Attr.segment("Email", "email", ID, "who"))
      .build();

  static final Writes INVITE_ONCE = Writes.of(Write.put(INVITATION).ifAbsent());
  /** Accepting: the invitation is consumed and the member written, in one transaction. */
  static final Writes ACCEPT = Writes.of(Write.delete(INVITATION).ifExists(), Write.put(MEMBER).ifAbsent());

  /** An invitation and a member of another group in one transaction (its answer: the invitation's values). */
  static final Writes ACCEPT_OR_INVITE = Writes.of(Write.put(INVITATION).ifAbsent(), Write.put(MEMBER).ifAbsent());

  private static final String T0 = "2090-01-02T03:04:05.000Z";
  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final TableGateway gateway;

  ExpiryTest(TestTable table) {
    this.table = table;
    this.gateway = table.gateway(clock);
  }

  @BeforeEach
  void emptyTable() {
    for (var item : table.scanAll()) {
      table.client().deleteItem(b -> b.tableName(table.name()).key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))));
    }
  }

  private static long at(int seconds) {
    return Instant.parse(T0).getEpochSecond() + seconds;
  }

  private Map<String, Object> invite(String email, long ttl) {
    return INVITE_ONCE.commit(gateway, Map.of("group", "g1", "email", email, "ttl", ttl,
        "createdAt", gateway.clock().instant().toString()));
  }

  @Test
  void putIfAbsent_shouldRefuseALiveItem_butReplaceAnExpiredOneBeforeTheEngineDeletesIt() {
    invite("amy@x.org", at(60));
    assertEquals("group", assertThrows(ConflictException.class, () -> invite("amy@x.org", at(600))).conflict(),
        "a live invitation is not replaced");

    clock.advance(Duration.ofSeconds(61));
    assertEquals("2090-01-02T04:04:05.000Z", invite("amy@x.org", at(3600)).get("expiresAt"),
        "the answer shows the expiry");

    assertEquals(item("PK", "GROUP#g1", "SK", "INVITE#amy@x.org", "Type", "Invitation", "Group", "g1",
        "Email", "amy@x.org", "TTL", at(3600), "CreatedAt", "2090-01-02T03:05:06Z", "UpdatedAt",
        "2090-01-02T03:05:06Z", "SchemaVersion", 1), table.item(new Key("GROUP#g1", "INVITE#amy@x.org")).orElseThrow(),
        "the expired invitation was replaced by the new one");
  }

  @Test
  void ifExists_shouldRefuseAnExpiredItem_as404_andWriteNothing() {
    invite("bob@x.org", at(60));
    clock.advance(Duration.ofSeconds(61));

    assertEquals("2090-01-02T03:05:05.000Z", ACCEPT_OR_INVITE.commit(gateway, Map.of("group", "g2", "email",
        "bob@x.org", "ttl", at(60), "createdAt", T0)).get("expiresAt"), "a transaction's answer shows it too");
    NotFoundException gone = assertThrows(NotFoundException.class,
        () -> ACCEPT.commit(gateway, Map.of("group", "g1", "email", "bob@x.org", "createdAt", T0)));

    assertEquals("invitation not found", gone.getMessage());
    assertTrue(table.item(new Key("GROUP#g1", "INVITE#bob@x.org")).isPresent(), "not deleted yet: only absent");
    assertTrue(table.item(new Key("GROUP#g1", "MEMBER#bob@x.org")).isEmpty(), "nothing written");
  }

  @Test
  void aLiveItem_shouldBehaveAsBefore() {
    invite("cat@x.org", at(60));
    ACCEPT.commit(gateway, Map.of("group", "g1", "email", "cat@x.org", "createdAt", T0));
    assertTrue(table.item(new Key("GROUP#g1", "INVITE#cat@x.org")).isEmpty());
    assertTrue(table.item(new Key("GROUP#g1", "MEMBER#cat@x.org")).isPresent());
  }

  @Test
  void reads_shouldDropExpiredItems_inTheirOneRequest_andShowExpiresAt() {
    invite("old@x.org", at(60));
    invite("new@x.org", at(3600));
    clock.advance(Duration.ofSeconds(61));
    Instant now = clock.instant();

    List<Map<String, Object>> page = gateway.query(Expiry.live(QuerySpec.table("GROUP#g1", "INVITE#"), now),
        PageRequest.first(10), "x").items().stream().map(i -> Expiry.values(INVITATION, i)).toList();
    assertEquals(List.of("new@x.org"), page.stream().map(v -> v.get("email")).toList());
    assertEquals("2090-01-02T04:04:05.000Z", page.get(0).get("expiresAt"));

    assertTrue(Expiry.live(INVITATION, gateway.get(new Key("GROUP#g1", "INVITE#old@x.org")), now).isEmpty());
    assertTrue(Expiry.live(INVITATION, gateway.get(new Key("GROUP#g1", "INVITE#new@x.org")), now).isPresent());
    var member = MEMBER.toItem(Map.of("group", "g1", "email", "x@x.org"));
    assertEquals(MEMBER.values(member), Expiry.values(MEMBER, member), "an entity that does not expire: as before");
  }

  /** A pass: an expiring, versioned entity, changed and removed as declared. */
  static final Attr NOTE = Attr.string("Note", "note", "a note").changes(Attr.Change.VERSIONED);
  static final Entity PASS = Entity.of("Pass", GROUP, Template.of("PASS#{email}"))
      .attributes(Attr.segment("Group", "group", ID, "the group"), Attr.segment("Email", "email", ID, "whose"), NOTE)
      .versioned()
      .expires()
      .build();

  @Test
  void changeRemoveAndVersionedUpdate_shouldTreatAnExpiredItemAsAbsent() {
    gateway.putIfAbsent(PASS.toItem(Map.of("group", "g1", "email", "dan@x.org", "note", "n", "ttl", at(60),
        "createdAt", T0)));
    Map<String, Object> key = Map.of("group", "g1", "email", "dan@x.org");
    assertEquals("2090-01-02T03:05:05.000Z", gateway.updateVersioned(PASS, key, Map.of("note", "live"), null)
        .get("expiresAt"), "a live item is updated as before, its expiry shown");
    clock.advance(Duration.ofSeconds(61));

    assertEquals("pass not found", assertThrows(NotFoundException.class,
        () -> gateway.updateVersioned(PASS, key, Map.of("note", "late"), null)).getMessage());
    assertEquals("pass not found", assertThrows(NotFoundException.class,
        () -> Writes.change(PASS, NOTE).change(gateway, Map.of("group", "g1", "email", "dan@x.org", "note", "late")))
        .getMessage());
    assertEquals(false, Writes.remove(PASS).remove(gateway, key), "an expired item: nothing to remove");
    assertEquals("live", table.item(new Key("GROUP#g1", "PASS#dan@x.org")).orElseThrow().get("Note").s(),
        "nothing written to the expired item");
  }

  @Test
  void render_shouldSayAnExpiredItemIsAbsent() {
    assertEquals("Put GROUP#{group}/INVITE#{email} (attribute_not_exists(PK) OR TTL < :now)", INVITE_ONCE.render());
    assertEquals("Delete GROUP#{group}/INVITE#{email} on attribute_exists(PK) AND (attribute_not_exists(TTL) OR "
        + "TTL >= :now); Put GROUP#{group}/MEMBER#{email} attribute_not_exists(PK)", ACCEPT.render());
  }
}
