package dev.monotable.kit.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.LinkedHashMap;
import java.util.List;
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

  // A key holds a name lower-cased (case-insensitive keys) while the item keeps its display form;
  // the same template holds different fields at different positions; a number is zero-padded.
  static final Template ACCOUNT = Template.of("ACCOUNT#{account}");
  static final Template MEMBER = Template.of("MEMBER#{member}#{n4}");
  static final Template SHARD = Template.of("SHARD#{shard}");
  static final Attr.KeyForm LOWER = v -> {
    if (!ID.matcher(((String) v).toLowerCase(java.util.Locale.ROOT)).matches()) {
      throw new ValidationException("name", "name must be an id");
    }
    return ((String) v).toLowerCase(java.util.Locale.ROOT);
  };
  static final Attr.KeyForm N4 = v -> String.format("%04d", ((Number) v).intValue());

  static final Entity MEMBER_ENTITY = Entity.of("Member",
          Entity.KeyPart.of(ACCOUNT).from("account", "org"), Entity.KeyPart.of(MEMBER).from("n4", "rank", N4))
      .index(Gsi.GSI1, Entity.KeyPart.of(ACCOUNT).from("account", "member").shownAs("account", "user"),
          Entity.KeyPart.of(SHARD).derived("shard", v -> Integer.toString(Math.abs(v.get("org").hashCode()) % 4)))
      .attributes(
          Attr.string("Org", "org", "the organization").keyed(LOWER),
          Attr.string("Member", "member", "the member").keyed(LOWER),
          Attr.number("Rank", "rank", "its place"),
          Attr.bool("Active", "active", "still a member"))
      .build();

  @Test
  void keyParts_shouldFillPlaceholdersFromOtherFieldsInTheirKeyForm_whileTheItemKeepsTheValue() {
    Map<String, AttributeValue> item = MEMBER_ENTITY.toItem(Entity.fields("org", "Acme", "member", "Ann",
        "rank", 7, "active", true, "createdAt", "2026-11-27T00:00:00.000Z"));
    assertEquals(AttributeValue.fromS("ACCOUNT#acme"), item.get("PK"));
    assertEquals(AttributeValue.fromS("MEMBER#ann#0007"), item.get("SK"));
    assertEquals(AttributeValue.fromS("ACCOUNT#ann"), item.get("GSI1PK"));
    assertEquals(AttributeValue.fromS("SHARD#" + Math.abs("Acme".hashCode()) % 4), item.get("GSI1SK"));
    assertEquals(AttributeValue.fromS("Acme"), item.get("Org"));
    assertEquals(AttributeValue.fromN("7"), item.get("Rank"));
    assertEquals(AttributeValue.fromBool(true), item.get("Active"));
    ValidationException e = assertThrows(ValidationException.class,
        () -> MEMBER_ENTITY.key(Entity.fields("org", "a#b", "member", "ann", "rank", 1)));
    assertEquals("name", e.field());
  }

  @Test
  void shownNames_shouldBeTheFieldForAPlainFill_thePlaceholderForADerivedOne_orTheNameGiven() {
    assertEquals(Map.of("account", "org"), MEMBER_ENTITY.table().partition().shownNames());
    assertEquals(Map.of("n4", "n4"), MEMBER_ENTITY.table().sort().shownNames());
    assertEquals(Map.of("account", "user"), MEMBER_ENTITY.indexes().get(Gsi.GSI1).partition().shownNames());
    assertEquals(Map.of("shard", "shard"), MEMBER_ENTITY.indexes().get(Gsi.GSI1).sort().shownNames());
  }

  @Test
  void aFillFromAnUndeclaredFieldOrAnUnknownPlaceholder_shouldFailWhenTheDomainIsBuilt() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Entity.of("Bad",
            Entity.KeyPart.of(ACCOUNT).from("account", "nobody"), Entity.KeyPart.of(ACCOUNT).from("account", "org"))
        .attributes(Attr.string("Org", "org", "the organization").keyed(LOWER))
        .build());
    assertEquals("Bad: {account} of ACCOUNT#{account} (from nobody) needs an attribute with that field and a "
        + "key-segment rule", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> Entity.KeyPart.of(ACCOUNT).from("acount", "org"));
  }

  @Test
  void fields_shouldKeepANullValue_whichIsAnAbsentAttribute() {
    Map<String, Object> expected = new LinkedHashMap<>();
    expected.put("a", 1);
    expected.put("b", null);
    assertEquals(expected, Entity.fields("a", 1, "b", null));
    assertEquals(null, LABEL_ENTITY.toItem(Entity.fields("owner", "ann", "thing", "t1", "label", "red",
        "weight", null)).get("Weight"));
  }

  @Test
  void aKey_mayHoldAnAuditTimestampInACheckedForm_butNotAsItIs() {
    Template at = Template.of("AT#{ts}");
    Entity logged = Entity.of("Logged", Entity.KeyPart.of(OWNER), Entity.KeyPart.of(at).from("ts", "createdAt",
            v -> ((String) v).substring(0, 10)))
        .attributes(Attr.segment("Owner", "owner", ID, "the owner"))
        .build();
    assertEquals(AttributeValue.fromS("AT#2026-11-27"),
        logged.toItem(Entity.fields("owner", "ann", "createdAt", "2026-11-27T00:00:00.000Z")).get("SK"));
    assertThrows(IllegalArgumentException.class, () -> Entity.of("Bad", Entity.KeyPart.of(OWNER),
            Entity.KeyPart.of(at).from("ts", "createdAt"))
        .attributes(Attr.segment("Owner", "owner", ID, "the owner"))
        .build());
  }

  // A sparse index (only items with a value are in it) and a key whose template follows a state.
  static final Template OPEN = Template.of("OPEN#{owner}");
  static final Template CLOSED = Template.of("#CLOSED#{owner}");
  static final Entity TASK = Entity.of("Task", OWNER, THING)
      .attributes(
          Attr.segment("Owner", "owner", ID, "the owner"),
          Attr.segment("Thing", "thing", ID, "the task"),
          Attr.string("State", "state", "open or closed"))
      .variants(
          Entity.Variant.of("open", Entity.When.oneOf("state", "open")).index(Gsi.GSI4, THING, OPEN),
          Entity.Variant.of("closed", Entity.When.oneOf("state", "closed", "done")).index(Gsi.GSI4, THING, CLOSED),
          Entity.Variant.of("flagged", Entity.When.present("flag")).index(Gsi.GSI3, OWNER, THING)
              .attributes(Attr.string("Flag", "flag", "why").optional()))
      .build();

  @Test
  void variants_shouldWriteEachItemAtItsOwnVariantsKeys() {
    Map<String, AttributeValue> open = TASK.toItem(Entity.fields("owner", "ann", "thing", "t1", "state", "open"));
    assertEquals(AttributeValue.fromS("OPEN#ann"), open.get("GSI4SK"));
    Map<String, AttributeValue> done = TASK.toItem(Entity.fields("owner", "ann", "thing", "t1", "state", "done"));
    assertEquals(AttributeValue.fromS("#CLOSED#ann"), done.get("GSI4SK"));
    assertEquals(null, done.get("GSI3PK"));
    assertEquals(Map.of("owner", "ann", "thing", "t1", "state", "done"), TASK.values(done));
  }

  /** Merged once when the entity is built (toItem asks on every item), and merged as declared. */
  @Test
  void variantLayouts_shouldBeMergedOnce() {
    Entity.Variant flagged = TASK.variant("flagged");
    assertSame(TASK.attributes(flagged), TASK.attributes(flagged));
    assertSame(TASK.indexes(flagged), TASK.indexes(flagged));
    assertEquals(List.of("Owner", "Thing", "State", "Flag"), TASK.attributes(flagged).stream().map(Attr::name).toList());
    assertEquals(java.util.Set.of(Gsi.GSI3), TASK.indexes(flagged).keySet());
    assertThrows(UnsupportedOperationException.class, () -> TASK.attributes(flagged).clear());
    assertThrows(UnsupportedOperationException.class, () -> TASK.indexes(flagged).clear());
  }

  @Test
  void anItemThatIsNoVariantOrTwo_shouldBeRefused() {
    // a state no variant names would write an item absent from GSI4 without anyone deciding so
    assertThrows(IllegalArgumentException.class,
        () -> TASK.toItem(Entity.fields("owner", "ann", "thing", "t1", "state", "lost")));
    assertThrows(IllegalArgumentException.class,
        () -> TASK.toItem(Entity.fields("owner", "ann", "thing", "t1", "state", "open", "flag", "x")));
  }

  @Test
  void aVariantSelectingByAnUndeclaredField_shouldFailWhenTheDomainIsBuilt() {
    assertThrows(IllegalArgumentException.class, () -> Entity.of("Bad", OWNER, THING)
        .attributes(Attr.segment("Owner", "owner", ID, "the owner"), Attr.segment("Thing", "thing", ID, "the thing"))
        .variants(Entity.Variant.of("x", Entity.When.present("nothing")))
        .build());
  }

  static final Entity COPYING = Entity.of("Copying", OWNER, THING)
      .attributes(
          Attr.segment("Owner", "owner", ID, "the owner"),
          Attr.segment("Thing", "thing", ID, "the thing"),
          Attr.bool("Shared", "shared", "copied from the owner"),
          new Attr("Counts", "counts", Attr.Kind.M, true, Attr.Change.ATOMIC, null, "count per kind"))
      .requiredByChartOnly()
      .build();

  @Test
  void anEntityWhoseChartChecksRequired_shouldWriteAnItemWithoutOne_asItIsGiven() {
    // a record read from an item without it is written back so: the validator, not toItem, judges it
    assertEquals(true, COPYING.attr("shared").required());
    Map<String, AttributeValue> item = COPYING.toItem(Entity.fields("owner", "ann", "thing", "t1"));
    assertEquals(null, item.get("Shared"));
    Entity strict = Entity.of("Strict", OWNER, THING)
        .attributes(Attr.segment("Owner", "owner", ID, "the owner"), Attr.segment("Thing", "thing", ID, "the thing"),
            Attr.bool("Shared", "shared", "copied from the owner"))
        .build();
    assertThrows(IllegalArgumentException.class, () -> strict.toItem(Entity.fields("owner", "ann", "thing", "t1")));
  }

  @Test
  void audit_shouldFollowTheGivenTimestamps_aNullUpdatedAtLeavingItOut() {
    Map<String, AttributeValue> both = COPYING.toItem(Entity.fields("owner", "ann", "thing", "t1",
        "createdAt", "2026-11-27T00:00:00.000Z"));
    assertEquals(both.get("CreatedAt"), both.get("UpdatedAt"));
    Map<String, AttributeValue> noUpdate = COPYING.toItem(Entity.fields("owner", "ann", "thing", "t1",
        "createdAt", "2026-11-27T00:00:00.000Z", "updatedAt", null));
    assertEquals(null, noUpdate.get("UpdatedAt"));
    Map<String, AttributeValue> neither = COPYING.toItem(Entity.fields("owner", "ann", "thing", "t1",
        "createdAt", null));
    assertEquals(null, neither.get("CreatedAt"));
    assertEquals(AttributeValue.fromN("1"), neither.get("SchemaVersion"));
    assertEquals(null, COPYING.toItem(Entity.fields("owner", "ann", "thing", "t1")).get("SchemaVersion"));
  }

  @Test
  void anEncodedValue_shouldBeWrittenAsItIs_whenOfTheAttributesKind() {
    AttributeValue counts = AttributeValue.fromM(Map.of("+1", AttributeValue.fromN("2")));
    assertEquals(counts, COPYING.toItem(Entity.fields("owner", "ann", "thing", "t1", "shared", true,
        "counts", counts)).get("Counts"));
    assertThrows(IllegalArgumentException.class, () -> COPYING.toItem(Entity.fields("owner", "ann", "thing", "t1",
        "counts", AttributeValue.fromS("2"))));
  }
}
