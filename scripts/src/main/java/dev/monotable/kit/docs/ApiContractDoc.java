package dev.monotable.kit.docs;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.forge.docs.ApiShapes;

import dev.monotable.forge.catalog.AccessPattern;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.forge.keys.ReactionTypes;
import dev.monotable.kit.keys.Segments;
import dev.monotable.forge.model.Rules;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * docs/api-contract.md: the contract the code follows, in the project's own words: conventions,
 * input rules, permissions, every route (from the endpoint catalog and {@link ApiShapes}) and the
 * effects of the table stream. Code comments point here (section anchors are stable: conventions,
 * input-rules, permissions, routes, stream-effects, and one per route).
 */
final class ApiContractDoc {

  static final String PATH = "docs/api-contract.md";

  private ApiContractDoc() {}

  static String render() {
    StringBuilder sb = new StringBuilder(DocsGenerator.HEADER);
    sb.append("""
        # API contract

        What the Forge HTTP API promises and what the code enforces. The route list, auth modes, access
        patterns, request fields and limits below are generated from the code (`EndpointCatalog`,
        `AccessPattern`, `Rules`, `Segments`, `PageRequest`, and `scripts/.../docs/ApiShapes` for the
        wire shapes); the same facts are in machine-readable form in [openapi.json](openapi.json), which
        the end-to-end suite checks every answer against. Keys and items are in
        [entity-chart.md](entity-chart.md), the DynamoDB request behind each pattern in
        [access-patterns.md](access-patterns.md), and the reasons for the modelling choices in
        [relationship-decisions.md](relationship-decisions.md).

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
        - Reads are one DynamoDB request; a list whose visibility depends on the caller's org membership
          may first read that one membership item. Writes use the fewest requests, with permission checks
          inside the same transaction as condition checks where they can be (`RequestBudgetTest` pins the
          counts).
        - Failures answer `{"error": {"code", "message", "field"}}` and write nothing:

        | status | when |
        |---|---|
        | 400 | invalid input (`field` names the body field, path or query parameter) or a bad cursor |
        | 401 | a token is required and missing, or a token is present and invalid or expired |
        | 403 | the caller is known but may not do this |
        | 404 | no such thing, or a private repository (and anything under it) the caller may not see |
        | 409 | conflicts with the current state (a taken name or e-mail, the last admin, a merged pull request); `field` names what clashed |
        | 412 | stale `If-Match` |
        | 413 | body over 1 MiB |
        | 503 | DynamoDB throttled the request; retry after the `Retry-After` seconds |

        ## Input rules

        Every value that becomes part of a key is checked before any request (`Segments`), so no input can
        change the structure of a key; the other values by `Rules`. Names are case-insensitive: keys hold
        the lower-case form, items keep what the user typed.

        """);
    List<List<String>> rules = List.of(
        List.of("username, org, owner", "matches " + Markdown.code(Segments.ACCOUNT.pattern())),
        List.of("repo", "matches " + Markdown.code(Segments.REPO.pattern()) + ", and is not `.` or `..`"),
        List.of("email", "exactly one `@` with text on both sides, at most " + Segments.EMAIL_MAX
            + " characters; stored lower-case"),
        List.of("number (path)", "1.." + Segments.MAX_NUMBER + ", ASCII digits"),
        List.of("type (reaction)", "one of " + String.join(" ", ReactionTypes.ALL.stream().map(Markdown::code)
            .toList())),
        List.of("title", "1.." + Rules.TITLE_MAX + " characters"),
        List.of("body, bio", "at most " + Rules.BODY_MAX + " characters (a comment body at least 1)"),
        List.of("name, description", "at most " + Rules.SHORT_TEXT_MAX + " characters"),
        List.of("head, base (pull requests)", "1.." + Rules.REF_MAX + " characters, no control characters"),
        List.of("state (PATCH)", "issues `open`, `closed`; pull requests also `merged`, which is final"),
        List.of("request body", "a JSON object of at most 1 MiB; fields the route does not know are ignored"));
    sb.append(Markdown.table(List.of("input", "rule"), rules)).append('\n');
    sb.append("""
        ## Permissions

        - `REQUIRED` routes need `Authorization: Bearer <JWT>`; the caller is the token's `username` claim.
          Deployed, API Gateway's JWT authorizer checks the token before the function runs; locally,
          `scripts/dev` does the same with the key pair in `.local/`.
        - `OPTIONAL` routes answer anonymous callers; a valid token widens what is visible (private
          repositories of the caller and of their orgs), an invalid one is a 401. The function verifies
          the token itself (no authorizer on these routes).
        - `NONE` routes read no token and show only public data.
        - You create and edit only your own profile (`POST /users` with your own username), and star,
          react and comment as yourself; only your own star or reaction is removed by your DELETE.
        - Any authenticated user may open issues and pull requests, comment and react on repositories
          they can see, star them, and fork public ones into their own account.
        - Organization admins add and remove members, change roles, invite, see invitations and create
          the organization's repositories; an organization always keeps at least one admin.
        - The repository owner (for an organization's repository, any member of the organization) may
          edit, close and reopen any issue or pull request, and merge an open pull request; an author may
          edit, close and reopen their own but not merge. A merged pull request stays merged (409).
        - A private repository, and everything under it, is 404 to anyone but its owner and the members
          of its organization: its existence is not revealed.

        ## Routes

        """);
    List<List<String>> index = new ArrayList<>();
    for (Endpoint e : EndpointCatalog.endpoints()) {
      index.add(List.of("[" + Markdown.code(e.routeKey()) + "](#" + OpenApiDoc.anchor(e) + ")", e.auth().name(),
          String.join(", ", e.patterns().stream().map(AccessPatternSpec::name).toList()), ApiShapes.of(e).summary()));
    }
    sb.append(Markdown.table(List.of("route", "auth", "patterns", "what"), index)).append('\n');
    for (Endpoint e : EndpointCatalog.endpoints()) {
      route(sb, e);
    }
    sb.append("""
        ## Stream effects

        Some consequences of a write are applied afterwards by handlers of the table's stream
        (NEW_AND_OLD_IMAGES), never by the request itself. Which handlers are deployed is declared in
        `infra/.../StreamHandlers`; the contract they follow:

        | trigger | effect |
        |---|---|
        | a new issue, pull request or comment | the repository's `updatedAt` (and its place in the account's repository list) moves forward to the event time, never backward |
        | a new issue, pull request, comment, star or fork | an activity entry in the repository owner's feed (and the actor's), kept 90 days |
        | a comment added or removed | the issue's or pull request's `commentCount`, exactly once per record even when a batch is delivered again |
        | an invitation deleted by TTL (after 7 days) | an "invitation expired" activity entry in the organization's feed |

        A record that cannot be processed is reported as a batch item failure: it never blocks the shard
        and never loses the rest of the batch. Until its handler runs, a feed or counter may lag the write
        that caused it.
        """);
    return sb.toString();
  }

  private static void route(StringBuilder sb, Endpoint e) {
    ApiShapes.Shape shape = ApiShapes.of(e);
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
      shape.query().forEach((name, schema) -> parts.add(Markdown.code("?" + name) + " " + rule(schema)));
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
    List<String> errors = OpenApiDoc.errors(e, shape).keySet().stream().map(String::valueOf).toList();
    sb.append("Answers ").append(shape.status()).append(" with ").append(answer).append("; failures ")
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
