package dev.monotable.kit.catalog;

import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How an access pattern finds its items, built from the domain's key templates so the docs' key
 * condition, the request the data layer sends and the checks of the catalog read one declaration:
 * a {@link GetKey} (one item by its primary key), a {@link QueryKey} (a partition of the table or of
 * one index, with an optional sort-key condition), a {@link Writes} (a custom write declared from
 * entities, its text derived) or a {@link Plan} (the keyed writes or reads of a pattern that makes
 * several requests, in words).
 */
public sealed interface KeyCondition permits KeyCondition.GetKey, KeyCondition.QueryKey, KeyCondition.Plan, Writes {

  /** The index read, or null for the table. */
  Gsi index();

  /** The condition as the docs print it, for example {@code GSI1PK = OWNER#{owner} AND begins_with(GSI1SK, ITEM#)}. */
  String render();

  /**
   * One key position's template and the names the docs give its placeholders
   * ({@code OWNER#{owner}} printed as {@code OWNER#{username}}).
   *
   * @param template the domain's key template
   * @param names printed name per placeholder; a placeholder not listed keeps its own name
   */
  record Part(Template template, Map<String, String> names) {

    public Part {
      Objects.requireNonNull(template, "template");
      names = Map.copyOf(names);
      for (String from : names.keySet()) {
        if (!template.names().contains(from)) {
          throw new IllegalArgumentException(template + " has no placeholder {" + from + "}");
        }
      }
    }

    public static Part of(Template template) {
      return new Part(template, Map.of());
    }

    /** The same template with one placeholder printed (and filled) under another name. */
    public Part as(String placeholder, String name) {
      Map<String, String> more = new LinkedHashMap<>(names);
      more.put(placeholder, name);
      return new Part(template, more);
    }

    /** The names this part is filled by: the printed names, in placeholder order. */
    public List<String> parameters() {
      return template.names().stream().map(n -> names.getOrDefault(n, n)).toList();
    }

    public String render() {
      return template.render(names);
    }

    /**
     * The key text for these values, looked up by {@link #parameters()} names. Values must already
     * be validated key segments: no user value reaches a template unchecked.
     */
    public String fill(Map<String, String> values) {
      List<String> params = parameters();
      String[] ordered = new String[params.size()];
      for (int i = 0; i < ordered.length; i++) {
        String v = values.get(params.get(i));
        if (v == null) {
          throw new IllegalArgumentException(render() + " needs a value for {" + params.get(i) + "}");
        }
        ordered[i] = v;
      }
      return template.fill(ordered);
    }
  }

  static Part part(Template template) {
    return Part.of(template);
  }

  /** One item by the table's primary key: {@code PK = ..., SK = ...}. */
  static GetKey get(Template pk, Template sk) {
    return new GetKey(Part.of(pk), Part.of(sk));
  }

  static GetKey get(Part pk, Part sk) {
    return new GetKey(pk, sk);
  }

  /** A partition of the table: {@code PK = ...}; refine with the sort-key methods of {@link QueryKey}. */
  static QueryKey query(Template pk) {
    return query(Part.of(pk));
  }

  static QueryKey query(Part pk) {
    return new QueryKey(null, pk, SortKey.ANY, null, null, false, "");
  }

  /** The pattern's requests in words: writes and multi-request reads that no single key describes. */
  static Plan plan(String text) {
    return new Plan(text);
  }

  /** The plan of a pattern that makes no request. */
  static Plan none() {
    return new Plan("none");
  }

  /** The primary key of one item. */
  record GetKey(Part pk, Part sk) implements KeyCondition {

    @Override
    public Gsi index() {
      return null;
    }

    @Override
    public String render() {
      return TableSchema.PK + " = " + pk.render() + ", " + TableSchema.SK + " = " + sk.render();
    }

    /** The item's key for these placeholder values (already validated segments). */
    public Key key(Map<String, String> values) {
      return new Key(pk.fill(values), sk.fill(values));
    }
  }

  /** How a Query narrows the sort key. */
  enum SortKey {
    ANY, BEGINS_WITH, BETWEEN, AT_LEAST
  }

  /**
   * A Query of one partition of the table or of an index: the partition key equals {@code pk}, the
   * sort key optionally {@code begins_with(from)}, {@code BETWEEN from AND to} or {@code >= from}.
   *
   * @param index the index, or null for the table
   * @param newestFirst read the highest sort key first
   * @param note words the docs add in parentheses (order of the head item, a filter), or empty
   */
  record QueryKey(Gsi index, Part pk, SortKey sort, Part from, Part to, boolean newestFirst, String note)
      implements KeyCondition {

    public QueryKey {
      Objects.requireNonNull(pk, "pk");
      Objects.requireNonNull(sort, "sort");
      note = note == null ? "" : note;
      if ((sort == SortKey.ANY) != (from == null) || (sort == SortKey.BETWEEN) != (to != null)) {
        throw new IllegalArgumentException("sort condition " + sort + " with bounds " + from + ", " + to);
      }
    }

    /** The same condition on an index of the table. */
    public QueryKey on(Gsi gsi) {
      return new QueryKey(gsi, pk, sort, from, to, newestFirst, note);
    }

    public QueryKey beginsWith(Template prefix) {
      return beginsWith(Part.of(prefix));
    }

    /** {@code begins_with(SK, prefix)}; a prefix of literal text is {@code Template.of("ITEM#")}. */
    public QueryKey beginsWith(Part prefix) {
      return new QueryKey(index, pk, SortKey.BEGINS_WITH, prefix, null, newestFirst, note);
    }

    public QueryKey between(Template low, Template high) {
      return between(Part.of(low), Part.of(high));
    }

    /** {@code SK BETWEEN low AND high}, both inclusive. */
    public QueryKey between(Part low, Part high) {
      return new QueryKey(index, pk, SortKey.BETWEEN, low, high, newestFirst, note);
    }

    /** {@code SK >= low}. */
    public QueryKey atLeast(Part low) {
      return new QueryKey(index, pk, SortKey.AT_LEAST, low, null, newestFirst, note);
    }

    /** Read newest (highest sort key) first. */
    public QueryKey descending() {
      return new QueryKey(index, pk, sort, from, to, true, note);
    }

    /** Words the docs print after the condition, in parentheses. */
    public QueryKey note(String words) {
      return new QueryKey(index, pk, sort, from, to, newestFirst, words);
    }

    /** The partition key attribute: {@code PK}, or the index's. */
    public String pkAttribute() {
      return index == null ? TableSchema.PK : index.pk();
    }

    public String skAttribute() {
      return index == null ? TableSchema.SK : index.sk();
    }

    @Override
    public String render() {
      StringBuilder sb = new StringBuilder(pkAttribute()).append(" = ").append(pk.render());
      switch (sort) {
        case BEGINS_WITH -> sb.append(" AND begins_with(").append(skAttribute()).append(", ").append(from.render())
            .append(')');
        case BETWEEN -> sb.append(" AND ").append(skAttribute()).append(" BETWEEN ").append(from.render())
            .append(" AND ").append(to.render());
        case AT_LEAST -> sb.append(" AND ").append(skAttribute()).append(" >= ").append(from.render());
        case ANY -> { }
      }
      String words = newestFirst ? (note.isEmpty() ? "descending" : "descending; " + note) : note;
      return words.isEmpty() ? sb.toString() : sb.append(" (").append(words).append(')').toString();
    }

    /**
     * The Query this condition sends for these placeholder values (already validated segments),
     * in the declared order; {@code >=} is a BETWEEN up to the highest sort key of the partition.
     */
    public QuerySpec spec(Map<String, String> values) {
      String partition = pk.fill(values);
      QuerySpec spec = switch (sort) {
        case ANY -> new QuerySpec(index, partition, null, null, null, false, null, Map.of(), Map.of());
        case BEGINS_WITH -> new QuerySpec(index, partition, from.fill(values), null, null, false, null, Map.of(),
            Map.of());
        case BETWEEN -> QuerySpec.between(index, partition, from.fill(values), to.fill(values));
        case AT_LEAST -> QuerySpec.between(index, partition, from.fill(values), HIGHEST);
      };
      return newestFirst ? spec.newestFirst() : spec;
    }

    /** Above every sort key of printable ASCII, which the kit's key segments are (printable ASCII ends at {@code ~}). */
    static final String HIGHEST = "~";
  }

  /** A pattern's requests in words. */
  record Plan(String text) implements KeyCondition {

    public Plan {
      Objects.requireNonNull(text, "text");
    }

    @Override
    public Gsi index() {
      return null;
    }

    @Override
    public String render() {
      return text;
    }
  }
}
