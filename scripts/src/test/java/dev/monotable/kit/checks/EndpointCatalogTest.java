package dev.monotable.kit.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.testing.DomainChecks;
import dev.monotable.kit.keys.Template;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every registered domain: every route key has one endpoint and one handler; a handler class
 * serves one set of access patterns (it may sit on several routes, as Forge's GET
 * /users/{owner}/repos and GET /orgs/{org}/repos do); handler simple names, which name the
 * functions, are unique; every access pattern of the domain is served; and, since a domain lists
 * its declared patterns by hand, each pattern's name is listed once and every pattern a route
 * serves is listed (else the docs would miss it).
 */
class EndpointCatalogTest {

  static List<String> problems(List<Endpoint> endpoints, List<? extends AccessPatternSpec> patterns) {
    return DomainChecks.catalogProblems(endpoints, patterns);
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.kit.checks.RegisteredDomains#domains")
  void catalog_shouldServeEveryAccessPattern_withOneHandlerPerRoute(Domain domain) {
    assertEquals(List.of(), problems(domain.endpoints(), domain.accessPatterns()));
  }

  /** A pattern of a made-up domain, for the broken catalog below. */
  private static DeclaredPattern p(String name) {
    return DeclaredPattern.of(name, name, Calls.of(Operation.GET_ITEM),
        KeyCondition.get(Template.of("X"), Template.of("X")), "");
  }

  @Test
  void problems_shouldReportDuplicatesAndGaps_whenCatalogBroken() {
    DeclaredPattern ap01 = p("AP01");
    DeclaredPattern ap02 = p("AP02");
    DeclaredPattern ap03 = p("AP03");
    DeclaredPattern ap04 = p("AP04");
    DeclaredPattern unlisted = p("AP05");
    List<Endpoint> bad = List.of(
        ep("GET", "/a", "x.AHandler", ap01),
        ep("GET", "/a", "x.BHandler", ap02),
        ep("GET", "/c", "x.AHandler", ap03),
        ep("GET", "/d", "y.AHandler", ap01),
        ep("GET", "/e", "x.EHandler", unlisted));
    assertEquals(List.of(
        "AP02: declared twice",
        "GET /a: route declared twice",
        "AHandler: serves [AP01] and [AP03]",
        "AHandler: names both x.AHandler and y.AHandler",
        "GET /e: serves AP05, which the domain's access patterns do not list",
        "AP04: served by no endpoint",
        "AP02: served by no endpoint"),
        problems(bad, List.of(ap01, ap02, ap03, ap04, p("AP02").allowing(2, "a second AP02"))));
  }

  private static Endpoint ep(String method, String path, String handler, DeclaredPattern ap) {
    return new Endpoint(method, path, handler, Auth.NONE, List.of(ap), EnumSet.of(DynamoAction.GET_ITEM), Set.of());
  }
}
