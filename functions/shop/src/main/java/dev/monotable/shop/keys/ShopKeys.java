package dev.monotable.shop.keys;

import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Template;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

/** Every key template of Shop's table and the rule of each user value that becomes a key segment. */
public final class ShopKeys {

  /** A customer's partition and item (seed 004 §8.1); GSI1's partition of the customer's orders. */
  public static final Template CUSTOMER = Template.of("CUSTOMER#{username}");
  /** An e-mail address: the customer's GSI1 key (§8.1), and the item that keeps the address unique. */
  public static final Template EMAIL = Template.of("EMAIL#{email}");
  /** A product's partition and item (§8.1); also an order line's sort key, under its order. */
  public static final Template PRODUCT = Template.of("PRODUCT#{product}");
  /** A category: GSI1's partition of its products (§8.1), newest first by their ULID sort keys. */
  public static final Template CATEGORY = Template.of("CATEGORY#{category}");
  /** The products of a category in GSI1. */
  public static final Template PRODUCTS = Template.of("PRODUCT#");
  /** A customer's cart: one item in a partition of its own, its lines a map (see relationship-decisions.md). */
  public static final Template CART = Template.of("CART#{username}");
  /** An order's partition: the order item and its lines; also the order's sort key in its customer's GSI1 partition. */
  public static final Template ORDER = Template.of("ORDER#{order}");
  /** An order line, under its order. */
  public static final Template LINE = Template.of("LINE#{product}");
  /** The receipt of an order's confirmation (ST3), in the order's partition. */
  public static final Template CONFIRMATION = Template.of("CONFIRMATION");
  /** The orders of a customer in GSI1. */
  public static final Template ORDERS = Template.of("ORDER#");

  /** GSI2: one shard of the list of every customer (S14), by username; see {@link #customerShard}. */
  public static final Template CUSTOMERS = Template.of("CUSTOMERS#{shard}");
  /** The customers of a shard in GSI2. */
  public static final Template CUSTOMER_PREFIX = Template.of("CUSTOMER#");
  /** The partition of the category items (S15): one per category, its sort key {@link #CATEGORY}. */
  public static final Template CATEGORIES = Template.of("CATEGORIES");
  /** The category items of {@link #CATEGORIES}. */
  public static final Template CATEGORY_ITEMS = Template.of("CATEGORY#");
  /** A search token's partition (S16): one item per product whose name or description holds it. */
  public static final Template TOKEN = Template.of("TOKEN#{token}");
  /** A review, in its product's partition (seed 004 §8.1): newest first by its ULID (S18). */
  public static final Template REVIEW = Template.of("REVIEW#{review}");
  /** The reviews of a product, in its partition. */
  public static final Template REVIEWS = Template.of("REVIEW#");
  /** The claim of a customer's one review of a product, in the product's partition (S17). */
  public static final Template REVIEWER = Template.of("REVIEWER#{username}");
  /** The receipt of a stream record ST1 counted into a product's rating, in the product's partition. */
  public static final Template RATED = Template.of("RATED#{record}");

  /** Shards of the customer list in GSI2 (S14): a customer's shard is a stable hash of its username. */
  public static final int CUSTOMER_SHARDS = 4;
  /**
   * GSI2 (shared with the customer listing, whose keys start otherwise): one write shard of the
   * orders in a state an admin acts on (placed, paid, shipped; sparse: delivered, cancelled and
   * refunded orders leave the index). Sorted by the order's ULID sort key ({@link #ORDER}).
   */
  public static final Template ORDER_STATUS = Template.of("STATUS#{status}#{shard}");

  /** Write shards of each status's GSI2 partition; a page of S28 reads one shard (relationship-decisions.md). */
  public static final int STATUS_SHARDS = 4;

  /** A year's sales by day (ST2 keeps them): one partition per calendar year, so a range of days is one Query. */
  public static final Template SALES_YEAR = Template.of("SALES#{year}");
  /** One day's sales, under its year. */
  public static final Template SALES_DAY = Template.of("DAY#{day}");
  /** A month's sales per product (ST2): one partition per month, one item per product sold. */
  public static final Template PRODUCT_SALES = Template.of("PRODUCTSALES#{month}");
  /** GSI1: a month's products ranked by units sold, highest first (S30). */
  public static final Template TOP_PRODUCTS = Template.of("TOPPRODUCTS#{month}");
  /** GSI1: a product's rank key, its units zero-padded to 10 digits so the string order is the number's. */
  public static final Template RANKED = Template.of("UNITS#{units}#{product}");
  /** A month's ranked products in GSI1. */
  public static final Template UNITS = Template.of("UNITS#");
  /** The receipt of a stream record ST2 counted (TTL two days). */
  public static final Template COUNTED_SALE = Template.of("COUNTEDSALE#{record}");

  /** Usernames: 1-39 lower-case letters, digits or inner hyphens. */
  public static final Pattern USERNAME = Pattern.compile("^[a-z0-9](?:[a-z0-9-]{0,37}[a-z0-9])?$");
  /** E-mail addresses as keys: the kit's one rule ({@link Segments#EMAIL_ADDRESS}). */
  public static final Pattern EMAIL_ADDRESS = Segments.EMAIL_ADDRESS;
  /** Product ids: ULIDs (48-bit time first, Crockford base32), so a category lists its newest first. */
  public static final Pattern PRODUCT_ID = Pattern.compile("^[0-9A-HJKMNP-TV-Z]{26}$");
  /** Categories: 1-40 lower-case letters, digits or inner hyphens. */
  public static final Pattern CATEGORY_NAME = Pattern.compile("^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$");
  /** Days: {@code yyyy-mm-dd}. */
  public static final Pattern DAY = Pattern.compile("^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$");
  /** Months: {@code yyyy-mm}. */
  public static final Pattern MONTH = Pattern.compile("^[0-9]{4}-(0[1-9]|1[0-2])$");
  /** Years: four digits. */
  public static final Pattern YEAR = Pattern.compile("^[0-9]{4}$");
  /** A stream record's id as a key segment. */
  public static final Pattern RECORD = Pattern.compile("^[A-Za-z0-9-]{1,128}$");
  /** Order ids: ULIDs, so a customer's orders sort by time. */
  public static final Pattern ORDER_ID = Pattern.compile("^[0-9A-HJKMNP-TV-Z]{26}$");

  /** Search tokens: 2-30 lower-case ASCII letters or digits (what {@code SearchTokens} makes of a word). */
  public static final Pattern SEARCH_TOKEN = Pattern.compile("^[a-z0-9]{2,30}$");
  /** Review ids: ULIDs, so a product's reviews sort by time. */
  public static final Pattern REVIEW_ID = Pattern.compile("^[0-9A-HJKMNP-TV-Z]{26}$");
  /** Stream record ids (eventID): letters, digits and hyphens. */
  public static final Pattern RECORD_ID = Pattern.compile("^[A-Za-z0-9-]{1,128}$");

  /**
   * The customer list's shard of {@code username}: CRC-32 of the username modulo
   * {@link #CUSTOMER_SHARDS}, the same on every write and every JVM.
   */
  public static int customerShard(String username) {
    java.util.zip.CRC32 crc = new java.util.zip.CRC32();
    crc.update(username.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    return (int) (crc.getValue() % CUSTOMER_SHARDS);
  }

  private ShopKeys() {}

  /**
   * The status shard of an order: CRC-32 of its id modulo {@link #STATUS_SHARDS}, so an order
   * stays in its shard through every state, and orders spread evenly over the shards.
   */
  public static int statusShard(String order) {
    CRC32 crc = new CRC32();
    crc.update(order.getBytes(StandardCharsets.UTF_8));
    return (int) (crc.getValue() % STATUS_SHARDS);
  }
}
