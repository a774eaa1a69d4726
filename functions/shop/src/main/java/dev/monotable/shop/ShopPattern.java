package dev.monotable.shop;

import static dev.monotable.kit.catalog.KeyCondition.get;
import static dev.monotable.kit.catalog.KeyCondition.none;
import static dev.monotable.kit.catalog.KeyCondition.plan;
import static dev.monotable.kit.catalog.KeyCondition.query;
import static dev.monotable.kit.catalog.Operation.BATCH_GET_ITEM;
import static dev.monotable.kit.catalog.Operation.GET_ITEM;
import static dev.monotable.kit.catalog.Operation.QUERY;
import static dev.monotable.kit.catalog.Operation.TRANSACT_WRITE_ITEMS;
import static dev.monotable.kit.catalog.Operation.UPDATE_ITEM;

import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Write;
import dev.monotable.kit.catalog.Writes;
import dev.monotable.kit.catalog.KeyCondition.Part;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.shop.model.Customer;
import dev.monotable.shop.model.Order;
import dev.monotable.shop.model.Product;
import dev.monotable.shop.model.Review;
import java.util.List;

/**
 * The access patterns of Shop (seed 004 §3.4 and §8.1), each with the DynamoDB request that serves
 * it. Plain patterns are served by the kit; the others by a handler and a data method of Shop's.
 */
public final class ShopPattern {
  private ShopPattern() {}

  /**
   * The caller's own customer profile exists: a write by a customer (a checkout, a review) checks it
   * in its own transaction, refused as a 404 naming {@code customer}, so no order or review is left
   * without its customer.
   */
  public static final Write CALLER = Write.exists(Customer.ENTITY);

  public static final DeclaredPattern S01 = DeclaredPattern.of("S01", "create a customer (unique username and e-mail)",
      Writes.create(Customer.ENTITY), "username; body: email, name");
  public static final DeclaredPattern S02 = DeclaredPattern.get("S02", "get a customer by username", Customer.ENTITY);
  public static final DeclaredPattern S03 = DeclaredPattern.of("S03", "get a customer by e-mail", Calls.of(QUERY),
      query(ShopKeys.EMAIL).on(Gsi.GSI1), "email");
  public static final DeclaredPattern S04 = DeclaredPattern.of("S04", "create a product (admins)",
      Calls.of(TRANSACT_WRITE_ITEMS), plan("Put PRODUCT#{product} attribute_not_exists(PK), {product} a new ULID; "
          + "Update CATEGORIES/CATEGORY#{category} ADD ProductCount 1; Put TOKEN#{token}/PRODUCT#{product} per token"),
      "body: category, name, description, priceCents, stock");
  public static final DeclaredPattern S05 = DeclaredPattern.get("S05", "get a product by id", Product.ENTITY);
  public static final DeclaredPattern S06 = DeclaredPattern.list("S06", "products of a category, newest first",
      Product.ENTITY, query(ShopKeys.CATEGORY).on(Gsi.GSI1).beginsWith(ShopKeys.PRODUCTS).descending());
  public static final DeclaredPattern S07 = DeclaredPattern.of("S07", "put a line in a customer's cart",
      Calls.of(UPDATE_ITEM), plan("Update CART#{username} SET Lines.{product}, TTL = now + 7 days; on the cart "
          + "live (TTL > now) and holding < 100 lines or this one; else Update on the cart absent or expired: "
          + "a new cart of this line"), "username, product; body: quantity")
      .allowing(3, "a second UpdateItem writes a new cart when there is no live one; a third only when another "
          + "request created it in between");
  public static final DeclaredPattern S08 = DeclaredPattern.of("S08", "remove a line from a customer's cart",
      Calls.of(UPDATE_ITEM), plan("Update CART#{username} REMOVE Lines.{product}, TTL = now + 7 days; on the line "
          + "existing and the cart live (a live cart without it is answered as it is)"), "username, product");
  public static final DeclaredPattern S09 = DeclaredPattern.of("S09", "get a customer's cart (expired: empty)",
      Calls.of(GET_ITEM), get(ShopKeys.CART, ShopKeys.CART), "username");
  public static final DeclaredPattern S10 = DeclaredPattern.of("S10", "check out a customer's cart (one transaction)",
      Calls.then(BATCH_GET_ITEM, BATCH_GET_ITEM, TRANSACT_WRITE_ITEMS).sometimes(GET_ITEM, QUERY),
      plan("BatchGet CART#{username} (+ IDEMPOTENCY#{username}#{key}); BatchGet PRODUCT#{product} of each line; "
          + "TransactWriteItems: " + CALLER.render() + ", Put ORDER#{order}/ORDER#{order}, Put ORDER#{order}/LINE#{product} per line, "
          + "Update PRODUCT#{product} Stock - :qty on attribute_exists(PK) AND Stock >= :qty AND PriceCents = :price "
          + "per line, Delete CART#{username} on UpdatedAt unchanged (+ Put IDEMPOTENCY#{username}#{key})"),
      "username; Idempotency-Key or body: idempotencyKey")
      .allowing(4, "two BatchGetItems and the transaction; a retry with its key answers from the record and one "
          + "Query of the order; a concurrent retry reads the record (GetItem) and the order (Query)");
  public static final DeclaredPattern S11 = DeclaredPattern.of("S11", "an order with its lines", Calls.of(QUERY),
      query(ShopKeys.ORDER), "username, order");
  public static final DeclaredPattern S12 = DeclaredPattern.list("S12", "a customer's orders, newest first",
      Order.ENTITY, query(ShopKeys.CUSTOMER).on(Gsi.GSI1).beginsWith(ShopKeys.ORDERS).descending());
  public static final DeclaredPattern S13 = DeclaredPattern.of("S13", "change a customer's name or e-mail address",
      Writes.change(Customer.ENTITY, Customer.EMAIL, Customer.NAME), "username; body: email, name");
  public static final DeclaredPattern S14 = DeclaredPattern.of("S14", "every customer, for admins (one shard a page)",
      Calls.of(QUERY), query(ShopKeys.CUSTOMERS).on(Gsi.GSI2).beginsWith(ShopKeys.CUSTOMER_PREFIX)
          .note("{shard} 0.." + (ShopKeys.CUSTOMER_SHARDS - 1) + " from the cursor, walked in order"),
      "limit, cursor");
  public static final DeclaredPattern S15 = DeclaredPattern.list("S15", "every category with its product count",
      Product.CATEGORY, query(ShopKeys.CATEGORIES).beginsWith(ShopKeys.CATEGORY_ITEMS));
  public static final DeclaredPattern S16 = DeclaredPattern.of("S16", "search products by keywords",
      Calls.of(QUERY), query(ShopKeys.TOKEN).beginsWith(ShopKeys.PRODUCTS).descending()
          .note("{token}: the longest word; filter contains(Tokens, :word) for each other word"),
      "q; limit, cursor");
  public static final DeclaredPattern S17 = DeclaredPattern.of("S17", "review a product (one review per customer)",
      Writes.of(Write.exists(Product.ENTITY), CALLER, Write.put(Review.CLAIM).ifAbsent()
          .refused(Write.Refusal.conflict("review", "{username} has reviewed this product already")),
          Write.put(Review.ENTITY).ifAbsent()), "product, caller; body: rating, text");
  public static final DeclaredPattern S18 = DeclaredPattern.list("S18", "a product's reviews, newest first",
      Review.ENTITY, query(ShopKeys.PRODUCT).beginsWith(ShopKeys.REVIEWS).descending());
  public static final DeclaredPattern S25 = DeclaredPattern.of("S25", "pay for an order (its customer)",
      Writes.transition(Order.BY_OWNER.only(Order.PAID)), "username, order; body: status");
  public static final DeclaredPattern S26 = DeclaredPattern.of("S26", "cancel an order, returning its stock "
      + "(its customer)", Calls.then(QUERY, TRANSACT_WRITE_ITEMS), plan("Query PK = ORDER#{order} (the order and "
          + "its lines); TransactWriteItems: " + Order.BY_OWNER.only(Order.CANCELLED).render() + "; Update "
          + "PRODUCT#{product} ADD Stock :qty on attribute_exists(PK) per line"), "username, order; body: status")
      .allowing(2, "the order's lines are read (one Query) to return their stock in the transaction");
  public static final DeclaredPattern S27 = DeclaredPattern.of("S27", "ship, deliver or refund an order (admins)",
      Writes.transition(Order.BY_ADMIN), "order; body: status");
  public static final DeclaredPattern S28 = DeclaredPattern.of("S28", "orders in a status, newest first per shard "
      + "(admins)", Calls.of(QUERY), query(ShopKeys.ORDER_STATUS).on(Gsi.GSI2).beginsWith(ShopKeys.ORDERS)
          .descending().note("one shard per page; the cursor walks shards 0-" + (ShopKeys.STATUS_SHARDS - 1)),
      "status; limit, cursor");
  public static final DeclaredPattern S29 = DeclaredPattern.of("S29", "sales by day over a range of days of one "
      + "year (admins; ST2 keeps them)", Calls.of(QUERY), query(ShopKeys.SALES_YEAR).between(
          Part.of(ShopKeys.SALES_DAY).as("day", "from"), Part.of(ShopKeys.SALES_DAY).as("day", "to")),
      "from, to (one calendar year: {year} is theirs); limit, cursor");
  public static final DeclaredPattern S30 = DeclaredPattern.of("S30", "a month's best-selling products by units "
      + "(admins; ST2 keeps them)", Calls.of(QUERY), query(ShopKeys.TOP_PRODUCTS).on(Gsi.GSI1)
          .beginsWith(ShopKeys.UNITS).descending(), "month; limit, cursor");
  public static final DeclaredPattern S00 = DeclaredPattern.of("S00", "liveness of the API", Calls.none(), none(), "")
      .allowing(0, "no table access");

  /** Every pattern, in catalog order. */
  public static final List<DeclaredPattern> ALL = List.of(S01, S02, S03, S04, S05, S06, S07, S08, S09, S10, S11, S12,
      S13, S14, S15, S16, S17, S18, S25, S26, S27, S28, S29, S30, S00);
}
