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
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * One part of a declared write ({@link Writes}): a Put, Update, Delete or ConditionCheck of one
 * item of an entity, its condition built from the entity's typed attributes, and what a refusal of
 * that condition means to the caller (409 naming a field, 404 naming the item, or "already
 * written"). The part is filled from the write's values by field name: its key by
 * {@link Entity#key}, a Put's item by {@link Entity#toItem}.
 *
 * @param kind the DynamoDB action of the part
 * @param entity the entity of the item it writes or checks
 * @param conditions all must hold (AND); empty for an unconditional part
 * @param sets the attributes an Update SETs from the values
 * @param adds the number attributes an Update ADDs to, and by how much
 * @param refusal what a failed condition means; null for a part without a condition
 * @param renames a key placeholder's field filled from another value ({@code username} from {@code caller})
 */
public record Write(Kind kind, Entity entity, List<Condition> conditions, List<Attr> sets, Map<Attr, Long> adds,
    Refusal refusal, Map<String, String> renames) {

  /** The action of a part, and the IAM action a function needs for it inside a transaction. */
  public enum Kind {
    PUT("Put", DynamoAction.PUT_ITEM),
    UPDATE("Update", DynamoAction.UPDATE_ITEM),
    DELETE("Delete", DynamoAction.DELETE_ITEM),
    CHECK("ConditionCheck", DynamoAction.CONDITION_CHECK_ITEM);

    private final String word;
    private final DynamoAction action;

    Kind(String word, DynamoAction action) {
      this.word = word;
      this.action = action;
    }

    public DynamoAction action() {
      return action;
    }
  }

  /**
   * A condition on the item: it is absent, it exists, or an attribute equals a value (the value of
   * the field {@code from}, by default the attribute's own field).
   */
  public record Condition(Test test, Attr attr, String from, List<String> among) {
    /**
     * {@code ONE_OF}: the attribute holds one of the declared values {@link #among} (a role);
     * {@code ABOVE}: the attribute is greater than the value of {@code from} (an expiry after now).
     */
    public enum Test {
      ABSENT, EXISTS, EQUALS, ONE_OF, ABOVE
    }

    public Condition {
      Objects.requireNonNull(test, "test");
      if ((test == Test.EQUALS || test == Test.ONE_OF || test == Test.ABOVE) != (attr != null)) {
        throw new IllegalArgumentException(test + " with attribute " + attr);
      }
      among = List.copyOf(among);
      if ((test == Test.ONE_OF) != !among.isEmpty()) {
        throw new IllegalArgumentException(test + " among " + among);
      }
    }

    public Condition(Test test, Attr attr, String from) {
      this(test, attr, from, List.of());
    }

    String render() {
      return switch (test) {
        case ABSENT -> "attribute_not_exists(" + TableSchema.PK + ")";
        case EXISTS -> "attribute_exists(" + TableSchema.PK + ")";
        case EQUALS -> attr.name() + " = :" + from;
        case ONE_OF -> attr.name() + " IN (" + String.join(", ", among) + ")";
        case ABOVE -> attr.name() + " > :" + from;
      };
    }

    /** The condition as the docs print it for {@code entity}: an expiring entity's expired item is absent. */
    String render(Entity entity) {
      if (!entity.ttl() || (test != Test.ABSENT && test != Test.EXISTS)) {
        return render(); // only a test of the item's presence reads its expiry
      }
      return test == Test.ABSENT ? "(" + render() + " OR " + TableSchema.TTL + " < :now)"
          : render() + " AND (attribute_not_exists(" + TableSchema.TTL + ") OR " + TableSchema.TTL + " >= :now)";
    }
  }

  /**
   * What a refused part means: a conflict on a field (409 naming it), a missing item (404 naming
   * it), or this very write already made (a retry of a write whose answer was lost): answered as
   * written.
   */
  public record Refusal(Kind kind, String name, String message) {
    public enum Kind {
      CONFLICT, NOT_FOUND, DONE, FORBIDDEN
    }

    /** A 409 naming {@code field}: "{field} {value} is taken". */
    public static Refusal conflict(String field) {
      return new Refusal(Kind.CONFLICT, field, null);
    }

    /** A 409 naming {@code name}, its message {@code message} with each {@code {field}} the write's value. */
    public static Refusal conflict(String name, String message) {
      return new Refusal(Kind.CONFLICT, name, Objects.requireNonNull(message, "message"));
    }

    public static Refusal notFound(String what) {
      return new Refusal(Kind.NOT_FOUND, what, null);
    }

    /** A 403 saying {@code message}: the caller may not make this write ({@link Write#member}). */
    public static Refusal forbidden(String message) {
      return new Refusal(Kind.FORBIDDEN, null, Objects.requireNonNull(message, "message"));
    }

    /** A refusal that means the write was already made: nothing to answer but the write itself. */
    public static Refusal done() {
      return new Refusal(Kind.DONE, null, null);
    }

    /** The domain exception of this refusal, or null for {@link Kind#DONE}. */
    RuntimeException exception(Map<String, ?> values) {
      String text = message;
      if (text != null) {
        for (Map.Entry<String, ?> v : values.entrySet()) {
          text = text.replace("{" + v.getKey() + "}", String.valueOf(v.getValue()));
        }
      }
      return switch (kind) {
        case CONFLICT -> new ConflictException(name, text != null ? text : values.get(name) == null
            ? name + " is taken" : name + " " + values.get(name) + " is taken");
        case NOT_FOUND -> new NotFoundException(name);
        case FORBIDDEN -> new dev.monotable.kit.errors.ForbiddenException(text);
        case DONE -> null;
      };
    }
  }

  public Write {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(entity, "entity");
    conditions = List.copyOf(conditions);
    sets = List.copyOf(sets);
    adds = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(adds));
    renames = Map.copyOf(renames);
    if (kind != Kind.UPDATE && (!sets.isEmpty() || !adds.isEmpty())) {
      throw new IllegalArgumentException(kind + " of " + entity.type() + " sets no attributes");
    }
    for (Attr a : sets) {
      requireAttr(entity, a);
    }
    for (Attr a : adds.keySet()) {
      requireAttr(entity, a);
      if (a.kind() != Attr.Kind.N) {
        throw new IllegalArgumentException(entity.type() + "." + a.name() + " is not a number to ADD to");
      }
    }
    for (Condition c : conditions) {
      if (c.attr() != null) {
        requireAttr(entity, c.attr());
      }
    }
  }

  private static void requireAttr(Entity entity, Attr a) {
    if (entity.attr(a.field()) == null || !entity.attr(a.field()).name().equals(a.name())) {
      throw new IllegalArgumentException(entity.type() + " has no attribute " + a.name());
    }
  }

  /** Put an item of {@code entity}, unconditionally until a condition is added. */
  public static Write put(Entity entity) {
    return new Write(Kind.PUT, entity, List.of(), List.of(), Map.of(), null, Map.of());
  }

  /** Update an item of {@code entity}: SET {@code attrs} from the values. */
  public static Write update(Entity entity, Attr... attrs) {
    return new Write(Kind.UPDATE, entity, List.of(), List.of(attrs), Map.of(), null, Map.of());
  }

  public static Write delete(Entity entity) {
    return new Write(Kind.DELETE, entity, List.of(), List.of(), Map.of(), null, Map.of());
  }

  /**
   * The item of {@code entity} exists: a ConditionCheck {@code attribute_exists(PK)}, refused as a
   * 404 naming the entity (a parent of the write, or its caller's own item).
   */
  public static Write exists(Entity entity) {
    return new Write(Kind.CHECK, entity, List.of(), List.of(), Map.of(), null, Map.of()).ifExists();
  }

  /**
   * The caller is a member {@code membership} admits: a ConditionCheck of the membership item keyed
   * by the group's value and the caller ({@link Membership#CALLER} in the write's values),
   * {@code attribute_exists(PK)} and, with roles, {@code Role IN (...)}; refused as a 403. In the
   * write's own transaction, so no change of the membership can fall between the check and the write.
   */
  public static Write member(Membership membership) {
    List<Condition> all = new ArrayList<>(List.of(new Condition(Condition.Test.EXISTS, null, null)));
    if (membership.role() != null) {
      all.add(new Condition(Condition.Test.ONE_OF, membership.role(), null, membership.roles()));
    }
    return new Write(Kind.CHECK, membership.entity(), all, List.of(), Map.of(),
        Refusal.forbidden(membership.refusal()), Map.of(membership.member(), Membership.CALLER));
  }

  /** The item must not exist ({@code attribute_not_exists(PK)}); refused as a 409 naming the key's first field. */
  public Write ifAbsent() {
    return when(new Condition(Condition.Test.ABSENT, null, null),
        Refusal.conflict(field(entity.table().pk().names().get(0))));
  }

  /** The item must exist ({@code attribute_exists(PK)}); refused as a 404 naming the entity. */
  public Write ifExists() {
    return when(new Condition(Condition.Test.EXISTS, null, null), Refusal.notFound(decapitalized(entity.type())));
  }

  /** {@code attr} must equal its value in the write's values; refused as a 409 naming its field. */
  public Write ifEquals(Attr attr) {
    return ifEquals(attr, attr.field());
  }

  /** {@code attr} must equal the value of {@code from} in the write's values; refused as a 409 naming {@code attr}. */
  public Write ifEquals(Attr attr, String from) {
    return when(new Condition(Condition.Test.EQUALS, attr, from), Refusal.conflict(attr.field()));
  }

  /**
   * {@code attr} must be greater than the value of {@code from}: a number, or a text of fixed width
   * such as an ISO-8601 UTC timestamp, which compares as its time (an expiry above now); refused as
   * the part's refusal so far, else a 409 naming {@code attr}.
   */
  public Write ifAbove(Attr attr, String from) {
    if (attr.kind() != Attr.Kind.N && attr.kind() != Attr.Kind.S) {
      throw new IllegalArgumentException(entity.type() + "." + attr.name() + " is no number or text to compare");
    }
    return when(new Condition(Condition.Test.ABOVE, attr, from), Refusal.conflict(attr.field()));
  }

  /** ADD {@code by} to the number {@code attr} (a counter kept in the write's own transaction). */
  public Write add(Attr attr, long by) {
    Map<Attr, Long> more = new LinkedHashMap<>(adds);
    more.put(attr, by);
    return new Write(kind, entity, conditions, sets, more, refusal, renames);
  }

  /** The same part, its refusal meaning {@code refusal} instead of the condition's default. */
  public Write refused(Refusal refusal) {
    if (conditions.isEmpty()) {
      throw new IllegalArgumentException(kind + " of " + entity.type() + " has no condition to refuse");
    }
    return new Write(kind, entity, conditions, sets, adds, refusal, renames);
  }

  /**
   * The same part with its key's field {@code field} filled from the value {@code from} (the
   * caller's item keyed by {@code username} filled from {@code caller}); the docs print {@code {from}}.
   */
  public Write as(String field, String from) {
    Map<String, String> more = new HashMap<>(renames);
    more.put(field, from);
    return new Write(kind, entity, conditions, sets, adds, refusal, more);
  }

  private Write when(Condition c, Refusal r) {
    List<Condition> all = new ArrayList<>(conditions);
    all.add(c);
    return new Write(kind, entity, all, sets, adds, refusal == null ? r : refusal, renames);
  }

  private String field(String name) {
    return renames.getOrDefault(name, name);
  }

  static String decapitalized(String type) {
    return type.substring(0, 1).toLowerCase(Locale.ROOT) + type.substring(1);
  }

  /** The part as the docs print it: {@code Put ITEM#{id} attribute_not_exists(PK)}. */
  public String render() {
    StringBuilder sb = new StringBuilder(kind.word).append(' ').append(renderKey());
    if (!sets.isEmpty() || !adds.isEmpty()) {
      List<String> set = new ArrayList<>();
      for (Attr a : sets) {
        set.add(a.name());
        for (Map.Entry<TableSchema.Gsi, Entity.Keys> idx : entity.indexes().entrySet()) {
          if (holds(idx.getValue(), a.field())) {
            set.add(idx.getKey().pk());
            set.add(idx.getKey().sk());
          }
        }
      }
      if (!set.isEmpty()) {
        sb.append(" SET ").append(String.join(", ", set.stream().distinct().toList()));
      }
      adds.forEach((a, by) -> sb.append(" ADD ").append(a.name()).append(' ').append(by));
    }
    if (!conditions.isEmpty()) {
      sb.append(kind == Kind.PUT || kind == Kind.CHECK ? " " : " on ")
          .append(String.join(" AND ", conditions.stream().map(c -> c.render(entity)).toList()));
    }
    return sb.toString();
  }

  private String renderKey() {
    Template pk = entity.table().pk();
    Template sk = entity.table().sk();
    String p = pk.render(renames);
    return pk.equals(sk) || pk.pattern().equals(sk.pattern()) ? p : p + "/" + sk.render(renames);
  }

  /** True when a key of {@code keys} holds the field (a SET of it moves the item in that index). */
  static boolean holds(Entity.Keys keys, String field) {
    for (Entity.KeyPart part : List.of(keys.partition(), keys.sort())) {
      for (String placeholder : part.template().names()) {
        Entity.Fill f = part.fills().get(placeholder);
        String filled = f == null ? placeholder : f.field();
        if (field.equals(filled)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The part's values: the write's, with each renamed field filled from its source. */
  Map<String, Object> valuesOf(Map<String, ?> values) {
    Map<String, Object> own = new HashMap<>(values);
    renames.forEach((field, from) -> own.put(field, values.get(from)));
    return own;
  }

  /**
   * Adds the part to {@code tx}, filled from {@code values}; returns its index for {@link #explain}.
   * A hand-built transaction adds a declared part this way (the caller's existence to a checkout).
   */
  public int addTo(WriteTransaction tx, Map<String, ?> values, String now) {
    Map<String, Object> own = valuesOf(values);
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> vals = new HashMap<>();
    String condition = condition(own, names, vals, now);
    return switch (kind) {
      case PUT -> tx.put(entity.toItem(own), condition, names, vals);
      case DELETE -> tx.delete(entity.key(own), condition, names, vals);
      case CHECK -> refusal.kind() == Refusal.Kind.NOT_FOUND ? tx.require(entity.key(own), condition, names, vals)
          : tx.check(entity.key(own), condition, names, vals);
      case UPDATE -> tx.update(entity.key(own), updateExpression(own, now, names, vals), condition, names, vals);
    };
  }

  /**
   * The part as its own conditional PutItem, UpdateItem or DeleteItem (a declared write of one
   * part); answers the values of the item a Put writes, else empty. A refusal throws its domain
   * exception, or is answered as written ({@link Refusal#done()}).
   */
  Map<String, Object> writeAlone(TableGateway table, Map<String, ?> values, String now) {
    Map<String, Object> own = valuesOf(values);
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> vals = new HashMap<>();
    String condition = condition(own, names, vals, now);
    Map<String, AttributeValue> item = kind == Kind.PUT ? entity.toItem(own) : null;
    try {
      switch (kind) {
        case PUT -> Expiry.putIfAbsent(table, entity, item); // an expired item is replaced
        case UPDATE -> table.update(entity.key(own), updateExpression(own, now, names, vals), condition, names, vals);
        case DELETE -> {
          if (vals.isEmpty()) {
            table.delete(entity.key(own), condition, names);
          } else {
            table.delete(entity.key(own), condition, names, vals);
          }
        }
        case CHECK -> throw new IllegalStateException("a ConditionCheck is sent in a transaction only");
      }
    } catch (ConditionalCheckFailedException e) {
      RuntimeException refused = refusal.exception(own);
      if (refused != null) {
        throw refused;
      }
    }
    return item == null ? Map.of() : Expiry.values(entity, item);
  }

  /**
   * The part's condition expression. For an expiring entity an expired item counts as absent
   * ({@link Expiry}): absent is {@code attribute_not_exists(PK) OR TTL < :now} (an expired item is
   * replaced), exists is {@code attribute_exists(PK) AND (attribute_not_exists(TTL) OR TTL >= :now)}.
   */
  private String condition(Map<String, Object> values, Map<String, String> names, Map<String, AttributeValue> vals,
      String now) {
    List<String> out = new ArrayList<>();
    int i = 0;
    for (Condition c : conditions) {
      switch (c.test()) {
        case ABSENT -> out.add(Expiry.absent(entity, names, vals, Instant.parse(now)));
        case EXISTS -> out.add(Expiry.exists(entity, names, vals, Instant.parse(now)));
        case EQUALS -> {
          names.put("#c" + i, c.attr().name());
          vals.put(":c" + i, encode(c.attr(), values.get(c.from())));
          out.add("#c" + i + " = :c" + i);
          i++;
        }
        case ONE_OF -> {
          names.put("#c" + i, c.attr().name());
          List<String> refs = new ArrayList<>();
          for (int j = 0; j < c.among().size(); j++) {
            vals.put(":c" + i + "_" + j, AttributeValue.fromS(c.among().get(j)));
            refs.add(":c" + i + "_" + j);
          }
          out.add("#c" + i + " IN (" + String.join(", ", refs) + ")");
          i++;
        }
        case ABOVE -> {
          names.put("#c" + i, c.attr().name());
          vals.put(":c" + i, encode(c.attr(), values.get(c.from())));
          out.add("#c" + i + " > :c" + i);
          i++;
        }
      }
    }
    return out.isEmpty() ? null : String.join(" AND ", out);
  }

  private String updateExpression(Map<String, Object> values, String now, Map<String, String> names,
      Map<String, AttributeValue> vals) {
    List<String> set = new ArrayList<>();
    if (!sets.isEmpty()) {
      // A counter's ADD alone is no change of the item's own values: its UpdatedAt stays.
      names.put("#updated", TableSchema.UPDATED_AT);
      vals.put(":now", AttributeValue.fromS(now));
      set.add("#updated = :now");
    }
    int i = 0;
    for (Attr a : sets) {
      names.put("#s" + i, a.name());
      vals.put(":s" + i, encode(a, values.get(a.field())));
      set.add("#s" + i + " = :s" + i);
      i++;
    }
    for (Map.Entry<TableSchema.Gsi, Entity.Keys> idx : entity.indexes().entrySet()) {
      if (sets.stream().anyMatch(a -> holds(idx.getValue(), a.field()))) {
        Key k = entity.key(idx.getKey(), values);
        String g = idx.getKey().name().toLowerCase(Locale.ROOT);
        names.put("#" + g + "pk", idx.getKey().pk());
        names.put("#" + g + "sk", idx.getKey().sk());
        vals.put(":" + g + "pk", AttributeValue.fromS(k.pk()));
        vals.put(":" + g + "sk", AttributeValue.fromS(k.sk()));
        set.add("#" + g + "pk = :" + g + "pk");
        set.add("#" + g + "sk = :" + g + "sk");
      }
    }
    StringBuilder expr = new StringBuilder(set.isEmpty() ? "" : "SET " + String.join(", ", set));
    int j = 0;
    for (Map.Entry<Attr, Long> add : adds.entrySet()) {
      expr.append(j == 0 ? (set.isEmpty() ? "ADD " : " ADD ") : ", ").append("#n").append(j).append(" :n").append(j);
      names.put("#n" + j, add.getKey().name());
      vals.put(":n" + j, AttributeValue.fromN(Long.toString(add.getValue())));
      j++;
    }
    return expr.toString();
  }

  private static AttributeValue encode(Attr a, Object v) {
    if (v == null) {
      throw new IllegalArgumentException(a.name() + " needs a value");
    }
    if (v instanceof AttributeValue encoded) {
      return encoded;
    }
    return switch (a.kind()) {
      case N -> AttributeValue.fromN(v instanceof java.math.BigDecimal d ? dev.monotable.kit.items.Numbers.toN(d)
          : Long.toString(((Number) v).longValue()));
      case BOOL -> AttributeValue.fromBool((Boolean) v);
      default -> AttributeValue.fromS(v.toString());
    };
  }

  /**
   * Throws the domain exception of this part when its condition (at {@code index} of the
   * transaction) failed; returns true when it failed as {@link Refusal#done()}, false when it held.
   */
  public boolean explain(TransactionFailures failures, int index, Map<String, ?> values) {
    if (!failures.failed(index)) {
      return false;
    }
    RuntimeException e = refusal.exception(valuesOf(values));
    if (e != null) {
      throw e;
    }
    return true;
  }
}
