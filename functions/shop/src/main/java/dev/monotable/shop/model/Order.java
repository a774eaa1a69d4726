package dev.monotable.shop.model;

import dev.monotable.kit.catalog.Transition;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.entity.Entity.Variant;
import dev.monotable.kit.entity.Entity.When;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.shop.keys.ShopKeys;
import java.util.List;
import java.util.regex.Pattern;

/**
 * An order and its lines: the order's own partition ({@code ORDER#{order}}) holds the order item
 * and one line item per product, so the order with its lines is one Query; the order is also in
 * its customer's GSI1 partition, newest first by its ULID, and while an admin still acts on it
 * (placed, paid, shipped) in its status's write-sharded GSI2 partition.
 */
public final class Order {

  /** The status of a new order. */
  public static final String PLACED = "placed";
  public static final String PAID = "paid";
  public static final String SHIPPED = "shipped";
  public static final String DELIVERED = "delivered";
  public static final String CANCELLED = "cancelled";
  public static final String REFUNDED = "refunded";

  /** Every status, in the order of the state machine. */
  public static final List<String> STATUSES = List.of(PLACED, PAID, SHIPPED, DELIVERED, CANCELLED, REFUNDED);
  /** The statuses in GSI2 (orders an admin still acts on); the others leave it, so the index stays small. */
  public static final List<String> OPEN = List.of(PLACED, PAID, SHIPPED);
  /** A status as a key segment. */
  public static final Pattern STATUS = Pattern.compile("^(placed|paid|shipped|delivered|cancelled|refunded)$");

  /** Who may move an order into a state. */
  public enum Actor { OWNER, ADMIN }

  public static final Attr USERNAME = Attr.segment("Username", "username", ShopKeys.USERNAME, "the customer who placed it");
  public static final Attr STATE = Attr.segment("Status", "status", STATUS, "placed, paid, shipped, delivered, "
      + "cancelled or refunded: one conditional write per transition").changes(Attr.Change.ATOMIC);
  public static final Attr PAID_AT = Attr.string("PaidAt", "paidAt", "when it was paid").optional()
      .changes(Attr.Change.ATOMIC);
  public static final Attr SHIPPED_AT = Attr.string("ShippedAt", "shippedAt", "when it was shipped").optional()
      .changes(Attr.Change.ATOMIC);
  public static final Attr DELIVERED_AT = Attr.string("DeliveredAt", "deliveredAt", "when it was delivered").optional()
      .changes(Attr.Change.ATOMIC);
  public static final Attr CANCELLED_AT = Attr.string("CancelledAt", "cancelledAt", "when it was cancelled").optional()
      .changes(Attr.Change.ATOMIC);
  public static final Attr REFUNDED_AT = Attr.string("RefundedAt", "refundedAt", "when it was refunded").optional()
      .changes(Attr.Change.ATOMIC);
  public static final Attr CLOSED_AT = Attr.string("ClosedAt", "closedAt", "when it left the states an admin acts on "
      + "(delivered, cancelled or refunded), and GSI2 with them").changes(Attr.Change.ATOMIC);

  /** GSI2's partition key: the status and the order's shard (a hash of its id). */
  private static final KeyPart STATUS_PARTITION = KeyPart.of(ShopKeys.ORDER_STATUS)
      .derived("shard", v -> Integer.toString(ShopKeys.statusShard((String) v.get("order"))));

  public static final Entity ENTITY = Entity.of("Order", ShopKeys.ORDER, ShopKeys.ORDER)
      .index(Gsi.GSI1, ShopKeys.CUSTOMER, ShopKeys.ORDER)
      .attributes(
          Attr.segment("OrderId", "order", ShopKeys.ORDER_ID, "the order's ULID: its checkout time first"),
          USERNAME,
          STATE,
          Attr.number("TotalCents", "totalCents", "the sum of its lines' price times quantity"),
          Attr.number("LineCount", "lineCount", "how many line items it has"),
          PAID_AT, SHIPPED_AT, DELIVERED_AT, CANCELLED_AT, REFUNDED_AT)
      .variants(
          // Selected by ClosedAt, not by Status, so the order's key alone (no status) is an open order's.
          Variant.of("open", When.absent("closedAt"))
              .index(Gsi.GSI2, STATUS_PARTITION, KeyPart.of(ShopKeys.ORDER)),
          Variant.of("closed", When.present("closedAt")).attributes(CLOSED_AT))
      .build();

  /**
   * The state machine: placed -> paid -> shipped -> delivered; placed|paid -> cancelled (its stock
   * goes back: S26's transaction composes this Update); paid|shipped|delivered -> refunded. Placed,
   * paid and shipped orders are in their status's GSI2 shard; the others leave GSI2, ClosedAt kept.
   */
  public static final Transition LIFECYCLE = Transition.of(ENTITY, STATE)
      .to(PAID, PAID_AT, PLACED)
      .to(SHIPPED, SHIPPED_AT, PAID)
      .to(DELIVERED, DELIVERED_AT, SHIPPED)
      .to(CANCELLED, CANCELLED_AT, PLACED, PAID)
      .to(REFUNDED, REFUNDED_AT, PAID, SHIPPED, DELIVERED)
      .indexedWhile(Gsi.GSI2, OPEN.toArray(String[]::new))
      .stampedOnce(CLOSED_AT, DELIVERED, CANCELLED, REFUNDED)
      .ownedBy(USERNAME);

  /** The moves its customer makes: pay (S25) and cancel (S26). */
  public static final Transition BY_OWNER = LIFECYCLE.only(PAID, CANCELLED).byOwner();
  /** The moves admins make (S27). */
  public static final Transition BY_ADMIN = LIFECYCLE.only(SHIPPED, DELIVERED, REFUNDED);

  /** The targets {@code actor} may move an order to. */
  public static List<String> targetsOf(Actor actor) {
    return (actor == Actor.OWNER ? BY_OWNER : BY_ADMIN).targets();
  }

  /** A line of an order: the product's name and price when it was checked out, and the quantity. */
  public static final Entity LINE = Entity.of("OrderLine", ShopKeys.ORDER, ShopKeys.LINE)
      .attributes(
          Attr.segment("OrderId", "order", ShopKeys.ORDER_ID, "the order it belongs to"),
          Attr.segment("ProductId", "product", ShopKeys.PRODUCT_ID, "the product"),
          Attr.string("Name", "name", "the product's name at checkout"),
          Attr.number("PriceCents", "priceCents", "the product's price at checkout, in cents"),
          Attr.number("Quantity", "quantity", "units ordered"))
      .build();

  /**
   * The receipt of an order's confirmation (ST3): put, in the order's partition, after the
   * confirmation was handed to the outlet; a redelivered INSERT finds it and sends nothing.
   */
  /** The confirmations' outlet: the SQS queue infra creates, locally {@code OrderConfirmations.jsonl}. */
  public static final String CONFIRMATION_OUTLET = "OrderConfirmations";

  public static final Entity CONFIRMATION = Entity.of("OrderConfirmation", ShopKeys.ORDER, ShopKeys.CONFIRMATION)
      .attributes(
          Attr.segment("OrderId", "order", ShopKeys.ORDER_ID, "the order confirmed"),
          Attr.string("Outlet", "outlet", "the outlet it was handed to"))
      .build();

  private Order() {}
}
