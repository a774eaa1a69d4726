package dev.monotable.kit.docs;

import dev.monotable.kit.catalog.Operation;
import java.util.Map;

/**
 * What a domain's endpoint catalog does not say about one route and the docs print: its summary,
 * success status, request and answer schemas ({@link JsonSchema}), query parameters and whether it
 * honours {@code If-Match}. A domain gives one per route through {@link DocsDomain#shape}.
 *
 * @param summary one line for the docs
 * @param status the success status
 * @param response schema of the success body, or null for an empty answer (204)
 * @param request schema of the JSON body, or null when the route reads none
 * @param bodyRequired false when the body may be absent
 * @param query query parameters, name to schema
 * @param ifMatch the route honours {@code If-Match} (412 when stale)
 * @param repeat for a create that is idempotent (a follow, a like): what its 200 means when the
 *     thing is there already, answered with the same schema; null when a repeat is not a 200
 * @param requiredQuery the query parameters the route refuses a request without (400 naming it)
 */
public record ApiShape(String summary, int status, Map<String, Object> response, Map<String, Object> request,
    boolean bodyRequired, Map<String, Map<String, Object>> query, boolean ifMatch, String repeat,
    java.util.Set<String> requiredQuery) {

  public ApiShape {
    requiredQuery = java.util.Set.copyOf(requiredQuery);
    if (!query.keySet().containsAll(requiredQuery)) {
      throw new IllegalArgumentException(summary + ": a required query parameter is not among " + query.keySet());
    }
  }

  /** A shape whose repeat is no 200 and whose query parameters may all be left out. */
  public ApiShape(String summary, int status, Map<String, Object> response, Map<String, Object> request,
      boolean bodyRequired, Map<String, Map<String, Object>> query, boolean ifMatch) {
    this(summary, status, response, request, bodyRequired, query, ifMatch, null, java.util.Set.of());
  }

  /** This shape, refusing a request without these query parameters (the docs mark them required). */
  public ApiShape requiringQuery(String... names) {
    return new ApiShape(summary, status, response, request, bodyRequired, query, ifMatch, repeat,
        java.util.Set.of(names));
  }

  /**
   * This 201 create, also answering 200 with the same body when what it creates is there already
   * ({@code why}): an idempotent PUT-like create, which a client repeats safely and tells apart.
   */
  public ApiShape repeatable(String why) {
    if (status != 201) {
      throw new IllegalStateException("only a 201 create answers 200 on a repeat: " + summary);
    }
    return new ApiShape(summary, status, response, request, bodyRequired, query, ifMatch, why, requiredQuery);
  }

  /** A 200 read of one thing. */
  public static ApiShape read(String summary, Map<String, Object> response) {
    return new ApiShape(summary, 200, response, null, false, Map.of(), false);
  }

  /** A 200 page of {@code component}, with the paging query parameters. */
  public static ApiShape list(String summary, String component) {
    return new ApiShape(summary, 200, JsonSchema.page(component), null, false, JsonSchema.paging(Map.of()), false);
  }

  /** A 201 answering the created {@code component}. */
  public static ApiShape create(String summary, String component, Map<String, Object> request) {
    return new ApiShape(summary, 201, JsonSchema.ref(component), request, true, Map.of(), false);
  }

  /** A 204 without a body. */
  public static ApiShape empty(String summary) {
    return new ApiShape(summary, 204, null, null, false, Map.of(), false);
  }

  /**
   * The shape of a plain route ({@link dev.monotable.kit.catalog.Endpoint#plain}), derived from its
   * pattern, its entity (the component named by the entity's {@code Type}) and its declared body:
   * a read (200), a page, a create (201), an update (200, If-Match) or a delete (204).
   */
  public static ApiShape plain(dev.monotable.kit.catalog.Endpoint e) {
    dev.monotable.kit.catalog.AccessPatternSpec p = e.patterns().get(0);
    String type = p.entity().type();
    if (p.key() instanceof dev.monotable.kit.catalog.KeyCondition.QueryKey) {
      return list(p.description(), type); // a members' page reads the membership first
    }
    Operation op = p.calls().includes(Operation.TRANSACT_WRITE_ITEMS) ? Operation.UPDATE_ITEM // a members' update
        : p.calls().operations().get(0);
    return switch (op) {
      case GET_ITEM, BATCH_GET_ITEM -> read(p.description(), JsonSchema.ref(type));
      case QUERY -> list(p.description(), type);
      case PUT_ITEM -> create(p.description(), type, JsonSchema.body(e.body()));
      // A state transition may take no body: its one target is the declaration's.
      case UPDATE_ITEM -> new ApiShape(p.description(), 200, JsonSchema.ref(type),
          e.body().isEmpty() ? null : JsonSchema.body(e.body()), !e.body().isEmpty(), Map.of(), true);
      case DELETE_ITEM -> empty(p.description());
      default -> throw new IllegalArgumentException(e.routeKey() + " is not a plain route");
    };
  }
}
