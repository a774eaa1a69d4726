package dev.monotable.kit.charts;

import static dev.monotable.kit.schema.TableSchema.Gsi.GSI1;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI3;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI4;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.AttributeType;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Mutability;
import dev.monotable.kit.charts.ChartTypes.Selector;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.TestDomain;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The validator's rules on charts of the kit's test domain ({@link TestDomain}'s notes): a note in
 * two variants told apart by its State (a draft in the author's index only, a published one also
 * numbered per author on GSI3 and newest first on GSI4), versioned; and a reminder under a note,
 * expiring by TTL and not versioned.
 */
class ModelValidatorTest {

  static final String ID = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
  static final String AT = "2026-01-02T03:04:05.678Z";

  /** The model records the charts name. */
  record Note(String id, String author, String state, String text) {}

  record Reminder(String note, String at) {}

  private static final Template NOTE = TestDomain.NOTE;
  private static final Template AUTHOR = TestDomain.AUTHOR;
  private static final Template SEQ = Template.of("SEQ#{n8}");
  private static final Template PUBLISHED = Template.of("PUBLISHED#{author}");
  private static final Template NEWEST = Template.of("SEQ#{rev8}");
  private static final Template REMINDER = Template.of("REMINDER#{ts}");

  private static ChartKey key(Template t) {
    return new ChartKey(t, Map.of());
  }

  private static final List<Attribute> NOTE_ATTRIBUTES = List.of(
      new Attribute("Author", AttributeType.S, true, Mutability.FIXED, "who wrote it"),
      new Attribute("State", AttributeType.S, true, Mutability.VERSIONED, "draft or published"),
      new Attribute("Text", AttributeType.S, true, Mutability.VERSIONED, "the note"),
      new Attribute("Words", AttributeType.N, false, Mutability.VERSIONED, "its length"));

  static final Chart DRAFT = new Chart("Note", "draft", Note.class, Selector.equalTo("State", "draft"),
      new KeyPair(key(NOTE), key(NOTE)), Map.of(GSI1, new KeyPair(key(AUTHOR), key(NOTE))), true, false,
      List.of(), NOTE_ATTRIBUTES);

  static final Chart PUBLISHED_NOTE = new Chart("Note", "published", Note.class,
      Selector.equalTo("State", "published"), new KeyPair(key(NOTE), key(NOTE)),
      Map.of(GSI1, new KeyPair(key(AUTHOR), key(NOTE)), GSI3, new KeyPair(key(AUTHOR), key(SEQ)),
          GSI4, new KeyPair(key(PUBLISHED), key(NEWEST))),
      true, false, List.of(), NOTE_ATTRIBUTES);

  static final Chart REMINDER_CHART = new Chart("Reminder", null, Reminder.class, Selector.always(),
      new KeyPair(key(NOTE), key(REMINDER)), Map.of(), false, true, List.of(),
      List.of(new Attribute("At", AttributeType.S, true, Mutability.FIXED, "when to remind")));

  static final EntityModel MODEL = new EntityModel() {
    @Override
    public TableSchema schema() {
      return TestDomain.SCHEMA;
    }

    @Override
    public List<Chart> charts() {
      return List.of(DRAFT, PUBLISHED_NOTE, REMINDER_CHART);
    }

    @Override
    public Map<String, Predicate<String>> segmentRules() {
      Map<String, Predicate<String>> rules = new HashMap<>(ModelValidator.standardSegmentRules());
      rules.put("author", s -> s.matches("[a-z]+"));
      return rules;
    }
  };

  static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(String v) {
    return AttributeValue.fromN(v);
  }

  /** A valid item of each chart, as the domain would write it. */
  static Map<String, AttributeValue> sample(String label) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put("PK", s("NOTE#" + ID));
    switch (label) {
      case "draft", "published" -> {
        item.put("SK", s("NOTE#" + ID));
        item.put("Type", s("Note"));
        item.put("GSI1PK", s("AUTHOR#ann"));
        item.put("GSI1SK", s("NOTE#" + ID));
        if (label.equals("published")) {
          item.put("GSI3PK", s("AUTHOR#ann"));
          item.put("GSI3SK", s("SEQ#00000007"));
          item.put("GSI4PK", s("PUBLISHED#ann"));
          item.put("GSI4SK", s("SEQ#99999992"));
          item.put("Words", n("2"));
        }
        item.put("Author", s("ann"));
        item.put("State", s(label));
        item.put("Text", s("two words"));
        item.put("Version", n("1"));
      }
      case "reminder" -> {
        item.put("SK", s("REMINDER#2026-02-01T00:00:00.000Z"));
        item.put("Type", s("Reminder"));
        item.put("At", s("2026-02-01T00:00:00.000Z"));
        item.put("TTL", n("1769904000"));
      }
      default -> throw new IllegalArgumentException(label);
    }
    item.put("SchemaVersion", n("1"));
    item.put("CreatedAt", s(AT));
    item.put("UpdatedAt", s(AT));
    return item;
  }

  /** The sample of {@code label} with one attribute set, or removed when {@code value} is null. */
  static Map<String, AttributeValue> with(String label, String attribute, AttributeValue value) {
    Map<String, AttributeValue> item = sample(label);
    if (value == null) {
      item.remove(attribute);
    } else {
      item.put(attribute, value);
    }
    return item;
  }

  /** The (kind, attribute) pairs, in order: enough to pin each violation without its wording. */
  private static List<String> kinds(Map<String, AttributeValue> item) {
    return VALIDATOR.validate(item).stream().map(v -> v.kind() + " " + v.attribute()).toList();
  }

  @ParameterizedTest
  @ValueSource(strings = {"draft", "published", "reminder"})
  void validate_shouldReportNothing_whenItemFollowsItsChart(String label) {
    assertEquals(List.of(), VALIDATOR.validate(sample(label)), label);
    assertDoesNotThrow(() -> VALIDATOR.requireValid(sample(label)));
  }

  @Test
  void validate_shouldReportTypeMissing_whenNoType() {
    assertEquals(List.of("TYPE_MISSING Type"), kinds(with("draft", "Type", null)));
    assertEquals(List.of("TYPE_MISSING Type"), kinds(with("draft", "Type", s(""))));
  }

  @Test
  void validate_shouldReportTypeUnknown_whenNoChartForType() {
    assertEquals(List.of("TYPE_UNKNOWN Type"), kinds(with("draft", "Type", s("Widget"))));
  }

  @Test
  void validate_shouldReportNoVariant_whenTheSelectorPicksNoChart() {
    assertEquals(List.of("NO_VARIANT State"), kinds(with("draft", "State", s("archived"))));
    assertEquals(List.of("NO_VARIANT State"), kinds(with("published", "State", null)));
  }

  @Test
  void validate_shouldReportKeyMissing_whenTableOrIndexKeyAbsent() {
    assertEquals(List.of("KEY_MISSING SK"), kinds(with("draft", "SK", null)));
    // the published chart lists GSI4: dropping half of it breaks the index entry
    assertEquals(List.of("KEY_MISSING GSI4SK"), kinds(with("published", "GSI4SK", null)));
    assertEquals(List.of("KEY_MISSING PK"), kinds(with("reminder", "PK", n("1"))));
  }

  @Test
  void validate_shouldReportKeyMismatch_whenKeyBreaksTemplate() {
    assertEquals(List.of("KEY_MISMATCH PK"), kinds(with("draft", "PK", s("MEMO#" + ID))));
    assertEquals(List.of("KEY_MISMATCH GSI4PK"), kinds(with("published", "GSI4PK", s("DRAFT#ann"))));
    assertEquals(List.of("KEY_MISMATCH SK"), kinds(with("reminder", "SK", s("REMINDER"))));
  }

  @Test
  void validate_shouldReportKeySegment_whenASegmentBreaksItsRule() {
    // a domain's own rule: author names are lower case
    assertEquals(List.of("KEY_SEGMENT GSI1PK"), kinds(with("draft", "GSI1PK", s("AUTHOR#Ann"))));
    // the kit's rules: ids are ULIDs, n8 is eight digits (unpadded "7" sorts after "10"), ts a timestamp
    assertEquals(List.of("KEY_SEGMENT PK", "KEY_SEGMENT SK", "KEY_SEGMENT GSI1SK"), kinds(idsOf("draft", "note-1")));
    assertEquals(List.of("KEY_SEGMENT GSI3SK"), kinds(with("published", "GSI3SK", s("SEQ#7"))));
    assertEquals(List.of("KEY_SEGMENT SK"), kinds(with("reminder", "SK", s("REMINDER#2026-02-01T00:00:00Z"))));
  }

  private static Map<String, AttributeValue> idsOf(String label, String id) {
    Map<String, AttributeValue> item = sample(label);
    for (String k : List.of("PK", "SK", "GSI1SK")) {
      item.put(k, s("NOTE#" + id));
    }
    return item;
  }

  @Test
  void validate_shouldReportKeyInconsistent_whenKeysDisagree() {
    // a note listed under another note's id, and numbered under another author
    assertEquals(List.of("KEY_INCONSISTENT GSI1SK"), kinds(with("draft", "GSI1SK", s("NOTE#01ARZ3NDEKTSV4RRFFQ69G5FAW"))));
    assertEquals(List.of("KEY_INCONSISTENT GSI3PK"), kinds(with("published", "GSI3PK", s("AUTHOR#bob"))));
    // note 7 sorted newest first as note 8
    assertEquals(List.of("KEY_INCONSISTENT null"), kinds(with("published", "GSI4SK", s("SEQ#99999991"))));
  }

  @Test
  void validate_shouldReportIndexKeyUnexpected_whenEntityIsOutsideTheIndex() {
    Map<String, AttributeValue> item = sample("draft");
    item.put("GSI4PK", s("PUBLISHED#ann"));
    item.put("GSI4SK", s("SEQ#99999992"));
    assertEquals(List.of("INDEX_KEY_UNEXPECTED GSI4PK", "INDEX_KEY_UNEXPECTED GSI4SK"), kinds(item));
    assertEquals(List.of("INDEX_KEY_UNEXPECTED GSI1PK"), kinds(with("reminder", "GSI1PK", s("AUTHOR#ann"))));
  }

  @Test
  void validate_shouldReportTimestampProblems_whenFormatOrOrderWrong() {
    assertEquals(List.of("TIMESTAMP_FORMAT CreatedAt"), kinds(with("draft", "CreatedAt", s("2026-01-02T03:04:05Z"))));
    assertEquals(List.of("ATTRIBUTE_MISSING UpdatedAt"), kinds(with("draft", "UpdatedAt", null)));
    assertEquals(List.of("TIMESTAMP_ORDER UpdatedAt"), kinds(with("draft", "UpdatedAt", s("2026-01-01T00:00:00.000Z"))));
  }

  @Test
  void validate_shouldReportSchemaVersionMissing_whenAbsentOrNotPositive() {
    assertEquals(List.of("SCHEMA_VERSION_MISSING SchemaVersion"), kinds(with("reminder", "SchemaVersion", null)));
    assertEquals(List.of("SCHEMA_VERSION_MISSING SchemaVersion"), kinds(with("reminder", "SchemaVersion", n("0"))));
  }

  @Test
  void validate_shouldReportVersionProblems_whenVersioningDoesNotMatchChart() {
    assertEquals(List.of("VERSION_MISSING Version"), kinds(with("published", "Version", null)));
    assertEquals(List.of("VERSION_MISSING Version"), kinds(with("draft", "Version", s("1"))));
    assertEquals(List.of("VERSION_UNEXPECTED Version"), kinds(with("reminder", "Version", n("1"))));
  }

  @Test
  void validate_shouldReportTtlProblems_whenExpiryDoesNotMatchChart() {
    assertEquals(List.of("TTL_MISSING TTL"), kinds(with("reminder", "TTL", null)));
    assertEquals(List.of("TTL_MISSING TTL"), kinds(with("reminder", "TTL", s("1769904000"))));
    // a TTL on a note would let DynamoDB delete it
    assertEquals(List.of("TTL_UNEXPECTED TTL"), kinds(with("draft", "TTL", n("1769904000"))));
  }

  @Test
  void validate_shouldReportAttributeProblems_whenRequiredMissingOrWrongType() {
    assertEquals(List.of("ATTRIBUTE_MISSING Text"), kinds(with("draft", "Text", null)));
    assertEquals(List.of("ATTRIBUTE_MISSING At"), kinds(with("reminder", "At", null)));
    assertEquals(List.of("ATTRIBUTE_TYPE Words"), kinds(with("published", "Words", s("2"))));
    assertEquals(List.of("ATTRIBUTE_TYPE Author"), kinds(with("draft", "Author", AttributeValue.fromBool(true))));
    // an optional attribute may be absent
    assertEquals(List.of(), kinds(with("published", "Words", null)));
  }

  @Test
  void requireValid_shouldThrowListingViolations_whenItemBroken() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> VALIDATOR.requireValid(with("draft", "Version", null)));
    assertTrue(e.getMessage().contains("VERSION_MISSING"), e.getMessage());
  }

  @Test
  void validate_shouldReportEveryViolation_whenSeveralRulesBreak() {
    Map<String, AttributeValue> item = sample("reminder");
    item.put("PK", s("MEMO#" + ID));
    item.remove("TTL");
    item.put("Version", n("1"));
    item.remove("SchemaVersion");
    assertEquals(List.of("KEY_MISMATCH PK", "SCHEMA_VERSION_MISSING SchemaVersion", "VERSION_UNEXPECTED Version",
        "TTL_MISSING TTL"), kinds(item));
  }
}
