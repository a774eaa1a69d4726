package dev.monotable.shop.data;

import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.shop.ShopPattern;
import dev.monotable.shop.model.Customer;
import java.util.Locale;
import java.util.Map;

/** The data access of customers: one method per custom pattern, each one request. */
public final class Customers {

  private final TableGateway table;

  public Customers(TableGateway table) {
    this.table = table;
  }

  /**
   * S01: one TransactWriteItems: Put the customer, Put the claim of its e-mail address, each
   * {@code attribute_not_exists(PK)}. The address is kept in lower case.
   *
   * @throws ConflictException {@code username} or {@code email}: taken (nothing written)
   */
  public Map<String, Object> create(String username, String email, String name) {
    Map<String, Object> values = Map.of("username", username, "email", email.toLowerCase(Locale.ROOT), "name", name,
        "createdAt", Timestamps.format(table.clock().instant()));
    WriteTransaction tx = new WriteTransaction(table);
    Map<String, Object> customer = Customer.ENTITY.values(Customer.ENTITY.toItem(values));
    int user = tx.putIfAbsent(Customer.ENTITY.toItem(values));
    int claim = tx.putIfAbsent(Customer.EMAIL_CLAIM.toItem(values));
    return tx.commit(customer, f -> {
      if (f.failed(user)) {
        throw new ConflictException("username", "username " + username + " is taken");
      }
      if (f.failed(claim)) {
        throw new ConflictException("email", "e-mail address " + values.get("email") + " is taken");
      }
      return null;
    });
  }

  /**
   * S03: one Query of GSI1, {@code GSI1PK = EMAIL#{email}}: the one customer with this address.
   *
   * @throws NotFoundException {@code customer}
   */
  public Map<String, Object> byEmail(String email) {
    String key = email.toLowerCase(Locale.ROOT);
    Customer.ENTITY.key(Gsi.GSI1, Map.of("email", key)); // held to the key's rule first: a 400 naming email
    return table.query(ShopPattern.S03.queryFor(Map.of("email", key)), PageRequest.first(1), "S03").items().stream()
        .findFirst().map(Customer.ENTITY::values).orElseThrow(() -> new NotFoundException("customer"));
  }
}
