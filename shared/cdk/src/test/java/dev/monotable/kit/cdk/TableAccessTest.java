package dev.monotable.kit.cdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.TestDomain.TestPattern;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The catalog-to-IAM derivation, without synthesizing anything. */
class TableAccessTest {

  @Test
  void of_shouldFindNoProblems_whenAppliedToEveryCatalogEndpoint() {
    List<String> problems = TestDomain.DOMAIN.endpoints().stream()
        .flatMap(e -> TableAccess.of(e).problems().stream()).toList();
    assertEquals(List.of(), problems);
  }

  @Test
  void of_shouldGrantQueryOnIndexesOnly_whenEveryQueryPatternUsesAnIndex() {
    TableAccess access = TableAccess.of(TestDomain.DOMAIN.endpoint("GET /notes"));

    assertEquals(Set.of("dynamodb:BatchGetItem"), access.tableActions());
    assertEquals(Set.of(Gsi.GSI1, Gsi.GSI2), access.queriedIndexes());
  }

  @Test
  void of_shouldGrantQueryOnTable_whenAPatternQueriesTheBaseTable() {
    TableAccess access = TableAccess.of(TestDomain.DOMAIN.endpoint("GET /notes/{id}/revisions"));

    assertEquals(Set.of("dynamodb:Query"), access.tableActions());
    assertEquals(Set.of(), access.queriedIndexes());
  }

  @Test
  void of_shouldGrantNothing_whenEndpointHasNoActions() {
    TableAccess access = TableAccess.of(TestDomain.DOMAIN.endpoint("GET /health"));

    assertTrue(access.none());
    assertEquals(List.of(), access.statements("arn:aws:dynamodb:us-east-1:123456789012:table/t"));
  }

  @Test
  void of_shouldReportProblem_whenDeclaredIndexDiffersFromPatternIndex() {
    // TP02 queries GSI1; declaring GSI2 would grant the wrong index.
    Endpoint inconsistent = new Endpoint("GET", "/x", TestDomain.HANDLERS + "X", Auth.NONE,
        List.of(TestPattern.TP02), Set.of(DynamoAction.QUERY), Set.of(Gsi.GSI2));

    List<String> problems = TableAccess.of(inconsistent).problems();

    assertEquals(1, problems.size(), problems.toString());
    assertTrue(problems.get(0).contains("GSI2"), problems.get(0));
  }

  @Test
  void of_shouldReportProblem_whenQueryActionHasNoQueryPattern() {
    Endpoint inconsistent = new Endpoint("GET", "/x", TestDomain.HANDLERS + "X", Auth.NONE,
        List.of(TestPattern.TP01), Set.of(DynamoAction.GET_ITEM, DynamoAction.QUERY), Set.of());

    assertEquals(1, TableAccess.of(inconsistent).problems().size());
  }

  @Test
  void indexArn_shouldAppendIndexPath_whenGivenTableArn() {
    assertEquals("arn:aws:dynamodb:us-east-1:1:table/t/index/GSI3",
        TableAccess.indexArn("arn:aws:dynamodb:us-east-1:1:table/t", Gsi.GSI3));
  }
}
