package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.testing.DomainChecks;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.TestTable;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The request budget of every registered domain, from its declarations alone: each route has a
 * bench case (given or derived), each case answers successfully twice in a row, no read route makes more DynamoDB
 * requests than its access patterns allow ({@code AccessPatternSpec.requestAllowance()}) and no
 * route scans. A new domain is held to this without writing a test; Forge's exact per-route and
 * per-caller requests are pinned further in {@code ForgeRequestBudgetTest}, Devices' in
 * {@code DevicesRequestBudgetTest}. The check is {@link DomainChecks#allowanceProblems}, which a
 * standalone project runs for its one domain.
 */
@ExtendWith(DynamoDbExtension.class)
class DomainRequestAllowanceTest {

  static Stream<String> domains() {
    return DevDomains.all().stream().map(DevDomain::id);
  }

  @ParameterizedTest
  @MethodSource("domains")
  void everyRoute_shouldAnswerWithinItsPatternsAllowance_givenOnlyTheDomainsDeclarations(String id, TestTable any) {
    assertEquals(List.of(), DomainChecks.allowanceProblems(DevDomains.select(id), any));
  }
}
