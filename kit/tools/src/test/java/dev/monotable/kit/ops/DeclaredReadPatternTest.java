package dev.monotable.kit.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Template;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.TestTable;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A pattern with a declared key needs no hand-written call for explore and test-access-patterns. */
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

  private static List<Object> books(List<Map<String, AttributeValue>> items) {
    return items.stream().map(i -> BOOK.values(i).get("book")).toList();
  }
}
