package dev.monotable.shop.charts;

import dev.monotable.shop.Shop;
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.kit.entity.Entity;
import dev.monotable.shop.model.Cart;
import dev.monotable.shop.model.Customer;
import dev.monotable.shop.model.Order;
import dev.monotable.shop.model.Product;
import dev.monotable.shop.model.Review;
import dev.monotable.shop.model.Sales;
import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.AttributeType;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Mutability;
import dev.monotable.kit.charts.ChartTypes.Selector;
import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/** Shop's entity charts: the docs print them, the validator holds every item to them. */
public final class ShopCharts implements EntityModel {

  /** Every entity of Shop, for the key-segment rules. */
  private static final List<Entity> ENTITIES = List.of(Customer.ENTITY, Customer.EMAIL_CLAIM, Product.ENTITY, Cart.ENTITY, Order.ENTITY, Order.LINE,
      Product.CATEGORY, Product.TOKEN, Review.ENTITY, Review.CLAIM, Review.RECEIPT, Order.CONFIRMATION, Sales.DAY,
      Sales.PRODUCT_MONTH, Sales.RECEIPT);

  private static final List<Chart> CHARTS = List.of(
      Chart.of(Customer.ENTITY, Customer.class, List.of("one item per customer, in the customer's partition")),
      Chart.of(Customer.EMAIL_CLAIM, Customer.class,
          List.of("keeps an e-mail address to one customer; written with the customer")),
      Chart.of(Product.ENTITY, Product.class, List.of("one item per product; in its category's GSI1 partition, "
          + "newest first by its ULID")),
      Chart.of(Cart.ENTITY, Cart.class, List.of("one item per customer; TTL seven days after its last change; "
          + "read as empty once expired")),
      Chart.of(Order.ENTITY, "open", Order.class, List.of("the head of its own partition; in its customer's GSI1 "
          + "partition, newest first by its ULID", "written by the checkout's one transaction",
          "placed, paid or shipped: in its status's GSI2 shard (S28)")),
      Chart.of(Order.ENTITY, "closed", Order.class, List.of("delivered, cancelled or refunded: out of GSI2 "
          + "(the same UpdateItem removes its GSI2 keys and sets ClosedAt)")),
      Chart.of(Order.LINE, Order.class, List.of("one per cart line, in its order's partition",
          "name and price copied from the product at checkout")),
      Chart.of(Order.CONFIRMATION, Order.class, List.of("in its order's partition: ST3 puts it after handing the "
          + "confirmation to the outlet, so a redelivered record sends nothing")),
      idempotencyRecord(),
      Chart.of(Product.CATEGORY, Product.class, List.of("one item per category in the partition CATEGORIES",
          "written in each product's transaction: ADD ProductCount 1")),
      Chart.of(Product.TOKEN, Product.class, List.of("the search index: one item per token of a product's name and "
          + "description (at most 16), written in the product's transaction")),
      Chart.of(Review.ENTITY, Review.class, List.of("in its product's partition, newest first by its ULID",
          "ST1 counts it into the product's RatingCount and RatingTotal")),
      Chart.of(Review.CLAIM, Review.class, List.of("one per customer and product: written with the review")),
      Chart.of(Review.RECEIPT, Review.class, List.of("written by ST1 in the transaction that counts the review",
          "TTL = counted + 48 hours, past the stream's 24-hour retention")),
      Chart.of(Sales.DAY, Sales.class, List.of("one per day with orders, under its year's partition; ST2 moves it "
          + "by ADD only")),
      Chart.of(Sales.PRODUCT_MONTH, Sales.class, List.of("one per product sold in a month; ST2 moves it by ADD, "
          + "then sets its GSI1 rank key to its units (conditioned on the units it read)")),
      Chart.of(Sales.RECEIPT, Sales.class, List.of("one per stream record ST2 counted, in the counts' transaction",
          "TTL = counted + 48 hours")));

  /** The kit's record of a create sent with an Idempotency-Key (the checkout writes it in its transaction). */
  private static Chart idempotencyRecord() {
    ChartKey key = new ChartKey(IdempotencyRecord.TEMPLATE, Map.of());
    Mutability fixed = Mutability.FIXED;
    AttributeType s = AttributeType.S;
    return new Chart(IdempotencyRecord.TYPE, null, IdempotencyRecord.class, Selector.always(), new KeyPair(key, key),
        Map.of(), false, true,
        List.of("written in the same transaction as the order it created", "TTL = created + 24 hours"),
        List.of(new Attribute("Username", s, true, fixed, "the caller who sent the key"),
            new Attribute("IdempotencyKey", s, true, fixed, "the key, case kept"),
            new Attribute("Route", s, true, fixed, "route key of the request"),
            new Attribute("RequestHash", s, true, fixed, "SHA-256 of the request's path and body (base64url)"),
            new Attribute("TargetPK", s, true, fixed, "table PK of the order"),
            new Attribute("TargetSK", s, true, fixed, "table SK of the order")));
  }

  public static final ShopCharts MODEL = new ShopCharts();
  public static final ModelValidator VALIDATOR = new ModelValidator(MODEL);

  private ShopCharts() {}

  @Override
  public TableSchema schema() {
    return Shop.SCHEMA;
  }

  @Override
  public List<Chart> charts() {
    return CHARTS;
  }

  @Override
  public Map<String, Predicate<String>> segmentRules() {
    Map<String, Predicate<String>> rules = new LinkedHashMap<>(ModelValidator.standardSegmentRules());
    for (Entity e : ENTITIES) {
      rules.putAll(e.segmentRules());
    }
    // the write shards (customers, order statuses) are derived, no attribute: their rule is the range of the hash
    rules.put("shard", v -> v.matches("^[0-9]{1,3}$")
        && Integer.parseInt(v) < Math.max(ShopKeys.CUSTOMER_SHARDS, ShopKeys.STATUS_SHARDS));
    // the sales' year partition and rank key are derived from the day and the units
    rules.put("year", v -> v.matches("^[0-9]{4}$"));
    rules.put("units", v -> v.matches("^[0-9]{" + Sales.UNITS_DIGITS + "}$"));
    return rules;
  }
}
