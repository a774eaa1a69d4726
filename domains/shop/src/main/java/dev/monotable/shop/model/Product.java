package dev.monotable.shop.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.shop.keys.ShopKeys;

/** A product of the catalog: by id on the table, by category in GSI1 (seed 004 §8.1), newest first. */
public final class Product {

  public static final int NAME_MAX = 200;
  public static final int DESCRIPTION_MAX = 2000;
  public static final long PRICE_MAX = 100_000_000L;
  public static final long STOCK_MAX = 1_000_000L;

  public static final Entity ENTITY = Entity.of("Product", ShopKeys.PRODUCT, ShopKeys.PRODUCT)
      .index(Gsi.GSI1, ShopKeys.CATEGORY, ShopKeys.PRODUCT)
      .attributes(
          Attr.segment("ProductId", "product", ShopKeys.PRODUCT_ID, "the product's ULID: its creation time first"),
          Attr.segment("Category", "category", ShopKeys.CATEGORY_NAME, "the category it is listed in"),
          Attr.string("Name", "name", "the name shown"),
          Attr.string("Description", "description", "the description").optional(),
          Attr.number("PriceCents", "priceCents", "the price in cents"),
          Attr.number("Stock", "stock", "units in stock; a checkout takes its lines' quantities, never below 0")
              .changes(Attr.Change.ATOMIC))
      .build();

  private Product() {}
}
