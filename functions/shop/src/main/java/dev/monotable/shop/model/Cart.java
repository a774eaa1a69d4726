package dev.monotable.shop.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.shop.keys.ShopKeys;
import java.time.Duration;

/**
 * A customer's cart: one item whose {@code Lines} map holds each product's quantity, with a
 * {@code TTL} seven days after its last change, so an abandoned cart expires as a whole.
 */
public final class Cart {

  /** How long a cart lives after its last change. */
  public static final Duration IDLE = Duration.ofDays(7);
  /** Most lines one cart holds (a checkout of more than 48 is refused: DynamoDB's 100-action limit). */
  public static final int LINES_MAX = 100;
  /** Most units of one product in a line. */
  public static final long QUANTITY_MAX = 99;

  public static final Entity ENTITY = Entity.of("Cart", ShopKeys.CART, ShopKeys.CART)
      .attributes(
          Attr.segment("Username", "username", ShopKeys.USERNAME, "the customer whose cart it is"),
          new Attr("Lines", "lines", Attr.Kind.M, true, Attr.Change.ATOMIC, null,
              "product id -> {Quantity, AddedAt}: the lines, at most " + LINES_MAX))
      .expires()
      .build();

  private Cart() {}
}
