package dev.monotable.kit.charts;


import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Segment;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Checks one raw item against its entity chart ({@link EntityModel}): Type, table and index keys
 * (sparse indexes included), audit attributes, Version, TTL and the main attributes. Tests call it
 * on the exact items a data-access method wrote; an operator tool can run it over a table export.
 * It reads nothing from DynamoDB.
 */
public final class ModelValidator {

  /** What is wrong. */
  public enum Kind {
    /** No {@code Type} string. */
    TYPE_MISSING,
    /** A {@code Type} no chart describes. */
    TYPE_UNKNOWN,
    /** The type has several charts and none applies (for example State = reopened). */
    NO_VARIANT,
    /** A key attribute the chart lists is missing or not a string. */
    KEY_MISSING,
    /** A key does not match its template. */
    KEY_MISMATCH,
    /** A key matches its template but a segment breaks its rule (case, padding, timestamp shape...). */
    KEY_SEGMENT,
    /** Two keys of the item disagree on the same value (or an open item's rev8 is not 99999999 - n8). */
    KEY_INCONSISTENT,
    /** An index key attribute on an item the chart keeps out of that index (sparse index). */
    INDEX_KEY_UNEXPECTED,
    /** CreatedAt or UpdatedAt is not an ISO-8601 UTC millisecond timestamp. */
    TIMESTAMP_FORMAT,
    /** UpdatedAt before CreatedAt. */
    TIMESTAMP_ORDER,
    /** SchemaVersion missing or not a positive number. */
    SCHEMA_VERSION_MISSING,
    /** A versioned entity without a positive Version. */
    VERSION_MISSING,
    /** Version on an entity the chart does not version. */
    VERSION_UNEXPECTED,
    /** An expiring entity without a numeric TTL. */
    TTL_MISSING,
    /** TTL on an entity that must never expire. */
    TTL_UNEXPECTED,
    /** A required attribute is missing. */
    ATTRIBUTE_MISSING,
    /** An attribute of the wrong DynamoDB type. */
    ATTRIBUTE_TYPE
  }

  /**
   * One broken rule.
   *
   * @param kind the rule
   * @param attribute the attribute concerned, or null when about the whole item
   * @param message what was found
   */
  public record Violation(Kind kind, String attribute, String message) {
    @Override
    public String toString() {
      return kind + (attribute == null ? "" : " " + attribute) + ": " + message;
    }
  }

  private static final Pattern DIGITS8 = Pattern.compile("^\\d{8}$");

  private final EntityModel model;

  /** A validator of items against this domain's charts. */
  public ModelValidator(EntityModel model) {
    this.model = model;
  }

  /** Every violation of the item's chart; empty when the item is valid. */
  public List<Violation> validate(Map<String, AttributeValue> item) {
    List<Violation> out = new ArrayList<>();
    AttributeValue typeValue = item.get(TableSchema.TYPE);
    if (typeValue == null || typeValue.s() == null || typeValue.s().isEmpty()) {
      out.add(new Violation(Kind.TYPE_MISSING, TableSchema.TYPE, "no Type"));
      return out;
    }
    String type = typeValue.s();
    List<Chart> charts = model.ofType(type);
    if (charts.isEmpty()) {
      out.add(new Violation(Kind.TYPE_UNKNOWN, TableSchema.TYPE, "no entity chart for Type " + type));
      return out;
    }
    List<Chart> applicable = charts.stream().filter(c -> c.selector().matches(item)).toList();
    if (applicable.size() != 1) {
      String selectors = charts.stream().map(c -> c.selector().describe()).collect(Collectors.joining(" | "));
      out.add(new Violation(Kind.NO_VARIANT, charts.get(0).selector().attribute(),
          type + ": " + applicable.size() + " charts apply, expected exactly one of " + selectors));
      return out;
    }
    Chart chart = applicable.get(0);
    checkKeys(chart, item, out);
    checkAudit(item, out);
    checkVersionAndTtl(chart, item, out);
    checkAttributes(chart, item, out);
    return out;
  }

  /** Throws IllegalStateException listing the violations, for assertions and operator tools. */
  public void requireValid(Map<String, AttributeValue> item) {
    List<Violation> violations = validate(item);
    if (!violations.isEmpty()) {
      throw new IllegalStateException("item " + item.get(TableSchema.PK) + " / " + item.get(TableSchema.SK)
          + " breaks its entity chart: " + violations);
    }
  }

  private void checkKeys(Chart chart, Map<String, AttributeValue> item, List<Violation> out) {
    // Values of the same chart placeholder across all keys of the item, to catch keys built from
    // different values (a membership filed under the wrong user on GSI1).
    Map<String, String> seen = new LinkedHashMap<>();
    checkKey(TableSchema.PK, chart.table().pk(), item, seen, out);
    checkKey(TableSchema.SK, chart.table().sk(), item, seen, out);
    for (Gsi gsi : model.schema().gsis()) {
      KeyPair pair = chart.indexes().get(gsi);
      if (pair == null) {
        for (String name : List.of(gsi.pk(), gsi.sk())) {
          if (item.containsKey(name)) {
            out.add(new Violation(Kind.INDEX_KEY_UNEXPECTED, name,
                chart.label() + " is not in " + gsi.indexName() + " but carries " + name));
          }
        }
      } else {
        checkKey(gsi.pk(), pair.pk(), item, seen, out);
        checkKey(gsi.sk(), pair.sk(), item, seen, out);
      }
    }
    String n8 = seen.get("n8");
    String rev8 = seen.get("rev8");
    if (n8 != null && rev8 != null && DIGITS8.matcher(n8).matches() && DIGITS8.matcher(rev8).matches()
        && Integer.parseInt(n8) + Integer.parseInt(rev8) != 99_999_999) {
      out.add(new Violation(Kind.KEY_INCONSISTENT, null, "rev8 " + rev8 + " is not 99999999 - " + n8));
    }
  }

  private void checkKey(String name, ChartKey expected, Map<String, AttributeValue> item,
      Map<String, String> seen, List<Violation> out) {
    AttributeValue v = item.get(name);
    if (v == null || v.s() == null) {
      out.add(new Violation(Kind.KEY_MISSING, name, "expected " + expected.render()));
      return;
    }
    List<Segment> segments = expected.segments(v.s());
    if (segments == null) {
      out.add(new Violation(Kind.KEY_MISMATCH, name, v.s() + " does not match " + expected.render()));
      return;
    }
    for (Segment segment : segments) {
      Predicate<String> rule = model.segmentRules().get(segment.placeholder());
      if (rule == null || !rule.test(segment.value())) {
        out.add(new Violation(Kind.KEY_SEGMENT, name,
            "{" + segment.chartName() + "} = " + segment.value() + " breaks the " + segment.placeholder() + " rule"));
        continue;
      }
      String before = seen.putIfAbsent(segment.chartName(), segment.value());
      if (before != null && !before.equals(segment.value())) {
        out.add(new Violation(Kind.KEY_INCONSISTENT, name,
            "{" + segment.chartName() + "} = " + segment.value() + " but another key holds " + before));
      }
    }
  }

  private static void checkAudit(Map<String, AttributeValue> item, List<Violation> out) {
    Instant created = timestamp(TableSchema.CREATED_AT, item, out);
    Instant updated = timestamp(TableSchema.UPDATED_AT, item, out);
    if (created != null && updated != null && updated.isBefore(created)) {
      out.add(new Violation(Kind.TIMESTAMP_ORDER, TableSchema.UPDATED_AT, "UpdatedAt is before CreatedAt"));
    }
    if (positive(item.get(TableSchema.SCHEMA_VERSION)) == null) {
      out.add(new Violation(Kind.SCHEMA_VERSION_MISSING, TableSchema.SCHEMA_VERSION,
          "expected a positive number, found " + item.get(TableSchema.SCHEMA_VERSION)));
    }
  }

  private static Instant timestamp(String name, Map<String, AttributeValue> item, List<Violation> out) {
    AttributeValue v = item.get(name);
    if (v == null) {
      out.add(new Violation(Kind.ATTRIBUTE_MISSING, name, "every item carries " + name));
      return null;
    }
    try {
      return Timestamps.parse(v.s());
    } catch (RuntimeException e) {
      out.add(new Violation(Kind.TIMESTAMP_FORMAT, name, v + " is not an ISO-8601 UTC millisecond timestamp"));
      return null;
    }
  }

  private void checkVersionAndTtl(Chart chart, Map<String, AttributeValue> item, List<Violation> out) {
    AttributeValue version = item.get(TableSchema.VERSION);
    if (chart.versioned() && positive(version) == null) {
      out.add(new Violation(Kind.VERSION_MISSING, TableSchema.VERSION,
          chart.label() + " is versioned; found " + version));
    } else if (!chart.versioned() && version != null) {
      out.add(new Violation(Kind.VERSION_UNEXPECTED, TableSchema.VERSION, chart.label() + " is not versioned"));
    }
    AttributeValue ttl = item.get(TableSchema.TTL);
    if (chart.ttl() && positive(ttl) == null) {
      out.add(new Violation(Kind.TTL_MISSING, TableSchema.TTL, chart.label() + " expires; found " + ttl));
    } else if (!chart.ttl() && ttl != null) {
      out.add(new Violation(Kind.TTL_UNEXPECTED, TableSchema.TTL, chart.label() + " must never expire"));
    }
  }

  private void checkAttributes(Chart chart, Map<String, AttributeValue> item, List<Violation> out) {
    for (Attribute a : chart.attributes()) {
      AttributeValue v = item.get(a.name());
      if (v == null) {
        if (a.required()) {
          out.add(new Violation(Kind.ATTRIBUTE_MISSING, a.name(), chart.label() + " requires " + a.name()));
        }
      } else if (!a.type().holds(v)) {
        out.add(new Violation(Kind.ATTRIBUTE_TYPE, a.name(), "expected " + a.type() + ", found " + v));
      }
    }
  }

  private static Long positive(AttributeValue v) {
    if (v == null || v.n() == null) {
      return null;
    }
    try {
      long n = Long.parseLong(v.n());
      return n > 0 ? n : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * The rules of the kit's own placeholders: {@code email}, {@code key} (Idempotency-Key),
   * {@code n8}/{@code rev8} (numbers), {@code ts} (timestamps) and {@code id} (ULIDs). A domain
   * adds the rules of its own names.
   */
  public static Map<String, Predicate<String>> standardSegmentRules() {
    Map<String, Predicate<String>> rules = new LinkedHashMap<>();
    rules.put("email", v -> {
      try {
        return Segments.email("email", v).equals(v);
      } catch (RuntimeException e) {
        return false;
      }
    });
    rules.put("key", v -> Segments.IDEMPOTENCY_KEY.matcher(v).matches());
    rules.put("n8", v -> DIGITS8.matcher(v).matches() && !v.equals("00000000"));
    rules.put("rev8", v -> DIGITS8.matcher(v).matches() && !v.equals("99999999"));
    rules.put("ts", v -> {
      try {
        Timestamps.segment(v);
        return true;
      } catch (IllegalArgumentException e) {
        return false;
      }
    });
    rules.put("id", v -> Segments.ULID.matcher(v).matches());
    return Map.copyOf(rules);
  }
}
