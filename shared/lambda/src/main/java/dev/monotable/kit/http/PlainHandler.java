package dev.monotable.kit.http;

import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.Membership;
import dev.monotable.kit.catalog.Write;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.catalog.Transition;
import dev.monotable.kit.catalog.Writes;
import dev.monotable.kit.data.Expiry;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The kit's handler of plain routes ({@link Endpoint#plain}): a Get, Query, Put or Delete of one
 * declared entity, served from the declarations alone, so a plain pattern needs no handler class
 * of the domain's. Each plain route is still a Lambda function of its own (its own role, alarms
 * and metrics); the route an invocation serves is the event's route key.
 *
 * <ul>
 *   <li>GetItem: the item at the entity's table key, filled from the path parameters (each held to
 *       its attribute's rule first), answered as the entity's values; 404 when absent, or expired
 *       for an expiring entity (whose answers show {@code expiresAt}: {@link Expiry}).
 *   <li>Query: one page of the pattern's declared key condition, filled from the path parameters
 *       (an expiring entity's expired items filtered out: a page may hold fewer than its limit).
 *   <li>PutItem: the entity's item from the path parameters and the route's declared body fields
 *       (each held to its {@link dev.monotable.kit.catalog.BodyField} declaration), {@code attribute_not_exists(PK)}: 201, or
 *       409 naming the key's first placeholder when the item exists.
 *   <li>UpdateItem: the declared body fields the request holds, {@code Version} + 1, on the item
 *       existing (404) and, with {@code If-Match}, on its version (412); or, for a pattern declared
 *       as a {@link Transition}, the item's move into its target state (404, 412, 409 naming the
 *       state field; a move made already is answered as it is).
 *   <li>DeleteItem: the item at the key; 204 whether it existed or not (idempotent).
 * </ul>
 *
 * <p>Each route keeps its own declared auth and access: an {@code ownedBy} route answers 401 to an
 * anonymous caller and 403 to another user before any request. A versioned entity is created at
 * {@code Version} 1 and answered with its {@code version} (and so its ETag).
 */
public final class PlainHandler extends ApiHandler<DomainServices> {

  /** For Lambda: the domain's services from the environment ({@link Env#MONOTABLE_SERVICES}). */
  public PlainHandler() {
    this(servicesFromEnvironment());
  }

  public PlainHandler(DomainServices services) {
    super(services);
  }

  /**
   * The domain's services, built by its own {@code fromEnvironment()} (one per container, priming
   * registered): the one class name infra puts in the function's environment is looked up once.
   */
  static DomainServices servicesFromEnvironment() {
    String cls = Env.require(Env.MONOTABLE_SERVICES);
    try {
      return (DomainServices) Class.forName(cls).getMethod("fromEnvironment").invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(Env.MONOTABLE_SERVICES + "=" + cls + " has no static fromEnvironment()", e);
    }
  }

  @Override
  protected Response handle(Request r) {
    Endpoint endpoint = services.domain().endpoint(r.event().getRouteKey());
    if (endpoint == null || !endpoint.isPlain()) {
      throw new IllegalStateException(r.event().getRouteKey() + " is not a plain route of " + services.domain().name());
    }
    // Whose call the route serves (ownedBy, forGroup): 401/403 before any request.
    r.requireAccess(endpoint.access());
    AccessPatternSpec pattern = endpoint.patterns().get(0);
    Entity entity = pattern.entity();
    Map<String, Object> values = new LinkedHashMap<>();
    for (String p : endpoint.pathParameters()) {
      values.put(p, r.path(p));
    }
    if (pattern instanceof DeclaredPattern d && d.members() != null) {
      return forMembers(d, d.members(), values, r);
    }
    Operation op = pattern.calls().operations().get(0);
    return switch (op) {
      // An expiring entity's expired item is absent before DynamoDB deletes it (Expiry): still one request.
      case GET_ITEM -> Response.ok(Expiry.values(entity, Expiry.live(entity, services.table().get(entity.key(values)),
          services.table().clock().instant()).orElseThrow(() -> new NotFoundException(noun(entity)))));
      case QUERY -> Response.ok(page(entity, services.table().query(live(entity, pattern.queryFor(segments(entity,
          values))), r.page(), pattern.name())));
      case PUT_ITEM -> Response.created(create(endpoint, entity, values, r));
      case UPDATE_ITEM -> Response.ok(pattern.key() instanceof Writes w && w.shape() == Writes.Shape.TRANSITION
          ? move(w.transition(), values, r) : update(entity, values, r));
      case DELETE_ITEM -> {
        services.table().delete(entity.key(values), null, null);
        yield Response.noContent();
      }
      default -> throw new IllegalStateException(pattern.name() + ": " + pattern.calls() + " is not a plain call");
    };
  }

  /**
   * A members-only read ({@link DeclaredPattern#forMembers}): a Get is one BatchGetItem of the
   * caller's membership item and the item; a Query page one GetItem of the membership item, then
   * the Query. 403 when the caller is no member the declaration admits, before any 404.
   */
  private Response forMembers(DeclaredPattern pattern, Membership m, Map<String, Object> values, Request r) {
    Entity entity = pattern.entity();
    Key membership = m.key(r.path(m.group()), r.requireCaller());
    if (pattern.calls().includes(Operation.TRANSACT_WRITE_ITEMS)) {
      Map<String, Object> check = Map.of(m.group(), r.path(m.group()), Membership.CALLER, r.requireCaller());
      return Response.ok(services.table().updateVersioned(entity, values, declaredBody(r), r.ifMatch(),
          tx -> Write.member(m).addTo(tx, check, dev.monotable.kit.keys.Timestamps.format(services.table().clock().instant())),
          () -> new ForbiddenException(m.refusal())));
    }
    if (pattern.calls().includes(Operation.BATCH_GET_ITEM)) {
      Key key = entity.key(values);
      Map<Key, Map<String, AttributeValue>> found = services.table().batchGet(List.of(membership, key));
      if (!m.admits(found.get(membership))) {
        throw new ForbiddenException(m.refusal());
      }
      Map<String, AttributeValue> item = found.get(key);
      if (item == null) {
        throw new NotFoundException(noun(entity));
      }
      return Response.ok(entity.values(item));
    }
    if (!m.admits(services.table().get(membership).orElse(null))) {
      throw new ForbiddenException(m.refusal());
    }
    return Response.ok(page(entity, services.table().query(pattern.queryFor(segments(entity, values)), r.page(),
        pattern.name())));
  }

  private Map<String, Object> create(Endpoint endpoint, Entity entity, Map<String, Object> values, Request r) {
    values.putAll(declaredBody(r));
    String now = Timestamps.format(services.table().clock().instant());
    values.put("createdAt", now);
    Key key = entity.key(values);
    Map<String, AttributeValue> item;
    try {
      item = entity.toItem(values);
    } catch (IllegalArgumentException e) {
      // A required attribute the route's body does not declare: the declaration is incomplete.
      throw new IllegalStateException(endpoint.routeKey() + ": " + e.getMessage(), e);
    }
    try {
      Expiry.putIfAbsent(services.table(), entity, item); // an expiring entity's expired item is replaced
    } catch (ConditionalCheckFailedException e) {
      String first = entity.table().pk().names().isEmpty() ? entity.table().sk().names().get(0)
          : entity.table().pk().names().get(0);
      throw new ConflictException(first, "a " + noun(entity) + " with this key exists: " + key.pk() + " " + key.sk());
    }
    return Expiry.values(entity, item);
  }

  /**
   * One UpdateItem of the declared body fields the request holds ({@link
   * dev.monotable.kit.data.TableGateway#updateVersioned}: {@code Version} + 1, {@code UpdatedAt}, on
   * the item existing and, with If-Match, its version; a refusal reads nothing more: 404 or 412).
   */
  private Map<String, Object> update(Entity entity, Map<String, Object> values, Request r) {
    return services.table().updateVersioned(entity, values, declaredBody(r), r.ifMatch());
  }

  /**
   * One UpdateItem moving the item into the declaration's one target (else the body's state field),
   * for the caller when the item's owner moves it, at the If-Match version when given
   * ({@link Transition#move}: 404, 412, answered as it is, 409 naming the state field).
   */
  private Map<String, Object> move(Transition t, Map<String, Object> values, Request r) {
    String target = t.targets().size() == 1 ? t.targets().get(0)
        : (String) declaredBody(r).get(t.state().field());
    return t.move(services.table(), values, target, t.movedByOwner() ? r.requireCaller() : null, r.ifMatch());
  }

  /** The path values a Query's key is filled by, each held to its attribute's rule. */
  private static Map<String, String> segments(Entity entity, Map<String, Object> values) {
    Map<String, String> out = new LinkedHashMap<>();
    values.forEach((name, v) -> {
      Attr a = entity.attr(name);
      String s = String.valueOf(v);
      if (a != null && !a.accepts(s)) {
        throw new ValidationException(name, name + " must match " + a.rule().pattern());
      }
      out.put(name, s);
    });
    return out;
  }

  /** The Query of an expiring entity filters its expired items out ({@link Expiry#live}). */
  private dev.monotable.kit.data.TableGateway.QuerySpec live(Entity entity,
      dev.monotable.kit.data.TableGateway.QuerySpec spec) {
    return entity.ttl() ? Expiry.live(spec, services.table().clock().instant()) : spec;
  }

  private static Map<String, Object> page(Entity entity, Page<Map<String, AttributeValue>> page) {
    Map<String, Object> out = new LinkedHashMap<>();
    List<Map<String, Object>> items = page.items().stream().map(i -> Expiry.values(entity, i)).toList();
    out.put("items", items);
    out.put("nextCursor", page.nextCursor());
    return out;
  }

  private static String noun(Entity entity) {
    return entity.type().substring(0, 1).toLowerCase(java.util.Locale.ROOT) + entity.type().substring(1);
  }
}
