package dev.monotable.kit.catalog;

import dev.monotable.kit.data.Expiry;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The state machine of an entity, declared as a value: its state attribute, each target state with
 * the states it may be entered from ({@code from -> to}) and the attribute that keeps when it was
 * entered, the index keys each state carries (SET while the item is in some states, REMOVEd in the
 * others: a sparse index of the items an actor still acts on), an attribute stamped the first time
 * the item enters one of some states, and an optional owner the item must belong to.
 *
 * <p>A move ({@link #move}) is ONE UpdateItem: {@code SET} the state, its time attribute,
 * {@code UpdatedAt} and the index keys of the target state (or {@code REMOVE} them), {@code ADD
 * Version 1} for a versioned entity, on {@code attribute_exists(PK) AND state IN (the states the
 * target follows)} (and {@code owner = :owner}, and {@code Version = :version} when an expected
 * version is given), answered from {@code ALL_NEW}. A refused condition returns the stored item
 * ({@code ALL_OLD}), which tells every refusal apart without a second read: no item, or another
 * owner's: 404 naming the entity; a stale expected version: 412; the item in the target already: the
 * move is answered as it is (a retried request writes nothing again); any other state: 409 naming
 * the state field. A transaction composes the same Update ({@link #addTo}) and explains its
 * refusal the same way ({@link #settle}).
 *
 * <p>Items written before the state attribute existed may carry none: {@link #initially} names the
 * state such an item is in (the condition then also accepts the attribute absent).
 *
 * <p>A route serves some of the targets ({@link #only}); {@link Writes#transition} makes the
 * declaration an access pattern's key condition, so its call (UpdateItem), IAM action, request
 * allowance and docs text ({@link #render}) are derived as other {@link Writes} are.
 */
public final class Transition {

  /** One target state: the states it may be entered from, and the attribute that keeps when. */
  public record Step(String target, Attr at, List<String> from) {
    public Step {
      Objects.requireNonNull(target, "target");
      Objects.requireNonNull(at, "at");
      from = List.copyOf(from);
      if (from.isEmpty()) {
        throw new IllegalArgumentException(target + " is entered from no state");
      }
    }
  }

  private final Entity entity;
  private final Attr state;
  private final String initial;
  private final List<Step> steps;
  private final Map<Gsi, List<String>> indexed;
  private final Attr stamp;
  private final List<String> stamped;
  private final Attr owner;
  private final List<String> served;
  private final boolean byOwner;

  private Transition(Entity entity, Attr state, String initial, List<Step> steps, Map<Gsi, List<String>> indexed,
      Attr stamp, List<String> stamped, Attr owner, List<String> served, boolean byOwner) {
    this.entity = entity;
    this.state = state;
    this.initial = initial;
    this.steps = List.copyOf(steps);
    EnumMap<Gsi, List<String>> copy = new EnumMap<>(Gsi.class);
    copy.putAll(indexed);
    this.indexed = Collections.unmodifiableMap(copy);
    this.stamp = stamp;
    this.stamped = List.copyOf(stamped);
    this.owner = owner;
    this.served = served == null ? null : List.copyOf(served);
    this.byOwner = byOwner;
  }

  /** The state machine of {@code entity}, whose state is {@code state}; add its targets with {@link #to}. */
  public static Transition of(Entity entity, Attr state) {
    requireAttr(entity, state);
    if (state.kind() != Attr.Kind.S) {
      throw new IllegalArgumentException(entity.type() + "." + state.name() + " is not a string state");
    }
    return new Transition(entity, state, null, List.of(), Map.of(), null, List.of(), null, null, false);
  }

  private static void requireAttr(Entity entity, Attr a) {
    Attr declared = entity.attr(a.field());
    if (declared == null || !declared.name().equals(a.name())) {
      throw new IllegalArgumentException(entity.type() + " has no attribute " + a.name());
    }
  }

  /** The item may enter {@code target} from any of {@code from}; {@code at} keeps when it did. */
  public Transition to(String target, Attr at, String... from) {
    requireAttr(entity, at);
    if (steps.stream().anyMatch(s -> s.target().equals(target))) {
      throw new IllegalArgumentException(entity.type() + ": " + target + " declared twice");
    }
    List<Step> more = new ArrayList<>(steps);
    more.add(new Step(target, at, List.of(from)));
    return new Transition(entity, state, initial, more, indexed, stamp, stamped, owner, served, byOwner);
  }

  /** An item without the state attribute (written before it existed) is in {@code state}. */
  public Transition initially(String state) {
    return new Transition(entity, this.state, Objects.requireNonNull(state, "state"), steps, indexed, stamp, stamped,
        owner, served, byOwner);
  }

  /**
   * The item carries its {@code gsi} keys (the entity's, for the values after the move) while it is
   * in one of {@code states}; entering any other state REMOVEs them.
   */
  public Transition indexedWhile(Gsi gsi, String... states) {
    boolean declared = entity.indexes().containsKey(gsi)
        || entity.variants().stream().anyMatch(v -> v.indexes().containsKey(gsi));
    if (!declared) {
      throw new IllegalArgumentException(entity.type() + " is not written to " + gsi);
    }
    Map<Gsi, List<String>> more = new EnumMap<>(Gsi.class);
    more.putAll(indexed);
    more.put(gsi, List.of(states));
    return new Transition(entity, state, initial, steps, more, stamp, stamped, owner, served, byOwner);
  }

  /** {@code attr} keeps when the item first entered one of {@code states} ({@code if_not_exists}). */
  public Transition stampedOnce(Attr attr, String... states) {
    requireAttr(entity, attr);
    return new Transition(entity, state, initial, steps, indexed, attr, List.of(states), owner, served, byOwner);
  }

  /** The item belongs to the value of {@code attr}: a move for an owner is conditioned on it (404 otherwise). */
  public Transition ownedBy(Attr attr) {
    requireAttr(entity, attr);
    return new Transition(entity, state, initial, steps, indexed, stamp, stamped, attr, served, byOwner);
  }

  /** The same machine as one route serves it: only these targets (any other is a 400 naming the state). */
  public Transition only(String... targets) {
    for (String t : targets) {
      declared(t);
    }
    return new Transition(entity, state, initial, steps, indexed, stamp, stamped, owner, List.of(targets), byOwner);
  }

  /** The same machine, moved by the item's owner (the docs print the owner condition). */
  public Transition byOwner() {
    if (owner == null) {
      throw new IllegalStateException(entity.type() + " declares no owner");
    }
    return new Transition(entity, state, initial, steps, indexed, stamp, stamped, owner, served, true);
  }

  public Entity entity() {
    return entity;
  }

  /** True when the item's owner moves it ({@link #byOwner}): a route passes its caller as the owner. */
  public boolean movedByOwner() {
    return byOwner;
  }

  public Attr state() {
    return state;
  }

  /** The targets this declaration serves, in declaration order. */
  public List<String> targets() {
    return steps().stream().map(Step::target).toList();
  }

  /** The steps this declaration serves: all, or those {@link #only} names. */
  public List<Step> steps() {
    return served == null ? steps : steps.stream().filter(s -> served.contains(s.target())).toList();
  }

  private Step declared(String target) {
    return steps.stream().filter(s -> s.target().equals(target)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(entity.type() + " has no transition into " + target));
  }

  /**
   * The step into {@code target}.
   *
   * @throws ValidationException naming the state field: no served transition leads there
   */
  public Step step(String target) {
    return steps().stream().filter(s -> s.target().equals(target)).findFirst()
        .orElseThrow(() -> new ValidationException(state.field(), article(noun()) + " " + noun() + " cannot become "
            + target + "; it becomes one of " + targets()));
  }

  private String noun() {
    return Write.decapitalized(entity.type());
  }

  private static String article(String noun) {
    return "aeiou".indexOf(noun.charAt(0)) >= 0 ? "an" : "a";
  }

  /** True when the state of the item after entering {@code target} carries {@code gsi}'s keys. */
  public boolean indexes(Gsi gsi, String target) {
    return indexed.containsKey(gsi) && indexed.get(gsi).contains(target);
  }

  /**
   * Moves the item {@code key} names into {@code target}: ONE UpdateItem (see the class). Answers the
   * item's values after the move ({@code ALL_NEW}), or as stored when it is in {@code target} already.
   *
   * @param owner the owner the item must belong to, or null (an administrator's move)
   * @param expectedVersion the version the item must be at (If-Match), or null
   * @throws ValidationException the key breaks its rules, or no transition leads to {@code target}
   * @throws NotFoundException no item (or another owner's), naming the entity
   * @throws VersionMismatchException the item is at another version (412)
   * @throws ConflictException naming the state field: the item is in a state {@code target} does not follow
   */
  public Map<String, Object> move(TableGateway table, Map<String, ?> key, String target, String owner,
      Long expectedVersion) {
    Key k = entity.key(key); // held to the key's rules first: a 400 naming the field
    Step step = step(target);
    Instant now = table.clock().instant();
    Update u = update(key, step, owner, expectedVersion, Timestamps.format(now));
    try {
      return Expiry.values(entity, table.updateAndGet(k, u.expression, u.condition, u.names, u.values));
    } catch (ConditionalCheckFailedException refused) {
      return settle(refused.hasItem() ? refused.item() : null, target, owner, expectedVersion, now);
    }
  }

  /** {@link #move} without an expected version. */
  public Map<String, Object> move(TableGateway table, Map<String, ?> key, String target, String owner) {
    return move(table, key, target, owner, null);
  }

  /**
   * Adds the move's Update to {@code tx} (a transaction that does more, such as giving stock back);
   * returns its index, whose refusal {@link #settle} explains from {@code TransactionFailures#oldItem}.
   */
  public int addTo(WriteTransaction tx, Map<String, ?> key, String target, String owner, String now) {
    Key k = entity.key(key);
    Update u = update(key, step(target), owner, null, now);
    return tx.update(k, u.expression, u.condition, u.names, u.values);
  }

  /** True when the item {@code stored} may move into {@code target} for {@code owner} (null: anyone). */
  public boolean allows(Map<String, AttributeValue> stored, String target, String owner) {
    return stored != null && !stored.isEmpty() && owns(stored, owner)
        && step(target).from().contains(current(stored));
  }

  /**
   * What a refused move means, from the item as stored ({@code ALL_OLD}, or read): the item as it
   * is when it is in {@code target} already, else the refusal's exception (see {@link #move}).
   */
  public Map<String, Object> settle(Map<String, AttributeValue> stored, String target, String owner,
      Long expectedVersion) {
    return settle(stored, target, owner, expectedVersion, Instant.now());
  }

  /** {@link #settle} with an expiring entity's expired item judged at {@code now}: absent (404). */
  public Map<String, Object> settle(Map<String, AttributeValue> stored, String target, String owner,
      Long expectedVersion, Instant now) {
    if (stored == null || stored.isEmpty() || !owns(stored, owner) || Expiry.expired(entity, stored, now)) {
      throw new NotFoundException(noun());
    }
    if (expectedVersion != null && entity.versioned() && stored.containsKey(TableSchema.VERSION)) {
      long current = Long.parseLong(stored.get(TableSchema.VERSION).n());
      if (current != expectedVersion) {
        throw new VersionMismatchException(expectedVersion, current);
      }
    }
    String current = current(stored);
    if (target.equals(current)) {
      return Expiry.values(entity, stored);
    }
    throw new ConflictException(state.field(), "the " + noun() + " is " + current + ": it cannot become " + target
        + " (only from " + String.join(" or ", step(target).from()) + ")");
  }

  /**
   * The values of {@code stored} after its move into {@code target} at {@code now}, as the
   * Update writes them: for an answer of a transaction that composed it.
   */
  public Map<String, Object> after(Map<String, AttributeValue> stored, String target, String now) {
    Map<String, Object> out = new LinkedHashMap<>(entity.values(stored));
    out.put(state.field(), target);
    out.put(step(target).at().field(), now);
    if (stamp != null && stamped.contains(target)) {
      out.putIfAbsent(stamp.field(), now);
    }
    out.put("updatedAt", now);
    if (entity.versioned() && out.get("version") instanceof Number v) {
      out.put("version", v.longValue() + 1);
    }
    return out;
  }

  private boolean owns(Map<String, AttributeValue> stored, String owner) {
    if (owner == null) {
      return true;
    }
    AttributeValue v = stored.get(this.owner.name());
    return v != null && owner.equals(v.s());
  }

  private String current(Map<String, AttributeValue> stored) {
    AttributeValue v = stored.get(state.name());
    return v == null || v.s() == null ? initial : v.s();
  }

  private record Update(String expression, String condition, Map<String, String> names,
      Map<String, AttributeValue> values) {}

  private Update update(Map<String, ?> key, Step step, String owner, Long expectedVersion, String now) {
    if (owner != null && this.owner == null) {
      throw new IllegalStateException(entity.type() + " declares no owner to hold a move to");
    }
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    names.put("#state", state.name());
    names.put("#at", step.at().name());
    names.put("#updated", TableSchema.UPDATED_AT);
    values.put(":target", AttributeValue.fromS(step.target()));
    values.put(":now", AttributeValue.fromS(now));
    List<String> set = new ArrayList<>(List.of("#state = :target", "#at = :now", "#updated = :now"));
    List<String> remove = new ArrayList<>();
    Map<String, Object> after = new HashMap<>(key);
    after.put(state.field(), step.target());
    after.put(step.at().field(), now);
    for (Map.Entry<Gsi, List<String>> idx : indexed.entrySet()) {
      String g = idx.getKey().name().toLowerCase(Locale.ROOT);
      names.put("#" + g + "pk", idx.getKey().pk());
      names.put("#" + g + "sk", idx.getKey().sk());
      if (idx.getValue().contains(step.target())) {
        Key k = entity.key(idx.getKey(), after);
        values.put(":" + g + "pk", AttributeValue.fromS(k.pk()));
        values.put(":" + g + "sk", AttributeValue.fromS(k.sk()));
        set.add("#" + g + "pk = :" + g + "pk");
        set.add("#" + g + "sk = :" + g + "sk");
      } else {
        remove.add("#" + g + "pk");
        remove.add("#" + g + "sk");
      }
    }
    if (stamp != null && stamped.contains(step.target())) {
      names.put("#stamp", stamp.name());
      set.add("#stamp = if_not_exists(#stamp, :now)");
    }
    String expression = "SET " + String.join(", ", set) + (remove.isEmpty() ? "" : " REMOVE " + String.join(", ", remove));
    names.put("#pk", TableSchema.PK);
    StringBuilder condition = new StringBuilder(Expiry.exists(entity, names, values, Instant.parse(now)))
        .append(" AND ");
    List<String> from = new ArrayList<>();
    for (int i = 0; i < step.from().size(); i++) {
      from.add(":from" + i);
      values.put(":from" + i, AttributeValue.fromS(step.from().get(i)));
    }
    String in = "#state IN (" + String.join(", ", from) + ")";
    condition.append(initial != null && step.from().contains(initial) ? "(attribute_not_exists(#state) OR " + in + ")" : in);
    if (owner != null) {
      names.put("#owner", this.owner.name());
      values.put(":owner", AttributeValue.fromS(owner));
      condition.append(" AND #owner = :owner");
    }
    if (entity.versioned()) {
      names.put("#v", TableSchema.VERSION);
      values.put(":one", AttributeValue.fromN("1"));
      expression += " ADD #v :one";
      if (expectedVersion != null) {
        values.put(":version", AttributeValue.fromN(Long.toString(expectedVersion)));
        condition.append(" AND #v = :version");
      }
    }
    return new Update(expression, condition.toString(), names, values);
  }

  /**
   * The move as the docs print it: {@code Update ITEM#{id} SET State = shipped (from paid),
   * ShippedAt, UpdatedAt, GSI2PK, GSI2SK on attribute_exists(PK) AND State IN (from) ...}.
   */
  public String render() {
    List<Step> shown = steps();
    List<String> set = new ArrayList<>();
    set.add(state.name() + " = " + String.join(" | ", shown.stream()
        .map(s -> s.target() + " (from " + String.join(", ", s.from()) + ")").toList()));
    set.add(String.join("|", shown.stream().map(s -> s.at().name()).toList()));
    set.add(TableSchema.UPDATED_AT);
    List<String> remove = new ArrayList<>();
    for (Map.Entry<Gsi, List<String>> idx : indexed.entrySet()) {
      List<String> in = shown.stream().map(Step::target).filter(idx.getValue()::contains).toList();
      List<String> out = shown.stream().map(Step::target).filter(t -> !idx.getValue().contains(t)).toList();
      String keys = idx.getKey().pk() + ", " + idx.getKey().sk();
      if (out.isEmpty()) {
        set.add(keys);
      } else if (in.isEmpty()) {
        remove.add(keys);
      } else {
        set.add(keys + " (" + String.join(", ", in) + ")");
        remove.add(keys + " (" + String.join(", ", out) + ")");
      }
    }
    if (stamp != null && shown.stream().anyMatch(s -> stamped.contains(s.target()))) {
      set.add(stamp.name() + " once");
    }
    StringBuilder sb = new StringBuilder("Update ").append(renderKey()).append(" SET ").append(String.join(", ", set));
    if (!remove.isEmpty()) {
      sb.append(" REMOVE ").append(String.join(", ", remove));
    }
    if (entity.versioned()) {
      sb.append(" ADD ").append(TableSchema.VERSION).append(" 1");
    }
    sb.append(" on attribute_exists(PK) AND ").append(state.name()).append(" IN (from)");
    if (initial != null && shown.stream().anyMatch(s -> s.from().contains(initial))) {
      sb.append(" (no ").append(state.name()).append(": ").append(initial).append(')');
    }
    if (byOwner) {
      sb.append(" AND ").append(owner.name()).append(" = :owner");
    }
    if (entity.versioned()) {
      sb.append(" (AND ").append(TableSchema.VERSION).append(" = :version with If-Match)");
    }
    sb.append("; ALL_OLD on refusal: no ").append(noun()).append(byOwner ? " (or another's)" : "").append(" 404");
    if (entity.versioned()) {
      sb.append(", another version 412");
    }
    sb.append(", in the target already answered as it is, another ").append(state.name()).append(" 409");
    return sb.toString();
  }

  private String renderKey() {
    Template pk = entity.table().pk();
    Template sk = entity.table().sk();
    String p = pk.render(Map.of());
    return pk.equals(sk) || pk.pattern().equals(sk.pattern()) ? p : p + "/" + sk.render(Map.of());
  }

  @Override
  public String toString() {
    return render();
  }
}
