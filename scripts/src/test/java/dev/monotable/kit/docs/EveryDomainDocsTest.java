package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What every registered domain's generated docs must hold whatever it declares: a row per access
 * pattern, each entity and relationship in the diagram once, and no attribute named like a Mermaid
 * key marker. Their exact text is pinned by the committed docs (DocsUpToDateTest).
 */
class EveryDomainDocsTest {

  static Stream<Arguments> domains() {
    return DevDomains.all().stream().map(d -> Arguments.argumentSet(d.id(), d));
  }

  @ParameterizedTest
  @MethodSource("domains")
  void accessPatterns_shouldHaveOneRowPerPattern(DevDomain d) {
    String doc = AccessPatternDoc.render(d.docs());
    for (AccessPatternSpec ap : d.domain().accessPatterns()) {
      assertEquals(1, count(doc, "\n| " + ap.name() + " | "), ap.name());
    }
  }

  @ParameterizedTest
  @MethodSource("domains")
  void erd_shouldDrawEveryEntityAndRelationshipOnce_andNeverNameAnAttributeLikeAMermaidKeyMarker(DevDomain d) {
    String doc = ErdDoc.render(d.docs());
    for (Relationship r : d.docs().relationships()) {
      assertEquals(1, count(doc, "    " + r.from() + " " + r.cardinality().mermaid() + " " + r.to() + " : \""
          + r.label() + "\"\n"), r.toString());
    }
    // Mermaid's ER lexer reads PK/FK/UK in any case as a key marker: such a name breaks the diagram.
    Matcher m = Pattern.compile("(?m)^        (\\S+) (\\S+) \"").matcher(doc);
    List<String> names = new ArrayList<>();
    while (m.find()) {
      names.add(m.group(2));
    }
    assertFalse(names.isEmpty());
    names.forEach(n -> assertFalse(n.matches("(?i)PK|FK|UK"), n));
    for (String type : d.entities().types()) {
      assertEquals(1, count(doc, "\n    " + type + " {\n"), type);
    }
  }

  private static int count(String haystack, String needle) {
    int n = 0;
    for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }
}
