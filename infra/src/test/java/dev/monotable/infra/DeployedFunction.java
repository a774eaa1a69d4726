package dev.monotable.infra;

import static dev.monotable.infra.Json.list;
import static dev.monotable.infra.Json.map;
import static dev.monotable.infra.Json.props;
import static dev.monotable.infra.Json.resources;
import static dev.monotable.infra.Json.target;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One synthesized API function as the template shows it: its function, role, policy statements,
 * version and alias, found in the nested stack templates by its route or handler string.
 */
record DeployedFunction(
    String templateName,
    Map<String, Object> template,
    String functionId,
    Map<String, Object> function,
    String roleId,
    List<Map<String, Object>> statements) {

  /**
   * The function of {@code function}: a route's {@link dev.monotable.kit.catalog.Endpoint#functionKey()} (a
   * route the kit serves is found by the route infra tells it, {@code MONOTABLE_ROUTE}: its handler class is the
   * kit's, every such function's), or a handler class of the domain's.
   */
  static DeployedFunction of(SynthesizedForge forge, String function) {
    java.util.Set<String> routes = new java.util.HashSet<>();
    dev.monotable.forge.Forge.DOMAIN.endpoints().stream().filter(e -> e.servedByKit() && e.functionKey().equals(function))
        .forEach(e -> routes.add(e.routeKey()));
    String handler = function + "::handleRequest";
    for (Map.Entry<String, Map<String, Object>> t : forge.json().entrySet()) {
      for (Map.Entry<String, Map<String, Object>> f : resources(t.getValue(), "AWS::Lambda::Function").entrySet()) {
        Map<String, Object> environment = map(props(f.getValue()).get("Environment"));
        Object route = environment == null ? null : map(environment.get("Variables")).get(
            dev.monotable.kit.Env.MONOTABLE_ROUTE);
        if (routes.isEmpty() ? handler.equals(props(f.getValue()).get("Handler")) : routes.contains(route)) {
          String roleId = target(props(f.getValue()).get("Role"));
          return new DeployedFunction(t.getKey(), t.getValue(), f.getKey(), f.getValue(), roleId,
              statements(t.getValue(), roleId));
        }
      }
    }
    throw new AssertionError("no function " + function);
  }

  /** Statements of every AWS::IAM::Policy attached to the role, and of the role's inline policies. */
  private static List<Map<String, Object>> statements(Map<String, Object> template, String roleId) {
    List<Map<String, Object>> statements = new ArrayList<>();
    for (Map<String, Object> policy : resources(template, "AWS::IAM::Policy").values()) {
      boolean attached = list(props(policy).get("Roles")).stream().anyMatch(r -> roleId.equals(target(r)));
      if (attached) {
        list(map(props(policy).get("PolicyDocument")).get("Statement")).forEach(s -> statements.add(map(s)));
      }
    }
    Map<String, Object> role = resources(template).get(roleId);
    for (Object inline : list(props(role).get("Policies"))) {
      list(map(map(inline).get("PolicyDocument")).get("Statement")).forEach(s -> statements.add(map(s)));
    }
    return statements;
  }

  Map<String, Object> environment() {
    Object env = props(function).get("Environment");
    return env == null ? Map.of() : map(map(env).get("Variables"));
  }

  /** Statements with at least one action of the service prefix, e.g. "dynamodb". */
  List<Map<String, Object>> statementsFor(String service) {
    return statements.stream()
        .filter(s -> list(s.get("Action")).stream().anyMatch(a -> String.valueOf(a).startsWith(service + ":")))
        .toList();
  }

  /** Logical id of the alias named live of this function. */
  String aliasId() {
    return resources(template, "AWS::Lambda::Alias").entrySet().stream()
        .filter(e -> functionId.equals(target(props(e.getValue()).get("FunctionName"))))
        .map(Map.Entry::getKey)
        .findFirst()
        .orElseThrow(() -> new AssertionError("no alias for " + functionId));
  }

  /** See {@link SynthesizedForge#parameterFor}. */
  String parameterFor(SynthesizedForge forge, String rootLogicalId, String attribute) {
    return forge.parameterFor(templateName, rootLogicalId, attribute);
  }
}
