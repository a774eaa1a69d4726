package dev.monotable.shop.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.shop.keys.ShopKeys;

/**
 * The sales aggregates ST2 keeps from the orders' stream (no Scan): a day's sales under its year's
 * partition, a month's sales per product ranked in GSI1, and the receipt of each record counted.
 * Sales are the orders placed that day (or month), net of those cancelled or refunded since.
 */
public final class Sales {

  /** Digits of a rank key's units: up to 9,999,999,999 units of one product in a month. */
  public static final int UNITS_DIGITS = 10;
  /** How long a receipt is kept: past the stream's 24-hour retention, the longest a record comes back. */
  public static final long RECEIPT_SECONDS = 48 * 3600;

  /** One day's sales: {@code SALES#{year}} / {@code DAY#{day}}, moved by ADD only. */
  public static final Entity DAY = Entity.of("SalesDay",
          KeyPart.of(ShopKeys.SALES_YEAR).derived("year", v -> ((String) v.get("day")).substring(0, 4)),
          KeyPart.of(ShopKeys.SALES_DAY))
      .attributes(
          Attr.segment("Day", "day", ShopKeys.DAY, "the day the orders were placed (UTC)"),
          Attr.number("Orders", "orders", "orders placed that day, less those cancelled or refunded")
              .changes(Attr.Change.ATOMIC),
          Attr.number("Units", "units", "units of those orders").changes(Attr.Change.ATOMIC),
          Attr.number("RevenueCents", "revenueCents", "their total in cents").changes(Attr.Change.ATOMIC))
      .requiredByChartOnly()
      .build();

  /**
   * One product's sales in a month: {@code PRODUCTSALES#{month}} / {@code PRODUCT#{product}}, moved by
   * ADD; its GSI1 rank key ({@code TOPPRODUCTS#{month}} / {@code UNITS#{units}#{product}}) follows its
   * units after each count.
   */
  public static final Entity PRODUCT_MONTH = Entity.of("ProductSales", ShopKeys.PRODUCT_SALES, ShopKeys.PRODUCT)
      .index(Gsi.GSI1, KeyPart.of(ShopKeys.TOP_PRODUCTS),
          KeyPart.of(ShopKeys.RANKED).from("units", "units", v -> rank(((Number) v).longValue())))
      .attributes(
          Attr.segment("Month", "month", ShopKeys.MONTH, "the month the orders were placed (UTC)"),
          Attr.segment("ProductId", "product", ShopKeys.PRODUCT_ID, "the product"),
          Attr.number("Units", "units", "units sold that month, less those of cancelled or refunded orders")
              .changes(Attr.Change.ATOMIC),
          Attr.number("RevenueCents", "revenueCents", "what they sold for, in cents").changes(Attr.Change.ATOMIC))
      .requiredByChartOnly()
      .build();

  /** The receipt of one stream record counted: written in the counts' transaction, so a redelivery changes nothing. */
  public static final Entity RECEIPT = Entity.of("CountedSale", ShopKeys.COUNTED_SALE, ShopKeys.COUNTED_SALE)
      .attributes(
          Attr.segment("Record", "record", ShopKeys.RECORD, "the stream record's id"),
          Attr.segment("OrderId", "order", ShopKeys.ORDER_ID, "the order it counted"))
      .expires()
      .build();

  /** Units as a rank key segment: zero-padded, so the string order is the number's. */
  public static String rank(long units) {
    if (units < 0) {
      throw new IllegalArgumentException("units below zero: " + units);
    }
    return String.format("%0" + UNITS_DIGITS + "d", units);
  }

  private Sales() {}
}
