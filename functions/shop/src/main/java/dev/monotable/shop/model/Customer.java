package dev.monotable.shop.model;

import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.entity.Entity.KeyPart;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.shop.keys.ShopKeys;

/** A customer, and the item that holds each e-mail address to one customer. */
public final class Customer {

  public static final int NAME_MAX = 100;

  /** The claim of an e-mail address: written with its customer in one transaction, so no two share one. */
  public static final Entity EMAIL_CLAIM = Entity.of("CustomerEmail", ShopKeys.EMAIL, ShopKeys.EMAIL)
      .attributes(
          Attr.segment("Email", "email", ShopKeys.EMAIL_ADDRESS, "the address claimed"),
          Attr.segment("Username", "username", ShopKeys.USERNAME, "the customer who has it"))
      .build();

  /** The customer's e-mail address: unique (its claim moves with it), changed by S13. */
  public static final Attr EMAIL = Attr.segment("Email", "email", ShopKeys.EMAIL_ADDRESS,
      "the customer's e-mail address, unique, lower case");
  /** The name shown, changed by S13. */
  public static final Attr NAME = Attr.string("Name", "name", "the name shown");

  /**
   * A customer: found by username (the table) or by e-mail address (GSI1), as in seed 004 §8.1;
   * listed for admins in one of {@link ShopKeys#CUSTOMER_SHARDS} GSI2 partitions (S14), its shard a
   * hash of its username.
   */
  public static final Entity ENTITY = Entity.of("Customer", ShopKeys.CUSTOMER, ShopKeys.CUSTOMER)
      .index(Gsi.GSI1, ShopKeys.EMAIL, ShopKeys.EMAIL)
      .index(Gsi.GSI2, KeyPart.of(ShopKeys.CUSTOMERS)
              // the calculated suffix: a customer always lands in the same shard of the list
              .derived("shard", v -> Integer.toString(ShopKeys.customerShard((String) v.get("username")))),
          KeyPart.of(ShopKeys.CUSTOMER))
      .attributes(
          Attr.segment("Username", "username", ShopKeys.USERNAME, "the customer's name, unique"),
          EMAIL,
          NAME)
      .unique("email", EMAIL_CLAIM)
      .build();

  private Customer() {}
}
