package dev.monotable.shop.data;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.shop.ShopPattern;
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.shop.model.Customer;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The data access of customers: one method per custom pattern, each one request. */
public final class Customers {

  private final TableGateway table;

  public Customers(TableGateway table) {
    this.table = table;
  }

  /**
   * S01: one TransactWriteItems ({@link ShopPattern#S01}'s declaration): Put the customer, Put the
   * claim of its e-mail address (unique), each {@code attribute_not_exists(PK)}. The address is
   * kept in lower case.
   *
   * @throws ConflictException {@code username} or {@code email}: taken (nothing written)
   */
  public Map<String, Object> create(String username, String email, String name) {
    return ShopPattern.S01.writes().commit(table, Map.of("username", username, "email",
        email.toLowerCase(Locale.ROOT), "name", name, "createdAt", Timestamps.format(table.clock().instant())));
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

  /**
   * S13: a customer's new name and/or e-mail address ({@link ShopPattern#S13}'s declaration). One
   * GetItem of the customer (its current address), then one TransactWriteItems: Delete the old
   * address's claim ({@code Username = :username}), Put the new one's ({@code attribute_not_exists(PK)}),
   * Update the customer (its address, its GSI1 keys, its name) conditioned on its address being the
   * one read, so two changes racing cannot both move it. A change of the name only is the Update
   * alone; nothing to change answers the customer as read. When a concurrent change of this
   * customer moved the address in between, the change is made once more from a new read: at most
   * four requests.
   *
   * @throws ValidationException neither {@code email} nor {@code name}; {@code email} breaks its rule
   * @throws NotFoundException {@code customer}
   * @throws ConflictException {@code email}: the new address is another customer's, or the
   *     customer's address changed again during the second attempt (nothing written)
   */
  public Map<String, Object> update(String username, String email, String name) {
    if (email == null && name == null) {
      throw new ValidationException(null, "give at least one of email, name");
    }
    Map<String, Object> change = new HashMap<>(Map.of("username", username));
    if (email != null) {
      change.put("email", email.toLowerCase(Locale.ROOT));
    }
    if (name != null) {
      change.put("name", name);
    }
    return ShopPattern.S13.writes().change(table, change);
  }

  /**
   * S14: one page of every customer, for admins: one Query of one GSI2 shard,
   * {@code GSI2PK = CUSTOMERS#{shard} AND begins_with(GSI2SK, CUSTOMER#)}, by username. The list is
   * written in {@link ShopKeys#CUSTOMER_SHARDS} shards so no one partition takes every customer's
   * writes; the cursor carries the shard and that shard's own cursor, and walks the shards in order
   * (a page never spans two shards, so a page may be short, even empty, before the last one).
   *
   * @throws ValidationException {@code cursor}: malformed, altered or of another list
   */
  public Page<Map<String, Object>> list(PageRequest page) {
    int shard = 0;
    String within = null;
    if (page.cursor() != null) {
      Map<String, AttributeValue> c = table.cursors().decode(LIST_SCOPE, page.cursor());
      AttributeValue s = c.get("shard");
      if (s == null || s.s() == null || !s.s().matches("[0-9]{1,3}")
          || Integer.parseInt(s.s()) >= ShopKeys.CUSTOMER_SHARDS) {
        throw new ValidationException("invalid_cursor", "cursor", "cursor is malformed, altered or belongs to another list");
      }
      shard = Integer.parseInt(s.s());
      within = c.containsKey("page") ? c.get("page").s() : null;
    }
    Page<Map<String, AttributeValue>> p = table.query(ShopPattern.S14.queryFor(Map.of("shard",
        Integer.toString(shard))), new PageRequest(page.limit(), within), "S14");
    String next = p.nextCursor() != null ? listCursor(shard, p.nextCursor())
        : shard + 1 < ShopKeys.CUSTOMER_SHARDS ? listCursor(shard + 1, null) : null;
    return new Page<>(p.items(), next).map(Customer.ENTITY::values);
  }

  private static final String LIST_SCOPE = "S14 customers";

  private String listCursor(int shard, String within) {
    Map<String, AttributeValue> c = new LinkedHashMap<>();
    c.put("shard", AttributeValue.fromS(Integer.toString(shard)));
    if (within != null) {
      c.put("page", AttributeValue.fromS(within));
    }
    return table.cursors().encode(LIST_SCOPE, c);
  }
}
