package dev.monotable.shop.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.shop.keys.ShopKeys;

/**
 * A customer's review of a product, in the product's partition as in seed 004 §8.1, newest first by
 * its ULID; the claim that keeps it to one per customer and product; and the receipt of each
 * review ST1 counted into the product's rating.
 */
public final class Review {

  public static final long RATING_MIN = 1;
  public static final long RATING_MAX = 5;
  public static final int TEXT_MAX = 2000;
  /** How long a receipt outlives the stream record it counted: past the stream's 24-hour retention. */
  public static final long RECEIPT_KEEP_SECONDS = 48 * 3600;

  public static final Entity ENTITY = Entity.of("Review", ShopKeys.PRODUCT, ShopKeys.REVIEW)
      .attributes(
          Attr.segment("ReviewId", "review", ShopKeys.REVIEW_ID, "the review's ULID: its creation time first"),
          Attr.segment("ProductId", "product", ShopKeys.PRODUCT_ID, "the product reviewed"),
          Attr.segment("Username", "username", ShopKeys.USERNAME, "the customer who wrote it"),
          Attr.number("Rating", "rating", "1 to 5"),
          Attr.string("Text", "text", "what the customer wrote").optional())
      .build();

  /** One per customer and product: written with the review in one transaction, so a second review is refused. */
  public static final Entity CLAIM = Entity.of("ReviewClaim", ShopKeys.PRODUCT, ShopKeys.REVIEWER)
      .attributes(
          Attr.segment("ProductId", "product", ShopKeys.PRODUCT_ID, "the product reviewed"),
          Attr.segment("Username", "username", ShopKeys.USERNAME, "the customer who reviewed it"),
          Attr.segment("ReviewId", "review", ShopKeys.REVIEW_ID, "the review"))
      .build();

  /** The receipt of a review counted into its product's rating by ST1: a redelivered record finds it. */
  public static final Entity RECEIPT = Entity.of("RatingReceipt", ShopKeys.PRODUCT, ShopKeys.RATED)
      .attributes(
          Attr.segment("ProductId", "product", ShopKeys.PRODUCT_ID, "the product counted into"),
          Attr.segment("Record", "record", ShopKeys.RECORD_ID, "the stream record's id"),
          Attr.segment("ReviewId", "review", ShopKeys.REVIEW_ID, "the review counted"))
      .expires()
      .build();

  private Review() {}
}
