package dev.monotable.shop.data;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.shop.Shop;
import dev.monotable.shop.ShopPattern;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Products against the local engine: the exact item S04 writes, S06's one Query newest first in pages. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class ProductsTest {
  private static final String T0 = "2090-01-02T03:04:05.678Z";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Products products;

  ProductsTest(TestTable table) {
    this.table = table;
    this.products = new Products(table.gateway(clock));
  }

  @Test
  void create_shouldWriteTheProduct_exactly_inItsCategoryOfGsi1() {
    String id = (String) products.create("books", "Dune", "A novel", 1299, 5).get("product");

    assertEquals(item("PK", "PRODUCT#" + id, "SK", "PRODUCT#" + id, "GSI1PK", "CATEGORY#books",
        "GSI1SK", "PRODUCT#" + id, "Type", "Product", "ProductId", id, "Category", "books", "Name", "Dune",
        "Description", "A novel", "PriceCents", 1299, "Stock", 5, "CreatedAt", T0, "UpdatedAt", T0,
        "SchemaVersion", 1), table.item(new Key("PRODUCT#" + id, "PRODUCT#" + id)).orElseThrow());
  }

  @Test
  void byCategory_shouldListNewestFirst_inPages_andNoOtherCategory() {
    String first = (String) products.create("games", "Chess", null, 2000, 1).get("product");
    clock.advance(Duration.ofSeconds(1));
    String second = (String) products.create("games", "Go", null, 3000, 1).get("product");
    clock.advance(Duration.ofSeconds(1));
    String third = (String) products.create("games", "Shogi", null, 4000, 1).get("product");
    products.create("toys", "Yo-yo", null, 100, 1);

    Page<Map<String, AttributeValue>> page = table.gateway(clock).query(
        ShopPattern.S06.queryFor(Map.of("category", "games")), PageRequest.first(2), "S06");
    assertEquals(List.of(third, second), ids(page));
    Page<Map<String, AttributeValue>> rest = table.gateway(clock).query(
        ShopPattern.S06.queryFor(Map.of("category", "games")), new PageRequest(2, page.nextCursor()), "S06");
    assertEquals(List.of(first), ids(rest));
    assertNull(rest.nextCursor());
  }

  @Test
  void aCategoryThatWouldChangeTheKey_shouldBeRefused_andWriteNothing() {
    int before = table.itemsOfType("Product").size();
    assertEquals("category", assertThrows(ValidationException.class,
        () -> products.create("a#PRODUCT#b", "X", null, 1, 1)).field());
    assertEquals("category", assertThrows(ValidationException.class,
        () -> products.create("Books", "X", null, 1, 1)).field());
    assertEquals(before, table.itemsOfType("Product").size());
    assertTrue(table.itemsOfType("Product").stream().noneMatch(i -> i.get("Name").s().equals("X")));
  }

  private static List<String> ids(Page<Map<String, AttributeValue>> page) {
    return page.items().stream().map(i -> i.get("ProductId").s()).toList();
  }
}
