package dev.monotable.kit.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The kit's versioned update of a declared entity: one UpdateItem, If-Match, 404 and 412 told apart. */
@ExtendWith(DynamoDbExtension.class)
class VersionedUpdateTest {

  static final Template MEMO = Template.of("MEMO#{memo}");
  static final Entity MEMO_ENTITY = Entity.of("Memo", MEMO, MEMO)
      .attributes(Attr.segment("Memo", "memo", Pattern.compile("^[a-z0-9]{1,20}$"), "its id"),
          Attr.string("Text", "text", "its text").changes(Attr.Change.VERSIONED))
      .versioned()
      .build();

  private final TestTable table;
  private final MutableClock clock = MutableClock.at("2090-01-02T00:00:00.000Z");
  private final TableGateway gateway;

  VersionedUpdateTest(TestTable table) {
    this.table = table;
    this.gateway = table.gateway(clock);
  }

  @Test
  void updateVersioned_shouldSetTheChangesAndBumpTheVersion_underIfMatch() {
    gateway.putIfAbsent(MEMO_ENTITY.toItem(Map.of("memo", "m1", "text", "one", "createdAt", "2090-01-01T00:00:00.000Z")));
    clock.advance(Duration.ofSeconds(1));

    Map<String, Object> after = gateway.updateVersioned(MEMO_ENTITY, Map.of("memo", "m1"), Map.of("text", "two"), 1L);

    assertEquals(Map.of("memo", "m1", "text", "two", "version", 2L, "createdAt", "2090-01-01T00:00:00.000Z",
        "updatedAt", "2090-01-02T00:00:01.000Z"), after);
    var item = table.item(new Key("MEMO#m1", "MEMO#m1")).orElseThrow();
    assertEquals("2", item.get("Version").n());
    assertEquals("two", item.get("Text").s());
    VersionMismatchException stale = assertThrows(VersionMismatchException.class,
        () -> gateway.updateVersioned(MEMO_ENTITY, Map.of("memo", "m1"), Map.of("text", "three"), 1L));
    assertEquals(2L, stale.currentVersion());
    assertEquals("two", table.item(new Key("MEMO#m1", "MEMO#m1")).orElseThrow().get("Text").s());
    assertEquals(3L, gateway.updateVersioned(MEMO_ENTITY, Map.of("memo", "m1"), Map.of("text", "any"), null)
        .get("version"));
  }

  @Test
  void updateVersioned_shouldBeNotFound_forNoItem_andRefuseNothingToChange() {
    NotFoundException missing = assertThrows(NotFoundException.class,
        () -> gateway.updateVersioned(MEMO_ENTITY, Map.of("memo", "none"), Map.of("text", "x"), 1L));
    assertEquals("memo not found", missing.getMessage());
    assertThrows(ValidationException.class,
        () -> gateway.updateVersioned(MEMO_ENTITY, Map.of("memo", "none"), Map.of(), 1L));
    assertEquals(false, table.item(new Key("MEMO#none", "MEMO#none")).isPresent(), "an update never creates");
  }
}
