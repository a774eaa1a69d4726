package dev.monotable.kit.ops;

import static dev.monotable.kit.schema.TableSchema.Gsi.GSI1;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI2;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.AttributeType;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Mutability;
import dev.monotable.kit.charts.ChartTypes.Selector;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.ReadPattern.Sample;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.TestDomain.TestPattern;
import java.time.Clock;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The operator tools' facets of the kit's test domain ({@link TestDomain}'s notes), so the tools'
 * tests need no real domain: a chart per entity (a note, in its author's and its tag's index; a
 * revision under its note; an author, counting the notes on its GSI1 partition), a demo dataset
 * of two authors, three notes and two revisions, and its read patterns as calls on the table, as
 * a domain's data-access layer makes them.
 */
public final class NotesOps implements OpsDomain {

  public static final NotesOps OPS = new NotesOps();

  /** A note's revision, oldest first ({@code n8}) under its note. */
  static final Template REVISION = Template.of("REV#{n8}");

  private static ChartKey key(Template t) {
    return new ChartKey(t, Map.of());
  }

  static final Chart NOTE = new Chart("Note", null, null, Selector.always(),
      new KeyPair(key(TestDomain.NOTE), key(TestDomain.NOTE)),
      Map.of(GSI1, new KeyPair(key(TestDomain.AUTHOR), key(TestDomain.AUTHOR_NOTE)),
          GSI2, new KeyPair(key(TestDomain.TAG), key(TestDomain.NOTE))),
      true, false, List.of("one item per note"),
      List.of(new Attribute("Author", AttributeType.S, true, Mutability.FIXED, "who wrote it"),
          new Attribute("Tag", AttributeType.S, true, Mutability.VERSIONED, "its one tag"),
          new Attribute("Text", AttributeType.S, true, Mutability.VERSIONED, "the note")));

  static final Chart REVISION_CHART = new Chart("Revision", null, null, Selector.always(),
      new KeyPair(key(TestDomain.NOTE), key(REVISION)), Map.of(), false, false, List.of("a note's earlier text"),
      List.of(new Attribute("Text", AttributeType.S, true, Mutability.FIXED, "the text it had")));

  static final Chart AUTHOR_CHART = new Chart("Author", null, null, Selector.always(),
      new KeyPair(key(TestDomain.AUTHOR), key(TestDomain.AUTHOR)), Map.of(), false, false, List.of("one per author"),
      List.of(new Attribute("NoteCount", AttributeType.N, true, Mutability.ATOMIC, "notes filed under the author")));

  /** An author's NoteCount is the number of notes on its GSI1 partition. */
  static final CounterCheck NOTE_COUNT = new CounterCheck("Author", "author", "authors", "NoteCount", GSI1, "NOTE#",
      "Note item");

  static final EntityModel MODEL = new EntityModel() {
    @Override
    public TableSchema schema() {
      return TestDomain.SCHEMA;
    }

    @Override
    public List<Chart> charts() {
      return List.of(NOTE, REVISION_CHART, AUTHOR_CHART);
    }

    @Override
    public Map<String, Predicate<String>> segmentRules() {
      Map<String, Predicate<String>> rules = new HashMap<>(ModelValidator.standardSegmentRules());
      rules.put("id", s -> s.matches("n[0-9]+"));
      rules.put("author", s -> s.matches("[a-z]+"));
      rules.put("tag", s -> s.matches("[a-z]+"));
      return rules;
    }
  };

  /** The demo data's write time. */
  static final String AT = "2026-01-02T03:04:05.678Z";

  /** Items per Type of the demo dataset. */
  public static final Map<String, Long> DEMO_COUNTS = Map.of("Author", 2L, "Note", 3L, "Revision", 2L);

  private NotesOps() {}

  public static Map<String, AttributeValue> note(String id, String author, String tag, String text) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    String k = TestDomain.NOTE.fill(id);
    item.put(TableSchema.PK, AttributeValue.fromS(k));
    item.put(TableSchema.SK, AttributeValue.fromS(k));
    item.put(TableSchema.TYPE, AttributeValue.fromS("Note"));
    item.put(GSI1.pk(), AttributeValue.fromS(TestDomain.AUTHOR.fill(author)));
    item.put(GSI1.sk(), AttributeValue.fromS(k));
    item.put(GSI2.pk(), AttributeValue.fromS(TestDomain.TAG.fill(tag)));
    item.put(GSI2.sk(), AttributeValue.fromS(k));
    item.put("Author", AttributeValue.fromS(author));
    item.put("Tag", AttributeValue.fromS(tag));
    item.put("Text", AttributeValue.fromS(text));
    item.put(TableSchema.VERSION, AttributeValue.fromN("1"));
    return audited(item);
  }

  static Map<String, AttributeValue> revision(String id, int n, String text) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    item.put(TableSchema.PK, AttributeValue.fromS(TestDomain.NOTE.fill(id)));
    item.put(TableSchema.SK, AttributeValue.fromS(REVISION.fill(String.format("%08d", n))));
    item.put(TableSchema.TYPE, AttributeValue.fromS("Revision"));
    item.put("Text", AttributeValue.fromS(text));
    return audited(item);
  }

  public static Map<String, AttributeValue> author(String author, int notes) {
    Map<String, AttributeValue> item = new LinkedHashMap<>();
    String k = TestDomain.AUTHOR.fill(author);
    item.put(TableSchema.PK, AttributeValue.fromS(k));
    item.put(TableSchema.SK, AttributeValue.fromS(k));
    item.put(TableSchema.TYPE, AttributeValue.fromS("Author"));
    item.put("NoteCount", AttributeValue.fromN(Integer.toString(notes)));
    return audited(item);
  }

  private static Map<String, AttributeValue> audited(Map<String, AttributeValue> item) {
    item.put(TableSchema.SCHEMA_VERSION, AttributeValue.fromN("1"));
    item.put(TableSchema.CREATED_AT, AttributeValue.fromS(AT));
    item.put(TableSchema.UPDATED_AT, AttributeValue.fromS(AT));
    return item;
  }

  /** The demo dataset: ann's notes n1 (two revisions) and n2, bob's n3; n1 and n3 tagged kit. */
  static List<Map<String, AttributeValue>> demo() {
    return List.of(author("ann", 2), author("bob", 1), note("n1", "ann", "kit", "first"),
        note("n2", "ann", "dynamo", "second"), note("n3", "bob", "kit", "third"), revision("n1", 1, "draft"),
        revision("n1", 2, "longer draft"));
  }

  /** The local facet: what scripts/seed writes. */
  public static final LocalDomain LOCAL = new LocalDomain() {
    @Override
    public Domain domain() {
      return TestDomain.DOMAIN;
    }

    @Override
    public Wiring wire(TableGateway table, JwtVerifier verifier) {
      return () -> demo().forEach(table::putIfAbsent);
    }

    @Override
    public String demoSummary() {
      return "notes n1, n2, n3";
    }

    @Override
    public List<String> examples(String baseUrl) {
      return List.of();
    }
  };

  @Override
  public Domain domain() {
    return TestDomain.DOMAIN;
  }

  @Override
  public EntityModel entities() {
    return MODEL;
  }

  @Override
  public List<ReadPattern> readPatterns() {
    return List.of(
        new ReadPattern(TestPattern.TP01, List.of("id"), false, Sample.of(null, "n1"),
            (table, caller, p, page) -> new Page<>(List.of(table.get(TestDomain.note(p.get(0)))
                .orElseThrow(() -> new NotFoundException("note"))), null)),
        new ReadPattern(TestPattern.TP02, List.of("author"), false, Sample.of(null, "ann"),
            (table, caller, p, page) -> table.query(QuerySpec.index(GSI1, TestDomain.AUTHOR.fill(p.get(0)), null),
                page, "TP02")),
        new ReadPattern(TestPattern.TP04, List.of("tag"), false, Sample.of(null, "kit"),
            (table, caller, p, page) -> table.query(QuerySpec.index(GSI2, TestDomain.TAG.fill(p.get(0)), null),
                page, "TP04")),
        // Revisions are their author's: the data-access layer refuses an anonymous caller.
        new ReadPattern(TestPattern.TP05, List.of("id"), true, Sample.of("ann", "n1"),
            (table, caller, p, page) -> table.query(QuerySpec.table(TestDomain.NOTE.fill(p.get(0)), "REV#"),
                page, "TP05")));
  }

  /**
   * Each type's round trip as today's code writes it: keys from the attributes and the key's own
   * segments (ids and names lower case), the audit kept, attributes the model dropped gone.
   */
  @Override
  public BackfillRules backfill() {
    return new BackfillRules() {
      @Override
      public Set<String> types() {
        return Set.of("Author", "Note", "Revision");
      }

      @Override
      public Optional<Map<String, AttributeValue>> remap(Map<String, AttributeValue> item) {
        AttributeValue type = item.get(TableSchema.TYPE);
        if (type == null) {
          return Optional.empty();
        }
        String pk = item.get(TableSchema.PK).s();
        Map<String, AttributeValue> out = switch (type.s()) {
          case "Note" -> note(after(pk, "NOTE#"), s(item, "Author"), s(item, "Tag"), s(item, "Text"));
          case "Revision" -> revision(after(pk, "NOTE#"),
              Integer.parseInt(after(item.get(TableSchema.SK).s(), "REV#")), s(item, "Text"));
          case "Author" -> author(after(pk, "AUTHOR#"), 0);
          default -> null;
        };
        if (out == null) {
          return Optional.empty();
        }
        // what the model reads back as it is: the counter, the version and the audit
        for (String kept : List.of("NoteCount", TableSchema.VERSION, TableSchema.CREATED_AT, TableSchema.UPDATED_AT)) {
          if (out.containsKey(kept)) {
            out.put(kept, item.getOrDefault(kept, out.get(kept)));
          }
        }
        // an attribute the old item lacks stays out of the rewrite, for the chart to judge
        for (String a : List.of("Author", "Tag", "Text")) {
          if (!item.containsKey(a)) {
            out.remove(a);
          }
        }
        return Optional.of(out);
      }
    };
  }

  private static String s(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null || v.s() == null ? "" : v.s();
  }

  private static String after(String key, String prefix) {
    if (!key.startsWith(prefix)) {
      throw new IllegalArgumentException(key + " does not start with " + prefix);
    }
    return key.substring(prefix.length()).toLowerCase(java.util.Locale.ROOT);
  }

  @Override
  public List<CounterCheck> counters() {
    return List.of(NOTE_COUNT);
  }

  @Override
  public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
    sink.accept(author("scale", n));
    for (int i = 0; i < n; i++) {
      sink.accept(note("n" + (1000 + i), "scale", "kit", "note " + i));
    }
  }

  /** Writes the demo dataset, as scripts/seed does. */
  public static void seed(dev.monotable.testing.TestTable table) {
    LOCAL.wire(table.gateway(Clock.systemUTC()), null).seedDemo();
  }
}
