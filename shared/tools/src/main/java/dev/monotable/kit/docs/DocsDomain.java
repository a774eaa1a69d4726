package dev.monotable.kit.docs;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.entity.Attr;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the docs generator needs from a domain beyond its {@code Domain} (table, access patterns,
 * routes) and its {@code EntityModel} (charts): where its docs go, its ERD edges, the wire shape of
 * each route, and the passages of the docs that only the domain can write (its placeholders, its
 * permissions, what its stream handlers do...). The generator prints the structure, the tables and
 * the kit's own conventions; every sentence that names something of the domain comes from here.
 *
 * <p>Passages are Markdown without a trailing newline; the generator adds the blank lines around
 * them. Each passage has a default derived from the declarations (routes, their auth and bodies,
 * the plain patterns' entities and key rules, the stream consumers, the declared calls), or a
 * neutral sentence where only the domain could say more: a domain overrides what it words better.
 */
public interface DocsDomain {

  /** The declarations documented: table, access patterns, routes, stream consumers. */
  Domain domain();

  /** The entity charts printed in entity-chart.md and erd.md. */
  EntityModel entities();

  /** One row of the contract's input-rules table: an input (or several) and the rule it is held to. */
  record InputRule(String input, String rule) {}

  // ---- where -----------------------------------------------------------------------------------

  /**
   * The folder the domain's docs are generated into, relative to the repository root, without a
   * trailing slash: {@code docs/<id>}, where the domain's written docs sit beside the generated ones.
   * Links between the generated files name it.
   */
  default String folder() {
    return "docs/" + domain().name().toLowerCase(java.util.Locale.ROOT);
  }

  // ---- entity charts and ERD -------------------------------------------------------------------

  /** The ERD's edges, in drawing order; every type they name is a type of the entity model. */
  default List<Relationship> relationships() {
    return List.of();
  }

  /** The entity chart's paragraph on the key placeholders ({@code {username}} is...) and variants. */
  default String keySegments() {
    List<String> parts = new ArrayList<>();
    keyRules().forEach((field, a) -> parts.add(Markdown.code("{" + field + "}") + ": " + a.description() + ", matching "
        + Markdown.code(a.rule().pattern()) + "."));
    return parts.isEmpty() ? "The keys hold no user value." : String.join(" ", parts);
  }

  /** A sentence the ERD adds after its introduction (where the strategies are explained), or empty. */
  default String erdNotes() {
    return "";
  }

  // ---- access patterns -------------------------------------------------------------------------

  /** The declaration routes and grants come from, as the access-patterns doc names it. */
  default String routeSource() {
    return Markdown.code(domain().name() + ".endpoints()");
  }

  /** What a token on an {@code OPTIONAL} route makes visible, a few words ({@code private repositories}). */
  default String optionalAuthUse() {
    return "nothing more";
  }

  // ---- API: OpenAPI and contract ---------------------------------------------------------------

  /**
   * The shape of a route the domain's own handler serves; every such route has one. By default the
   * liveness route's ({@link Endpoint#HEALTH_ROUTE}, answering {@link JsonSchema#HEALTH}).
   *
   * @throws IllegalArgumentException a custom route the domain gives no shape
   */
  default ApiShape shape(Endpoint endpoint) {
    if (endpoint.hasRouteKey(Endpoint.HEALTH_ROUTE)) {
      return ApiShape.read("liveness, table name and endpoint", JsonSchema.ref(JsonSchema.HEALTH));
    }
    throw new IllegalArgumentException("no shape for " + endpoint.routeKey() + ": the domain's docs give custom "
        + "routes theirs");
  }

  /** The component schemas the shapes refer to, in document order ({@link JsonSchema#ERROR} is the kit's). */
  default Map<String, Map<String, Object>> schemas() {
    return domain().endpoint(Endpoint.HEALTH_ROUTE) == null ? Map.of()
        : Map.of(JsonSchema.HEALTH, JsonSchema.health());
  }

  /**
   * The shape of any route: derived from the declarations for a plain route
   * ({@link ApiShape#plain}), else the domain's {@link #shape}. The generator reads routes through this.
   */
  default ApiShape shapeOf(Endpoint endpoint) {
    return endpoint.isPlain() ? ApiShape.plain(endpoint) : shape(endpoint);
  }

  /**
   * {@link #schemas()} and the component of each entity a plain route answers
   * ({@link JsonSchema#entity}), unless the domain names that component itself.
   */
  default Map<String, Map<String, Object>> allSchemas() {
    Map<String, Map<String, Object>> all = new java.util.LinkedHashMap<>(schemas());
    for (Endpoint e : domain().endpoints()) {
      if (e.isPlain()) {
        all.putIfAbsent(e.patterns().get(0).entity().type(), JsonSchema.entity(e.patterns().get(0).entity()));
      }
    }
    return all;
  }

  /** The schema of a path parameter by name; every parameter of the domain's paths has one. */
  default Map<String, Object> pathParameter(String name) {
    Attr a = keyRules().get(name);
    return a == null ? JsonSchema.string() : JsonSchema.pattern(a.rule().pattern());
  }

  /** What the OpenAPI document is generated from, after "Generated by scripts/docs from ". */
  default String openApiSources() {
    return "the endpoint declarations of " + domain().name();
  }

  /** The contract's introduction: what the API promises and where the rest is documented. */
  default String contractIntro() {
    return "The HTTP API of " + domain().name() + ": its routes, the rules of their input and who may call them.";
  }

  /** The contract convention (a list item) on how many requests reads and writes take. */
  default String requestBudget() {
    List<String> other = new ArrayList<>();
    List<String> transactions = new ArrayList<>();
    for (AccessPatternSpec p : domain().accessPatterns()) {
      if (p.requestAllowance().requests() != 1) {
        other.add(p.name() + " (" + p.description() + "): " + p.requestAllowance().requests() + ", "
            + p.requestAllowance().basis());
      } else if (p.calls().includes(Operation.TRANSACT_WRITE_ITEMS)) {
        transactions.add(p.name() + " (" + p.description() + ")");
      }
    }
    return "- Every access pattern is one DynamoDB request"
        + (transactions.isEmpty() ? "" : "; a transaction is one: " + String.join(", ", transactions))
        + (other.isEmpty() ? "." : "; except " + String.join("; ", other) + ".");
  }

  /** The 404 row of the contract's failure table: when the domain answers it. */
  default String notFoundCase() {
    return "no item has the key the path names";
  }

  /** The 409 row of the contract's failure table: when the domain answers it. */
  default String conflictCase() {
    return "a create finds its key taken (`field` names what is taken)";
  }

  /** The description of a 404 answer in the OpenAPI document. */
  default String notFoundResponse() {
    return notFoundCase();
  }

  /** The paragraph above the input-rules table. */
  default String inputRulesIntro() {
    return "Path parameters and body fields:";
  }

  /** The input-rules table. */
  default List<InputRule> inputRules() {
    Map<String, String> rules = new LinkedHashMap<>();
    for (Endpoint e : domain().endpoints()) {
      for (String p : e.pathParameters()) {
        rules.putIfAbsent(p, ApiContractDoc.rule(pathParameter(p)));
      }
      for (BodyField f : e.body()) {
        // A body value that becomes part of a key is held to its key rule, stricter than its length.
        rules.putIfAbsent(f.name(), ApiContractDoc.rule(keyRules().containsKey(f.name()) ? pathParameter(f.name())
            : JsonSchema.field(f)));
      }
    }
    List<InputRule> out = new ArrayList<>();
    rules.forEach((name, rule) -> out.add(new InputRule(Markdown.code(name), rule)));
    return out;
  }

  /** The contract's permissions section. */
  default String permissions() {
    List<String> lines = new ArrayList<>();
    for (Endpoint e : domain().endpoints()) {
      String who = switch (e.access().kind()) {
        case OWNER -> "only the user " + Markdown.code("{" + e.access().name() + "}") + " names (403 for another)";
        case GROUP -> "members of the group " + Markdown.code(e.access().name()) + " (403 for others)";
        case MEMBER -> "a " + e.access().membership().render().replace("{" + e.access().name() + "}",
            Markdown.code("{" + e.access().name() + "}")) + ", as its " + Markdown.code(
            e.access().membership().entity().type()) + " item says, read in the route's own request (403 for others)";
        case ANYONE -> e.auth() == Auth.NONE ? "anyone" : e.auth() == Auth.OPTIONAL
            ? "anyone; a token shows " + optionalAuthUse() : "any signed-in user";
      };
      lines.add("- " + Markdown.code(e.routeKey()) + ": " + who);
    }
    return String.join("\n", lines);
  }

  /** The contract's stream-effects section. */
  default String streamEffects() {
    List<String> lines = new ArrayList<>();
    for (StreamHandlerDeclaration s : domain().streams()) {
      lines.add("- " + s.stream() + " (" + Markdown.code(s.handlerName()) + "): on "
          + String.join(", ", new java.util.TreeSet<>(s.eventNames())) + " of "
          + String.join(", ", new java.util.TreeSet<>(s.itemTypes())));
    }
    return lines.isEmpty() ? "None." : String.join("\n", lines);
  }

  /**
   * The key attribute of each placeholder the plain patterns' entities hold to a rule, by field:
   * what the default key, path-parameter and input-rule passages print.
   */
  private Map<String, Attr> keyRules() {
    Map<String, Attr> rules = new LinkedHashMap<>();
    for (AccessPatternSpec p : domain().accessPatterns()) {
      if (p.entity() != null) {
        p.entity().attributes().stream().filter(a -> a.rule() != null).forEach(a -> rules.putIfAbsent(a.field(), a));
      }
    }
    return rules;
  }
}
