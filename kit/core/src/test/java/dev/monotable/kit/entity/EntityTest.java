package dev.monotable.kit.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** One declaration per entity gives its items, its keys and its segment rules. */
class EntityTest {

  static final Pattern ID = Pattern.compile("^[a-z0-9-]{1,20}$");
  static final Template OWNER = Template.of("OWNER#{owner}");
  static final Template LABEL = Template.of("THING#{thing}#LABEL#{label}");
  static final Template LABELLED = Template.of("OWNER#{owner}#LABEL#{label}");
  static final Template THING = Template.of("THING#{thing}");

  static final Entity LABEL_ENTITY = Entity.of("Label", OWNER, LABEL)
      .index(Gsi.GSI2, LABELLED, THING)
      .attributes(
          Attr.segment("Owner", "owner", ID, "the owner"),
          Attr.segment("Thing", "thing", ID, "the thing"),
          Attr.segment("Label", "label", ID, "the label"),
          Attr.number("Weight", "weight", "how much it counts").optional())
      .build();

  @Test
  void toItem_shouldWriteTypeKeysIndexKeysAttributesAndAudit() {
    Map<String, AttributeValue> item = LABEL_ENTITY.toItem(Map.of("owner", "ann", "thing", "t1", "label", "red",
        "weight", 3, "createdAt", "2026-11-27T00:00:00.000Z"));
    Map<String, AttributeValue> expected = new LinkedHashMap<>();
    expected.put("PK", AttributeValue.fromS("OWNER#ann"));
    expected.put("SK", AttributeValue.fromS("THING#t1#LABEL#red"));
    expected.put("Type", AttributeValue.fromS("Label"));
    expected.put("GSI2PK", AttributeValue.fromS("OWNER#ann#LABEL#red"));
    expected.put("GSI2SK", AttributeValue.fromS("THING#t1"));
    expected.put("Owner", AttributeValue.fromS("ann"));
    expected.put("Thing", AttributeValue.fromS("t1"));
    expected.put("Label", AttributeValue.fromS("red"));
    expected.put("Weight", AttributeValue.fromN("3"));
    expected.put("CreatedAt", AttributeValue.fromS("2026-11-27T00:00:00.000Z"));
    expected.put("UpdatedAt", AttributeValue.fromS("2026-11-27T00:00:00.000Z"));
    Map<String, AttributeValue> withoutSchemaVersion = new LinkedHashMap<>(item);
    withoutSchemaVersion.remove("SchemaVersion");
    assertEquals(expected, withoutSchemaVersion);
  }

  @Test
  void values_shouldReadBackWhatToItemWrote() {
    Map<String, AttributeValue> item = LABEL_ENTITY.toItem(Map.of("owner", "ann", "thing", "t1", "label", "red",
        "createdAt", "2026-11-27T00:00:00.000Z"));
    assertEquals(Map.of("owner", "ann", "thing", "t1", "label", "red", "createdAt", "2026-11-27T00:00:00.000Z",
        "updatedAt", "2026-11-27T00:00:00.000Z"), LABEL_ENTITY.values(item));
    assertEquals(new Key("OWNER#ann#LABEL#red", "THING#t1"),
        LABEL_ENTITY.key(Gsi.GSI2, Map.of("owner", "ann", "label", "red", "thing", "t1")));
  }

  static final Entity NOTE_ENTITY = Entity.of("Note", OWNER, THING)
      .attributes(Attr.segment("Owner", "owner", ID, "the owner"), Attr.segment("Thing", "thing", ID, "the thing"))
      .versioned()
      .build();

  @Test
  void aVersionedEntity_shouldWriteVersionOneOnCreation_andReadItBack() {
    // guards: a versioned item written without Version can never be updated under If-Match
    Map<String, AttributeValue> item = NOTE_ENTITY.toItem(Map.of("owner", "ann", "thing", "t1",
        "createdAt", "2026-11-27T00:00:00.000Z"));
    assertEquals(AttributeValue.fromN("1"), item.get("Version"));
    assertEquals(1L, NOTE_ENTITY.values(item).get("version"));
    Map<String, AttributeValue> third = NOTE_ENTITY.toItem(Map.of("owner", "ann", "thing", "t1", "version", 3L));
    assertEquals(AttributeValue.fromN("3"), third.get("Version"));
    assertEquals(null, LABEL_ENTITY.toItem(Map.of("owner", "ann", "thing", "t1", "label", "red")).get("Version"));
  }

  @Test
  void aValueThatWouldChangeTheKeysStructure_shouldBeRefusedNamingItsField() {
    ValidationException e = assertThrows(ValidationException.class,
        () -> LABEL_ENTITY.key(Map.of("owner", "ann#LABEL#x", "thing", "t1", "label", "red")));
    assertEquals("owner", e.field());
    assertThrows(ValidationException.class, () -> LABEL_ENTITY.key(Map.of("owner", "ann", "thing", "T1",
        "label", "red")));
  }

  @Test
  void aPlaceholderWithoutARuledAttribute_shouldFailWhenTheDomainIsBuilt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Entity.of("Bad", OWNER, THING)
        .attributes(Attr.segment("Owner", "owner", ID, "the owner"), Attr.string("Thing", "thing", "no rule"))
        .build());
    assertEquals("Bad: {thing} of THING#{thing} needs an attribute with that field and a key-segment rule",
        e.getMessage());
  }

  @Test
  void anAttributeDeclaredTwice_shouldFailWhenTheDomainIsBuilt() {
    assertThrows(IllegalArgumentException.class, () -> Entity.of("Twice", OWNER, OWNER)
        .attributes(Attr.segment("Owner", "owner", ID, "a"), Attr.segment("Owner2", "owner", ID, "b")).build());
  }
}
