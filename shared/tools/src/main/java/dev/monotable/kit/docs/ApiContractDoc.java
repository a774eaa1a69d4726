package dev.monotable.kit.docs;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.domain.Domain;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * api-contract.md: the contract a domain's code follows: the kit's conventions (paging, versions,
 * failures), the domain's input rules and permissions, every route (from the domain's endpoints and
 * {@link DocsDomain#shape shapes}) and the effects of the table stream. Code comments point here
 * (section anchors are stable: conventions, input-rules, permissions, routes, stream-effects, and
 * one per route).
 */
final class ApiContractDoc {

  static final String FILE = "api-contract.md";

  private ApiContractDoc() {}

  static String render(DocsDomain d) {
    Domain domain = d.domain();
    DocsDomain docs = d;
    StringBuilder sb = new StringBuilder(DocsGenerator.HEADER);
    sb.append("# API contract\n\n").append(docs.contractIntro()).append("\n\n");
    sb.append("""
        ## Conventions

        - JSON in and out, camelCase fields; an answer never shows a key attribute (`PK`, `SK`, `GSI*`).
        """);
    sb.append("- Lists take `?limit=` (1..").append(PageRequest.MAX_LIMIT).append(", default ")
        .append(PageRequest.DEFAULT_LIMIT).append(") and `?cursor=`, and answer ")
        .append("`{\"items\": [...], \"nextCursor\": \"...\" | null}`. A cursor is opaque and signed with a key ")
        .append("only the service holds (generated under `.local/` locally, in Secrets Manager when deployed); one ")
        .append("that is malformed, altered or issued for another list or partition is a 400.\n");
    sb.append("""
        - Versioned entities carry `version` and an `ETag` header. An update may send
          `If-Match: "<version>"`: when the entity has moved on the answer is 412 with the current version
          in `ETag`, and nothing is written. Without `If-Match` (or with `*`) the update applies to the
          current version.
        """);
    sb.append(docs.requestBudget()).append('\n');
    sb.append("""
        - Failures answer `{"error": {"code", "message", "field"}}` and write nothing:

        | status | when |
        |---|---|
        | 400 | invalid input (`field` names the body field, path or query parameter) or a bad cursor |
        | 401 | a token is required and missing, or a token is present and invalid or expired |
        | 403 | the caller is known but may not do this |
        """);
    sb.append("| 404 | ").append(docs.notFoundCase()).append(" |\n");
    sb.append("| 409 | ").append(docs.conflictCase()).append(" |\n");
    sb.append("""
        | 412 | stale `If-Match` |
        | 413 | body over 1 MiB |
        | 503 | DynamoDB throttled the request; retry after the `Retry-After` seconds |

        ## Input rules

        """);
    sb.append(docs.inputRulesIntro()).append("\n\n");
    List<List<String>> rules = docs.inputRules().stream().map(r -> List.of(r.input(), r.rule())).toList();
    sb.append(Markdown.table(List.of("input", "rule"), rules)).append('\n');
    sb.append("## Permissions\n\n").append(docs.permissions()).append("\n\n## Routes\n\n");
    List<List<String>> index = new ArrayList<>();
    for (Endpoint e : domain.endpoints()) {
      index.add(List.of("[" + Markdown.code(e.routeKey()) + "](#" + OpenApiDoc.anchor(e) + ")", e.auth().name(),
          String.join(", ", e.patterns().stream().map(AccessPatternSpec::name).toList()), docs.shapeOf(e).summary()));
    }
    sb.append(Markdown.table(List.of("route", "auth", "patterns", "what"), index)).append('\n');
    for (Endpoint e : domain.endpoints()) {
      route(sb, docs, e);
    }
    sb.append("## Stream effects\n\n").append(docs.streamEffects()).append('\n');
    return sb.toString();
  }

  private static void route(StringBuilder sb, DocsDomain docs, Endpoint e) {
    ApiShape shape = docs.shapeOf(e);
    sb.append("### ").append(e.routeKey()).append("\n\n");
    sb.append(capitalized(shape.summary())).append(". Auth `").append(e.auth()).append("`")
        .append(e.auth() == Auth.NONE ? "." : e.auth() == Auth.OPTIONAL ? " (a token widens what is visible)."
            : " (a bearer token).").append(" Handler `").append(e.handlerName()).append("`.\n\n");
    for (AccessPatternSpec ap : e.patterns()) {
      sb.append("- ").append(ap.name()).append(": ").append(ap.description()).append(" (")
          .append(ap.operation()).append(ap.index() == null ? "" : " on " + ap.index()).append(")\n");
    }
    sb.append('\n');
    List<String> params = OpenApiDoc.pathParameters(e);
    if (!params.isEmpty() || !shape.query().isEmpty()) {
      List<String> parts = new ArrayList<>();
      params.forEach(p -> parts.add(Markdown.code("{" + p + "}")));
      shape.query().forEach((name, schema) -> parts.add(Markdown.code("?" + name)
          + (shape.requiredQuery().contains(name) ? " (required)" : "") + " " + rule(schema)));
      sb.append("Parameters: ").append(String.join("; ", parts)).append(".\n\n");
    }
    if (shape.request() != null) {
      @SuppressWarnings("unchecked")
      Map<String, Map<String, Object>> properties = (Map<String, Map<String, Object>>) shape.request().get("properties");
      List<?> required = (List<?>) shape.request().getOrDefault("required", List.of());
      List<List<String>> rows = new ArrayList<>();
      properties.forEach((name, schema) -> rows.add(List.of(Markdown.code(name), required.contains(name) ? "yes" : "no",
          rule(schema))));
      sb.append("Body").append(shape.bodyRequired() ? "" : " (optional)").append(":\n\n")
          .append(Markdown.table(List.of("field", "required", "rule"), rows)).append('\n');
    }
    if (shape.ifMatch()) {
      sb.append("Takes `If-Match`.\n\n");
    }
    String answer = shape.response() == null ? "no body"
        : shape.response().containsKey("$ref") ? component(shape.response())
        : "a page of " + component(itemsOf(shape.response()));
    List<String> errors = OpenApiDoc.errors(docs, e, shape).keySet().stream().map(String::valueOf).toList();
    sb.append("Answers ").append(shape.status()).append(" with ").append(answer)
        .append(shape.repeat() == null ? "" : " (200 with the same when " + shape.repeat() + ")").append("; failures ")
        .append(String.join(", ", errors)).append(".\n\n");
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> itemsOf(Map<String, Object> page) {
    Map<String, Object> properties = (Map<String, Object>) page.get("properties");
    return (Map<String, Object>) ((Map<String, Object>) properties.get("items")).get("items");
  }

  private static String component(Map<String, Object> ref) {
    String r = (String) ref.get("$ref");
    return Markdown.code(r.substring(r.lastIndexOf('/') + 1));
  }

  /** A schema as a short rule: enum, pattern, length or range, then its description. */
  static String rule(Map<String, Object> schema) {
    List<String> parts = new ArrayList<>();
    if (schema.get("enum") instanceof List<?> values) {
      parts.add("one of " + String.join(", ", values.stream().map(v -> Markdown.code(String.valueOf(v))).toList()));
    } else if (schema.get("pattern") instanceof String p) {
      parts.add("matches " + Markdown.code(p));
    } else if (schema.containsKey("maxLength")) {
      Object min = schema.get("minLength");
      parts.add((min == null ? "at most " : min + "..") + schema.get("maxLength") + " characters");
    } else if (schema.containsKey("maximum")) {
      parts.add(schema.get("minimum") + ".." + schema.get("maximum")
          + (schema.containsKey("default") ? ", default " + schema.get("default") : ""));
    } else if (schema.containsKey("exclusiveMaximum")) {
      parts.add("a number of magnitude below " + schema.get("exclusiveMaximum"));
    } else if ("boolean".equals(schema.get("type"))) {
      parts.add("true or false");
    } else {
      parts.add(String.valueOf(schema.get("type")));
    }
    if (schema.get("description") instanceof String d) {
      parts.add(d);
    }
    return String.join("; ", parts);
  }

  private static String capitalized(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
