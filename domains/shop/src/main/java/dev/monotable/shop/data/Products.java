package dev.monotable.shop.data;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.shop.model.Product;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** The data access of the catalog: one method per custom pattern, each one request. */
public final class Products {

  private final TableGateway table;

  public Products(TableGateway table) {
    this.table = table;
  }

  /**
   * S04: one PutItem, {@code attribute_not_exists(PK)}: a new product, its id a ULID of now, so it
   * sorts before every earlier product of its category when listed newest first.
   */
  public Map<String, Object> create(String category, String name, String description, long priceCents, long stock) {
    Instant now = table.clock().instant();
    Map<String, Object> values = new HashMap<>();
    values.put("product", Ulid.next(now));
    values.put("category", category);
    values.put("name", name);
    values.put("description", description);
    values.put("priceCents", priceCents);
    values.put("stock", stock);
    values.put("createdAt", Timestamps.format(now));
    return create(values);
  }

  /**
   * S04 for these values (the demo and bench data name their products' ids). The id is new to this
   * call, so a refused condition can only be this call's own PutItem retried by the SDK after its
   * answer was lost: the product exists as written, and is answered.
   */
  public Map<String, Object> create(Map<String, Object> values) {
    var item = Product.ENTITY.toItem(values);
    try {
      table.putIfAbsent(item);
    } catch (ConditionalCheckFailedException e) {
      // Not a conflict with another writer: no other call holds this id.
    }
    return Product.ENTITY.values(item);
  }
}
