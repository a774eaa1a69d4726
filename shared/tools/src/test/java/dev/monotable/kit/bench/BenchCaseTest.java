package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.RequestAllowance;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.TestDomain.TestPattern;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a domain's cases name its routes, and what the bench derives from them. */
class BenchCaseTest {

  @Test
  void route_shouldRefuseARouteTheDomainDoesNotServe() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BenchCase.route(TestDomain.DOMAIN, "GET /nowhere", i -> BenchRequest.anonymous()));
    assertEquals("Notes has no route GET /nowhere", e.getMessage());
  }

  @Test
  void uncovered_shouldNameTheRoutesWithoutACase() {
    // GIVEN a case for every route of the domain but GET /health
    List<BenchCase<DomainServices>> cases = TestDomain.DOMAIN.endpoints().stream().map(Endpoint::routeKey)
        .filter(k -> !k.equals("GET /health"))
        .map(k -> BenchCase.<DomainServices>route(TestDomain.DOMAIN, k, i -> BenchRequest.anonymous())).toList();

    // THEN only that route is uncovered
    assertEquals(List.of("GET /health"), BenchCase.uncovered(TestDomain.DOMAIN, cases));
  }

  @Test
  void allowance_shouldBeTheLargestOfTheCasesPatterns() {
    // GIVEN the search route, serving a one-request and a two-request pattern, narrowed to each
    BenchCase<DomainServices> search = BenchCase.route(TestDomain.DOMAIN, "GET /notes", i -> BenchRequest.anonymous());
    BenchCase<DomainServices> byTag = search.only(TestPattern.TP04, "?tag=");
    BenchCase<DomainServices> byAuthor = search.only(TestPattern.TP02, "?author=");

    // THEN each carries its patterns' declared allowance, the route the largest
    assertEquals(TestPattern.TP04.requestAllowance(), byTag.allowance());
    assertEquals(RequestAllowance.ONE, byAuthor.allowance());
    assertEquals(TestPattern.TP04.requestAllowance(), search.allowance());
    assertEquals(2, search.allowance().requests());
    assertEquals("GET /notes?tag=", byTag.label());
  }
}
