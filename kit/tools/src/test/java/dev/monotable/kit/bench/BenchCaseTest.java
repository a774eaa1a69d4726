package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.forge.Forge;
import dev.monotable.forge.bench.ForgeBench;
import dev.monotable.forge.catalog.AccessPattern;
import dev.monotable.forge.functions.Services;
import dev.monotable.kit.catalog.RequestAllowance;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a domain's cases name its routes, and what the bench derives from them. */
class BenchCaseTest {

  @Test
  void route_shouldRefuseARouteTheDomainDoesNotServe() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> BenchCase.route(Forge.DOMAIN, "GET /nowhere", i -> BenchRequest.anonymous()));
    assertEquals("Forge has no route GET /nowhere", e.getMessage());
  }

  @Test
  void uncovered_shouldNameTheRoutesWithoutACase() {
    // GIVEN Forge's cases without the one of GET /health
    List<BenchCase<Services>> cases = new ArrayList<>(new ForgeBench().cases());
    cases.removeIf(c -> c.endpoint().routeKey().equals("GET /health"));

    // THEN only that route is uncovered
    assertEquals(List.of("GET /health"), BenchCase.uncovered(Forge.DOMAIN, cases));
  }

  @Test
  void allowance_shouldBeTheLargestOfTheCasesPatterns() {
    // GIVEN the issue list route, serving three two-request patterns, narrowed to one of them
    BenchCase<Services> list = BenchCase.route(Forge.DOMAIN, "GET /repos/{owner}/{repo}/issues",
        i -> BenchRequest.anonymous());
    BenchCase<Services> open = list.only(AccessPattern.AP25, "");

    // THEN both carry the patterns' declared allowance
    assertEquals(AccessPattern.AP25.requestAllowance(), open.allowance());
    assertEquals(RequestAllowance.largest(list.patterns()), list.allowance());
    assertEquals(2, list.allowance().requests());
  }
}
