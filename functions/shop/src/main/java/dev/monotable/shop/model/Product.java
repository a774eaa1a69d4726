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
              .changes(Attr.Change.ATOMIC),
          Attr.number("RatingCount", "ratingCount", "reviews counted into the rating (ST1); absent before the first")
              .optional().changes(Attr.Change.ATOMIC),
          Attr.number("RatingTotal", "ratingTotal", "the sum of the counted reviews' ratings (ST1): the average is "
              + "RatingTotal / RatingCount").optional().changes(Attr.Change.ATOMIC))
      .build();

  /** A category (S15): one item per category in the partition {@code CATEGORIES}, written with each product. */
  public static final Entity CATEGORY = Entity.of("Category", ShopKeys.CATEGORIES, ShopKeys.CATEGORY)
      .attributes(
          Attr.segment("Category", "category", ShopKeys.CATEGORY_NAME, "the category's name"),
          Attr.number("ProductCount", "productCount", "products created in it: ADD 1 in each product's transaction")
              .changes(Attr.Change.ATOMIC))
      .build();

  /**
   * A product under one of its search tokens (S16): the inverted index, written with the product.
   * It copies what a result shows and every token of the product, so a search of several words is
   * one Query of one token's partition filtered on the others.
   */
  public static final Entity TOKEN = Entity.of("ProductToken", ShopKeys.TOKEN, ShopKeys.PRODUCT)
      .attributes(
          Attr.segment("Token", "token", ShopKeys.SEARCH_TOKEN, "the token this item lists the product under"),
          Attr.segment("ProductId", "product", ShopKeys.PRODUCT_ID, "the product"),
          Attr.segment("Category", "category", ShopKeys.CATEGORY_NAME, "the product's category"),
          Attr.string("Name", "name", "the product's name"),
          Attr.number("PriceCents", "priceCents", "the product's price in cents when created"),
          new Attr("Tokens", "tokens", Attr.Kind.SS, true, Attr.Change.FIXED, null,
              "every token of the product (a search's other words are filtered on it)"))
      .build();

  private Product() {}
}
