package dev.monotable.kit.ops;

import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * How the operator tools print items: aligned columns (PK, SK, Type, the GSI key attributes of the
 * domain's indexes any of the items carries, then every other attribute as {@code Name=value}, the
 * entity chart's attributes first), or one item per line
 * in DynamoDB JSON ({@code {"PK":{"S":"..."}}}) for {@code --json}, ready for {@code jq}.
 */
public final class ItemFormat {
  /** Longer string values are cut in the table (never in JSON). */
  static final int MAX_VALUE = 48;

  /** Audit and bookkeeping attributes, printed after the entity's own. */
  private static final List<String> TRAILING = List.of(TableSchema.VERSION, TableSchema.SCHEMA_VERSION,
      TableSchema.CREATED_AT, TableSchema.UPDATED_AT, TableSchema.TTL);

  private ItemFormat() {}

  /** Prints a domain's items as an aligned table; nothing but a note for an empty list. */
  public static void table(EntityModel model, List<Map<String, AttributeValue>> items, PrintStream out) {
    if (items.isEmpty()) {
      out.println("(no items)");
      return;
    }
    List<String> keyColumns = new ArrayList<>(List.of(TableSchema.PK, TableSchema.SK, TableSchema.TYPE));
    for (Gsi gsi : model.schema().gsis()) {
      for (String name : List.of(gsi.pk(), gsi.sk())) {
        if (items.stream().anyMatch(i -> i.containsKey(name))) {
          keyColumns.add(name);
        }
      }
    }
    List<String> header = new ArrayList<>(keyColumns);
    header.add("attributes");
    List<List<String>> rows = new ArrayList<>();
    for (Map<String, AttributeValue> item : items) {
      List<String> row = new ArrayList<>();
      for (String c : keyColumns) {
        AttributeValue v = item.get(c);
        row.add(v == null ? "" : c.equals(TableSchema.TYPE) ? compact(v) : raw(v));
      }
      row.add(attributes(model, item));
      rows.add(row);
    }
    aligned(header, rows, out);
  }

  /** Prints rows under a header, every column but the last padded to its widest cell. */
  public static void aligned(List<String> header, List<List<String>> rows, PrintStream out) {
    int[] width = new int[header.size()];
    for (int c = 0; c < header.size(); c++) {
      width[c] = header.get(c).length();
      for (List<String> row : rows) {
        width[c] = Math.max(width[c], row.get(c).length());
      }
    }
    out.println(line(header, width));
    for (List<String> row : rows) {
      out.println(line(row, width));
    }
  }

  private static String line(List<String> cells, int[] width) {
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < cells.size(); c++) {
      if (c > 0) {
        sb.append("  ");
      }
      String cell = cells.get(c);
      sb.append(cell);
      if (c < cells.size() - 1) {
        sb.append(" ".repeat(width[c] - cell.length()));
      }
    }
    return sb.toString().stripTrailing();
  }

  /** Every attribute but the keys and Type, the entity's chart attributes first, audit last. */
  static String attributes(EntityModel model, Map<String, AttributeValue> item) {
    List<String> order = new ArrayList<>();
    model.forItem(item).ifPresent(chart -> {
      for (Attribute a : chart.attributes()) {
        order.add(a.name());
      }
    });
    new TreeMap<>(item).keySet().forEach(name -> {
      if (!order.contains(name) && !TRAILING.contains(name)) {
        order.add(name);
      }
    });
    order.addAll(TRAILING);
    List<String> keys = model.schema().keyAttributes();
    StringBuilder sb = new StringBuilder();
    for (String name : order) {
      AttributeValue v = item.get(name);
      if (v == null || keys.contains(name) || name.equals(TableSchema.TYPE)) {
        continue;
      }
      if (sb.length() > 0) {
        sb.append("  ");
      }
      sb.append(name).append('=').append(compact(v));
    }
    return sb.toString();
  }

  /** A key attribute's text as stored. */
  static String raw(AttributeValue v) {
    return v.s() != null ? v.s() : compact(v);
  }

  /** One value, short: strings quoted only when they hold blanks, long ones cut. */
  public static String compact(AttributeValue v) {
    if (v.s() != null) {
      String s = v.s().length() > MAX_VALUE ? v.s().substring(0, MAX_VALUE - 3) + "..." : v.s();
      s = s.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t");
      return s.isEmpty() || s.contains(" ") ? "\"" + s + "\"" : s;
    }
    if (v.n() != null) {
      return v.n();
    }
    if (v.bool() != null) {
      return v.bool().toString();
    }
    if (Boolean.TRUE.equals(v.nul())) {
      return "null";
    }
    if (v.hasM()) {
      return new TreeMap<>(v.m()).entrySet().stream().map(e -> e.getKey() + ":" + compact(e.getValue()))
          .collect(Collectors.joining(",", "{", "}"));
    }
    if (v.hasL()) {
      return v.l().stream().map(ItemFormat::compact).collect(Collectors.joining(",", "[", "]"));
    }
    if (v.hasSs()) {
      return String.join(",", v.ss()) + " (SS)";
    }
    if (v.hasNs()) {
      return String.join(",", v.ns()) + " (NS)";
    }
    if (v.b() != null) {
      return Base64.getEncoder().encodeToString(v.b().asByteArray()) + " (B)";
    }
    return v.toString();
  }

  /** One item in DynamoDB JSON: PK, SK and Type first, then the rest by name. */
  public static String json(Map<String, AttributeValue> item) {
    return Json.write(dynamoJson(item));
  }

  /**
   * One item (or key) in DynamoDB JSON as a value to embed in a larger JSON document: numbers stay
   * the strings DynamoDB stores, so no digit is lost on the way to a browser.
   */
  public static Map<String, Object> dynamoJson(Map<String, AttributeValue> item) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (String first : List.of(TableSchema.PK, TableSchema.SK, TableSchema.TYPE)) {
      if (item.containsKey(first)) {
        out.put(first, plain(item.get(first)));
      }
    }
    new TreeMap<>(item).forEach((k, v) -> out.putIfAbsent(k, plain(v)));
    return out;
  }

  /** Prints one JSON line per item. */
  public static void jsonLines(List<Map<String, AttributeValue>> items, PrintStream out) {
    items.forEach(i -> out.println(json(i)));
  }

  private static Object plain(AttributeValue v) {
    Map<String, Object> m = new LinkedHashMap<>();
    if (v.s() != null) {
      m.put("S", v.s());
    } else if (v.n() != null) {
      m.put("N", v.n());
    } else if (v.bool() != null) {
      m.put("BOOL", v.bool());
    } else if (Boolean.TRUE.equals(v.nul())) {
      m.put("NULL", true);
    } else if (v.hasM()) {
      Map<String, Object> inner = new LinkedHashMap<>();
      new TreeMap<>(v.m()).forEach((k, x) -> inner.put(k, plain(x)));
      m.put("M", inner);
    } else if (v.hasL()) {
      m.put("L", v.l().stream().map(ItemFormat::plain).toList());
    } else if (v.hasSs()) {
      m.put("SS", v.ss());
    } else if (v.hasNs()) {
      m.put("NS", v.ns());
    } else if (v.b() != null) {
      m.put("B", Base64.getEncoder().encodeToString(v.b().asByteArray()));
    }
    return m;
  }

  /** {@code PK | SK} of an item, for one-line messages. */
  public static String key(Map<String, AttributeValue> item) {
    AttributeValue pk = item.get(TableSchema.PK);
    AttributeValue sk = item.get(TableSchema.SK);
    return (pk == null ? "?" : raw(pk)) + " | " + (sk == null ? "?" : raw(sk));
  }
}
