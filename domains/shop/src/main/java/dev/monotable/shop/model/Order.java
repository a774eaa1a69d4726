package dev.monotable.shop.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.shop.keys.ShopKeys;

/**
 * An order and its lines: the order's own partition ({@code ORDER#{order}}) holds the order item
 * and one line item per product, so the order with its lines is one Query; the order is also in
 * its customer's GSI1 partition, newest first by its ULID.
 */
public final class Order {

  /** The status of a new order (the state machine of the later slices starts here). */
  public static final String PLACED = "placed";

  public static final Entity ENTITY = Entity.of("Order", ShopKeys.ORDER, ShopKeys.ORDER)
      .index(Gsi.GSI1, ShopKeys.CUSTOMER, ShopKeys.ORDER)
      .attributes(
          Attr.segment("OrderId", "order", ShopKeys.ORDER_ID, "the order's ULID: its checkout time first"),
          Attr.segment("Username", "username", ShopKeys.USERNAME, "the customer who placed it"),
          Attr.string("Status", "status", "placed (the later states are not written yet)"),
          Attr.number("TotalCents", "totalCents", "the sum of its lines' price times quantity"),
          Attr.number("LineCount", "lineCount", "how many line items it has"))
      .build();

  /** A line of an order: the product's name and price when it was checked out, and the quantity. */
  public static final Entity LINE = Entity.of("OrderLine", ShopKeys.ORDER, ShopKeys.LINE)
      .attributes(
          Attr.segment("OrderId", "order", ShopKeys.ORDER_ID, "the order it belongs to"),
          Attr.segment("ProductId", "product", ShopKeys.PRODUCT_ID, "the product"),
          Attr.string("Name", "name", "the product's name at checkout"),
          Attr.number("PriceCents", "priceCents", "the product's price at checkout, in cents"),
          Attr.number("Quantity", "quantity", "units ordered"))
      .build();

  private Order() {}
}
