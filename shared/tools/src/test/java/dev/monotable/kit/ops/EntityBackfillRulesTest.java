package dev.monotable.kit.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.entity.Entity;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A domain of plain entities backfills each item as its entity writes it, without a rule of its own. */
class EntityBackfillRulesTest {

  static final Entity BOOK = DeclaredReadPatternTest.BOOK;

  @Test
  void anItemOfADeclaredEntity_shouldBeRewrittenAsTheEntityWritesIt() {
    BackfillRules rules = BackfillRules.of(BOOK);
    Map<String, AttributeValue> today = BOOK.toItem(Map.of("shelf", "oak", "book", "dune"));
    Map<String, AttributeValue> old = new HashMap<>(today);
    old.put("Leftover", AttributeValue.fromS("dropped by the rewrite"));
    old.remove("SK");

    assertEquals(Set.of("Book"), rules.types());
    assertEquals(Optional.of(today), rules.remap(old));
  }

  @Test
  void anItemOfAnotherTypeOrNone_shouldBeLeftAlone() {
    BackfillRules rules = BackfillRules.of(BOOK);
    assertEquals(Optional.empty(), rules.remap(Map.of("Type", AttributeValue.fromS("Shelf"))));
    assertEquals(Optional.empty(), rules.remap(Map.of("PK", AttributeValue.fromS("SHELF#oak"))));
  }
}
