package dev.monotable.kit.migrate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** An old table's items become an entity's items by one declaration; the rest (keys, index keys, rules) is derived. */
class LegacyMappingTest {
  static final Pattern ID = Pattern.compile("^[a-z0-9-]{1,20}$");
  static final Entity THING = Entity.of("Thing", Template.of("OWNER#{owner}"), Template.of("THING#{thing}"))
      .index(Gsi.GSI1, Template.of("KIND#{kind}"), Template.of("THING#{thing}"))
      .attributes(Attr.segment("Owner", "owner", ID, "the owner"), Attr.segment("Thing", "thing", ID, "the thing"),
          Attr.segment("Kind", "kind", ID, "its kind"), Attr.number("Weight", "weight", "how heavy").optional())
      .build();
  static final LegacyMapping THINGS = LegacyMapping.of(THING, "thingId")
      .field("owner", "ownerId").field("thing", "thingId").field("kind", "type").field("weight", "grams")
      .constant("createdAt", "2026-01-01T00:00:00.000Z").build();

  static Map<String, AttributeValue> old(String id, String owner) {
    return Map.of("thingId", AttributeValue.fromS(id), "ownerId", AttributeValue.fromS(owner),
        "type", AttributeValue.fromS("box"), "grams", AttributeValue.fromN("12.50"));
  }

  @Test
  void toItem_shouldGiveTheEntitysItem_withItsKeysAndIndexKeysDerived() {
    Map<String, AttributeValue> item = THINGS.toItem(old("t1", "ann"));

    assertEquals("Thing", item.get("Type").s());
    assertEquals("OWNER#ann", item.get("PK").s());
    assertEquals("THING#t1", item.get("SK").s());
    assertEquals("KIND#box", item.get("GSI1PK").s());
    assertEquals("THING#t1", item.get("GSI1SK").s());
    assertEquals("12.5", item.get("Weight").n()); // exact, not through a double
    assertEquals(new Key("OWNER#ann", "THING#t1"), THINGS.newKey(old("t1", "ann")));
    assertEquals(Map.of("thingId", AttributeValue.fromS("t1")), THINGS.oldKeyOf(old("t1", "ann")));
  }

  @Test
  void toItem_shouldRefuseAValueTheKeyRulesRefuse_soNoOldValueChangesAKeysStructure() {
    assertThrows(ValidationException.class, () -> THINGS.toItem(old("t1#THING#x", "ann")));
  }

  @Test
  void build_shouldRefuseAMappingThatLeavesAKeyFieldUnmapped() {
    assertThrows(IllegalArgumentException.class, () -> LegacyMapping.of(THING, "thingId").field("owner", "ownerId")
        .field("thing", "thingId").build());
  }

  @Test
  void migrationMode_shouldDefaultToOldOnly_andRefuseAnUnknownStage() {
    assertEquals(MigrationMode.OLD_ONLY, MigrationMode.parse(null));
    assertEquals(MigrationMode.NEW_ONLY, MigrationMode.parse("new-only"));
    assertEquals(MigrationMode.DUAL, MigrationMode.parse(" dual "));
    assertThrows(IllegalArgumentException.class, () -> MigrationMode.parse("both"));
  }

  @Test
  void readSwitch_shouldAnswerFromEachPatternsConfiguredSide_andReportADifferenceUnderBoth() {
    List<ReadSwitch.Difference> differences = new ArrayList<>();
    ReadSwitch reads = ReadSwitch.parse("P1=new, P2=both, *=old", differences::add);

    assertEquals("new", reads.read("P1", () -> "old", () -> "new"));
    assertEquals("old", reads.read("P3", () -> "old", () -> "new"));
    assertEquals("old", reads.read("P2", () -> "old", () -> "new"));
    assertEquals("same", reads.read("P2", () -> "same", () -> "same"));
    assertEquals(List.of(new ReadSwitch.Difference("P2", "", "old", "new")), differences);
    assertThrows(IllegalArgumentException.class, () -> ReadSwitch.parse("P1=newer", d -> { }));
  }

  @Test
  void readSwitch_shouldReadTheCallersDefault_refuseUnknownPatterns_andCompareFailuresUnderBoth() {
    List<ReadSwitch.Difference> differences = new ArrayList<>();
    ReadSwitch routes = ReadSwitch.parse(null, ReadSwitch.Side.NEW, differences::add);
    assertEquals(ReadSwitch.Side.NEW, routes.side("P1"));
    assertEquals(ReadSwitch.Side.OLD, ReadSwitch.parse(null, d -> { }).side("P1"));

    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> ReadSwitch.parse("P9=old", ReadSwitch.Side.NEW, differences::add).requireKnown(List.of("P1", "P2")));
    assertEquals("MIGRATION_READS: no read pattern P9 switches here (known: P1, P2)", unknown.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ReadSwitch.parse("P1=old,P1=new", d -> { }));
    assertThrows(IllegalArgumentException.class, () -> ReadSwitch.parse("=old", d -> { }));

    ReadSwitch both = ReadSwitch.parse("*=both", ReadSwitch.Side.NEW, differences::add);
    IllegalStateException gone = assertThrows(IllegalStateException.class, () -> both.read("P1", "k=1",
        () -> { throw new IllegalStateException("absent"); }, () -> "there"));
    assertEquals("absent", gone.getMessage());
    assertEquals(List.of(new ReadSwitch.Difference("P1", "k=1", "IllegalStateException: absent", "there")),
        differences);
    assertThrows(IllegalStateException.class, () -> both.read("P1", "k=1",
        () -> { throw new IllegalStateException("absent"); }, () -> { throw new IllegalStateException("absent"); }));
    assertEquals(1, differences.size());
  }

  @Test
  void mirror_shouldSetEveryMappedAttribute_andLeaveTheKeyOutOfTheUpdate() {
    var r = ConditionalWrites.mirror("t", THINGS.toItem(old("t1", "ann")));

    assertEquals(Map.of("PK", AttributeValue.fromS("OWNER#ann"), "SK", AttributeValue.fromS("THING#t1")), r.key());
    assertEquals(THINGS.toItem(old("t1", "ann")).size() - 2, r.expressionAttributeValues().size());
    assertEquals("attribute_not_exists(#pk)", ConditionalWrites.putIfAbsent("t", THINGS.toItem(old("t1", "ann")))
        .conditionExpression());
  }
}
