package dev.monotable.kit.charts;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The types an entity chart is made of, and the relationships between entities that a domain's
 * ERD draws; the charts themselves (the rows) are a domain's {@link EntityModel}. Kept apart so
 * that adding or changing a row never touches the rules for reading one.
 */
public final class ChartTypes {

  private ChartTypes() {}

  /**
   * One key position (PK, SK, GSInPK or GSInSK) of a chart: the template that builds it and the
   * names the chart (a domain's entity-chart.md) gives its placeholders at this position ({@code OWNER#{owner}} is
   * {@code OWNER#{username}} for a user and {@code OWNER#{org}} for an organization).
   *
   * @param template the domain's key template
   * @param names chart name per template placeholder name; placeholders not listed keep their name
   */
  public record ChartKey(Template template, Map<String, String> names) {

    public ChartKey {
      names = Collections.unmodifiableMap(new LinkedHashMap<>(names));
      for (String from : names.keySet()) {
        if (!template.names().contains(from)) {
          throw new IllegalArgumentException(template + " has no placeholder {" + from + "}");
        }
      }
    }

    /** The template as the chart prints it, for example {@code OWNER#{username}}. */
    public String render() {
      return template.render(names);
    }

    /** Chart names of the placeholders, in order. */
    public List<String> chartNames() {
      List<String> out = new ArrayList<>();
      for (String n : template.names()) {
        out.add(names.getOrDefault(n, n));
      }
      return out;
    }

    /** {@link Template#regex()}: any key the template can produce. */
    public Pattern regex() {
      return template.regex();
    }

    /**
     * The segments of a key built by this template, in placeholder order, or null when the key
     * does not match the template.
     */
    public List<Segment> segments(String key) {
      List<String> values = template.values(key);
      if (values == null) {
        return null;
      }
      List<Segment> out = new ArrayList<>();
      List<String> templateNames = template.names();
      for (int i = 0; i < templateNames.size(); i++) {
        String n = templateNames.get(i);
        out.add(new Segment(n, names.getOrDefault(n, n), values.get(i)));
      }
      return out;
    }
  }

  /**
   * One placeholder value found in a key.
   *
   * @param placeholder the template's placeholder name (selects the validation rule)
   * @param chartName the chart's name at this position (equal names must hold equal values)
   * @param value the segment as stored
   */
  public record Segment(String placeholder, String chartName, String value) {}

  /** Partition and sort key of the table or of one index. */
  public record KeyPair(ChartKey pk, ChartKey sk) {}

  /** DynamoDB attribute type descriptors used by a domain's items. */
  public enum AttributeType {
    S("string"),
    N("number"),
    BOOL("boolean"),
    M("map"),
    L("list"),
    SS("string_set");

    private final String erdName;

    AttributeType(String erdName) {
      this.erdName = erdName;
    }

    /** Type name in a Mermaid erDiagram attribute block. */
    public String erdName() {
      return erdName;
    }

    /** True when the value holds this type. */
    public boolean holds(AttributeValue v) {
      return switch (this) {
        case S -> v.s() != null;
        case N -> v.n() != null;
        case BOOL -> v.bool() != null;
        case M -> v.hasM();
        case L -> v.hasL();
        case SS -> v.hasSs();
      };
    }
  }

  /** How an attribute changes after the item is created. */
  public enum Mutability {
    /** Written at creation, never changed. */
    FIXED("fixed"),
    /** Changed by an UpdateItem conditioned on {@code Version} (If-Match). */
    VERSIONED("versioned"),
    /** Changed by atomic ADD/SET without a version check (counters, stream handlers). */
    ATOMIC("atomic");

    private final String label;

    Mutability(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /**
   * A non-key attribute of an entity.
   *
   * @param name attribute name as stored
   * @param type DynamoDB type
   * @param required always present on a valid item
   * @param mutability how it changes
   * @param description what it holds
   */
  public record Attribute(String name, AttributeType type, boolean required, Mutability mutability,
      String description) {}

  /**
   * Which items of a {@code Type} a chart describes, when the type has several charts (an open
   * issue and a closed one carry different GSI4SK templates).
   */
  public static final class Selector {
    private final String attribute;
    private final Set<String> values;
    private final boolean present;

    private Selector(String attribute, Set<String> values, boolean present) {
      this.attribute = attribute;
      this.values = values;
      this.present = present;
    }

    /** Every item of the type. */
    public static Selector always() {
      return new Selector(null, Set.of(), true);
    }

    /** Items whose string attribute holds one of the values. */
    public static Selector equalTo(String attribute, String... values) {
      return new Selector(attribute, new LinkedHashSet<>(List.of(values)), true);
    }

    public static Selector present(String attribute) {
      return new Selector(attribute, Set.of(), true);
    }

    public static Selector absent(String attribute) {
      return new Selector(attribute, Set.of(), false);
    }

    /** The attribute it reads, or null for {@link #always()}. */
    public String attribute() {
      return attribute;
    }

    public boolean matches(Map<String, AttributeValue> item) {
      if (attribute == null) {
        return true;
      }
      AttributeValue v = item.get(attribute);
      if (!present) {
        return v == null;
      }
      if (values.isEmpty()) {
        return v != null;
      }
      return v != null && v.s() != null && values.contains(v.s());
    }

    /** For docs and messages, for example {@code State = open}. */
    public String describe() {
      if (attribute == null) {
        return "always";
      }
      if (!present) {
        return attribute + " absent";
      }
      return values.isEmpty() ? attribute + " present" : attribute + " = " + String.join(" or ", values);
    }

    @Override
    public String toString() {
      return describe();
    }
  }

  /**
   * The chart of one entity, or of one variant of it.
   *
   * @param type value of the {@code Type} attribute
   * @param variant variant name ({@code open}, {@code a fork}...) or null when the type has one chart
   * @param model the model record whose {@code toItem()} writes such items
   * @param selector which items of the type the chart describes
   * @param table table key templates
   * @param indexes key templates of each GSI the item is written to; an index not listed is absent
   *     from the item (sparse)
   * @param versioned carries {@code Version} for optimistic locking
   * @param ttl carries {@code TTL} (epoch seconds) and expires
   * @param notes notes of the main-table chart
   * @param attributes main non-key attributes
   */
  public record Chart(String type, String variant, Class<?> model, Selector selector, KeyPair table,
      Map<Gsi, KeyPair> indexes, boolean versioned, boolean ttl, List<String> notes, List<Attribute> attributes) {

    public Chart {
      EnumMap<Gsi, KeyPair> copy = new EnumMap<>(Gsi.class);
      copy.putAll(indexes);
      indexes = Collections.unmodifiableMap(copy);
      notes = List.copyOf(notes);
      attributes = List.copyOf(attributes);
    }

    /**
     * The chart of an entity declared with {@link dev.monotable.kit.entity.Entity}: its type, keys,
     * indexes, attributes, version and TTL as declared; only the notes are the chart's own.
     */
    public static Chart of(dev.monotable.kit.entity.Entity entity, Class<?> model, List<String> notes) {
      if (!entity.variants().isEmpty()) {
        throw new IllegalArgumentException(entity.type() + " has variants: one chart per variant");
      }
      return of(entity, null, Selector.always(), model, notes);
    }

    /**
     * The chart of one variant of an entity declared with variants ({@code Issue (open)}): the
     * variant's keys, indexes and attributes, its items told apart by the variant's condition.
     */
    public static Chart of(dev.monotable.kit.entity.Entity entity, String variant, Class<?> model,
        List<String> notes) {
      dev.monotable.kit.entity.Entity.Variant v = entity.variant(variant);
      dev.monotable.kit.entity.Entity.When when = v.when();
      String attribute = entity.attr(when.field()).name();
      Selector selector = !when.present() ? Selector.absent(attribute)
          : when.values().isEmpty() ? Selector.present(attribute)
          : Selector.equalTo(attribute, when.values().toArray(String[]::new));
      return of(entity, v, selector, model, notes);
    }

    private static Chart of(dev.monotable.kit.entity.Entity entity, dev.monotable.kit.entity.Entity.Variant variant,
        Selector selector, Class<?> model, List<String> notes) {
      Map<Gsi, KeyPair> indexes = new EnumMap<>(Gsi.class);
      entity.indexes(variant).forEach((gsi, k) -> indexes.put(gsi, pair(k)));
      List<Attribute> attributes = entity.attributes(variant).stream().map(a -> new Attribute(a.name(),
          AttributeType.valueOf(a.kind().name()), a.required(), Mutability.valueOf(a.change().name()),
          a.description())).toList();
      return new Chart(entity.type(), variant == null ? null : variant.name(), model, selector,
          pair(entity.table(variant)), indexes, entity.versioned(), entity.ttl(), notes, attributes);
    }

    private static KeyPair pair(dev.monotable.kit.entity.Entity.Keys keys) {
      return new KeyPair(new ChartKey(keys.pk(), keys.partition().shownNames()),
          new ChartKey(keys.sk(), keys.sort().shownNames()));
    }

    /** {@code Issue (open)}, or just the type. */
    public String label() {
      return variant == null ? type : type + " (" + variant + ")";
    }

    /** Key templates of an index, empty when the entity is absent from it. */
    public Optional<KeyPair> index(Gsi gsi) {
      return Optional.ofNullable(indexes.get(gsi));
    }

    /** Every key attribute the item carries (PK, SK, then GSInPK/GSInSK in index order). */
    public Map<String, ChartKey> keyAttributes() {
      Map<String, ChartKey> out = new LinkedHashMap<>();
      out.put(TableSchema.PK, table.pk());
      out.put(TableSchema.SK, table.sk());
      indexes.forEach((gsi, pair) -> {
        out.put(gsi.pk(), pair.pk());
        out.put(gsi.sk(), pair.sk());
      });
      return out;
    }

    /** The same keys rendered as the chart prints them, attribute name to template text. */
    public Map<String, String> renderedKeys() {
      Map<String, String> out = new LinkedHashMap<>();
      keyAttributes().forEach((name, key) -> out.put(name, key.render()));
      return out;
    }
  }

  /** Cardinality, with its Mermaid erDiagram notation. */
  public enum Cardinality {
    ONE_TO_ONE("||--||", "1:1"),
    ONE_TO_MANY("||--o{", "1:N"),
    MANY_TO_MANY("}o--o{", "M:N");

    private final String mermaid;
    private final String label;

    Cardinality(String mermaid, String label) {
      this.mermaid = mermaid;
      this.label = label;
    }

    public String mermaid() {
      return mermaid;
    }

    public String label() {
      return label;
    }
  }

  /** How a relationship is stored on a single table (the relationship strategy guide). */
  public enum Strategy {
    ITEM_COLLECTION("item collection"),
    GSI_COLLECTION("GSI item collection"),
    ADJACENCY_LIST("adjacency list + inverted GSI"),
    SPARSE_INDEX("sparse index"),
    UNIQUENESS_ITEM("uniqueness tracking item"),
    ATOMIC_COUNTER_ITEM("atomic counter item"),
    DENORMALISED_COUNTER("denormalised counter"),
    DENORMALISED_COPY("denormalised copy");

    private final String label;

    Strategy(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  /**
   * One edge of a domain's ERD: two entity types and how the table stores the relationship.
   *
   * @param from entity Type on the "one" side
   * @param to entity Type on the other side
   * @param cardinality cardinality
   * @param label verb phrase for the diagram
   * @param strategies how it is stored, main strategy first
   * @param patterns the access patterns that write or read it
   */
  public record Relationship(String from, String to, Cardinality cardinality, String label,
      List<Strategy> strategies, List<AccessPatternSpec> patterns) {

    public Relationship {
      strategies = List.copyOf(strategies);
      patterns = List.copyOf(patterns);
    }

    /**
     * Indexes the relationship is read through: those of its Query patterns ({@code table} for
     * the base table), or {@code table} when it is only written and read by key.
     */
    public List<String> indexes() {
      Set<String> out = new LinkedHashSet<>();
      for (AccessPatternSpec ap : patterns) {
        if (ap.calls().includes(dev.monotable.kit.catalog.Operation.QUERY)) {
          out.add(ap.index() == null ? "table" : ap.index().indexName());
        }
      }
      return out.isEmpty() ? List.of("table") : List.copyOf(out);
    }
  }
}
