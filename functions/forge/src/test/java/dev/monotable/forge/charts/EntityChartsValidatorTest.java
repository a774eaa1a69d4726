package dev.monotable.forge.charts;

import dev.monotable.forge.model.AccountEmail;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Counter;
import dev.monotable.forge.model.Invitation;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Reaction;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.User;

import static dev.monotable.testing.ModelSamples.with;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.testing.ModelSamples;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Forge's entity charts through the kit's validator: every model record's item is valid, and each
 * way a Forge item can break its chart (a repository's visibility copy missing, an issue in its
 * old index partition, a fork read as an original, a merged issue) is the violation it should be.
 * The validator's rules on a domain of the kit's own are pinned in the kit's ModelValidatorTest.
 */
class EntityChartsValidatorTest {

  static List<String> labels() {
    return List.copyOf(ModelSamples.all().keySet());
  }

  /** The (kind, attribute) pairs, in order: enough to pin each violation without its wording. */
  private static List<String> kinds(Map<String, AttributeValue> item) {
    return EntityCharts.VALIDATOR.validate(item).stream().map(v -> v.kind() + " " + v.attribute()).toList();
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(String v) {
    return AttributeValue.fromN(v);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("labels")
  void validate_shouldReportNothing_whenItemWrittenByModelRecord(String label) {
    // GIVEN an item from the entity's own toItem()
    Map<String, AttributeValue> item = ModelSamples.all().get(label);
    // WHEN / THEN
    assertEquals(List.of(), EntityCharts.VALIDATOR.validate(item), label);
    assertDoesNotThrow(() -> EntityCharts.VALIDATOR.requireValid(item));
  }

  @Test
  void validate_shouldReportTypeMissing_whenNoType() {
    assertEquals(List.of("TYPE_MISSING Type"), kinds(with("User", "Type", null)));
    assertEquals(List.of("TYPE_MISSING Type"), kinds(with("User", "Type", s(""))));
  }

  @Test
  void validate_shouldReportTheMissingVisibilityCopy_andTheOldIssueIndexKeys() {
    // every item a read returns under a repository carries the repository's IsPrivate and OwnerType
    for (String label : List.of("Counter", "Issue (open)", "PullRequest (open)", "IssueComment", "PRComment")) {
      assertEquals(List.of("ATTRIBUTE_MISSING IsPrivate"), kinds(with(label, "IsPrivate", null)), label);
      assertEquals(List.of("ATTRIBUTE_MISSING OwnerType"), kinds(with(label, "OwnerType", null)), label);
    }
    // an issue still filed in its old GSI1/GSI4 partition ISSUE#{owner}#{repo}
    assertEquals(List.of("KEY_MISMATCH GSI1PK"), kinds(with("Issue (open)", "GSI1PK", s("ISSUE#alice#hello.world"))));
    assertEquals(List.of("KEY_MISMATCH GSI4PK"), kinds(with("Issue (closed)", "GSI4PK", s("ISSUE#alice#hello.world"))));
  }

  @Test
  void validate_shouldReportTypeUnknown_whenNoChartForType() {
    assertEquals(List.of("TYPE_UNKNOWN Type"), kinds(with("User", "Type", s("Widget"))));
  }

  @Test
  void validate_shouldReportNoVariant_whenStateSelectsNoChart() {
    // merged is a pull-request state only
    assertEquals(List.of("NO_VARIANT State"), kinds(with("Issue (open)", "State", s("merged"))));
    assertEquals(List.of("NO_VARIANT State"), kinds(with("PullRequest (open)", "State", null)));
    assertEquals(List.of("NO_VARIANT Target"), kinds(with("Reaction (on an issue)", "Target", s("Repository"))));
  }

  @Test
  void validate_shouldReportKeyMissing_whenTableOrIndexKeyAbsent() {
    assertEquals(List.of("KEY_MISSING SK"), kinds(with("Membership", "SK", null)));
    // the chart lists GSI3 for users: dropping half of it breaks the index entry
    assertEquals(List.of("KEY_MISSING GSI3SK"), kinds(with("User", "GSI3SK", null)));
    assertEquals(List.of("KEY_MISSING PK"), kinds(with("Star", "PK", n("1"))));
  }

  @Test
  void validate_shouldReportKeyMismatch_whenKeyBreaksTemplate() {
    assertEquals(List.of("KEY_MISMATCH PK"), kinds(with("User", "PK", s("USER#alice"))));
    // a closed issue still filed under the open ones
    assertEquals(List.of("KEY_MISMATCH GSI4SK"), kinds(with("Issue (closed)", "GSI4SK", s("ISSUE#OPEN#99999993"))));
    // a star with the seed's timestamped SK (the design dropped it)
    assertEquals(List.of("KEY_MISMATCH SK"),
        kinds(with("Star", "SK", s("STAR#alice#hello.world#2026-01-02T03:04:05.678Z"))));
  }

  @Test
  void validate_shouldReportKeySegment_whenSegmentBreaksItsRule() {
    // display form in a key: keys hold lower-case names
    assertEquals(List.of("KEY_SEGMENT PK", "KEY_SEGMENT SK", "KEY_SEGMENT GSI1PK", "KEY_SEGMENT GSI1SK",
        "KEY_SEGMENT GSI3PK", "KEY_SEGMENT GSI3SK"), kinds(upperCaseAccountKeys()));
    // unpadded number: "7" sorts after "10"
    Map<String, AttributeValue> unpadded = new HashMap<>(ModelSamples.all().get("Issue (open)"));
    unpadded.put("GSI1SK", s("ISSUE#7"));
    assertEquals(List.of("KEY_SEGMENT GSI1SK"), kinds(unpadded));
    assertEquals(List.of("KEY_SEGMENT SK"), kinds(with("Reaction (on an issue)", "SK", s("REACTION#bob#thumbsup"))));
    assertEquals(List.of("KEY_SEGMENT SK"),
        kinds(with("Activity", "SK", s("#ACTIVITY#2026-01-02T03:04:05Z#" + ModelSamples.ID))));
  }

  private static Map<String, AttributeValue> upperCaseAccountKeys() {
    Map<String, AttributeValue> item = new HashMap<>(ModelSamples.all().get("User"));
    for (String k : List.of("PK", "SK", "GSI1PK", "GSI1SK", "GSI3PK", "GSI3SK")) {
      item.put(k, s("ACCOUNT#Alice"));
    }
    return item;
  }

  @Test
  void validate_shouldReportKeyInconsistent_whenKeysDisagree() {
    // membership filed under another user's organizations
    assertEquals(List.of("KEY_INCONSISTENT GSI1PK"), kinds(with("Membership", "GSI1PK", s("ACCOUNT#bob"))));
    // open issue 7 sorted as issue 8
    assertEquals(List.of("KEY_INCONSISTENT null"), kinds(with("Issue (open)", "GSI4SK", s("ISSUE#OPEN#99999991"))));
  }

  @Test
  void validate_shouldReportIndexKeyUnexpected_whenEntityIsOutsideTheIndex() {
    Map<String, AttributeValue> item = new HashMap<>(ModelSamples.all().get("Star"));
    item.put("GSI4PK", s("REPO#alice#hello.world"));
    item.put("GSI4SK", s("#REPO#alice#hello.world"));
    assertEquals(List.of("INDEX_KEY_UNEXPECTED GSI4PK", "INDEX_KEY_UNEXPECTED GSI4SK"), kinds(item));
    assertEquals(List.of("INDEX_KEY_UNEXPECTED GSI1PK"),
        kinds(with("AccountEmail", "GSI1PK", s("ACCOUNTEMAIL#alice@example.com"))));
  }

  @Test
  void validate_shouldReportTimestampProblems_whenFormatOrOrderWrong() {
    assertEquals(List.of("TIMESTAMP_FORMAT CreatedAt"), kinds(with("User", "CreatedAt", s("2026-01-02T03:04:05Z"))));
    assertEquals(List.of("ATTRIBUTE_MISSING UpdatedAt"), kinds(with("User", "UpdatedAt", null)));
    assertEquals(List.of("TIMESTAMP_ORDER UpdatedAt"), kinds(with("User", "UpdatedAt", s("2026-01-01T00:00:00.000Z"))));
  }

  @Test
  void validate_shouldReportSchemaVersionMissing_whenAbsentOrNotPositive() {
    assertEquals(List.of("SCHEMA_VERSION_MISSING SchemaVersion"), kinds(with("Counter", "SchemaVersion", null)));
    assertEquals(List.of("SCHEMA_VERSION_MISSING SchemaVersion"), kinds(with("Counter", "SchemaVersion", n("0"))));
  }

  @Test
  void validate_shouldReportVersionProblems_whenVersioningDoesNotMatchChart() {
    assertEquals(List.of("VERSION_MISSING Version"), kinds(with("Repository (a fork)", "Version", null)));
    assertEquals(List.of("VERSION_MISSING Version"), kinds(with("IssueComment", "Version", s("1"))));
    assertEquals(List.of("VERSION_UNEXPECTED Version"), kinds(with("Star", "Version", n("1"))));
  }

  @Test
  void validate_shouldReportTtlProblems_whenExpiryDoesNotMatchChart() {
    assertEquals(List.of("TTL_MISSING TTL"), kinds(with("Invitation", "TTL", null)));
    assertEquals(List.of("TTL_MISSING TTL"), kinds(with("Activity", "TTL", s("1767323045"))));
    // a TTL on a user would let DynamoDB delete the account
    assertEquals(List.of("TTL_UNEXPECTED TTL"), kinds(with("User", "TTL", n("1767323045"))));
  }

  @Test
  void validate_shouldReportAttributeProblems_whenRequiredMissingOrWrongType() {
    assertEquals(List.of("ATTRIBUTE_MISSING IsPrivate"), kinds(with("Star", "IsPrivate", null)));
    assertEquals(List.of("ATTRIBUTE_MISSING Owner"), kinds(with("Repository (a fork)", "Owner", null)));
    assertEquals(List.of("ATTRIBUTE_TYPE StarCount"), kinds(with("Repository (not a fork)", "StarCount", s("2"))));
    assertEquals(List.of("ATTRIBUTE_TYPE ForkOf"),
        kinds(with("Repository (a fork)", "ForkOf", AttributeValue.fromBool(true))));
    assertEquals(List.of("ATTRIBUTE_TYPE Reactions"), kinds(with("Issue (open)", "Reactions", n("1"))));
  }

  @Test
  void validate_shouldJudgeForkAsOriginal_whenForkOfMissing() {
    // without ForkOf the selector picks the non-fork chart, whose GSI2 keys are the repository's own
    assertEquals(List.of("KEY_INCONSISTENT GSI2PK", "KEY_MISMATCH GSI2SK"),
        kinds(with("Repository (a fork)", "ForkOf", null)));
  }

  @Test
  void requireValid_shouldThrowListingViolations_whenItemBroken() {
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> EntityCharts.VALIDATOR.requireValid(with("User", "Version", null)));
    assertTrue(e.getMessage().contains("VERSION_MISSING"), e.getMessage());
  }

  @Test
  void validate_shouldReportEveryViolation_whenSeveralRulesBreak() {
    Map<String, AttributeValue> item = new HashMap<>(ModelSamples.all().get("Invitation"));
    item.put("PK", s("ORG#acme"));
    item.remove("TTL");
    item.put("Version", n("1"));
    item.remove("SchemaVersion");
    assertEquals(List.of("KEY_MISMATCH PK", "SCHEMA_VERSION_MISSING SchemaVersion", "VERSION_UNEXPECTED Version",
        "TTL_MISSING TTL"), kinds(item));
  }
}
