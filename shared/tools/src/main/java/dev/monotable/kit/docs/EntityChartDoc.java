package dev.monotable.kit.docs;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** entity-chart.md: the main-table chart and one chart per GSI of a domain's entity model, in seed 003's form. */
final class EntityChartDoc {

  static final String FILE = "entity-chart.md";

  private EntityChartDoc() {}

  /** Number words for the count of GSIs (a table has at most six). */
  private static final List<String> COUNTS = List.of("no", "one", "two", "three", "four", "five", "six");

  static String render(DocsDomain d) {
    EntityModel model = d.entities();
    TableSchema schema = model.schema();
    int gsis = schema.gsis().size();
    StringBuilder sb = new StringBuilder();
    sb.append(DocsGenerator.HEADER)
        .append("# Entity charts\n\n")
        .append("One table, `").append(TableSchema.PK).append("` (S) partition key and `").append(TableSchema.SK)
        .append("` (S) sort key, and ").append(COUNTS.get(gsis)).append(" overloaded GSI").append(gsis == 1 ? "" : "s")
        .append(". Every item carries `").append(TableSchema.TYPE)
        .append("`, `").append(TableSchema.CREATED_AT).append("`, `").append(TableSchema.UPDATED_AT).append("`, `")
        .append(TableSchema.SCHEMA_VERSION).append("`; versioned entities also `").append(TableSchema.VERSION)
        .append("`, expiring ones `").append(TableSchema.TTL).append("` (epoch seconds).\n\n")
        .append(d.keySegments()).append("\n\n")
        .append("## Main table\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (Row r : rows(model, c -> c.table())) {
      rows.add(List.of(r.label, Markdown.code(r.keys.pk().render()), Markdown.code(r.keys.sk().render()),
          String.join("; ", r.notes)));
    }
    sb.append(Markdown.table(List.of("Entity", "PK", "SK", "notes"), rows));
    for (Gsi gsi : schema.gsis()) {
      sb.append("\n## ").append(gsi.indexName()).append(": ").append(schema.purpose(gsi)).append("\n\n")
          .append("Keys `").append(gsi.pk()).append("` / `").append(gsi.sk()).append("`, projection ")
          .append(gsi.projection()).append(". Serves ").append(String.join(", ", patternsOf(d.domain(), gsi))).append(".\n\n");
      List<List<String>> gsiRows = new ArrayList<>();
      for (Row r : rows(model, c -> c.indexes().get(gsi))) {
        gsiRows.add(List.of(r.label, Markdown.code(r.keys.pk().render()), Markdown.code(r.keys.sk().render())));
      }
      sb.append(Markdown.table(List.of("Entity", gsi.pk(), gsi.sk()), gsiRows));
    }
    sb.append("\nItems absent from an index chart carry no attributes of that index (sparse indexes); ")
        .append("`ModelValidator` holds every stored item to these charts.\n");
    return sb.toString();
  }

  private record Row(String label, KeyPair keys, Set<String> notes) {}

  /**
   * One row per entity type, or per variant when the variants' keys at this position differ or
   * only some variants are in the index.
   */
  private static List<Row> rows(EntityModel model, Function<Chart, KeyPair> position) {
    List<Row> out = new ArrayList<>();
    for (String type : model.types()) {
      List<Chart> charts = model.ofType(type);
      List<Chart> in = charts.stream().filter(c -> position.apply(c) != null).toList();
      if (in.isEmpty()) {
        continue;
      }
      Set<String> rendered = new LinkedHashSet<>();
      in.forEach(c -> rendered.add(render(position.apply(c))));
      if (in.size() == charts.size() && rendered.size() == 1) {
        Set<String> notes = new LinkedHashSet<>();
        in.forEach(c -> notes.addAll(c.notes()));
        out.add(new Row(type, position.apply(in.get(0)), notes));
      } else {
        in.forEach(c -> out.add(new Row(c.label(), position.apply(c), new LinkedHashSet<>(c.notes()))));
      }
    }
    return out;
  }

  private static String render(KeyPair p) {
    return p.pk().render() + " " + p.sk().render();
  }

  private static List<String> patternsOf(Domain domain, Gsi gsi) {
    List<String> out = new ArrayList<>();
    for (AccessPatternSpec ap : domain.accessPatterns()) {
      if (ap.index() == gsi) {
        out.add(ap.name());
      }
    }
    return out;
  }
}
