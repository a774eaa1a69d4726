package dev.monotable.kit.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.TestTable;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A pattern with a declared key needs no hand-written call for explore and test-access-patterns,
 * and a domain that gives sample values gets every such read pattern without listing them.
 */
@ExtendWith(DynamoDbExtension.class)
class DeclaredReadPatternTest {

  static final Template SHELF = Template.of("SHELF#{shelf}");
  static final Entity BOOK = Entity.of("Book", SHELF, Template.of("BOOK#{book}"))
      .attributes(Attr.segment("Shelf", "shelf", Pattern.compile("^[a-z]+$"), "its shelf"),
          Attr.segment("Book", "book", Pattern.compile("^[a-z]+$"), "its id"))
      .build();

  @Test
  void getAndList_shouldReadWhatTheirKeysDeclare(TestTable t) {
    TableGateway table = t.gateway(Clock.systemUTC());
    for (String book : List.of("dune", "emma")) {
      t.put(BOOK.toItem(Map.of("shelf", "oak", "book", book)));
    }
    t.put(BOOK.toItem(Map.of("shelf", "elm", "book", "odes")));
    ReadPattern get = ReadPattern.declared(DeclaredPattern.get("B1", "get a book", BOOK), "oak", "emma");
    ReadPattern list = ReadPattern.declared(DeclaredPattern.list("B2", "a shelf's books", BOOK,
        KeyCondition.query(SHELF).beginsWith(Template.of("BOOK#")).descending()), "oak");

    assertEquals(List.of("shelf", "book"), get.params());
    assertEquals(List.of("shelf"), list.params());
    assertEquals(List.of("emma"), books(get.run(table, null, get.sample().params(), PageRequest.first(10)).items()));
    assertEquals(List.of(), get.run(table, null, List.of("oak", "none"), PageRequest.first(10)).items());
    assertEquals(List.of("emma", "dune"),
        books(list.run(table, null, list.sample().params(), PageRequest.first(10)).items()));
  }

  @Test
  void aPlanOrAShortSample_shouldBeRefused() {
    DeclaredPattern plan = DeclaredPattern.of("B3", "shelve", Calls.of(Operation.PUT_ITEM),
        KeyCondition.plan("Put a book"), "book");
    assertThrows(IllegalArgumentException.class, () -> ReadPattern.declared(plan));
    assertThrows(IllegalArgumentException.class,
        () -> ReadPattern.declared(DeclaredPattern.get("B1", "get a book", BOOK), "oak"));
  }

  @Test
  void theDefaultReadPatterns_shouldBeTheKeyedReadsTheSamplesFill() {
    DeclaredPattern get = DeclaredPattern.get("B1", "get a book", BOOK);
    DeclaredPattern list = DeclaredPattern.list("B2", "a shelf's books", BOOK, KeyCondition.query(SHELF));
    DeclaredPattern remove = DeclaredPattern.remove("B3", "remove a book", BOOK);
    DeclaredPattern count = DeclaredPattern.of("B4", "count books", Calls.of(Operation.QUERY),
        KeyCondition.plan("Query every shelf"), "");
    Domain shelves = new Domain() {
      @Override
      public String name() {
        return "Shelves";
      }

      @Override
      public TableSchema schema() {
        return TableSchema.of();
      }

      @Override
      public List<? extends AccessPatternSpec> accessPatterns() {
        return List.of(get, list, remove, count);
      }

      @Override
      public List<Endpoint> endpoints() {
        return List.of();
      }

      @Override
      public List<StreamHandlerDeclaration> streams() {
        return List.of();
      }
    };

    assertEquals(List.of("B1 oak emma", "B2 oak"), described(shelves, Map.of("shelf", "oak", "book", "emma")));
    assertEquals(List.of("B2 oak"), described(shelves, Map.of("shelf", "oak")));
    assertEquals(java.util.Set.of("Book"), ops(shelves, Map.of()).backfill().types(),
        "the plain patterns' entity is backfilled through itself");
  }

  private static List<String> described(Domain domain, Map<String, String> samples) {
    return ops(domain, samples).readPatterns().stream()
        .map(r -> r.ap().name() + " " + String.join(" ", r.sample().params())).toList();
  }

  private static OpsDomain ops(Domain domain, Map<String, String> samples) {
    return new OpsDomain() {
      @Override
      public Domain domain() {
        return domain;
      }

      @Override
      public EntityModel entities() {
        return null;
      }

      @Override
      public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {}

      @Override
      public Map<String, String> samples() {
        return samples;
      }
    };
  }

  private static List<Object> books(List<Map<String, AttributeValue>> items) {
    return items.stream().map(i -> BOOK.values(i).get("book")).toList();
  }
}
