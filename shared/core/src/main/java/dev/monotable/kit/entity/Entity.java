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
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One entity of a domain, declared once: its {@code Type}, the key templates of the table and of
 * each index it is written to, its attributes with their types and key-segment rules, and whether
 * it carries {@code Version} and a TTL. From it come the items ({@link #toItem}, {@link #values}),
 * its keys ({@link #key}), the entity chart and the validator's rules (the docs' {@code
 * kit.charts}), so the layout is written in one place.
 *
 * <p>Checked when built: every placeholder of every template is the field of an attribute that
 * has a key-segment rule or key form (or a segment derived from the values), no two attributes
 * share a name or a field, and each {@link Variant} selects by a declared field.
 */
public final class Entity {

  /** Partition and sort key of the table or of one index. */
  public record Keys(KeyPart partition, KeyPart sort) {
    public Keys {
      Objects.requireNonNull(partition, "partition");
      Objects.requireNonNull(sort, "sort");
    }

    /** Keys whose every placeholder is the field of the same name. */
    public Keys(Template pk, Template sk) {
      this(KeyPart.of(pk), KeyPart.of(sk));
    }

    public Template pk() {
      return partition.template();
    }

    public Template sk() {
      return sort.template();
    }
  }

  /**
   * Where one placeholder's value comes from: a field (in its attribute's key form, or in {@code
   * form}), or a segment computed from several values ({@code derive}); {@code shownAs} is the
   * name the entity chart prints, null for the default.
   */
  public record Fill(String field, Attr.KeyForm form, Function<Map<String, ?>, String> derive, String shownAs) {}

  /**
   * One key attribute: its template and, for a placeholder that is not simply the field of its
   * name, where its value comes from. The same template may be filled from other fields at another
   * position (an adjacency item's PK holds one side of the pair and its inverted GSI key the other,
   * both through one template), so the fills belong to the position, not to the entity.
   */
  public record KeyPart(Template template, Map<String, Fill> fills) {
    public KeyPart {
      Objects.requireNonNull(template, "template");
      fills = Collections.unmodifiableMap(new LinkedHashMap<>(fills));
      for (String p : fills.keySet()) {
        if (!template.names().contains(p)) {
          throw new IllegalArgumentException(template + " has no placeholder {" + p + "}");
        }
      }
    }

    /** The template, each placeholder holding the field of its name. */
    public static KeyPart of(Template template) {
      return new KeyPart(template, Map.of());
    }

    /** {@code {placeholder}} holds {@code field} in its attribute's key form; the chart shows the field's name. */
    public KeyPart from(String placeholder, String field) {
      return with(placeholder, new Fill(field, null, null, null));
    }

    /**
     * {@code {placeholder}} holds {@code form} of {@code field} (a timestamp checked, a number
     * padded): a segment of its own, which the chart shows under the placeholder's name.
     */
    public KeyPart from(String placeholder, String field, Attr.KeyForm form) {
      return with(placeholder, new Fill(field, Objects.requireNonNull(form, "form"), null, null));
    }

    /** {@code {placeholder}} holds a segment computed from several values, such as a shard of two ids. */
    public KeyPart derived(String placeholder, Function<Map<String, ?>, String> derive) {
      return with(placeholder, new Fill(null, null, Objects.requireNonNull(derive, "derive"), null));
    }

    /** The chart prints {@code {placeholder}} as {@code {name}} (a name the docs use for it). */
    public KeyPart shownAs(String placeholder, String name) {
      Fill f = fills.getOrDefault(placeholder, new Fill(placeholder, null, null, null));
      return with(placeholder, new Fill(f.field(), f.form(), f.derive(), name));
    }

    private KeyPart with(String placeholder, Fill fill) {
      Map<String, Fill> copy = new LinkedHashMap<>(fills);
      copy.put(placeholder, fill);
      return new KeyPart(template, copy);
    }

    /**
     * The name the chart prints for each placeholder that has one of its own: the field it holds as
     * it is, the placeholder's own name for a derived segment, or the name it is shown as.
     */
    public Map<String, String> shownNames() {
      Map<String, String> names = new LinkedHashMap<>();
      fills.forEach((p, f) -> names.put(p, f.shownAs() != null ? f.shownAs()
          : f.form() == null && f.derive() == null ? f.field() : p));
      return names;
    }
  }

  /** Which items of an entity a {@link Variant} describes: a field's value present, absent, or one of some values. */
  public record When(String field, boolean present, List<String> values) {
    public When {
      Objects.requireNonNull(field, "field");
      values = List.copyOf(values);
    }

    public static When present(String field) {
      return new When(field, true, List.of());
    }

    public static When absent(String field) {
      return new When(field, false, List.of());
    }

    public static When oneOf(String field, String... values) {
      return new When(field, true, List.of(values));
    }

    public boolean holds(Map<String, ?> values) {
      Object v = values.get(field);
      if (!present) {
        return v == null;
      }
      return v != null && (this.values.isEmpty() || this.values.contains(v.toString()));
    }
  }

  /**
   * The items of an entity whose values {@code when} holds for, when they differ from the others in
   * their keys or attributes: their own table keys, index keys (an index only some items are in is
   * a sparse index; a key whose template depends on a state is one variant per state) and
   * attributes only they carry. The chart draws one row per variant.
   *
   * @param table the variant's table keys, or null for the entity's
   * @param indexes the keys of each index the variant's items are in besides the entity's, or instead of them
   * @param attributes attributes only the variant's items carry
   */
  public record Variant(String name, When when, Keys table, Map<Gsi, Keys> indexes, List<Attr> attributes) {
    public Variant {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(when, "when");
      EnumMap<Gsi, Keys> copy = new EnumMap<>(Gsi.class);
      copy.putAll(indexes);
      indexes = Collections.unmodifiableMap(copy);
      attributes = List.copyOf(attributes);
    }

    public static Variant of(String name, When when) {
      return new Variant(name, when, null, Map.of(), List.of());
    }

    public Variant table(KeyPart pk, KeyPart sk) {
      return new Variant(name, when, new Keys(pk, sk), indexes, attributes);
    }

    public Variant index(Gsi gsi, KeyPart pk, KeyPart sk) {
      Map<Gsi, Keys> copy = new EnumMap<>(Gsi.class);
      copy.putAll(indexes);
      copy.put(gsi, new Keys(pk, sk));
      return new Variant(name, when, table, copy, attributes);
    }

    public Variant index(Gsi gsi, Template pk, Template sk) {
      return index(gsi, KeyPart.of(pk), KeyPart.of(sk));
    }

    public Variant attributes(Attr... attrs) {
      List<Attr> all = new ArrayList<>(attributes);
      all.addAll(List.of(attrs));
      return new Variant(name, when, table, indexes, all);
    }
  }

  /**
   * An attribute no two items of the entity share: each value is held by a claim item of its own
   * ({@code claim}, keyed by the value), written, moved and deleted with its owner in one
   * transaction (the catalog's {@code Writes} declares them). The claim carries the value and the
   * owner's key fields, so a release is conditioned on the claim still being the owner's.
   */
  public record Unique(Attr attr, Entity claim) {
    public Unique {
      Objects.requireNonNull(attr, "attr");
      Objects.requireNonNull(claim, "claim");
    }

    /** The claim's attributes that name its owner: all but the unique value itself. */
    public List<Attr> ownerAttributes() {
      return claim.attributes().stream().filter(a -> !a.field().equals(attr.field())).toList();
    }
  }

  private final String type;
  private final Keys table;
  private final Map<Gsi, Keys> indexes;
  private final List<Attr> attributes;
  private final boolean versioned;
  private final boolean ttl;
  private final List<Variant> variants;
  private final boolean requiredByChartOnly;
  private final List<Unique> uniques = new ArrayList<>();
  private final Map<String, Attr> byField = new LinkedHashMap<>();
  // Each variant's attributes and index keys, merged once: toItem asks for them on every item written.
  private final Map<Variant, List<Attr>> variantAttributes = new IdentityHashMap<>();
  private final Map<Variant, Map<Gsi, Keys>> variantIndexes = new IdentityHashMap<>();

  private Entity(String type, Keys table, Map<Gsi, Keys> indexes, List<Attr> attributes, boolean versioned,
      boolean ttl, List<Variant> variants, boolean requiredByChartOnly) {
    this.requiredByChartOnly = requiredByChartOnly;
    this.type = type;
    this.table = table;
    EnumMap<Gsi, Keys> copy = new EnumMap<>(Gsi.class);
    copy.putAll(indexes);
    this.indexes = Collections.unmodifiableMap(copy);
    this.attributes = List.copyOf(attributes);
    this.versioned = versioned;
    this.ttl = ttl;
    this.variants = List.copyOf(variants);
    List<Attr> all = new ArrayList<>(this.attributes);
    this.variants.forEach(v -> all.addAll(v.attributes()));
    List<String> names = new ArrayList<>();
    for (Attr a : all) {
      if (names.contains(a.name()) || byField.containsKey(a.field())) {
        throw new IllegalArgumentException(type + ": attribute " + a.name() + " (" + a.field() + ") declared twice");
      }
      names.add(a.name());
      byField.put(a.field(), a);
    }
    for (Variant v : this.variants) {
      variantAttributes.put(v, merged(v));
      variantIndexes.put(v, mergedIndexes(v));
    }
    List<String> variantNames = new ArrayList<>();
    for (Variant v : this.variants) {
      if (variantNames.contains(v.name()) || !byField.containsKey(v.when().field())) {
        throw new IllegalArgumentException(type + ": variant " + v.name()
            + " is declared twice or selects by an undeclared field " + v.when().field());
      }
      variantNames.add(v.name());
    }
    List<KeyPart> parts = new ArrayList<>(List.of(table.partition(), table.sort()));
    this.indexes.values().forEach(k -> parts.addAll(List.of(k.partition(), k.sort())));
    for (Variant v : this.variants) {
      if (v.table() != null) {
        parts.addAll(List.of(v.table().partition(), v.table().sort()));
      }
      v.indexes().values().forEach(k -> parts.addAll(List.of(k.partition(), k.sort())));
    }
    for (KeyPart part : parts) {
      for (String placeholder : part.template().names()) {
        Fill f = part.fills().get(placeholder);
        if (f != null && f.derive() != null) {
          continue;
        }
        String field = f == null ? placeholder : f.field();
        Attr a = byField.get(field);
        boolean formed = f != null && f.form() != null;
        // The audit timestamps are values of every entity, so a key may hold one (in a checked form).
        boolean checked = a != null ? a.rule() != null || a.form() != null || formed
            : formed && (field.equals("createdAt") || field.equals("updatedAt"));
        if (!checked) {
          throw new IllegalArgumentException(type + ": {" + placeholder + "} of " + part.template()
              + (field.equals(placeholder) ? "" : " (from " + field + ")")
              + " needs an attribute with that field and a key-segment rule");
        }
      }
    }
  }

  /** An entity of this {@code Type} at these table keys; add indexes and attributes with the builder. */
  public static Builder of(String type, Template pk, Template sk) {
    return new Builder(type, new Keys(pk, sk));
  }

  /** An entity at table keys whose placeholders are filled from other fields or derived. */
  public static Builder of(String type, KeyPart pk, KeyPart sk) {
    return new Builder(type, new Keys(pk, sk));
  }

  /**
   * Values by field name from pairs ({@code "user", user, "tag", tag}), for {@link #toItem} and
   * {@link #key}; a null value is an absent attribute (an optional one left out), kept in the map
   * so that a null {@code updatedAt} is told from one not given.
   */
  public static Map<String, Object> fields(Object... pairs) {
    if (pairs.length % 2 != 0) {
      throw new IllegalArgumentException("field, value pairs expected");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      out.put((String) pairs[i], pairs[i + 1]);
    }
    return out;
  }

  public String type() {
    return type;
  }

  public Keys table() {
    return table;
  }

  /**
   * The key templates of each index every item of the entity is written to; an index not listed
   * holds none of them, or only the items of a {@link Variant} that lists it.
   */
  public Map<Gsi, Keys> indexes() {
    return indexes;
  }

  /** The attributes every item may carry; a {@link Variant}'s own come in {@link #attributes(Variant)}. */
  public List<Attr> attributes() {
    return attributes;
  }

  /** The variants, in declaration order; empty when all items have one layout. */
  public List<Variant> variants() {
    return variants;
  }

  /** The variant of this name. */
  public Variant variant(String name) {
    return variants.stream().filter(v -> v.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException(type + " has no variant " + name));
  }

  /**
   * The variant the item of these values is, or null for an entity without variants.
   *
   * @throws IllegalArgumentException no variant, or more than one, holds for the values
   */
  public Variant variantOf(Map<String, ?> values) {
    if (variants.isEmpty()) {
      return null;
    }
    Variant holding = null;
    int holds = 0;
    for (Variant v : variants) {
      if (v.when().holds(values)) {
        holding = v;
        holds++;
      }
    }
    if (holds != 1) {
      throw new IllegalArgumentException(type + ": " + holds + " variants hold for " + values.keySet());
    }
    return holding;
  }

  /** The table keys of a variant's items (null: an entity without variants). */
  public Keys table(Variant variant) {
    return variant == null || variant.table() == null ? table : variant.table();
  }

  /** The index keys of a variant's items: the entity's, with the variant's added or replacing them. */
  public Map<Gsi, Keys> indexes(Variant variant) {
    if (variant == null) {
      return indexes;
    }
    Map<Gsi, Keys> merged = variantIndexes.get(variant);
    return merged != null ? merged : mergedIndexes(variant);
  }

  private Map<Gsi, Keys> mergedIndexes(Variant variant) {
    Map<Gsi, Keys> out = new EnumMap<>(Gsi.class);
    out.putAll(indexes);
    out.putAll(variant.indexes());
    return Collections.unmodifiableMap(out);
  }

  /** The attributes a variant's items may carry: the entity's, then the variant's own. */
  public List<Attr> attributes(Variant variant) {
    if (variant == null) {
      return attributes;
    }
    List<Attr> merged = variantAttributes.get(variant);
    return merged != null ? merged : merged(variant);
  }

  private List<Attr> merged(Variant variant) {
    List<Attr> out = new ArrayList<>(attributes);
    out.addAll(variant.attributes());
    return List.copyOf(out);
  }

  public boolean versioned() {
    return versioned;
  }

  /** The attributes declared unique, each with the entity of its claim items; empty for most entities. */
  public List<Unique> uniques() {
    return List.copyOf(uniques);
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
    return fill(table(variantOf(values)), values);
  }

  /** The key of the item in {@code gsi}. */
  public Key key(Gsi gsi, Map<String, ?> values) {
    Keys k = indexes(variantOf(values)).get(gsi);
    if (k == null) {
      throw new IllegalArgumentException(type + " is not written to " + gsi);
    }
    return fill(k, values);
  }

  private Key fill(Keys keys, Map<String, ?> values) {
    return new Key(fill(keys.partition(), values), fill(keys.sort(), values));
  }

  private String fill(KeyPart part, Map<String, ?> values) {
    List<String> names = part.template().names();
    String[] segments = new String[names.size()];
    for (int i = 0; i < segments.length; i++) {
      segments[i] = segment(part.fills().get(names.get(i)), names.get(i), values);
    }
    return part.template().fill(segments);
  }

  private String segment(Fill fill, String placeholder, Map<String, ?> values) {
    if (fill != null && fill.derive() != null) {
      return fill.derive().apply(values);
    }
    String field = fill == null ? placeholder : fill.field();
    Object v = values.get(field);
    if (fill != null && fill.form() != null) {
      return fill.form().of(v);
    }
    Attr attr = byField.get(field);
    Attr.KeyForm form = attr.form();
    if (form != null) {
      return form.of(v);
    }
    String s = v == null ? null : v.toString();
    if (!attr.accepts(s)) {
      throw new ValidationException(field, field + " must match " + attr.rule().pattern());
    }
    return s;
  }

  /**
   * The item for these values (by field name): {@code Type}, the table keys, the keys of every
   * index, each attribute of a non-null value, {@code Version} of a versioned entity (the
   * {@code version} value, 1 when not given: an item is created at version 1), and
   * {@code CreatedAt}/{@code UpdatedAt} (and {@code SchemaVersion}) when a {@code createdAt} value is
   * given, even a null one: {@code UpdatedAt} is the {@code updatedAt} value when given (a null one
   * leaves it out, as an item read without one is written back), else {@code createdAt}.
   * A value that is already an {@link AttributeValue} of the attribute's kind is written as it is:
   * how the domain encodes its lists, sets and maps.
   *
   * @throws IllegalArgumentException a required attribute has no value (unless the entity is
   *     {@link Builder#requiredByChartOnly}), or an encoded value is of another kind
   */
  public Map<String, AttributeValue> toItem(Map<String, ?> values) {
    Variant variant = variantOf(values);
    List<Attr> attributes = attributes(variant);
    Map<String, AttributeValue> encodedValues = new LinkedHashMap<>();
    Items.Builder b = Items.builder(type, fill(table(variant), values));
    indexes(variant).forEach((gsi, keys) -> b.gsi(gsi, fill(keys, values)));
    for (Attr a : attributes) {
      Object v = values.get(a.field());
      if (v == null) {
        if (a.required() && !requiredByChartOnly) {
          throw new IllegalArgumentException(type + "." + a.name() + " is required");
        }
        continue;
      }
      if (v instanceof AttributeValue encoded) {
        // A list, set or map the domain encodes itself (a counts map, copies of other items).
        if (!holds(a.kind(), encoded)) {
          throw new IllegalArgumentException(type + "." + a.name() + " is not a " + a.kind());
        }
        encodedValues.put(a.name(), encoded);
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
    if (values.containsKey("createdAt")) {
      String created = text(values.get("createdAt"));
      b.audit(created, values.containsKey("updatedAt") ? text(values.get("updatedAt")) : created);
    }
    Map<String, AttributeValue> item = b.build();
    if (!encodedValues.isEmpty()) {
      item = new LinkedHashMap<>(item);
      item.putAll(encodedValues);
    }
    for (Attr a : attributes) {
      // An exact decimal (a body's number) keeps every digit: never through a double or a long.
      if (a.kind() == Attr.Kind.N && values.get(a.field()) instanceof java.math.BigDecimal d) {
        item = new LinkedHashMap<>(item);
        item.put(a.name(), AttributeValue.fromN(dev.monotable.kit.items.Numbers.toN(d)));
      }
    }
    return item;
  }

  private static String text(Object v) {
    return v == null ? null : v.toString();
  }

  private static boolean holds(Attr.Kind kind, AttributeValue v) {
    return switch (kind) {
      case S -> v.s() != null;
      case N -> v.n() != null;
      case BOOL -> v.bool() != null;
      case SS -> v.hasSs();
      case L -> v.hasL();
      case M -> v.hasM();
    };
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
    for (Attr a : byField.values()) {
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
    for (Attr a : byField.values()) {
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
    private final List<Variant> variants = new ArrayList<>();
    private boolean requiredByChartOnly;
    private final List<String> uniqueFields = new ArrayList<>();
    private final List<Entity> claims = new ArrayList<>();

    private Builder(String type, Keys table) {
      this.type = Objects.requireNonNull(type, "type");
      this.table = table;
    }

    /** Also written to {@code gsi} at these keys. */
    public Builder index(Gsi gsi, Template pk, Template sk) {
      indexes.put(gsi, new Keys(pk, sk));
      return this;
    }

    /** Also written to {@code gsi} at these keys, filled from other fields or derived. */
    public Builder index(Gsi gsi, KeyPart pk, KeyPart sk) {
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

    /** Items that differ by a value in their keys or attributes; every item is exactly one variant. */
    public Builder variants(Variant... declared) {
      variants.addAll(List.of(declared));
      return this;
    }

    /**
     * Its required attributes are a rule for stored items, which the domain's validator holds them
     * to, and not a check of {@link Entity#toItem}: a record read from an item that lacks one (written
     * before the attribute existed, or broken) is written back as it is, so a backfill reports the
     * item against its chart, and a copy from an item the backfill has not reached yet is written
     * without it.
     */
    public Builder requiredByChartOnly() {
      requiredByChartOnly = true;
      return this;
    }

    /**
     * The attribute of {@code field} is unique: each value is held by an item of {@code claim}, whose
     * key is built from that field and whose other attributes are fields of this entity (its owner).
     */
    public Builder unique(String field, Entity claim) {
      uniqueFields.add(Objects.requireNonNull(field, "field"));
      claims.add(Objects.requireNonNull(claim, "claim"));
      return this;
    }

    public Entity build() {
      Entity e = new Entity(type, table, indexes, attributes, versioned, ttl, variants, requiredByChartOnly);
      for (int i = 0; i < claims.size(); i++) {
        String field = uniqueFields.get(i);
        Entity claim = claims.get(i);
        Attr a = e.attr(field);
        if (a == null || claim.attr(field) == null) {
          throw new IllegalArgumentException(type + ": unique " + field + " must be a field of it and of " + claim.type());
        }
        for (Attr owner : claim.attributes()) {
          if (e.attr(owner.field()) == null) {
            throw new IllegalArgumentException(claim.type() + "." + owner.name() + " is no field of " + type);
          }
        }
        e.uniques.add(new Unique(a, claim));
      }
      return e;
    }
  }
}
