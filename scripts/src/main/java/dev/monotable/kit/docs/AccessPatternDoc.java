package dev.monotable.kit.docs;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.forge.Forge;
import dev.monotable.forge.catalog.AccessPattern;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * docs/access-patterns.md: every access pattern with the routes that serve it and what their
 * functions are granted, then every route. Endpoint sets are printed in enum order, never in
 * set iteration order, so the output is stable.
 */
final class AccessPatternDoc {

  static final String PATH = "docs/access-patterns.md";

  private AccessPatternDoc() {}

  static String render() {
    StringBuilder sb = new StringBuilder();
    sb.append(DocsGenerator.HEADER)
        .append("# Access patterns\n\n")
        .append("Every access pattern of the Forge contract, the DynamoDB call that serves it and the ")
        .append("IAM actions granted to the function of each route that serves it (least privilege is ")
        .append("derived from the same `EndpointCatalog`). Index `table` is the base table; reads on it are ")
        .append("strongly consistent.\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (AccessPattern ap : AccessPattern.values()) {
      List<Endpoint> endpoints = servedBy(ap);
      List<String> routes = new ArrayList<>();
      Set<String> auth = new LinkedHashSet<>();
      Set<String> grants = new LinkedHashSet<>();
      for (Endpoint e : endpoints) {
        routes.add(Markdown.code(e.routeKey()) + " " + e.handlerName());
        auth.add(e.auth().name());
        grants.add(grants(e));
      }
      String iam = grants.size() <= 1 ? String.join("", grants) : perRoute(endpoints);
      rows.add(List.of(ap.name(), String.join("<br>", routes), String.join(", ", auth), ap.description(),
          ap.operation(), ap.index() == null ? "table" : ap.index().indexName(), Markdown.code(ap.keyCondition()),
          ap.parameters(), iam));
    }
    sb.append(Markdown.table(List.of("AP", "route", "auth", "pattern", "operation", "index", "key condition",
        "parameters", "IAM actions"), rows));

    sb.append("\n## Routes\n\n")
        .append("One function per route; `auth` NONE reads no token, OPTIONAL verifies a bearer token when ")
        .append("present (private repositories), REQUIRED is enforced by the API Gateway JWT authorizer.\n\n");
    List<List<String>> routeRows = new ArrayList<>();
    for (Endpoint e : EndpointCatalog.endpoints()) {
      List<String> aps = e.patterns().stream().map(AccessPatternSpec::name).toList();
      routeRows.add(List.of(Markdown.code(e.routeKey()), e.handlerName(), e.auth().name(), String.join(", ", aps),
          grants(e)));
    }
    sb.append(Markdown.table(List.of("route", "handler", "auth", "AP", "IAM actions"), routeRows));
    return sb.toString();
  }

  static List<Endpoint> servedBy(AccessPattern ap) {
    return EndpointCatalog.endpoints().stream().filter(e -> e.patterns().contains(ap)).toList();
  }

  /** {@code dynamodb:BatchGetItem, dynamodb:Query (GSI1, GSI4)}; "none" for routes without table access. */
  static String grants(Endpoint e) {
    List<String> out = new ArrayList<>();
    for (DynamoAction a : DynamoAction.values()) {
      if (!e.actions().contains(a)) {
        continue;
      }
      String name = a.iamName();
      if (a == DynamoAction.QUERY && !e.indexes().isEmpty()) {
        List<String> idx = new ArrayList<>();
        for (Gsi g : Forge.SCHEMA.gsis()) {
          if (e.indexes().contains(g)) {
            idx.add(g.indexName());
          }
        }
        name += " (" + String.join(", ", idx) + ")";
      }
      out.add(name);
    }
    return out.isEmpty() ? "none" : String.join(", ", out);
  }

  private static String perRoute(List<Endpoint> endpoints) {
    List<String> out = new ArrayList<>();
    endpoints.forEach(e -> out.add(Markdown.code(e.routeKey()) + ": " + grants(e)));
    return String.join("<br>", out);
  }
}
