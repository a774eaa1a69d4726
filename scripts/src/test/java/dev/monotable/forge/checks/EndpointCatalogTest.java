package dev.monotable.forge.checks;

import dev.monotable.kit.catalog.AccessPatternSpec;
import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.forge.catalog.AccessPattern;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every route key has one endpoint and one handler; a handler class serves one set of access
 * patterns (it may sit on several routes, as GET /users/{owner}/repos and GET /orgs/{org}/repos
 * do); handler simple names, which name the functions, are unique; and every access pattern of
 * the contract is served.
 */
class EndpointCatalogTest {

  static List<String> problems(List<Endpoint> endpoints, List<AccessPattern> patterns) {
    List<String> out = new ArrayList<>();
    Map<String, Endpoint> byRoute = new LinkedHashMap<>();
    Map<String, List<AccessPatternSpec>> patternsByHandler = new LinkedHashMap<>();
    Map<String, String> classBySimpleName = new LinkedHashMap<>();
    for (Endpoint e : endpoints) {
      if (byRoute.putIfAbsent(e.routeKey(), e) != null) {
        out.add(e.routeKey() + ": route declared twice");
      }
      List<AccessPatternSpec> before = patternsByHandler.putIfAbsent(e.handlerClass(), e.patterns());
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
    for (AccessPattern ap : patterns) {
      if (endpoints.stream().noneMatch(e -> e.patterns().contains(ap))) {
        out.add(ap + ": served by no endpoint");
      }
    }
    return out;
  }

  @Test
  void catalog_shouldServeEveryAccessPattern_withOneHandlerPerRoute() {
    assertEquals(42, AccessPattern.values().length);
    assertEquals(List.of(), problems(EndpointCatalog.endpoints(), List.of(AccessPattern.values())));
  }

  @Test
  void problems_shouldReportDuplicatesAndGaps_whenCatalogBroken() {
    List<Endpoint> bad = List.of(
        ep("GET", "/a", "x.AHandler", AccessPattern.AP01),
        ep("GET", "/a", "x.BHandler", AccessPattern.AP02),
        ep("GET", "/c", "x.AHandler", AccessPattern.AP03),
        ep("GET", "/d", "y.AHandler", AccessPattern.AP01));
    assertEquals(List.of(
        "GET /a: route declared twice",
        "AHandler: serves [AP01] and [AP03]",
        "AHandler: names both x.AHandler and y.AHandler",
        "AP04: served by no endpoint"),
        problems(bad, List.of(AccessPattern.AP01, AccessPattern.AP02, AccessPattern.AP03, AccessPattern.AP04)));
  }

  private static Endpoint ep(String method, String path, String handler, AccessPattern ap) {
    return new Endpoint(method, path, handler, Auth.NONE, List.of(ap), EnumSet.of(DynamoAction.GET_ITEM), Set.of());
  }
}
