package dev.monotable.forge.charts;

import dev.monotable.forge.model.AccountEmail;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.CountedComment;
import dev.monotable.forge.model.Counter;
import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.forge.model.Invitation;
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Membership;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Reaction;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.User;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.Segment;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.testing.ModelSamples;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class EntityChartsTest {

  /**
   * The charts as the contract first wrote them down, typed here by hand (not derived from Keys): every key
   * attribute of every entity, and nothing else, so a missing or extra index shows up too.
   * The written chart's "REACTION#... or ...#PR#{n8}" row is spelled out per variant.
   */
  static Map<String, Map<String, String>> specCharts() {
    Map<String, Map<String, String>> m = new LinkedHashMap<>();
    m.put("User", keys("ACCOUNT#{username}", "ACCOUNT#{username}",
        "GSI1PK", "ACCOUNT#{username}", "GSI1SK", "ACCOUNT#{username}",
        "GSI3PK", "ACCOUNT#{username}", "GSI3SK", "ACCOUNT#{username}"));
    m.put("AccountEmail", keys("ACCOUNTEMAIL#{email}", "ACCOUNTEMAIL#{email}"));
    m.put("Organization", keys("ACCOUNT#{org}", "ACCOUNT#{org}",
        "GSI1PK", "ACCOUNT#{org}", "GSI1SK", "ACCOUNT#{org}",
        "GSI3PK", "ACCOUNT#{org}", "GSI3SK", "ACCOUNT#{org}"));
    m.put("Membership", keys("ACCOUNT#{org}", "MEMBER#{username}",
        "GSI1PK", "ACCOUNT#{username}", "GSI1SK", "ORG#{org}"));
    m.put("Invitation", keys("ACCOUNT#{org}", "INVITE#{email}"));
    m.put("Activity", keys("ACCOUNT#{owner}", "#ACTIVITY#{ts}#{id}"));
    m.put("Repository (not a fork)", keys("REPO#{owner}#{repo}", "REPO#{owner}#{repo}",
        "GSI1PK", "REPO#{owner}#{repo}", "GSI1SK", "REPO#{owner}#{repo}",
        "GSI2PK", "REPO#{owner}#{repo}", "GSI2SK", "REPO#{owner}#{repo}",
        "GSI3PK", "ACCOUNT#{owner}", "GSI3SK", "#{ts of last update}",
        "GSI4PK", "REPO#{owner}#{repo}", "GSI4SK", "#REPO#{owner}#{repo}"));
    m.put("Repository (a fork)", keys("REPO#{owner}#{repo}", "REPO#{owner}#{repo}",
        "GSI1PK", "REPO#{owner}#{repo}", "GSI1SK", "REPO#{owner}#{repo}",
        "GSI2PK", "REPO#{originalOwner}#{originalRepo}", "GSI2SK", "FORK#{owner}",
        "GSI3PK", "ACCOUNT#{owner}", "GSI3SK", "#{ts of last update}",
        "GSI4PK", "REPO#{owner}#{repo}", "GSI4SK", "#REPO#{owner}#{repo}"));
    // Departures from forge.md's chart (docs/forge/relationship-decisions.md, "One request per read"): the
    // Counter heads its repository's pull-request lists; issues list in the repository's partition.
    m.put("Counter", keys("COUNTER#{owner}#{repo}", "METADATA",
        "GSI1PK", "PR#{owner}#{repo}", "GSI1SK", "REPO#{owner}#{repo}",
        "GSI4PK", "PR#{owner}#{repo}", "GSI4SK", "#REPO#{owner}#{repo}"));
    m.put("Issue (open)", keys("ISSUE#{owner}#{repo}#{n8}", "ISSUE#{owner}#{repo}#{n8}",
        "GSI1PK", "REPO#{owner}#{repo}", "GSI1SK", "ISSUE#{n8}",
        "GSI4PK", "REPO#{owner}#{repo}", "GSI4SK", "ISSUE#OPEN#{rev8}"));
    m.put("Issue (closed)", keys("ISSUE#{owner}#{repo}#{n8}", "ISSUE#{owner}#{repo}#{n8}",
        "GSI1PK", "REPO#{owner}#{repo}", "GSI1SK", "ISSUE#{n8}",
        "GSI4PK", "REPO#{owner}#{repo}", "GSI4SK", "#ISSUE#CLOSED#{n8}"));
    m.put("PullRequest (open)", keys("PR#{owner}#{repo}#{n8}", "PR#{owner}#{repo}#{n8}",
        "GSI1PK", "PR#{owner}#{repo}", "GSI1SK", "PR#{n8}",
        "GSI4PK", "PR#{owner}#{repo}", "GSI4SK", "PR#OPEN#{rev8}"));
    m.put("PullRequest (closed or merged)", keys("PR#{owner}#{repo}#{n8}", "PR#{owner}#{repo}#{n8}",
        "GSI1PK", "PR#{owner}#{repo}", "GSI1SK", "PR#{n8}",
        "GSI4PK", "PR#{owner}#{repo}", "GSI4SK", "#PR#CLOSED#{n8}"));
    m.put("IssueComment", keys("REPO#{owner}#{repo}", "ISSUE#{n8}#COMMENT#{id}"));
    m.put("PRComment", keys("REPO#{owner}#{repo}", "PR#{n8}#COMMENT#{id}"));
    // Not in the first charts: ST3's receipt, a documented addition (docs/forge/relationship-decisions.md).
    m.put("CountedComment (on an issue)", keys("ISSUE#{owner}#{repo}#{n8}", "COUNTED#{id}"));
    m.put("CountedComment (on a pull request)", keys("PR#{owner}#{repo}#{n8}", "COUNTED#{id}"));
    m.put("Reaction (on an issue)", keys("REACTION#{owner}#{repo}#ISSUE#{n8}", "REACTION#{username}#{type}"));
    m.put("Reaction (on a pull request)", keys("REACTION#{owner}#{repo}#PR#{n8}", "REACTION#{username}#{type}"));
    m.put("Star", keys("ACCOUNT#{username}", "STAR#{owner}#{repo}",
        "GSI1PK", "REPO#{owner}#{repo}", "GSI1SK", "STAR#{username}#{ts}"));
    // beyond the first charts (issue 9): the record of a create sent with Idempotency-Key
    m.put("IdempotencyRecord", keys("IDEMPOTENCY#{username}#{key}", "IDEMPOTENCY#{username}#{key}"));
    return m;
  }

  private static Map<String, String> keys(String pk, String sk, String... gsi) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("PK", pk);
    m.put("SK", sk);
    for (int i = 0; i < gsi.length; i += 2) {
      m.put(gsi[i], gsi[i + 1]);
    }
    return m;
  }

  @Test
  void all_shouldListTheSpecEntities_inSpecOrder() {
    assertEquals(List.copyOf(specCharts().keySet()), EntityCharts.all().stream().map(Chart::label).toList());
    assertEquals(List.of("User", "AccountEmail", "Organization", "Membership", "Invitation", "Activity", "Repository",
        "Counter", "Issue", "PullRequest", "IssueComment", "PRComment", "CountedComment", "Reaction", "Star",
        "IdempotencyRecord"),
        EntityCharts.types());
  }

  static List<String> labels() {
    return List.copyOf(specCharts().keySet());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("labels")
  void renderedKeys_shouldEqualSpecChart_forEveryEntity(String label) {
    assertEquals(specCharts().get(label), EntityCharts.byLabel(label).renderedKeys());
  }

  @Test
  void chartKey_shouldRejectRename_whenTemplateHasNoSuchPlaceholder() {
    assertThrows(IllegalArgumentException.class, () -> new ChartKey(Keys.ACCOUNT, Map.of("username", "x")));
  }

  @Test
  void segments_shouldSplitKeyBySpecName_andReturnNull_whenKeyDoesNotMatch() {
    ChartKey fork = EntityCharts.byLabel("Repository (a fork)").index(dev.monotable.kit.schema.TableSchema.Gsi.GSI2)
        .orElseThrow().pk();
    assertEquals(List.of(new Segment("owner", "originalOwner", "alice"), new Segment("repo", "originalRepo", "r")),
        fork.segments("REPO#alice#r"));
    assertNull(fork.segments("REPO#alice#r#x"));
    assertNull(fork.segments("FORK#alice"));
  }

  @Test
  void keysOfChart_shouldBeTheSameTemplateInstancesAsKeys_soNothingIsRetyped() throws Exception {
    Set<Template> declared = new java.util.HashSet<>();
    for (var f : Keys.class.getFields()) {
      if (f.getType() == Template.class) {
        declared.add((Template) f.get(null));
      }
    }
    for (Chart chart : EntityCharts.all()) {
      chart.keyAttributes().forEach((name, key) ->
          assertTrue(declared.contains(key.template()), chart.label() + " " + name + " is not a Keys constant"));
    }
  }

  @Test
  void segmentRules_shouldCoverEveryPlaceholder_ofEveryChart() {
    Set<String> placeholders = new TreeSet<>();
    EntityCharts.all().forEach(c -> c.keyAttributes().values().forEach(k -> placeholders.addAll(k.template().names())));
    assertEquals(placeholders, new TreeSet<>(EntityCharts.MODEL.segmentRules().keySet()));
  }

  @Test
  void forItem_shouldPickExactlyOneChart_forEverySample() {
    ModelSamples.all().forEach((label, item) -> {
      List<Chart> applicable = EntityCharts.ofType(Items.type(item)).stream()
          .filter(c -> c.selector().matches(item)).toList();
      assertEquals(List.of(EntityCharts.byLabel(label)), applicable, label);
      assertEquals(label, EntityCharts.forItem(item).orElseThrow().label());
    });
  }

  @Test
  void forItem_shouldBeEmpty_whenTypeMissingOrStateUnknown() {
    assertTrue(EntityCharts.forItem(Map.of()).isEmpty());
    assertTrue(EntityCharts.forItem(ModelSamples.with("Issue (open)", "State", AttributeValue.fromS("merged")))
        .isEmpty());
  }

  @Test
  void versioned_shouldMatchTheModelRecords_thatCarryVersion() {
    ModelSamples.all().forEach((label, item) ->
        assertEquals(item.containsKey("Version"), EntityCharts.byLabel(label).versioned(), label));
  }

  @Test
  void relationships_shouldOnlyNameChartedTypes_andUseEveryType() {
    Set<String> named = new TreeSet<>();
    for (Relationship r : Relationships.all()) {
      assertTrue(EntityCharts.types().contains(r.from()), r.from());
      assertTrue(EntityCharts.types().contains(r.to()), r.to());
      assertFalse(r.strategies().isEmpty());
      assertFalse(r.patterns().isEmpty());
      named.add(r.from());
      named.add(r.to());
    }
    assertEquals(new TreeSet<>(EntityCharts.types()), named);
  }

  @Test
  void relationshipIndexes_shouldComeFromTheQueryPatterns() {
    Map<String, List<String>> byEdge = new LinkedHashMap<>();
    Relationships.all().forEach(r -> byEdge.put(r.from() + "->" + r.to() + " " + r.label(), r.indexes()));
    assertEquals(List.of("GSI1", "GSI4"), byEdge.get("Repository->Issue has"));
    assertEquals(List.of("table"), byEdge.get("User->Star stars"));
    assertEquals(List.of("GSI1"), byEdge.get("Repository->Star starred by"));
    assertEquals(List.of("GSI2"), byEdge.get("Repository->Repository forked to"));
    assertEquals(List.of("table"), byEdge.get("User->AccountEmail reserves e-mail"));
  }
}
