package dev.monotable.shop.data;

import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.WriteTransaction;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.shop.ShopPattern;
import dev.monotable.shop.model.Order;
import dev.monotable.shop.model.Product;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The data access of orders: the checkout (one transaction) and the order with its lines (one Query). */
public final class Orders {

  /** DynamoDB's limit of actions in one TransactWriteItems. */
  public static final int TRANSACTION_ACTIONS_MAX = 100;

  private final TableGateway table;

  public Orders(TableGateway table) {
    this.table = table;
  }

  /** The actions a checkout of {@code lines} lines makes: the order, a line and a stock update each, the cart (+ the record). */
  public static int actions(int lines, boolean idempotent) {
    return 1 + 2 * lines + 1 + (idempotent ? 1 : 0);
  }

  /**
   * S10: check out {@code username}'s cart. One BatchGetItem of the cart (and of the idempotency
   * record when the request has a key: a retry answers the order it created, one Query), one
   * BatchGetItem of the cart's products (their names and prices), then ONE TransactWriteItems: Put
   * the order, Put one line item per cart line in the order's partition, Update each product's
   * {@code Stock} on {@code attribute_exists(PK) AND Stock >= :qty AND PriceCents = :price}, Delete
   * the cart on its {@code UpdatedAt} (unchanged since it was read), Put the idempotency record.
   * Nothing is written unless all of it is.
   *
   * @param idempotent null without a key
   * @throws ConflictException {@code cart}: empty, expired or changed meanwhile; {@code product}: a
   *     line's product is gone, out of stock or repriced (the message names it); {@code Idempotency-Key}:
   *     the key was used for another request
   * @throws ValidationException {@code cart}: its transaction would exceed DynamoDB's 100 actions (nothing written)
   */
  public Map<String, Object> checkout(String username, IdempotentRequest idempotent) {
    return checkout(username, idempotent, null);
  }

  /** {@link #checkout(String, IdempotentRequest)} as order {@code order} (the demo data names its order), or a new ULID. */
  public Map<String, Object> checkout(String username, IdempotentRequest idempotent, String order) {
    Key cartKey = Carts.key(username);
    Key recordKey = idempotent == null ? null : idempotent.recordKey(username);
    Map<Key, Map<String, AttributeValue>> read = table.batchGet(recordKey == null ? List.of(cartKey)
        : List.of(cartKey, recordKey));
    if (recordKey != null && read.containsKey(recordKey)) {
      return replay(username, idempotent, read.get(recordKey));
    }
    Instant now = table.clock().instant();
    Map<String, AttributeValue> cart = Carts.liveOrNull(read.get(cartKey), now);
    Map<String, Long> lines = cart == null ? Map.of() : Carts.lines(cart);
    if (lines.isEmpty()) {
      throw new ConflictException("cart", "the cart is empty");
    }
    int actions = actions(lines.size(), idempotent != null);
    if (actions > TRANSACTION_ACTIONS_MAX) {
      throw new ValidationException("cart", "a checkout of " + lines.size() + " lines is " + actions
          + " actions in one transaction; DynamoDB takes at most " + TRANSACTION_ACTIONS_MAX + ": check out at most "
          + maxLines(idempotent != null) + " lines at once");
    }
    Map<String, Key> productKeys = new LinkedHashMap<>();
    lines.keySet().forEach(p -> productKeys.put(p, Product.ENTITY.key(Map.of("product", p))));
    Map<Key, Map<String, AttributeValue>> products = table.batchGet(new ArrayList<>(productKeys.values()));

    order = order == null ? Ulid.next(now) : order;
    String at = Timestamps.format(now);
    List<Map<String, Object>> lineValues = new ArrayList<>();
    long total = 0;
    for (var line : lines.entrySet()) {
      Map<String, AttributeValue> product = products.get(productKeys.get(line.getKey()));
      if (product == null) {
        throw new ConflictException("product", "product " + line.getKey() + " is not in the catalog");
      }
      Map<String, Object> p = Product.ENTITY.values(product);
      Map<String, Object> v = new LinkedHashMap<>();
      v.put("order", order);
      v.put("product", line.getKey());
      v.put("name", p.get("name"));
      v.put("priceCents", p.get("priceCents"));
      v.put("quantity", line.getValue());
      v.put("createdAt", at);
      lineValues.add(v);
      total += ((Number) p.get("priceCents")).longValue() * line.getValue();
    }
    Map<String, Object> orderValues = new LinkedHashMap<>();
    orderValues.put("order", order);
    orderValues.put("username", username);
    orderValues.put("status", Order.PLACED);
    orderValues.put("totalCents", total);
    orderValues.put("lineCount", (long) lines.size());
    orderValues.put("createdAt", at);

    WriteTransaction tx = new WriteTransaction(table);
    Map<String, AttributeValue> orderItem = Order.ENTITY.toItem(orderValues);
    tx.putIfAbsent(orderItem);
    List<Map<String, AttributeValue>> lineItems = new ArrayList<>();
    for (Map<String, Object> v : lineValues) {
      Map<String, AttributeValue> item = Order.LINE.toItem(v);
      lineItems.add(item);
      tx.putIfAbsent(item);
    }
    int[] stock = new int[lineValues.size()];
    for (int i = 0; i < stock.length; i++) {
      Map<String, Object> v = lineValues.get(i);
      stock[i] = tx.update(productKeys.get((String) v.get("product")),
          "SET #stock = #stock - :qty, #updated = :now",
          "attribute_exists(#pk) AND #stock >= :qty AND #price = :price",
          Map.of("#stock", "Stock", "#updated", TableSchema.UPDATED_AT, "#pk", TableSchema.PK, "#price", "PriceCents"),
          Map.of(":qty", n((Long) v.get("quantity")), ":now", AttributeValue.fromS(at),
              ":price", n(((Number) v.get("priceCents")).longValue())));
    }
    int cartDelete = tx.delete(cartKey, "#updated = :cartUpdated", Map.of("#updated", TableSchema.UPDATED_AT),
        Map.of(":cartUpdated", cart.get(TableSchema.UPDATED_AT)));
    int record = idempotent == null ? -1 : idempotent.putRecord(tx, username, Order.ENTITY.key(orderValues), now);

    Map<String, Object> answer = answer(orderItem, lineItems);
    return tx.commit(answer, f -> {
      if (record >= 0 && f.failed(record)) {
        // A request with this key got there first (or the SDK retried our own commit): its order.
        Map<String, AttributeValue> winner = table.get(recordKey)
            .orElseThrow(() -> new ConflictException("Idempotency-Key", "a request with this key is in progress"));
        return replay(username, idempotent, winner);
      }
      for (int i = 0; i < stock.length; i++) {
        if (f.failed(stock[i])) {
          throw refusal(lineValues.get(i), f.oldItem(stock[i]));
        }
      }
      if (f.failed(cartDelete)) {
        throw new ConflictException("cart", "the cart changed during the checkout: check out again");
      }
      return null;
    });
  }

  /**
   * S11: an order with its lines, one Query of the order's partition ({@code PK = ORDER#{order}}:
   * at most 98 line items and the order, one page). Another customer's order is not found.
   *
   * @throws NotFoundException {@code order}
   */
  public Map<String, Object> byId(String username, String order) {
    Order.ENTITY.key(Map.of("order", order)); // held to the key's rule first: a 400 naming order
    List<Map<String, AttributeValue>> items = table.query(ShopPattern.S11.queryFor(Map.of("order", order)),
        PageRequest.first(PageRequest.MAX_LIMIT), "S11").items();
    Map<String, AttributeValue> head = null;
    List<Map<String, AttributeValue>> lines = new ArrayList<>();
    for (Map<String, AttributeValue> item : items) {
      String type = item.get(TableSchema.TYPE).s();
      if (type.equals(Order.ENTITY.type())) {
        head = item;
      } else if (type.equals(Order.LINE.type())) {
        lines.add(item);
      }
    }
    if (head == null || !head.get("Username").s().equals(username)) {
      throw new NotFoundException("order");
    }
    return answer(head, lines);
  }

  /** The most lines one checkout takes. */
  public static int maxLines(boolean idempotent) {
    return (TRANSACTION_ACTIONS_MAX - 2 - (idempotent ? 1 : 0)) / 2;
  }

  private Map<String, Object> replay(String username, IdempotentRequest idempotent, Map<String, AttributeValue> item) {
    IdempotencyRecord record = IdempotencyRecord.fromItem(item);
    if (!record.route().equals(idempotent.route()) || !record.requestHash().equals(idempotent.requestHash())) {
      throw new ConflictException("Idempotency-Key", "this Idempotency-Key was used for another request");
    }
    return byId(username, record.targetPk().substring(record.targetPk().indexOf('#') + 1));
  }

  private static ConflictException refusal(Map<String, Object> line, Map<String, AttributeValue> product) {
    String id = (String) line.get("product");
    if (product == null) {
      return new ConflictException("product", "product " + id + " is not in the catalog");
    }
    long stock = Long.parseLong(product.get("Stock").n());
    long quantity = (Long) line.get("quantity");
    if (stock < quantity) {
      return new ConflictException("product", "product " + id + " (" + line.get("name") + ") is out of stock: "
          + stock + " left, " + quantity + " in the cart");
    }
    return new ConflictException("product", "the price of product " + id + " (" + line.get("name")
        + ") changed during the checkout: check out again");
  }

  private static Map<String, Object> answer(Map<String, AttributeValue> order, List<Map<String, AttributeValue>> lines) {
    Map<String, Object> out = new LinkedHashMap<>(Order.ENTITY.values(order));
    out.put("lines", lines.stream().sorted(java.util.Comparator.comparing(l -> l.get("ProductId").s())).map(l -> {
      Map<String, Object> v = new LinkedHashMap<>(Order.LINE.values(l));
      v.remove("order");
      v.remove("createdAt");
      v.remove("updatedAt");
      return v;
    }).toList());
    return out;
  }

  private static AttributeValue n(long v) {
    return AttributeValue.fromN(Long.toString(v));
  }
}
