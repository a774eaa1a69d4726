package dev.monotable.kit.catalog;

import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Template;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An access pattern, declared as a value: the one way a domain declares its patterns, each a
 * constant of its {@code <Name>Pattern} class listed in its {@code ALL}, which its
 * {@code Domain#accessPatterns()} returns:
 * {@code DeclaredPattern.of("P02", "get an entry", Calls.of(GET_ITEM), KeyCondition.get(ENTRY, ENTRY), "entry")}.
 *
 * @param name identifier, for example {@code P02}
 * @param description what the pattern answers
 * @param calls the DynamoDB calls that serve it
 * @param key how it finds its items
 * @param parameters its inputs, as the docs print them
 * @param requestAllowance the requests one call may make, with the contract's reason
 * @param entity the one entity a plain pattern serves (the kit's handler serves its route), or null
 * @param members whose membership the pattern reads or checks in its own request ({@link #forMembers}), or null
 */
public record DeclaredPattern(String name, String description, Calls calls, KeyCondition key, String parameters,
    RequestAllowance requestAllowance, Entity entity, Membership members) implements AccessPatternSpec {

  /** A pattern anyone its route admits may call. */
  public DeclaredPattern(String name, String description, Calls calls, KeyCondition key, String parameters,
      RequestAllowance requestAllowance, Entity entity) {
    this(name, description, calls, key, parameters, requestAllowance, entity, null);
  }

  public DeclaredPattern {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(calls, "calls");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(parameters, "parameters");
    Objects.requireNonNull(requestAllowance, "requestAllowance");
  }

  /** A pattern of one request ({@link RequestAllowance#ONE}), served by the domain's handler. */
  public static DeclaredPattern of(String name, String description, Calls calls, KeyCondition key, String parameters) {
    return new DeclaredPattern(name, description, calls, key, parameters, RequestAllowance.ONE, null);
  }

  /**
   * A custom write declared from entities ({@link Writes}): its calls, request allowance and key
   * condition text are the declaration's, and {@link Endpoint#of} grants the actions of its parts.
   */
  public static DeclaredPattern of(String name, String description, Writes writes, String parameters) {
    return new DeclaredPattern(name, description, writes.calls(), writes, parameters, writes.requestAllowance(),
        null, writes.membership());
  }

  /**
   * The same plain read, served only to members {@code membership} admits of the group its route's
   * path parameter names, the membership read in the read's own request: a Get becomes one
   * BatchGetItem of the membership item and the item (403 when the caller is no such member, before
   * the item's 404); a Query page is one GetItem of the membership item, then the Query (a read
   * follows a read: nothing is written on what the first found); a versioned update is one
   * TransactWriteItems of the ConditionCheck of the membership item and the Update, then a GetItem
   * of the item for the answer (a transaction answers none). Its route has {@link Access#member} access.
   *
   * @throws IllegalArgumentException not a plain Get, Query or update, or already for members
   */
  public DeclaredPattern forMembers(Membership membership) {
    if (entity == null || members != null || !(calls.equals(Calls.of(Operation.GET_ITEM))
        || calls.equals(Calls.of(Operation.QUERY)) || calls.equals(Calls.of(Operation.UPDATE_ITEM)))) {
      throw new IllegalArgumentException(name + ": only a plain Get, Query or update is for members");
    }
    if (calls.includes(Operation.UPDATE_ITEM)) {
      return new DeclaredPattern(name, description, Calls.then(Operation.TRANSACT_WRITE_ITEMS, Operation.GET_ITEM),
          key, parameters, new RequestAllowance(2, "the " + Write.decapitalized(entity.type()) + " is read after "
              + "the transaction that checks the caller's membership and updates it, for the answer"), entity,
          membership);
    }
    if (calls.includes(Operation.GET_ITEM)) {
      return new DeclaredPattern(name, description, Calls.of(Operation.BATCH_GET_ITEM), key, parameters,
          requestAllowance, entity, membership);
    }
    return new DeclaredPattern(name, description, Calls.then(Operation.GET_ITEM, Operation.QUERY), key, parameters,
        new RequestAllowance(2, "the caller's " + Write.decapitalized(membership.entity().type()) + " is read "
            + "before the page (" + membership.render() + "); nothing is written on it"), entity, membership);
  }

  /** The key condition as the docs print it, with the membership read or checked beside it. */
  @Override
  public String keyCondition() {
    if (members == null || key instanceof Writes) {
      return key.render();
    }
    Map<String, String> caller = Map.of(members.member(), Membership.CALLER);
    String mk = members.entity().table().pk().render(caller) + "/" + members.entity().table().sk().render(caller);
    return key.render() + "; " + members.entity().type() + " " + mk + " (" + members.render() + ", else 403)";
  }

  /** A plain read of one item of {@code entity} by its table key: one GetItem, served by the kit. */
  public static DeclaredPattern get(String name, String description, Entity entity) {
    return plain(name, description, Calls.of(Operation.GET_ITEM),
        KeyCondition.get(entity.table().pk(), entity.table().sk()), entity);
  }

  /** A plain list of {@code entity}'s items in one partition: one Query per page, served by the kit. */
  public static DeclaredPattern list(String name, String description, Entity entity, KeyCondition.QueryKey key) {
    return plain(name, description, Calls.of(Operation.QUERY), key, entity);
  }

  /** A plain create of one item of {@code entity}: one PutItem, refused when the key exists. */
  public static DeclaredPattern create(String name, String description, Entity entity) {
    return plain(name, description, Calls.of(Operation.PUT_ITEM),
        KeyCondition.plan("Put " + entity.type() + " attribute_not_exists(PK)"), entity);
  }

  /**
   * A plain update of one item of {@code entity}: one UpdateItem of the route's declared body fields
   * that the request holds, adding 1 to {@code Version}, conditioned on the item existing and, with
   * {@code If-Match}, on its version. The entity must be versioned.
   *
   * @throws IllegalArgumentException the entity carries no {@code Version}
   */
  public static DeclaredPattern update(String name, String description, Entity entity) {
    if (!entity.versioned()) {
      throw new IllegalArgumentException(name + ": a plain update needs a versioned entity, not " + entity.type());
    }
    return plain(name, description, Calls.of(Operation.UPDATE_ITEM),
        KeyCondition.plan("Update " + entity.type() + " on Version (If-Match)"), entity);
  }

  /** A plain delete of one item of {@code entity} by its table key: one DeleteItem (idempotent). */
  public static DeclaredPattern remove(String name, String description, Entity entity) {
    return plain(name, description, Calls.of(Operation.DELETE_ITEM),
        KeyCondition.plan("Delete " + entity.table().pk() + ", " + entity.table().sk()), entity);
  }

  /**
   * A move along {@code transition}'s state machine ({@link Writes#transition}): one UpdateItem of
   * one item of its entity, plain (the kit serves its route: the one target the declaration serves,
   * else the body's state field; If-Match holds it to a version where the entity is versioned).
   */
  public static DeclaredPattern transition(String name, String description, Transition transition) {
    return plain(name, description, Calls.of(Operation.UPDATE_ITEM), Writes.transition(transition),
        transition.entity());
  }

  private static DeclaredPattern plain(String name, String description, Calls calls, KeyCondition key,
      Entity entity) {
    List<String> params = new ArrayList<>();
    List<Template> templates = new ArrayList<>(List.of(entity.table().pk(), entity.table().sk()));
    if (key instanceof KeyCondition.QueryKey q) {
      templates = new ArrayList<>(List.of(q.pk().template()));
    }
    for (Template t : templates) {
      t.names().stream().filter(n -> !params.contains(n)).forEach(params::add);
    }
    String parameters = String.join(", ", params);
    if (calls.includes(Operation.QUERY)) {
      // a list of a fixed partition (every category) has no key parameter: only the paging ones
      parameters = params.isEmpty() ? "limit, cursor" : parameters + "; limit, cursor";
    }
    return new DeclaredPattern(name, description, calls, key, parameters, RequestAllowance.ONE, entity);
  }

  /**
   * The write this pattern declares, which its data method runs ({@link Writes#commit} and siblings).
   *
   * @throws IllegalStateException the pattern is not declared as {@link Writes}
   */
  public Writes writes() {
    if (key instanceof Writes w) {
      return w;
    }
    throw new IllegalStateException(name + " is not declared as Writes: " + key.render());
  }

  /** The same pattern, allowed {@code requests} requests per call for this reason. */
  public DeclaredPattern allowing(int requests, String basis) {
    return new DeclaredPattern(name, description, calls, key, parameters, new RequestAllowance(requests, basis),
        entity, members);
  }
}
