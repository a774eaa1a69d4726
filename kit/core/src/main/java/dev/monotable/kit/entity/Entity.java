package dev.monotable.kit.entity;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One entity of a domain, declared once: its {@code Type}, the key templates of the table and of
 * each index it is written to, its attributes with their types and key-segment rules, and whether
 * it carries {@code Version} and a TTL. From it come the items ({@link #toItem}, {@link #values}),
 * its keys ({@link #key}), the entity chart and the validator's rules (the docs' {@code
 * kit.charts}), so the layout is written in one place.
 *
 * <p>Checked when built: every placeholder of every template is the field of an attribute that
 * has a key-segment rule, and no two attributes share a name or a field.
 */
public final class Entity {

  /** Partition and sort key templates of the table or of one index. */
  public record Keys(Template pk, Template sk) {
    public Keys {
      Objects.requireNonNull(pk, "pk");
      Objects.requireNonNull(sk, "sk");
    }
  }

  private final String type;
  private final Keys table;
  private final Map<Gsi, Keys> indexes;
  private final List<Attr> attributes;
  private final boolean versioned;
  private final boolean ttl;
  private final Map<String, Attr> byField = new LinkedHashMap<>();

  private Entity(String type, Keys table, Map<Gsi, Keys> indexes, List<Attr> attributes, boolean versioned,
      boolean ttl) {
    this.type = type;
    this.table = table;
    EnumMap<Gsi, Keys> copy = new EnumMap<>(Gsi.class);
    copy.putAll(indexes);
    this.indexes = Collections.unmodifiableMap(copy);
    this.attributes = List.copyOf(attributes);
    this.versioned = versioned;
    this.ttl = ttl;
    List<String> names = new ArrayList<>();
    for (Attr a : this.attributes) {
      if (names.contains(a.name()) || byField.containsKey(a.field())) {
        throw new IllegalArgumentException(type + ": attribute " + a.name() + " (" + a.field() + ") declared twice");
      }
      names.add(a.name());
      byField.put(a.field(), a);
    }
    List<Template> templates = new ArrayList<>(List.of(table.pk(), table.sk()));
    this.indexes.values().forEach(k -> templates.addAll(List.of(k.pk(), k.sk())));
    for (Template t : templates) {
      for (String placeholder : t.names()) {
        Attr a = byField.get(placeholder);
        if (a == null || a.rule() == null) {
          throw new IllegalArgumentException(type + ": {" + placeholder + "} of " + t
              + " needs an attribute with that field and a key-segment rule");
        }
      }
    }
  }

  /** An entity of this {@code Type} at these table keys; add indexes and attributes with the builder. */
  public static Builder of(String type, Template pk, Template sk) {
    return new Builder(type, new Keys(pk, sk));
  }

  public String type() {
    return type;
  }

  public Keys table() {
    return table;
  }

  /** The key templates of each index the entity is written to; an index not listed never holds it. */
  public Map<Gsi, Keys> indexes() {
    return indexes;
  }

  public List<Attr> attributes() {
    return attributes;
  }

  public boolean versioned() {
    return versioned;
  }

  public boolean ttl() {
    return ttl;
  }

  /** The attribute a code field (and placeholder) names, or null. */
  public Attr attr(String field) {
    return byField.get(field);
  }

  /**
   * The table key of the item these values describe. Each placeholder's value is held to its
   * attribute's rule first: a value that could change the key's structure is a 400 naming the field.
   */
  public Key key(Map<String, ?> values) {
    return fill(table, values);
  }

  /** The key of the item in {@code gsi}. */
  public Key key(Gsi gsi, Map<String, ?> values) {
    Keys k = indexes.get(gsi);
    if (k == null) {
      throw new IllegalArgumentException(type + " is not written to " + gsi);
    }
    return fill(k, values);
  }

  private Key fill(Keys keys, Map<String, ?> values) {
    return new Key(fill(keys.pk(), values), fill(keys.sk(), values));
  }

  private String fill(Template t, Map<String, ?> values) {
    List<String> names = t.names();
    String[] segments = new String[names.size()];
    for (int i = 0; i < segments.length; i++) {
      String field = names.get(i);
      Object v = values.get(field);
      String s = v == null ? null : v.toString();
      Attr attr = byField.get(field);
      if (!attr.accepts(s)) {
        throw new ValidationException(field, field + " must match " + attr.rule().pattern());
      }
      segments[i] = s;
    }
    return t.fill(segments);
  }

  /**
   * The item for these values (by field name): {@code Type}, the table keys, the keys of every
   * index, each attribute of a non-null value, {@code Version} of a versioned entity (the
   * {@code version} value, 1 when not given: an item is created at version 1), and
   * {@code CreatedAt}/{@code UpdatedAt} from the {@code createdAt} and {@code updatedAt} values when given.
   *
   * @throws IllegalArgumentException a required attribute has no value
   */
  public Map<String, AttributeValue> toItem(Map<String, ?> values) {
    Items.Builder b = Items.builder(type, key(values));
    indexes.forEach((gsi, keys) -> b.gsi(gsi, fill(keys, values)));
    for (Attr a : attributes) {
      Object v = values.get(a.field());
      if (v == null) {
        if (a.required()) {
          throw new IllegalArgumentException(type + "." + a.name() + " is required");
        }
        continue;
      }
      switch (a.kind()) {
        case S -> b.s(a.name(), v.toString());
        case N -> {
          if (!(v instanceof java.math.BigDecimal)) {
            b.n(a.name(), ((Number) v).longValue());
          }
        }
        case BOOL -> b.bool(a.name(), (Boolean) v);
        default -> throw new IllegalArgumentException(type + "." + a.name() + ": " + a.kind()
            + " attributes are written by the domain's own code");
      }
    }
    if (versioned) {
      Object version = values.get("version");
      b.n(TableSchema.VERSION, version == null ? 1L : ((Number) version).longValue());
    }
    if (ttl && values.get("ttl") != null) {
      b.n(TableSchema.TTL, ((Number) values.get("ttl")).longValue());
    }
    Object created = values.get("createdAt");
    if (created != null) {
      Object updated = values.get("updatedAt");
      b.audit(created.toString(), updated == null ? created.toString() : updated.toString());
    }
    Map<String, AttributeValue> item = b.build();
    for (Attr a : attributes) {
      // An exact decimal (a body's number) keeps every digit: never through a double or a long.
      if (a.kind() == Attr.Kind.N && values.get(a.field()) instanceof java.math.BigDecimal d) {
        item = new LinkedHashMap<>(item);
        item.put(a.name(), AttributeValue.fromN(dev.monotable.kit.items.Numbers.toN(d)));
      }
    }
    return item;
  }

  /**
   * The values of an item of this entity, by field name: every attribute present, {@code version}
   * of a versioned entity (an answer carrying it gets its ETag), and {@code createdAt}/{@code updatedAt}.
   *
   * @throws IllegalArgumentException the item is of another {@code Type}
   */
  public Map<String, Object> values(Map<String, AttributeValue> item) {
    Items.requireType(item, type);
    Map<String, Object> out = new LinkedHashMap<>();
    for (Attr a : attributes) {
      AttributeValue v = item.get(a.name());
      if (v == null) {
        continue;
      }
      switch (a.kind()) {
        case S -> out.put(a.field(), v.s());
        case N -> out.put(a.field(), v.n().matches("-?[0-9]{1,18}") ? (Object) Long.parseLong(v.n())
            : new java.math.BigDecimal(v.n()));
        case BOOL -> out.put(a.field(), v.bool());
        default -> { }
      }
    }
    if (versioned && item.containsKey(TableSchema.VERSION)) {
      out.put("version", Long.parseLong(item.get(TableSchema.VERSION).n()));
    }
    if (item.containsKey(TableSchema.CREATED_AT)) {
      out.put("createdAt", item.get(TableSchema.CREATED_AT).s());
    }
    if (item.containsKey(TableSchema.UPDATED_AT)) {
      out.put("updatedAt", item.get(TableSchema.UPDATED_AT).s());
    }
    return out;
  }

  /** The rule of each key placeholder this entity's templates use, by placeholder name. */
  public Map<String, java.util.function.Predicate<String>> segmentRules() {
    Map<String, java.util.function.Predicate<String>> rules = new LinkedHashMap<>();
    for (Attr a : attributes) {
      if (a.rule() != null) {
        rules.put(a.field(), a::accepts);
      }
    }
    return rules;
  }

  /** Declares an entity. */
  public static final class Builder {
    private final String type;
    private final Keys table;
    private final Map<Gsi, Keys> indexes = new EnumMap<>(Gsi.class);
    private final List<Attr> attributes = new ArrayList<>();
    private boolean versioned;
    private boolean ttl;

    private Builder(String type, Keys table) {
      this.type = Objects.requireNonNull(type, "type");
      this.table = table;
    }

    /** Also written to {@code gsi} at these keys. */
    public Builder index(Gsi gsi, Template pk, Template sk) {
      indexes.put(gsi, new Keys(pk, sk));
      return this;
    }

    public Builder attributes(Attr... attrs) {
      attributes.addAll(List.of(attrs));
      return this;
    }

    /** Carries {@code Version} for optimistic locking. */
    public Builder versioned() {
      versioned = true;
      return this;
    }

    /** Carries {@code TTL} (epoch seconds) and expires. */
    public Builder expires() {
      ttl = true;
      return this;
    }

    public Entity build() {
      return new Entity(type, table, indexes, attributes, versioned, ttl);
    }
  }
}
