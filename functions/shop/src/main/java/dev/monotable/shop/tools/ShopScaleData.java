package dev.monotable.shop.tools;

import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.shop.data.SearchTokens;
import dev.monotable.shop.model.Customer;
import dev.monotable.shop.model.Product;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Shop's synthetic scale data ({@code scripts/seed --domain shop --scale N}, the bench's scale runs):
 * the items the data-access layer writes, built from the same entities. Seed 004 §3.1's proportions:
 * one customer (and the claim of its address) per {@value #PRODUCTS_PER_CUSTOMER} products; each
 * product in one of {@value #CATEGORIES} categories, with one search token item per token of its name
 * (the create path's {@link SearchTokens#ofProduct}); after the products, each category's item with
 * its exact {@code ProductCount}, as the products' transactions would have added it.
 */
public final class ShopScaleData {

  static final int PRODUCTS_PER_CUSTOMER = 100;
  static final int CATEGORIES = 100;
  /** The adjective of a product's name: 20 search partitions of n/20 products each. */
  static final List<String> ADJECTIVES = List.of("amber", "brisk", "coral", "dusky", "ember", "frosty", "golden",
      "hazel", "ivory", "jade", "khaki", "lunar", "misty", "nordic", "olive", "plum", "quartz", "rustic", "scarlet",
      "teal");
  /** The noun of a product's name: 50 search partitions of n/50 products each. */
  static final List<String> NOUNS = List.of("kite", "lamp", "mug", "vase", "scarf", "glove", "boot", "bowl", "clock",
      "desk", "chair", "stool", "rug", "quilt", "pillow", "kettle", "pan", "knife", "spoon", "plate", "jar", "basket",
      "brush", "comb", "mirror", "frame", "candle", "soap", "towel", "apron", "hat", "belt", "wallet", "satchel",
      "tote", "pen", "pencil", "notebook", "globe", "puzzle", "drum", "flute", "yoyo", "marble", "kayak", "tent",
      "lantern", "compass", "hammock", "bicycle");
  /** Extra words of the last product's name: they take up the items a size leaves over. */
  static final List<String> EXTRAS = List.of("deluxe", "bundle", "classic", "compact", "edition");
  /** The fewest items: one product, its two tokens and its category, one customer and its claim. */
  static final int MIN_ITEMS = 6;

  private ShopScaleData() {}

  /** The username of scale customer {@code k}. */
  public static String customer(long seed, int k) {
    return "scale-" + seed + "-" + k;
  }

  /** The id of scale product {@code i}: a ULID of its creation time. */
  public static String product(long seed, int i) {
    return Ulid.derived(ShopDev.DEMO_TIME.plusSeconds(i), seed + "-" + i);
  }

  /** The category of scale product {@code i}. */
  public static String category(long seed, int i) {
    return "scale-" + seed + "-c" + (i % CATEGORIES);
  }

  /** The name of scale product {@code i}, before the last product's extra words. */
  static String name(int i) {
    return ADJECTIVES.get(i % ADJECTIVES.size()) + " " + NOUNS.get((i / ADJECTIVES.size()) % NOUNS.size());
  }

  /** The items of {@code p} products with two tokens each, their customers and their categories. */
  static long itemsOf(long p) {
    return 3 * p + 2 * ((p + PRODUCTS_PER_CUSTOMER - 1) / PRODUCTS_PER_CUSTOMER) + Math.min(p, CATEGORIES);
  }

  /** The products of a size: the most whose items fit; the last product's extra words fill the rest. */
  static int products(int n) {
    if (n < MIN_ITEMS) {
      throw new IllegalArgumentException("Shop's scale data needs at least " + MIN_ITEMS + " items (one product, its "
          + "tokens and category, one customer), not " + n);
    }
    int lo = 1;
    int hi = n;
    while (lo < hi) {
      int mid = (int) (((long) lo + hi + 1) / 2);
      if (itemsOf(mid) <= n) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** Exactly {@code n} items, the same for the same seed and n; written in this order, streamed. */
  public static void generate(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
    int products = products(n);
    int extra = (int) (n - itemsOf(products));
    for (int i = 0; i < products; i++) {
      String at = Timestamps.format(ShopDev.DEMO_TIME.plusSeconds(i));
      if (i % PRODUCTS_PER_CUSTOMER == 0) {
        int k = i / PRODUCTS_PER_CUSTOMER;
        Map<String, Object> c = Map.of("username", customer(seed, k), "email", customer(seed, k) + "@example.com",
            "name", "Customer " + k, "createdAt", at);
        sink.accept(Customer.ENTITY.toItem(c));
        sink.accept(Customer.EMAIL_CLAIM.toItem(c));
      }
      String name = name(i);
      if (i == products - 1 && extra > 0) {
        name += " " + String.join(" ", EXTRAS.subList(0, extra));
      }
      // As Products.create writes them: the product, then one item per token of its name.
      Map<String, Object> values = new HashMap<>(Map.of("product", product(seed, i), "category", category(seed, i),
          "name", name, "priceCents", 100L + i % 10_000, "stock", 1000L, "createdAt", at));
      Map<String, AttributeValue> item = Product.ENTITY.toItem(values);
      sink.accept(item);
      List<String> tokens = SearchTokens.ofProduct(name, null);
      for (String token : tokens) {
        sink.accept(Product.TOKEN.toItem(Map.of("token", token, "product", values.get("product"),
            "category", values.get("category"), "name", name, "priceCents", values.get("priceCents"),
            "tokens", AttributeValue.fromSs(tokens), "createdAt", at)));
      }
    }
    // Each category's item: ADD 1 per product, created with the first, last changed with the last.
    for (int c = 0; c < Math.min(products, CATEGORIES); c++) {
      long count = products / CATEGORIES + (c < products % CATEGORIES ? 1 : 0);
      int last = (int) (c + (count - 1) * CATEGORIES);
      sink.accept(Product.CATEGORY.toItem(Map.of("category", category(seed, c), "productCount", count,
          "createdAt", Timestamps.format(ShopDev.DEMO_TIME.plusSeconds(c)),
          "updatedAt", Timestamps.format(ShopDev.DEMO_TIME.plusSeconds(last)))));
    }
  }
}
