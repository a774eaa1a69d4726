package dev.monotable.kit.migrate;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Key;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How the items of one table of an older design (one table per entity, keyed by the entity's id)
 * become items of one {@link Entity} of the domain's single table, declared once: the old table's
 * key attributes, and for each of the entity's fields the old attribute it comes from, a constant,
 * or a value derived from the old item. The rest is the entity's: the new item with its {@code Type},
 * table and index keys ({@link #toItem}), its table key ({@link #newKey}), the key rules (a value
 * the new design's key rules refuse is refused here, with the entity's {@code ValidationException}).
 *
 * <p>Makes no DynamoDB call. The dual-write client, the backfill and the verification read it.
 */
public final class LegacyMapping {

  private final Entity entity;
  private final List<String> oldKey;
  private final Map<String, Function<Map<String, AttributeValue>, Object>> fields;

  private LegacyMapping(Entity entity, List<String> oldKey,
      Map<String, Function<Map<String, AttributeValue>, Object>> fields) {
    this.entity = entity;
    this.oldKey = List.copyOf(oldKey);
    this.fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
  }

  /** The mapping onto {@code entity} of an old table keyed by {@code oldKey} (partition key, and sort key if any). */
  public static Builder of(Entity entity, String... oldKey) {
    if (oldKey.length == 0) {
      throw new IllegalArgumentException("an old table has a key attribute");
    }
    return new Builder(entity, List.of(oldKey));
  }

  public Entity entity() {
    return entity;
  }

  /** The old table's key attribute names. */
  public List<String> oldKey() {
    return oldKey;
  }

  /** The entity's fields this mapping fills, in declaration order. */
  public List<String> fields() {
    return List.copyOf(fields.keySet());
  }

  /** The entity's values (by field) of an old item: each declared field, absent attributes null. */
  public Map<String, Object> values(Map<String, AttributeValue> old) {
    Map<String, Object> values = new LinkedHashMap<>();
    fields.forEach((field, from) -> values.put(field, from.apply(old)));
    return values;
  }

  /**
   * The new item of an old item.
   *
   * @throws dev.monotable.kit.errors.ValidationException a value the entity's key rules refuse
   * @throws IllegalArgumentException an attribute of the wrong kind
   */
  public Map<String, AttributeValue> toItem(Map<String, AttributeValue> old) {
    return entity.toItem(values(old));
  }

  /** The single table's key of the item an old item becomes (to delete it when the old one is deleted). */
  public Key newKey(Map<String, AttributeValue> old) {
    return entity.key(values(old));
  }

  /** The old table's key of an old item: its {@link #oldKey} attributes. */
  public Map<String, AttributeValue> oldKeyOf(Map<String, AttributeValue> old) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    for (String k : oldKey) {
      AttributeValue v = old.get(k);
      if (v == null) {
        throw new IllegalArgumentException("the old item has no key attribute " + k);
      }
      key.put(k, v);
    }
    return key;
  }

  /** Declares a mapping field by field. */
  public static final class Builder {
    private final Entity entity;
    private final List<String> oldKey;
    private final Map<String, Function<Map<String, AttributeValue>, Object>> fields = new LinkedHashMap<>();

    private Builder(Entity entity, List<String> oldKey) {
      this.entity = Objects.requireNonNull(entity, "entity");
      this.oldKey = new ArrayList<>(oldKey);
    }

    /**
     * {@code field} is the old attribute {@code oldAttribute} as stored: a string as it is, a
     * number as a long when whole (else exact, as a {@link BigDecimal}), absent as null.
     */
    public Builder field(String field, String oldAttribute) {
      Objects.requireNonNull(oldAttribute, "oldAttribute");
      return derived(field, old -> plain(old.get(oldAttribute)));
    }

    /** {@code field} holds the same value for every item (a value the old design never stored). */
    public Builder constant(String field, Object value) {
      return derived(field, old -> value);
    }

    /** {@code field} is computed from the old item (null: absent). */
    public Builder derived(String field, Function<Map<String, AttributeValue>, Object> from) {
      if (fields.containsKey(field)) {
        throw new IllegalArgumentException("field " + field + " is mapped twice");
      }
      fields.put(field, Objects.requireNonNull(from, "from"));
      return this;
    }

    /** Checked: every attribute field of the entity that is a key segment is mapped. */
    public LegacyMapping build() {
      for (Attr a : entity.attributes()) {
        if (a.rule() != null && !fields.containsKey(a.field())) {
          throw new IllegalArgumentException(entity.type() + "'s key field " + a.field() + " is not mapped");
        }
      }
      return new LegacyMapping(entity, oldKey, fields);
    }
  }

  /** A string as it is, a number as a long when whole (else a BigDecimal), anything else as the AttributeValue. */
  static Object plain(AttributeValue v) {
    if (v == null || Boolean.TRUE.equals(v.nul())) {
      return null;
    }
    if (v.s() != null) {
      return v.s();
    }
    if (v.n() != null) {
      BigDecimal d = new BigDecimal(v.n());
      return d.stripTrailingZeros().scale() <= 0 && d.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) < 0
          ? (Object) d.longValueExact() : d;
    }
    if (v.bool() != null) {
      return v.bool();
    }
    return v;
  }
}
