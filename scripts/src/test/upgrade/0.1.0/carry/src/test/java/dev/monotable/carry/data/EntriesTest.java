package dev.monotable.carry.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.carry.Carry;
import dev.monotable.carry.model.Entry;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Carry's data access against the local engine: the exact item each pattern writes, and its refusals. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Carry.class)
class EntriesTest {
  private static final String T0 = "2090-01-02T00:00:00.000Z";

  private final TestTable table;
  private final Entries entries;

  EntriesTest(TestTable table) {
    this.table = table;
    this.entries = new Entries(table.gateway(MutableClock.at(T0)));
  }

  @Test
  void create_shouldPutTheDeclaredItem_exactly() {
    entries.create("first", "Hello");

    Map<String, AttributeValue> item = table.item(new Key("ENTRY#first", "ENTRY#first")).orElseThrow();
    assertEquals("Entry", item.get("Type").s());
    assertEquals("first", item.get("Entry").s());
    assertEquals("Hello", item.get("Text").s());
    assertEquals(T0, item.get("CreatedAt").s());
    assertEquals(new Entry("first", "Hello", T0), entries.get("first"));
  }

  @Test
  void create_ofAnExistingName_shouldConflict_andKeepTheFirst() {
    entries.create("twice", "one");
    assertThrows(ConflictException.class, () -> entries.create("twice", "two"));
    assertEquals("one", entries.get("twice").text());
  }

  @Test
  void aNameThatWouldChangeTheKey_orEmptyText_shouldBeRefused_andWriteNothing() {
    assertEquals("entry", assertThrows(ValidationException.class, () -> entries.create("a#ENTRY#b", "x")).field());
    assertEquals("text", assertThrows(ValidationException.class, () -> entries.create("blank", " ")).field());
    assertTrue(table.item(new Key("ENTRY#blank", "ENTRY#blank")).isEmpty());
    assertThrows(NotFoundException.class, () -> entries.get("blank"));
  }
}
