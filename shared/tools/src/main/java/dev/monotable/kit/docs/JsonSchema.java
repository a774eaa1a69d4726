package dev.monotable.kit.docs;

import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.data.PageRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builders for the JSON Schema subset a domain's API shapes use (the subset OpenAPI 3.1 uses and
 * the e2e suite checks every answer against), plus the shapes every domain shares because the kit
 * produces them: a page of a list and its query parameters ({@link PageRequest}) and the error body
 * ({@code kit.http.ErrorMapper}). Every builder returns a fresh mutable map in insertion order, so
 * the generated documents are stable.
 */
public final class JsonSchema {

  /** Name of the error body's component schema; the kit puts it first among the components. */
  public static final String ERROR = "Error";

  /** Name of the liveness answer's component schema ({@link #health}). */
  public static final String HEALTH = "Health";

  private JsonSchema() {}

  /** The answer of every domain's liveness route: {@code status} "ok", the table name and endpoint. */
  public static Map<String, Object> health() {
    return record("status", enumOf(List.of("ok")), "table", string(), "endpoint", string());
  }

  /** A reference to a component schema. */
  public static Map<String, Object> ref(String component) {
    return Map.of("$ref", "#/components/schemas/" + component);
  }

  /** {@code {"type": type}}; {@code type} is a name or a list of names. */
  public static Map<String, Object> type(Object type) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("type", type);
    return m;
  }

  public static Map<String, Object> string() {
    return type("string");
  }

  public static Map<String, Object> nullableString() {
    return type(List.of("string", "null"));
  }

  /** A string of {@code min..max} characters ({@code minLength} left out when 0). */
  public static Map<String, Object> string(int min, int max) {
    Map<String, Object> m = string();
    if (min > 0) {
      m.put("minLength", min);
    }
    m.put("maxLength", max);
    return m;
  }

  /** The same schema, also allowing null. */
  public static Map<String, Object> nullable(Map<String, Object> schema) {
    Map<String, Object> m = new LinkedHashMap<>(schema);
    m.put("type", List.of(schema.get("type"), "null"));
    return m;
  }

  public static Map<String, Object> pattern(String regex) {
    Map<String, Object> m = string();
    m.put("pattern", regex);
    return m;
  }

  /** An ISO-8601 timestamp. */
  public static Map<String, Object> timestamp() {
    Map<String, Object> m = string();
    m.put("format", "date-time");
    return m;
  }

  public static Map<String, Object> integer(long min, long max) {
    Map<String, Object> m = type("integer");
    m.put("minimum", min);
    m.put("maximum", max);
    return m;
  }

  public static Map<String, Object> atLeast(long min) {
    Map<String, Object> m = type("integer");
    m.put("minimum", min);
    return m;
  }

  public static Map<String, Object> enumOf(List<String> values) {
    Map<String, Object> m = string();
    m.put("enum", values);
    return m;
  }

  public static Map<String, Object> described(Map<String, Object> schema, String description) {
    Map<String, Object> m = new LinkedHashMap<>(schema);
    m.put("description", description);
    return m;
  }

  /**
   * A request body: the named properties; {@code required} lists those that must be there. Open in
   * the schema (no {@code additionalProperties}), though a handler may answer 400 to a field it
   * does not know.
   */
  public static Map<String, Object> object(List<String> required, Object... nameSchemaPairs) {
    Map<String, Object> m = closedObject(required, nameSchemaPairs);
    m.remove("additionalProperties");
    return m;
  }

  /**
   * An answer: exactly the named properties ({@code required} lists those always present). Closed,
   * so a field the contract does not name (a key attribute, say) fails the e2e check.
   */
  public static Map<String, Object> closedObject(List<String> required, Object... nameSchemaPairs) {
    Map<String, Object> properties = new LinkedHashMap<>();
    for (int i = 0; i < nameSchemaPairs.length; i += 2) {
      properties.put((String) nameSchemaPairs[i], nameSchemaPairs[i + 1]);
    }
    Map<String, Object> m = type("object");
    m.put("properties", properties);
    if (!required.isEmpty()) {
      m.put("required", required);
    }
    m.put("additionalProperties", false);
    return m;
  }

  /**
   * The request body a route declares ({@link dev.monotable.kit.catalog.Endpoint#body()}): a closed
   * object of its fields, in declared order, the required ones listed.
   */
  public static Map<String, Object> body(List<BodyField> fields) {
    List<Object> pairs = new ArrayList<>();
    for (BodyField f : fields) {
      pairs.add(f.name());
      pairs.add(field(f));
    }
    return closedObject(fields.stream().filter(BodyField::mandatory).map(BodyField::name).toList(), pairs.toArray());
  }

  /** The schema of one declared body field. */
  public static Map<String, Object> field(BodyField f) {
    return switch (f.type()) {
      case STRING -> {
        if (!f.values().isEmpty()) {
          yield enumOf(f.values());
        }
        if (f.pattern() != null) {
          yield pattern(f.pattern());
        }
        Map<String, Object> text = string((int) f.min(), (int) f.max());
        text.put("pattern", f.text().regex()); // the text rule the server holds it to (BodyField.Text)
        yield text;
      }
      case TIMESTAMP -> timestamp();
      case INTEGER -> integer(f.min(), f.max());
      case NUMBER -> {
        Map<String, Object> n = type("number");
        if (f.max() > 0) {
          n.put("exclusiveMinimum", -f.max());
          n.put("exclusiveMaximum", f.max());
        }
        yield n;
      }
      case BOOLEAN -> type("boolean");
      case ARRAY -> {
        Map<String, Object> a = type("array");
        a.put("items", field(f.items()));
        a.put("maxItems", (int) f.max());
        yield a;
      }
      case OBJECT -> body(f.fields());
    };
  }

  /**
   * The answer of a declared entity ({@link dev.monotable.kit.entity.Entity#values}): a closed
   * object of its attributes by field name, then those of its variants (never required: an item
   * of another variant lacks them), {@code version} when versioned, and the audit timestamps;
   * required as the entity declares them.
   */
  public static Map<String, Object> entity(dev.monotable.kit.entity.Entity entity) {
    List<Object> pairs = new ArrayList<>();
    List<String> required = new ArrayList<>();
    List<dev.monotable.kit.entity.Attr> attributes = new ArrayList<>(entity.attributes());
    entity.variants().forEach(v -> attributes.addAll(v.attributes()));
    for (dev.monotable.kit.entity.Attr a : attributes) {
      pairs.add(a.field());
      pairs.add(switch (a.kind()) {
        case S -> a.rule() != null ? pattern(a.rule().pattern()) : string();
        case N -> type("number");
        case BOOL -> type("boolean");
        case SS, L -> type("array");
        case M -> type("object");
      });
      if (a.required() && entity.attributes().contains(a)) {
        required.add(a.field());
      }
    }
    if (entity.versioned()) {
      pairs.add("version");
      pairs.add(atLeast(1));
      required.add("version");
    }
    for (String audit : List.of("createdAt", "updatedAt")) {
      pairs.add(audit);
      pairs.add(timestamp());
      required.add(audit);
    }
    if (entity.ttl()) {
      // the kit's answers show an expiring item's expiry (kit.data.Expiry); an item without TTL has none
      pairs.add("expiresAt");
      pairs.add(timestamp());
    }
    return closedObject(required, pairs.toArray());
  }

  /** A closed object whose every property is always present. */
  public static Map<String, Object> record(Object... nameSchemaPairs) {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < nameSchemaPairs.length; i += 2) {
      names.add((String) nameSchemaPairs[i]);
    }
    return closedObject(names, nameSchemaPairs);
  }

  /** One page of a list of {@code component}: {@code {"items": [...], "nextCursor": ... | null}}. */
  public static Map<String, Object> page(String component) {
    Map<String, Object> items = type("array");
    items.put("items", ref(component));
    return record("items", items, "nextCursor", described(nullableString(),
        "opaque cursor of the next page; null on the last page"));
  }

  /** The query parameters of a list: {@code more} first, then {@code limit} and {@code cursor}. */
  public static Map<String, Map<String, Object>> paging(Map<String, Map<String, Object>> more) {
    Map<String, Map<String, Object>> q = new LinkedHashMap<>(more);
    Map<String, Object> limit = integer(1, PageRequest.MAX_LIMIT);
    limit.put("default", PageRequest.DEFAULT_LIMIT);
    q.put("limit", limit);
    q.put("cursor", described(string(), "nextCursor of the previous page of the same list"));
    return q;
  }

  /** The error body every failure answers: {@code {"error": {"code", "message", "field"}}}. */
  public static Map<String, Object> error() {
    return record("error", closedObject(List.of("code", "message"),
        "code", described(string(), "machine-readable kind, e.g. validation, not_found, conflict"),
        "message", described(string(), "what went wrong, for people"),
        "field", described(string(), "the offending input (body field, path or query parameter, If-Match)")));
  }
}
