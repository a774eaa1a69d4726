package dev.monotable.kit.docs;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * access-patterns.md: every access pattern of the domain with the routes that serve it and what
 * their functions are granted, then every route. Endpoints are printed in the domain's order, never
 * in set iteration order, so the output is stable.
 */
final class AccessPatternDoc {

  static final String FILE = "access-patterns.md";

  private AccessPatternDoc() {}

  static String render(DocsDomain d) {
    Domain domain = d.domain();
    DocsDomain docs = d;
    StringBuilder sb = new StringBuilder();
    sb.append(DocsGenerator.HEADER)
        .append("# Access patterns\n\n")
        .append("Every access pattern of the ").append(domain.name())
        .append(" contract, the DynamoDB call that serves it and the ")
        .append("IAM actions granted to the function of each route that serves it (least privilege is ")
        .append("derived from the same ").append(Markdown.code(docs.routeSource()))
        .append("). Index `table` is the base table; reads on it are ")
        .append("strongly consistent.\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (AccessPatternSpec ap : domain.accessPatterns()) {
      List<Endpoint> endpoints = servedBy(domain, ap);
      List<String> routes = new ArrayList<>();
      Set<String> auth = new LinkedHashSet<>();
      Set<String> grants = new LinkedHashSet<>();
      for (Endpoint e : endpoints) {
        routes.add(Markdown.code(e.routeKey()) + " " + e.handlerName());
        auth.add(e.auth().name());
        grants.add(grants(domain, e));
      }
      String iam = grants.size() <= 1 ? String.join("", grants) : perRoute(domain, endpoints);
      rows.add(List.of(ap.name(), String.join("<br>", routes), String.join(", ", auth), ap.description(),
          ap.operation(), ap.index() == null ? "table" : ap.index().indexName(), Markdown.code(ap.keyCondition()),
          ap.parameters(), iam));
    }
    sb.append(Markdown.table(List.of("AP", "route", "auth", "pattern", "operation", "index", "key condition",
        "parameters", "IAM actions"), rows));

    sb.append("\n## Routes\n\n")
        .append("One function per route; `auth` NONE reads no token, OPTIONAL verifies a bearer token when ")
        .append("present (").append(docs.optionalAuthUse())
        .append("), REQUIRED is enforced by the API Gateway JWT authorizer.\n\n");
    List<List<String>> routeRows = new ArrayList<>();
    for (Endpoint e : domain.endpoints()) {
      List<String> aps = e.patterns().stream().map(AccessPatternSpec::name).toList();
      routeRows.add(List.of(Markdown.code(e.routeKey()), e.handlerName(), e.auth().name(), String.join(", ", aps),
          grants(domain, e)));
    }
    sb.append(Markdown.table(List.of("route", "handler", "auth", "AP", "IAM actions"), routeRows));
    return sb.toString();
  }

  static List<Endpoint> servedBy(Domain domain, AccessPatternSpec ap) {
    return domain.endpoints().stream().filter(e -> e.patterns().contains(ap)).toList();
  }

  /** {@code dynamodb:BatchGetItem, dynamodb:Query (GSI1, GSI4)}; "none" for routes without table access. */
  static String grants(Domain domain, Endpoint e) {
    List<String> out = new ArrayList<>();
    for (DynamoAction a : DynamoAction.values()) {
      if (!e.actions().contains(a)) {
        continue;
      }
      String name = a.iamName();
      if (a == DynamoAction.QUERY && !e.indexes().isEmpty()) {
        List<String> idx = new ArrayList<>();
        for (Gsi g : domain.schema().gsis()) {
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

  private static String perRoute(Domain domain, List<Endpoint> endpoints) {
    List<String> out = new ArrayList<>();
    endpoints.forEach(e -> out.add(Markdown.code(e.routeKey()) + ": " + grants(domain, e)));
    return String.join("<br>", out);
  }
}
