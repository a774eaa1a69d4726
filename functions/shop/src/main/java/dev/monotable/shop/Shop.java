package dev.monotable.shop;

import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import dev.monotable.shop.model.Cart;
import dev.monotable.shop.model.Customer;
import dev.monotable.shop.model.Order;
import dev.monotable.shop.model.Product;
import dev.monotable.shop.model.Review;
import dev.monotable.shop.keys.ShopKeys;
import java.util.Set;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import java.util.List;

/**
 * Shop as the kit sees it: its table, its access patterns and its routes. Written by
 * {@code scripts/new-domain shop}; grow it one access pattern at a time (docs/new-domain.md).
 */
public final class Shop implements Domain {

  /** The table: GSI1 is overloaded as in seed 004 §8.1 (docs/shop/relationship-decisions.md). */
  public static final TableSchema SCHEMA = TableSchema.of(new Index(Gsi.GSI1,
      "customers by e-mail address (S03), products by category (S06), a customer's orders (S12), a month's "
          + "best-selling products (S30)"),
      new Index(Gsi.GSI2, "every customer, write-sharded in CUSTOMERS#{shard} partitions (S14); open orders by "
          + "status in write shards, STATUS#{status}#{shard} (S28, sparse)"));

  public static final Shop DOMAIN = new Shop();

  /**
   * The user pool group of the shop's administrators: finding customers by e-mail, creating
   * products, shipping, delivering and refunding orders, listing orders by status.
   */
  public static final String ADMINS = "admins";

  private static final String HANDLERS = "dev.monotable.shop.functions.";

  private Shop() {}

  @Override
  public String name() {
    return "Shop";
  }

  @Override
  public List<String> userGroups() {
    return List.of(ADMINS);
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return ShopPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    // Each route is granted what its pattern's declaration says it calls; its body is declared here once.
    String customer = "/customers/{username}";
    return List.of(
        Endpoint.route("PUT", customer, Auth.REQUIRED, ShopPattern.S01)
            .ownedBy("username")
            .withBody(BodyField.email("email").required(),
                BodyField.text("name", 1, Customer.NAME_MAX).nonBlank().required()),
        Endpoint.plain("GET", customer, Auth.REQUIRED, ShopPattern.S02).ownedBy("username"),
        Endpoint.route("GET", "/emails/{email}/customer", Auth.REQUIRED,
            ShopPattern.S03).forGroup(ADMINS),
        // S04 is a transaction: the product's Put, its category's Update and its search tokens' Puts.
        new Endpoint("POST", "/products", Endpoint.ROUTE_HANDLER, Auth.REQUIRED, List.of(ShopPattern.S04),
            Set.of(DynamoAction.PUT_ITEM, DynamoAction.UPDATE_ITEM), Set.of()).forGroup(ADMINS)
            .withBody(BodyField.matching("category", ShopKeys.CATEGORY_NAME.pattern(), 40).keySegment("category")
                    .required(),
                BodyField.text("name", 1, Product.NAME_MAX).nonBlank().required(),
                BodyField.text("description", 1, Product.DESCRIPTION_MAX),
                BodyField.integer("priceCents", 0, Product.PRICE_MAX).required(),
                BodyField.integer("stock", 0, Product.STOCK_MAX).required()),
        Endpoint.plain("GET", "/products/{product}", Auth.NONE, ShopPattern.S05),
        Endpoint.plain("GET", "/categories/{category}/products", Auth.NONE, ShopPattern.S06),
        Endpoint.route("PUT", customer + "/cart/{product}", Auth.REQUIRED,
            ShopPattern.S07).ownedBy("username")
            .withBody(BodyField.integer("quantity", 1, Cart.QUANTITY_MAX).required()),
        Endpoint.route("DELETE", customer + "/cart/{product}", Auth.REQUIRED,
            ShopPattern.S08).ownedBy("username"),
        Endpoint.route("GET", customer + "/cart", Auth.REQUIRED, ShopPattern.S09)
            .ownedBy("username"),
        // S10 is a transaction: IAM authorises its ConditionCheck, Puts, Updates and Delete, so the route names
        // its actions.
        new Endpoint("POST", customer + "/orders", Endpoint.ROUTE_HANDLER, Auth.REQUIRED,
            List.of(ShopPattern.S10), Set.of(DynamoAction.BATCH_GET_ITEM, DynamoAction.GET_ITEM, DynamoAction.QUERY,
                DynamoAction.CONDITION_CHECK_ITEM, DynamoAction.PUT_ITEM, DynamoAction.UPDATE_ITEM,
                DynamoAction.DELETE_ITEM), Set.of())
            .ownedBy("username")
            .withBody(BodyField.matching("idempotencyKey", Segments.IDEMPOTENCY_KEY.pattern(), 64)),
        Endpoint.route("GET", customer + "/orders/{order}", Auth.REQUIRED,
            ShopPattern.S11).ownedBy("username"),
        Endpoint.plain("GET", customer + "/orders", Auth.REQUIRED, ShopPattern.S12).ownedBy("username"),
        Endpoint.route("PATCH", customer, Auth.REQUIRED, ShopPattern.S13)
            .ownedBy("username")
            .withBody(BodyField.email("email"),
                BodyField.text("name", 1, Customer.NAME_MAX).nonBlank()),
        Endpoint.route("GET", "/customers", Auth.REQUIRED, ShopPattern.S14)
            .forGroup(ADMINS),
        Endpoint.plain("GET", "/categories", Auth.NONE, ShopPattern.S15),
        Endpoint.route("GET", "/search", Auth.NONE, ShopPattern.S16),
        Endpoint.route("POST", "/products/{product}/reviews", Auth.REQUIRED,
            ShopPattern.S17)
            .withBody(BodyField.integer("rating", Review.RATING_MIN, Review.RATING_MAX).required(),
                BodyField.text("text", 1, Review.TEXT_MAX)),
        Endpoint.plain("GET", "/products/{product}/reviews", Auth.NONE, ShopPattern.S18),
        // S26 is a transaction: IAM authorises its Updates, so the route names its actions.
        new Endpoint("POST", customer + "/orders/{order}/status", Endpoint.ROUTE_HANDLER, Auth.REQUIRED,
            List.of(ShopPattern.S25, ShopPattern.S26), Set.of(DynamoAction.QUERY, DynamoAction.UPDATE_ITEM), Set.of())
            .ownedBy("username")
            .withBody(BodyField.oneOf("status", Order.targetsOf(Order.Actor.OWNER)).required()),
        Endpoint.route("POST", "/orders/{order}/status", Auth.REQUIRED,
            ShopPattern.S27).forGroup(ADMINS)
            .withBody(BodyField.oneOf("status", Order.targetsOf(Order.Actor.ADMIN)).required()),
        Endpoint.route("GET", "/statuses/{status}/orders", Auth.REQUIRED,
            ShopPattern.S28).forGroup(ADMINS),
        Endpoint.route("GET", "/sales/days", Auth.REQUIRED, ShopPattern.S29)
            .forGroup(ADMINS),
        Endpoint.route("GET", "/sales/months/{month}/products", Auth.REQUIRED,
            ShopPattern.S30).forGroup(ADMINS),
        Endpoint.health(ShopPattern.S00));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return STREAMS;
  }

  private static final List<StreamHandlerDeclaration> STREAMS = List.of(
      // ST1: each new review into its product's rating, once: per product and batch a receipt per record + one ADD.
      StreamHandlerDeclaration.builder(HANDLERS + "streams.RatingHandler").stream("ST1")
          .itemTypes(Review.ENTITY.type())
          .eventNames("INSERT")
          .actions(DynamoAction.PUT_ITEM, DynamoAction.UPDATE_ITEM)
          .build(),
      // ST2: the sales by day and by product (S29, S30): one transaction per record, its receipt and the counts.
      StreamHandlerDeclaration.builder(HANDLERS + "streams.SalesHandler").stream("ST2")
          .itemTypes(Order.ENTITY.type())
          .eventNames("INSERT", "MODIFY")
          .actions(DynamoAction.QUERY, DynamoAction.PUT_ITEM, DynamoAction.UPDATE_ITEM, DynamoAction.BATCH_GET_ITEM)
          .build(),
      // ST3: each new order's confirmation to the outlet (SQS FIFO), once per order: a receipt after the send.
      StreamHandlerDeclaration.builder(HANDLERS + "streams.ConfirmationHandler").stream("ST3")
          .itemTypes(Order.ENTITY.type())
          .eventNames("INSERT")
          .actions(DynamoAction.GET_ITEM, DynamoAction.PUT_ITEM)
          .outlet(Order.CONFIRMATION_OUTLET)
          .build());
}
