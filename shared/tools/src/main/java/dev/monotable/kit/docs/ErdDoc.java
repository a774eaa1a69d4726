package dev.monotable.kit.docs;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.kit.charts.ChartTypes.Strategy;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.schema.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** erd.md: a Mermaid erDiagram of a domain's {@link DocsDomain#relationships()}, then each entity's attributes. */
final class ErdDoc {

  static final String FILE = "erd.md";

  private ErdDoc() {}

  static String render(DocsDomain d) {
    EntityModel model = d.entities();
    DocsDomain docs = d;
    String notes = docs.erdNotes();
    StringBuilder sb = new StringBuilder();
    sb.append(DocsGenerator.HEADER)
        .append("# Entity-relationship diagram\n\n")
        .append("Entities are the values of the `Type` attribute; the diagram shows each entity's own ")
        .append("attributes, the sections below its key templates (").append(docs.folder()).append('/')
        .append(EntityChartDoc.FILE).append(" has the charts).").append(notes.isEmpty() ? "" : " " + notes)
        .append("\n\n")
        .append("```mermaid\nerDiagram\n");
    for (Relationship r : docs.relationships()) {
      sb.append("    ").append(r.from()).append(' ').append(r.cardinality().mermaid()).append(' ').append(r.to())
          .append(" : \"").append(r.label()).append("\"\n");
    }
    for (String type : model.types()) {
      sb.append("    ").append(type).append(" {\n");
      for (ErdAttribute a : attributes(model, type)) {
        sb.append("        ").append(a.type).append(' ').append(a.name)
            .append(" \"").append(a.comment.replace('"', '\'')).append("\"\n");
      }
      sb.append("    }\n");
    }
    sb.append("```\n\n## Relationships\n\n");
    List<List<String>> rows = new ArrayList<>();
    for (Relationship r : docs.relationships()) {
      List<String> strategies = r.strategies().stream().map(Strategy::label).toList();
      List<String> aps = r.patterns().stream().map(AccessPatternSpec::name).toList();
      rows.add(List.of(r.from(), r.to(), r.cardinality().label(), r.label(), String.join(", ", strategies),
          String.join(", ", r.indexes()), String.join(", ", aps)));
    }
    sb.append(Markdown.table(List.of("from", "to", "cardinality", "label", "strategy", "index", "access patterns"),
        rows));

    sb.append("\n## Attributes\n\n")
        .append("Besides its keys every item carries `Type`, `CreatedAt`, `UpdatedAt` and `SchemaVersion`. ")
        .append("Changes: fixed (written once), versioned (UpdateItem conditioned on `Version`, If-Match), ")
        .append("atomic (ADD or SET without a version check: counters and stream handlers).\n");
    for (String type : model.types()) {
      List<Chart> charts = model.ofType(type);
      Chart first = charts.get(0);
      sb.append("\n### ").append(type).append("\n\n")
          .append("Model record `").append(first.model().getSimpleName()).append("`");
      if (charts.size() > 1) {
        List<String> variants = charts.stream().map(c -> c.variant() + " (" + c.selector().describe() + ")").toList();
        sb.append("; variants: ").append(String.join(", ", variants));
      }
      List<String> flags = new ArrayList<>();
      flags.add(first.versioned() ? "versioned (`Version`)" : "not versioned");
      if (first.ttl()) {
        flags.add("expires (`TTL`)");
      }
      sb.append("; ").append(String.join(", ", flags)).append(".\n\n");
      List<List<String>> keyRows = new ArrayList<>();
      keyTemplates(charts).forEach((name, template) -> keyRows.add(List.of(Markdown.code(name), template)));
      sb.append(Markdown.table(List.of("key", "template"), keyRows)).append('\n');
      List<List<String>> attrRows = new ArrayList<>();
      for (Attribute a : mergedAttributes(charts).values()) {
        attrRows.add(List.of(Markdown.code(a.name()), a.type().name(), a.required() ? "yes" : "no",
            a.mutability().label(), a.description()));
      }
      sb.append(Markdown.table(List.of("attribute", "type", "required", "changes", "description"), attrRows));
    }
    return sb.toString();
  }

  private record ErdAttribute(String type, String name, String comment) {}

  /**
   * Non-key attributes only: Mermaid's ER lexer reads a bare {@code PK}, {@code FK} or {@code UK}
   * (any case) as a key marker, so the table key attributes cannot be listed by name; the keys
   * are in each entity's section below.
   */
  static List<ErdAttribute> attributes(EntityModel model, String type) {
    List<Chart> charts = model.ofType(type);
    Chart first = charts.get(0);
    List<ErdAttribute> out = new ArrayList<>();
    if (first.versioned()) {
      out.add(new ErdAttribute("number", TableSchema.VERSION, "optimistic lock"));
    }
    if (first.ttl()) {
      out.add(new ErdAttribute("number", TableSchema.TTL, "expiry, epoch seconds"));
    }
    for (Attribute a : mergedAttributes(charts).values()) {
      out.add(new ErdAttribute(a.type().erdName(), a.name(),
          a.mutability().label() + (a.required() ? "" : ", optional")));
    }
    return out;
  }

  /** Key attribute to its template, variants that differ listed with their names. */
  private static Map<String, String> keyTemplates(List<Chart> charts) {
    Map<String, Map<String, List<String>>> byKey = new LinkedHashMap<>();
    for (Chart c : charts) {
      c.keyAttributes().forEach((name, key) -> byKey.computeIfAbsent(name, k -> new LinkedHashMap<>())
          .computeIfAbsent(key.render(), k -> new ArrayList<>()).add(c.variant()));
    }
    Map<String, String> out = new LinkedHashMap<>();
    byKey.forEach((name, templates) -> {
      List<String> parts = new ArrayList<>();
      templates.forEach((template, variants) -> {
        boolean all = variants.size() == charts.size();
        parts.add(Markdown.code(template) + (all ? "" : " (" + String.join(", ", variants) + ")"));
      });
      out.put(name, String.join("<br>", parts));
    });
    return out;
  }

  /**
   * Attributes of all variants of a type: required only when every variant requires it; one that
   * only some variants carry says which.
   */
  private static Map<String, Attribute> mergedAttributes(List<Chart> charts) {
    Map<String, Attribute> first = new LinkedHashMap<>();
    Map<String, List<Chart>> carriers = new LinkedHashMap<>();
    for (Chart c : charts) {
      for (Attribute a : c.attributes()) {
        first.putIfAbsent(a.name(), a);
        carriers.computeIfAbsent(a.name(), k -> new ArrayList<>()).add(c);
      }
    }
    Map<String, Attribute> out = new LinkedHashMap<>();
    first.forEach((name, a) -> {
      List<Chart> with = carriers.get(name);
      boolean everywhere = with.size() == charts.size();
      boolean required = everywhere && with.stream().allMatch(c -> c.attributes().stream()
          .anyMatch(x -> x.name().equals(name) && x.required()));
      String description = a.description();
      if (!everywhere) {
        description += " (" + String.join(", ", with.stream().map(Chart::variant).toList())
            + (a.required() ? ": required" : "") + ")";
      }
      out.put(name, new Attribute(name, a.type(), required, a.mutability(), description));
    });
    return out;
  }
}
