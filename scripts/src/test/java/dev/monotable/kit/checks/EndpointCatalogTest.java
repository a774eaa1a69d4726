package dev.monotable.kit.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every registered domain: every route key has one endpoint and one handler; a handler class
 * serves one set of access patterns (it may sit on several routes, as Forge's GET
 * /users/{owner}/repos and GET /orgs/{org}/repos do); handler simple names, which name the
 * functions, are unique; and every access pattern of the domain is served.
 */
class EndpointCatalogTest {

  static List<String> problems(List<Endpoint> endpoints, List<? extends AccessPatternSpec> patterns) {
    List<String> out = new ArrayList<>();
    Map<String, Endpoint> byRoute = new LinkedHashMap<>();
    Map<String, List<AccessPatternSpec>> patternsByHandler = new LinkedHashMap<>();
    Map<String, String> classBySimpleName = new LinkedHashMap<>();
    for (Endpoint e : endpoints) {
      if (byRoute.putIfAbsent(e.routeKey(), e) != null) {
        out.add(e.routeKey() + ": route declared twice");
      }
      // One function serves the same patterns: a handler class's routes, or one plain route alone.
      List<AccessPatternSpec> before = patternsByHandler.putIfAbsent(e.functionKey(), e.patterns());
      if (before != null && !before.equals(e.patterns())) {
        out.add(e.handlerName() + ": serves " + before + " and " + e.patterns());
      }
      String fqcn = classBySimpleName.putIfAbsent(e.handlerName(), e.handlerClass());
      if (fqcn != null && !fqcn.equals(e.handlerClass())) {
        out.add(e.handlerName() + ": names both " + fqcn + " and " + e.handlerClass());
      }
      if (e.patterns().isEmpty()) {
        out.add(e.routeKey() + ": serves no access pattern");
      }
    }
    for (AccessPatternSpec ap : patterns) {
      if (endpoints.stream().noneMatch(e -> e.patterns().contains(ap))) {
        out.add(ap + ": served by no endpoint");
      }
    }
    return out;
  }

  @ParameterizedTest
  @MethodSource("dev.monotable.kit.checks.RegisteredDomains#domains")
  void catalog_shouldServeEveryAccessPattern_withOneHandlerPerRoute(Domain domain) {
    assertEquals(List.of(), problems(domain.endpoints(), domain.accessPatterns()));
  }

  /** Four patterns of a made-up domain, for the broken catalog below. */
  enum P implements AccessPatternSpec {
    AP01, AP02, AP03, AP04;

    @Override
    public String description() {
      return name();
    }

    @Override
    public Calls calls() {
      return Calls.of(Operation.GET_ITEM);
    }

    @Override
    public KeyCondition key() {
      return KeyCondition.get(Template.of("X"), Template.of("X"));
    }

    @Override
    public String parameters() {
      return "";
    }
  }

  @Test
  void problems_shouldReportDuplicatesAndGaps_whenCatalogBroken() {
    List<Endpoint> bad = List.of(
        ep("GET", "/a", "x.AHandler", P.AP01),
        ep("GET", "/a", "x.BHandler", P.AP02),
        ep("GET", "/c", "x.AHandler", P.AP03),
        ep("GET", "/d", "y.AHandler", P.AP01));
    assertEquals(List.of(
        "GET /a: route declared twice",
        "AHandler: serves [AP01] and [AP03]",
        "AHandler: names both x.AHandler and y.AHandler",
        "AP04: served by no endpoint"),
        problems(bad, List.of(P.values())));
  }

  private static Endpoint ep(String method, String path, String handler, P ap) {
    return new Endpoint(method, path, handler, Auth.NONE, List.of(ap), EnumSet.of(DynamoAction.GET_ITEM), Set.of());
  }
}
