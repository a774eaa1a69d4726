package dev.monotable.kit.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.testing.DomainChecks;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every registered domain's access patterns and routes hold together, read from their typed
 * declarations (no string is parsed): an index pattern is one Query of that index, a route is
 * granted every action its patterns' operations need and every index they query, and a route's
 * path parameters are the names its patterns' key templates are filled by. The checks are
 * {@link DomainChecks}'s, which a standalone project runs for its one domain.
 */
class PatternDeclarationsTest {

  static Stream<DevDomain> domains() {
    return DevDomains.all().stream();
  }

  /** Problems of one domain's declarations; empty when they hold together (DomainChecks#patternProblems). */
  static List<String> problems(Domain domain) {
    return DomainChecks.patternProblems(domain);
  }

  @ParameterizedTest
  @MethodSource("domains")
  void everyPatternAndRoute_shouldHoldTogether(DevDomain domain) {
    assertEquals(List.of(), problems(domain.domain()));
  }

  /** Read actions a route is granted that none of its patterns' operations make (DomainChecks#unusedReads). */
  static List<String> unusedReads(Domain domain) {
    return DomainChecks.unusedReads(domain);
  }

  @ParameterizedTest
  @MethodSource("domains")
  void noRoute_shouldBeGrantedAReadItsPatternsDoNotMake(DevDomain domain) {
    assertEquals(List.of(), unusedReads(domain.domain()));
  }
}
