package dev.monotable.kit.catalog;

import dev.monotable.kit.data.Expiry;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A custom write declared from entities, as an access pattern's key condition: one
 * TransactWriteItems of typed {@link Write} parts ({@link #of}, {@link #create}), or the change or
 * removal of an item whose unique attributes move or release their claims ({@link #change},
 * {@link #remove}: one GetItem of the item, then one TransactWriteItems). From the declaration come
 * its DynamoDB calls ({@link #calls}), the IAM actions of its parts ({@link #actions}, which
 * {@link Endpoint#of} grants), its request allowance, the docs' text ({@link #render}) and, when it
 * runs, the mapping of each refused part to its domain exception. {@link WriteTransaction} sends it.
 */
public final class Writes implements KeyCondition {

  /** What the declaration writes. */
  public enum Shape {
    /** The parts, in one TransactWriteItems. */
    TRANSACTION,
    /** GetItem of an item, then a transaction of its Update and the moves of its unique attributes' claims. */
    CHANGE,
    /** GetItem of an item, then a transaction of its Delete and the releases of its claims. */
    REMOVE,
    /** One UpdateItem moving an item along its declared state machine ({@link Transition}). */
    TRANSITION
  }

  private final Shape shape;
  private final Entity entity;
  private final List<Attr> changed;
  private final List<Write> parts;
  private final Transition transition;
  private final Membership membership;

  private Writes(Shape shape, Entity entity, List<Attr> changed, List<Write> parts) {
    this(shape, entity, changed, parts, null, null);
  }

  private Writes(Shape shape, Entity entity, List<Attr> changed, List<Write> parts, Transition transition,
      Membership membership) {
    this.shape = shape;
    this.entity = entity;
    this.changed = List.copyOf(changed);
    this.parts = List.copyOf(parts);
    this.transition = transition;
    this.membership = membership;
  }

  /**
   * A move along {@code transition}'s state machine (the targets it serves): one UpdateItem, its
   * IAM action, request allowance and docs text derived from the declaration.
   */
  public static Writes transition(Transition transition) {
    return new Writes(Shape.TRANSITION, transition.entity(), List.of(), List.of(), transition, null);
  }

  /**
   * The state machine of a {@link Shape#TRANSITION}.
   *
   * @throws IllegalStateException another shape
   */
  public Transition transition() {
    if (shape != Shape.TRANSITION) {
      throw new IllegalStateException("not a transition: " + shape);
    }
    return transition;
  }

  /**
   * These parts in one TransactWriteItems, made only by members {@code membership} admits: its first part is the
   * ConditionCheck of the caller's membership item ({@link Write#member}, 403 when refused), and a
   * route serving it has {@link Access#member} access. The write's values hold the caller under
   * {@link Membership#CALLER} and the group's value under its field.
   */
  public static Writes forMembers(Membership membership, Write first, Write... more) {
    List<Write> all = new ArrayList<>(List.of(Write.member(membership), first));
    all.addAll(List.of(more));
    return new Writes(Shape.TRANSACTION, null, List.of(), all, null, membership);
  }

  /** Whose membership the write checks ({@link #forMembers}), or null. */
  public Membership membership() {
    return membership;
  }

  /**
   * These parts in one TransactWriteItems, in this order; a single part is its own conditional
   * PutItem, UpdateItem or DeleteItem (a transaction of one item would cost twice the write units).
   *
   * @throws IllegalArgumentException a single part without a condition (a plain write), or a
   *     ConditionCheck alone (it writes nothing)
   */
  public static Writes of(Write first, Write... more) {
    List<Write> all = new ArrayList<>(List.of(first));
    all.addAll(List.of(more));
    if (all.size() == 1 && (first.conditions().isEmpty() || first.kind() == Write.Kind.CHECK)) {
      throw new IllegalArgumentException("a single " + first.kind() + " of " + first.entity().type()
          + " is no conditional write");
    }
    if (all.size() == 1 && first.kind() == Write.Kind.PUT && first.conditions().stream()
        .anyMatch(c -> c.test() != Write.Condition.Test.ABSENT)) {
      throw new IllegalArgumentException("a single Put of " + first.entity().type() + " is conditioned on its key "
          + "being absent only");
    }
    return new Writes(Shape.TRANSACTION, null, List.of(), all);
  }

  /**
   * A new item of {@code entity}: Put {@code attribute_not_exists(PK)} (409 naming its key's field)
   * and, per unique attribute, Put of its claim {@code attribute_not_exists(PK)} (409 naming that
   * attribute's field), in one TransactWriteItems.
   */
  public static Writes create(Entity entity) {
    List<Write> all = new ArrayList<>(List.of(Write.put(entity).ifAbsent()));
    for (Entity.Unique u : entity.uniques()) {
      all.add(claim(u));
    }
    return new Writes(Shape.TRANSACTION, null, List.of(), all);
  }

  /** The same transaction with more parts (the caller's or a parent's existence, a counter). */
  public Writes and(Write... more) {
    if (shape != Shape.TRANSACTION) {
      throw new IllegalStateException("a " + shape + " has its parts from its entity");
    }
    List<Write> all = new ArrayList<>(parts);
    all.addAll(List.of(more));
    return new Writes(shape, null, List.of(), all, null, membership);
  }

  /**
   * A change of {@code attrs} of an item of {@code entity} (those a call gives): one GetItem of the
   * item, then one TransactWriteItems of its Update (SET the attributes and the index keys they
   * are part of, conditioned on each unique attribute still holding the value read) and, for each
   * unique attribute that changes, the Delete of the old value's claim (on it being the item's) and
   * the Put of the new one's ({@code attribute_not_exists(PK)}, 409 naming the field). When a
   * concurrent change of the same item moved it in between, the read and the transaction once more.
   */
  public static Writes change(Entity entity, Attr... attrs) {
    for (Attr a : attrs) {
      if (entity.attr(a.field()) == null) {
        throw new IllegalArgumentException(entity.type() + " has no attribute " + a.name());
      }
    }
    return new Writes(Shape.CHANGE, entity, List.of(attrs), List.of());
  }

  /**
   * The removal of an item of {@code entity} with its unique attributes' claims: one GetItem, then
   * one TransactWriteItems of its Delete (on each unique attribute holding the value read) and the
   * Delete of each claim (on it being the item's). Removing an absent item writes nothing.
   */
  public static Writes remove(Entity entity) {
    return new Writes(Shape.REMOVE, entity, List.of(), List.of());
  }

  private static Write claim(Entity.Unique u) {
    return Write.put(u.claim()).ifAbsent().refused(Write.Refusal.conflict(u.attr().field()));
  }

  private static String old(Attr a) {
    return "old" + a.field().substring(0, 1).toUpperCase(Locale.ROOT) + a.field().substring(1);
  }

  private static Write release(Entity.Unique u) {
    Write w = Write.delete(u.claim()).as(u.attr().field(), old(u.attr()));
    for (Attr owner : u.ownerAttributes()) {
      w = w.ifEquals(owner);
    }
    return w;
  }

  public Shape shape() {
    return shape;
  }

  /** The parts of a {@link Shape#TRANSACTION}; for a change or removal, the parts of the largest transaction. */
  public List<Write> parts() {
    if (shape == Shape.TRANSACTION || shape == Shape.TRANSITION) {
      return parts;
    }
    List<Write> out = new ArrayList<>();
    if (shape == Shape.CHANGE) {
      Write update = Write.update(entity, changed.toArray(Attr[]::new));
      for (Entity.Unique u : entity.uniques()) {
        update = update.ifEquals(u.attr(), old(u.attr()));
      }
      for (Entity.Unique u : entity.uniques()) {
        if (names(changed).contains(u.attr().field())) {
          out.add(release(u));
          out.add(claim(u));
        }
      }
      out.add(entity.uniques().isEmpty() ? update.ifExists() : update);
    } else {
      Write delete = Write.delete(entity);
      for (Entity.Unique u : entity.uniques()) {
        delete = delete.ifEquals(u.attr());
      }
      out.add(delete);
      for (Entity.Unique u : entity.uniques()) {
        Write release = Write.delete(u.claim());
        for (Attr owner : u.ownerAttributes()) {
          release = release.ifEquals(owner);
        }
        out.add(release);
      }
    }
    return out;
  }

  /** The calls: the transaction, after a GetItem for a change or removal. */
  public Calls calls() {
    if (shape == Shape.TRANSITION) {
      return Calls.of(Operation.UPDATE_ITEM);
    }
    if (single()) {
      return Calls.of(switch (parts.get(0).kind()) {
        case PUT -> Operation.PUT_ITEM;
        case UPDATE -> Operation.UPDATE_ITEM;
        default -> Operation.DELETE_ITEM;
      });
    }
    return shape == Shape.TRANSACTION ? Calls.of(Operation.TRANSACT_WRITE_ITEMS)
        : Calls.then(Operation.GET_ITEM, Operation.TRANSACT_WRITE_ITEMS);
  }

  /** True for one conditional write of one item, sent without a transaction. */
  private boolean single() {
    return shape == Shape.TRANSACTION && parts.size() == 1;
  }

  /** The IAM actions of every part (and GetItem for the read of a change or removal): what its route is granted. */
  public Set<DynamoAction> actions() {
    Set<DynamoAction> out = EnumSet.noneOf(DynamoAction.class);
    if (shape == Shape.TRANSITION) {
      out.add(DynamoAction.UPDATE_ITEM);
      return out;
    }
    parts().forEach(p -> out.add(p.kind().action()));
    if (shape != Shape.TRANSACTION) {
      out.add(DynamoAction.GET_ITEM);
    }
    return out;
  }

  /** One request for a transaction; up to four for a change or removal, which reads and retries once. */
  public RequestAllowance requestAllowance() {
    return shape == Shape.TRANSACTION || shape == Shape.TRANSITION ? RequestAllowance.ONE
        : new RequestAllowance(4, "the " + Write.decapitalized(entity.type()) + " is read before the transaction "
            + "that " + (shape == Shape.CHANGE ? "moves" : "releases") + " its unique values' claims; when a "
            + "concurrent change of it moved them in between, the read and the transaction once more");
  }

  @Override
  public Gsi index() {
    return null;
  }

  @Override
  public String render() {
    if (shape == Shape.TRANSITION) {
      return transition.render();
    }
    if (shape == Shape.TRANSACTION) {
      return String.join("; ", parts.stream().map(Write::render).toList());
    }
    List<Write> all = parts();
    StringBuilder sb = new StringBuilder("GetItem ").append(entity.table().pk().render(Map.of()))
        .append("; TransactWriteItems: ");
    if (shape == Shape.CHANGE) {
      Write update = all.get(all.size() - 1);
      if (all.size() > 1) {
        sb.append(String.join(", ", all.subList(0, all.size() - 1).stream().map(Write::render).toList()))
            .append(" (when ").append(String.join(", ", entity.uniques().stream()
                .filter(u -> names(changed).contains(u.attr().field())).map(u -> u.attr().name()).toList()))
            .append(" changes); ");
      }
      return sb.append(update.render()).toString();
    }
    return sb.append(String.join("; ", all.stream().map(Write::render).toList())).toString();
  }

  @Override
  public String toString() {
    return render();
  }

  /**
   * Sends the transaction's parts (a single part as its own conditional write), each filled from
   * {@code values} by field name (an Update's
   * {@code UpdatedAt} the table clock's now), and answers the values of the item its first Put
   * writes (empty when it puts none). A part refused as {@link Write.Refusal#done()} is answered as
   * written; the first other refused part throws its domain exception.
   *
   * @throws ConflictException a part refused as a conflict, naming its field (nothing written)
   * @throws NotFoundException a part refused as missing, naming its item (nothing written)
   */
  public Map<String, Object> commit(TableGateway table, Map<String, ?> values) {
    if (shape != Shape.TRANSACTION) {
      throw new IllegalStateException("a " + shape + " runs by its own method");
    }
    String now = Timestamps.format(table.clock().instant());
    if (single()) {
      return parts.get(0).writeAlone(table, values, now);
    }
    WriteTransaction tx = new WriteTransaction(table);
    int[] index = new int[parts.size()];
    for (int i = 0; i < index.length; i++) {
      index[i] = parts.get(i).addTo(tx, values, now);
    }
    Map<String, Object> answer = parts.stream().filter(p -> p.kind() == Write.Kind.PUT).findFirst()
        .map(p -> Expiry.values(p.entity(), p.entity().toItem(p.valuesOf(values)))).orElse(Map.of());
    return tx.commit(answer, f -> explain(f, index, values) ? answer : null);
  }

  /** Throws the first refused part's exception; true when every refused part was {@link Write.Refusal#done()}. */
  private boolean explain(TransactionFailures f, int[] index, Map<String, ?> values) {
    boolean done = false;
    for (int i = 0; i < index.length; i++) {
      Write p = parts.get(i);
      if (f.failed(index[i]) && p.refusal().kind() != Write.Refusal.Kind.DONE) {
        p.explain(f, index[i], values);
      }
      done |= f.failed(index[i]);
    }
    return done;
  }

  /**
   * Runs a {@link #change}: {@code values} hold the item's key fields and the new value of each
   * attribute that changes (null or absent: unchanged); answers the item's values after the change,
   * or as read when nothing changes (nothing written).
   *
   * @throws NotFoundException the item does not exist
   * @throws ConflictException a unique value is another item's, or the item's unique values changed
   *     again during the second attempt (nothing written)
   */
  public Map<String, Object> change(TableGateway table, Map<String, ?> values) {
    if (shape != Shape.CHANGE) {
      throw new IllegalStateException("not a change: " + shape);
    }
    Key key = entity.key(values);
    for (Entity.Unique u : entity.uniques()) {
      if (values.get(u.attr().field()) != null) {
        u.claim().key(values); // held to the claim key's rule first: a 400 naming the field
      }
    }
    return changeOnce(table, key, values, false).orElseGet(() -> changeOnce(table, key, values, true).orElseThrow());
  }

  private Optional<Map<String, Object>> changeOnce(TableGateway table, Key key, Map<String, ?> values, boolean last) {
    Map<String, AttributeValue> current = Expiry.live(entity, table.get(key), table.clock().instant())
        .orElseThrow(() -> new NotFoundException(Write.decapitalized(entity.type())));
    Map<String, Object> read = entity.values(current);
    List<Attr> sets = changed.stream().filter(a -> values.get(a.field()) != null
        && !(isUnique(a) && values.get(a.field()).equals(read.get(a.field())))).toList();
    if (sets.isEmpty() || sets.stream().allMatch(a -> values.get(a.field()).equals(read.get(a.field())))) {
      return Optional.of(read);
    }
    String now = Timestamps.format(table.clock().instant());
    Map<String, Object> after = new LinkedHashMap<>(read);
    sets.forEach(a -> after.put(a.field(), values.get(a.field())));
    Map<String, Object> filled = new HashMap<>(after);
    filled.put("createdAt", now); // of a claim written now
    filled.remove("updatedAt");
    Write update = Write.update(entity, sets.toArray(Attr[]::new));
    for (Entity.Unique u : entity.uniques()) {
      filled.put(old(u.attr()), read.get(u.attr().field()));
      update = update.ifEquals(u.attr(), old(u.attr()));
    }
    WriteTransaction tx = new WriteTransaction(table);
    List<int[]> moves = new ArrayList<>();
    List<Entity.Unique> moved = new ArrayList<>();
    for (Entity.Unique u : entity.uniques()) {
      if (names(sets).contains(u.attr().field())) {
        moves.add(new int[] {release(u).addTo(tx, filled, now), claim(u).addTo(tx, filled, now)});
        moved.add(u);
      }
    }
    int updated = (entity.uniques().isEmpty() ? update.ifExists() : update).addTo(tx, filled, now);
    after.put("updatedAt", now);
    return tx.commit(Optional.of(after), f -> {
      boolean raced = f.failed(updated);
      for (int i = 0; i < moves.size(); i++) {
        Entity.Unique u = moved.get(i);
        if (f.failed(moves.get(i)[1]) && !heldBy(f.oldItem(moves.get(i)[1]), u, filled)) {
          Object v = filled.get(u.attr().field());
          throw new ConflictException(u.attr().field(), u.attr().field() + " " + v + " is taken");
        }
        raced |= f.failed(moves.get(i)[0]) || f.failed(moves.get(i)[1]);
      }
      if (!raced) {
        return null;
      }
      // Changed since it was read: by a change that already moved the value here, or another.
      if (last) {
        String field = entity.uniques().isEmpty() ? sets.get(0).field() : entity.uniques().get(0).attr().field();
        throw new ConflictException(field, "the " + Write.decapitalized(entity.type()) + " changed meanwhile; read it "
            + "and retry");
      }
      return Optional.empty();
    });
  }

  private static List<String> names(List<Attr> attrs) {
    return attrs.stream().map(Attr::field).toList();
  }

  private boolean isUnique(Attr a) {
    return entity.uniques().stream().anyMatch(u -> u.attr().field().equals(a.field()));
  }

  /** True when the claim item is held by the owner these values describe. */
  private static boolean heldBy(Map<String, AttributeValue> claim, Entity.Unique u, Map<String, ?> owner) {
    if (claim == null) {
      return false;
    }
    for (Attr a : u.ownerAttributes()) {
      AttributeValue v = claim.get(a.name());
      if (v == null || !Objects.equals(v.s(), String.valueOf(owner.get(a.field())))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Runs a {@link #remove}: the item {@code key} names and its claims; false when there was no item
   * (nothing written).
   *
   * @throws ConflictException the item's unique values changed again during the second attempt
   */
  public boolean remove(TableGateway table, Map<String, ?> key) {
    if (shape != Shape.REMOVE) {
      throw new IllegalStateException("not a removal: " + shape);
    }
    Key k = entity.key(key);
    return removeOnce(table, k, false).orElseGet(() -> removeOnce(table, k, true).orElseThrow());
  }

  private Optional<Boolean> removeOnce(TableGateway table, Key key, boolean last) {
    Optional<Map<String, AttributeValue>> current = Expiry.live(entity, table.get(key), table.clock().instant());
    if (current.isEmpty()) {
      return Optional.of(false);
    }
    Map<String, Object> read = entity.values(current.get());
    String now = Timestamps.format(table.clock().instant());
    WriteTransaction tx = new WriteTransaction(table);
    List<Write> all = parts();
    for (Write w : all) {
      w.addTo(tx, read, now);
    }
    return tx.commit(Optional.of(true), f -> {
      if (last) {
        String field = entity.uniques().isEmpty() ? null : entity.uniques().get(0).attr().field();
        throw new ConflictException(field, "the " + Write.decapitalized(entity.type()) + " changed meanwhile; read it "
            + "and retry");
      }
      return Optional.empty();
    });
  }
}
