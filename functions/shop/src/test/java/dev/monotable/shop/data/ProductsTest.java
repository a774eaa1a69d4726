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
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Products against the local engine: the exact items S04 writes (the product, its category, its
 * search tokens), S06's one Query newest first in pages, S15's counts, S16's search.
 */
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
    assertEquals(item("PK", "CATEGORIES", "SK", "CATEGORY#books", "Type", "Category", "Category", "books",
        "ProductCount", 1, "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("CATEGORIES", "CATEGORY#books")).orElseThrow());
    for (String token : List.of("dune", "novel")) {
      Map<String, AttributeValue> stored = new HashMap<>(table.item(new Key("TOKEN#" + token, "PRODUCT#" + id))
          .orElseThrow());
      assertEquals(Set.of("dune", "novel"), Set.copyOf(stored.remove("Tokens").ss()));
      assertEquals(item("PK", "TOKEN#" + token, "SK", "PRODUCT#" + id, "Type", "ProductToken", "Token", token,
          "ProductId", id, "Category", "books", "Name", "Dune", "PriceCents", 1299, "CreatedAt", T0, "UpdatedAt", T0,
          "SchemaVersion", 1), stored);
    }
    assertEquals(3, table.scanAll().stream().filter(i -> i.toString().contains(id)).count(),
        "the product and its two tokens: nothing else holds its id");
  }

  @Test
  void categories_shouldCountTheirProductsExactly_inOneQuery() {
    products.create("puzzles", "Jigsaw", null, 2000, 1);
    products.create("puzzles", "Rubik", null, 3000, 1);
    products.create("sky", "Balloon", null, 100, 1);
    // a transaction retried after its answer was lost counts its product once
    String id = (String) products.create("sky", "Kite", null, 500, 1).get("product");
    products.create(Map.of("product", id, "category", "sky", "name", "Kite", "priceCents", 500L, "stock", 1L,
        "createdAt", T0));

    Page<Map<String, AttributeValue>> page = table.gateway(clock).query(ShopPattern.S15.queryFor(Map.of()),
        PageRequest.first(10), "S15");
    List<String> counts = page.items().stream().map(i -> i.get("Category").s() + "=" + i.get("ProductCount").n())
        .toList();
    assertTrue(counts.containsAll(List.of("puzzles=2", "sky=2")), counts.toString());
    assertEquals(counts.stream().sorted().toList(), counts, "by name");
  }

  @Test
  void search_shouldFindEveryWord_normalized_newestFirst_inPages() {
    String cafe = (String) products.create("food", "Crème Brûlée", "The French custard, with caramel", 500, 1)
        .get("product");
    clock.advance(Duration.ofSeconds(1));
    String tart = (String) products.create("food", "Caramel tart", "A tart of the French kind", 400, 1)
        .get("product");
    clock.advance(Duration.ofSeconds(1));
    String sauce = (String) products.create("food", "Caramel sauce", null, 300, 1).get("product");

    assertEquals(List.of(cafe), found(products.search("CREME brulee", PageRequest.first(10))));
    assertEquals(List.of(sauce, tart, cafe), found(products.search("caramel", PageRequest.first(10))));
    assertEquals(List.of(tart, cafe), found(products.search("french CARAMEL", PageRequest.first(10))));
    assertEquals(List.of(), found(products.search("caramel chocolate", PageRequest.first(10))));
    Page<Map<String, Object>> first = products.search("caramel", PageRequest.first(2));
    assertEquals(List.of(sauce, tart), found(first));
    Page<Map<String, Object>> rest = products.search("caramel", new PageRequest(2, first.nextCursor()));
    assertEquals(List.of(cafe), found(rest));
    assertNull(rest.nextCursor());
    assertEquals(List.of("product", "category", "name", "priceCents"), List.copyOf(products.search("tart",
        PageRequest.first(1)).items().get(0).keySet()));
    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> products.search("french caramel", new PageRequest(2, first.nextCursor()))).field(),
        "a cursor of one search does not page another");
    for (String bad : List.of("", "the a of", "x", "one two three four five six")) {
      assertEquals("q", assertThrows(ValidationException.class, () -> products.search(bad, PageRequest.first(5)))
          .field(), bad);
    }
  }

  @Test
  void searchTokens_shouldBeNormalizedAndBounded() {
    assertEquals(List.of("creme", "brulee", "cafe"), SearchTokens.ofProduct("Crème  BRÛLÉE", "the café, a crème"));
    StringBuilder many = new StringBuilder();
    for (int i = 0; i < 40; i++) {
      many.append("word").append((char) ('a' + i % 26)).append(i / 26).append(' ');
    }
    assertEquals(SearchTokens.MAX_PER_PRODUCT, SearchTokens.ofProduct("Name", many.toString()).size());
    assertEquals("name", SearchTokens.ofProduct("Name", many.toString()).get(0), "the name's tokens first");
    assertEquals(List.of("x".repeat(30)), SearchTokens.ofProduct("x".repeat(50), null));
    assertEquals("brulee", SearchTokens.leading(List.of("creme", "brulee")));
  }

  private static List<Object> found(Page<Map<String, Object>> page) {
    return page.items().stream().map(i -> i.get("product")).toList();
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
    int others = table.itemsOfType("Category").size() + table.itemsOfType("ProductToken").size();
    assertEquals("category", assertThrows(ValidationException.class,
        () -> products.create("a#PRODUCT#b", "X", null, 1, 1)).field());
    assertEquals("category", assertThrows(ValidationException.class,
        () -> products.create("Books", "X", null, 1, 1)).field());
    assertEquals(before, table.itemsOfType("Product").size());
    assertEquals(others, table.itemsOfType("Category").size() + table.itemsOfType("ProductToken").size());
    assertTrue(table.itemsOfType("Product").stream().noneMatch(i -> i.get("Name").s().equals("X")));
  }

  private static List<String> ids(Page<Map<String, AttributeValue>> page) {
    return page.items().stream().map(i -> i.get("ProductId").s()).toList();
  }
}
