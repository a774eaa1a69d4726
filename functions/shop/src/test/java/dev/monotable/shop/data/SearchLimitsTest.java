package dev.monotable.shop.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.bench.ItemSize;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.shop.Shop;
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

/**
 * What the in-table search index (S16) costs and where it stops scaling, measured on the local
 * engine: the items and write units of one product, and a hot token's partition read page by page.
 * The figures are printed for docs/shop/search.md and pinned, so a change of the index shows here.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class SearchLimitsTest {
  private static final String DESCRIPTION = "A sturdy hand-stitched leather messenger bag for laptops up to "
      + "fifteen inches, with a padded sleeve, brass buckles, an adjustable shoulder strap, two front pockets, "
      + "a hidden zip compartment and a water-resistant waxed canvas lining; made in Portugal.";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at("2090-01-02T03:04:05.678Z");
  private final Products products;

  SearchLimitsTest(TestTable table) {
    this.table = table;
    this.products = new Products(table.gateway(clock));
  }

  @Test
  void oneProduct_writesItsItemItsCategoryAndAtMostSixteenTokens() {
    String id = (String) products.create("bags", "Leather messenger bag", DESCRIPTION, 12900, 4).get("product");
    List<Map<String, AttributeValue>> tokens = table.itemsOfType("ProductToken").stream()
        .filter(i -> i.get("ProductId").s().equals(id)).toList();
    long tokenBytes = tokens.stream().mapToLong(ItemSize::of).max().orElseThrow();
    long productBytes = ItemSize.of(table.itemsOfType("Product").stream()
        .filter(i -> i.get("ProductId").s().equals(id)).findFirst().orElseThrow());
    // A transaction bills 2 WCU per KB of each action; the product's GSI1 copy 1 WCU per KB more.
    long actions = 2 + tokens.size();
    long wcu = 2 * actions + 1;
    System.out.printf("search index: %d words in the description, %d tokens kept, %d items in one "
            + "TransactWriteItems (%d actions), largest token item %d B, product item %d B, about %d WCU per "
            + "product (2 per action + 1 for GSI1)%n", DESCRIPTION.split("\\s+").length,
        tokens.size(), actions, actions, tokenBytes, productBytes, wcu);
    assertEquals(SearchTokens.MAX_PER_PRODUCT, tokens.size(), "the cap holds");
    assertTrue(tokenBytes < 1024, "each token item is one write unit: " + tokenBytes);
    assertEquals(37, wcu);
  }

  @Test
  void aHotToken_isReadPageByPage_andTheOtherWordsOnlyFilter() {
    int products = 240;
    for (int i = 0; i < products; i++) {
      clock.advance(Duration.ofMillis(1));
      // every product holds "vintage"; one in 40 also holds "opaline"
      this.products.create("lamps", "Vintage lamp " + i, i % 40 == 0 ? "opaline" : "glass", 5000, 1);
    }
    int pages = 0;
    int read = 0;
    int found = 0;
    String cursor = null;
    do {
      Page<Map<String, Object>> p = this.products.search("vintage opaline", new PageRequest(30, cursor));
      pages++;
      found += p.items().size();
      read += 30;
      cursor = p.nextCursor();
    } while (cursor != null);
    // "vintage" leads (the first of the two longest words): its partition is read whole, "opaline" only filters
    System.out.printf("hot token: %d products under \"vintage\", a search of \"vintage opaline\" found %d in %d "
        + "pages of 30, reading about %d items%n", products, found, pages, Math.min(read, products));
    assertEquals(products / 40, found);
    // Every page of the leading word's partition; DynamoDB adds an empty last page when the partition
    // ends exactly at a page's limit (it returns a LastEvaluatedKey), the local engine does not.
    assertTrue(pages == products / 30 || pages == products / 30 + 1, "pages: " + pages);
    Page<Map<String, Object>> rare = this.products.search("opaline", PageRequest.first(30));
    assertEquals(products / 40, rare.items().size(), "led by the rare word: one page");
  }
}
