package dev.monotable.shop.data;

import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.kit.data.Page;
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
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.shop.model.Order;
import dev.monotable.shop.model.Product;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/** The data access of orders: the checkout (one transaction) and the order with its lines (one Query). */
public final class Orders {

  /** DynamoDB's limit of actions in one TransactWriteItems. */
  public static final int TRANSACTION_ACTIONS_MAX = 100;

  /** The cursor of S28: the shard, and the shard's own Query cursor when the shard goes on. */
  private static final String SHARD = "Shard";
  private static final String INNER = "Cursor";

  private final TableGateway table;

  public Orders(TableGateway table) {
    this.table = table;
  }

  /**
   * The actions a checkout of {@code lines} lines makes: the customer's check, the order, a line and
   * a stock update each, the cart (+ the record).
   */
  public static int actions(int lines, boolean idempotent) {
    return 1 + 1 + 2 * lines + 1 + (idempotent ? 1 : 0);
  }

  /**
   * S10: check out {@code username}'s cart. One BatchGetItem of the cart (and of the idempotency
   * record when the request has a key: a retry answers the order it created, one Query), one
   * BatchGetItem of the cart's products (their names and prices), then ONE TransactWriteItems:
   * ConditionCheck the customer ({@link ShopPattern#CALLER}: a checkout needs its customer profile),
   * Put the order, Put one line item per cart line in the order's partition, Update each product's
   * {@code Stock} on {@code attribute_exists(PK) AND Stock >= :qty AND PriceCents = :price}, Delete
   * the cart on its {@code UpdatedAt} (unchanged since it was read), Put the idempotency record.
   * Nothing is written unless all of it is.
   *
   * @param idempotent null without a key
   * @throws NotFoundException {@code customer}: the caller has no customer profile (nothing written)
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
    int caller = ShopPattern.CALLER.addTo(tx, orderValues, at);
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
      ShopPattern.CALLER.explain(f, caller, orderValues);
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

  /**
   * S25-S27: moves an order into {@code target} along its declared state machine
   * ({@link Order#LIFECYCLE}). Paying, shipping, delivering and refunding are ONE UpdateItem of the
   * order the declaration derives: {@code SET Status}, its time attribute ({@code PaidAt}...),
   * {@code UpdatedAt} and GSI2's keys (placed, paid and shipped orders are in their status's shard;
   * delivered, cancelled and refunded ones leave GSI2: {@code REMOVE}, ClosedAt kept once), on
   * {@code attribute_exists(PK) AND Status IN (the states it may come from)} (and, for an owner,
   * {@code Username = :owner}). A failed condition returns the stored order
   * (ReturnValuesOnConditionCheckFailure ALL_OLD), which tells a missing order from one in another
   * state without a second read. Cancelling returns the stock: one Query of the order's partition
   * (its lines, as S11), then ONE TransactWriteItems of that Update of the order and an Update per
   * line, {@code ADD Stock :qty} on the product existing.
   *
   * @param owner the customer the order must belong to, or null for an admin
   * @throws NotFoundException {@code order}: no such order (or another customer's)
   * @return the order after the change, without its lines; an order in {@code target} already is
   *     answered as it is and nothing is written (a retry of the same change succeeds)
   * @throws ConflictException {@code status}: the order is in a state {@code target} cannot follow (the
   *     message names it); {@code product}: a product to return stock to is gone
   * @throws ValidationException {@code status}: no transition leads to {@code target}
   */
  public Map<String, Object> changeStatus(String owner, String order, String target) {
    Map<String, Object> key = Map.of("order", order);
    if (!Order.CANCELLED.equals(target)) {
      return Order.LIFECYCLE.move(table, key, target, owner);
    }
    Order.ENTITY.key(key); // held to the key's rule first: a 400 naming order
    List<Map<String, AttributeValue>> items = table.query(ShopPattern.S11.queryFor(Map.of("order", order)),
        PageRequest.first(PageRequest.MAX_LIMIT), "S11").items();
    Map<String, AttributeValue> head = items.stream()
        .filter(i -> i.get(TableSchema.TYPE).s().equals(Order.ENTITY.type())).findFirst().orElse(null);
    if (!Order.LIFECYCLE.allows(head, target, owner)) {
      return Order.LIFECYCLE.settle(head, target, owner, null); // as read: no write is sent
    }
    String now = Timestamps.format(table.clock().instant());
    WriteTransaction tx = new WriteTransaction(table);
    int orderUpdate = Order.LIFECYCLE.addTo(tx, key, target, owner, now);
    List<String> products = new ArrayList<>();
    for (Map<String, AttributeValue> line : items) {
      if (!line.get(TableSchema.TYPE).s().equals(Order.LINE.type())) {
        continue;
      }
      String product = line.get("ProductId").s();
      products.add(product);
      tx.update(Product.ENTITY.key(Map.of("product", product)), "SET #updated = :now ADD #stock :qty",
          "attribute_exists(#pk)", Map.of("#stock", "Stock", "#updated", TableSchema.UPDATED_AT,
              "#pk", TableSchema.PK), Map.of(":qty", line.get("Quantity"), ":now", AttributeValue.fromS(now)));
    }
    return tx.commit(Order.LIFECYCLE.after(head, target, now), f -> {
      if (f.failed(orderUpdate)) {
        return Order.LIFECYCLE.settle(f.oldItem(orderUpdate), target, owner, null); // moved on meanwhile
      }
      for (int i = 0; i < products.size(); i++) {
        if (f.failed(i + 1)) {
          throw new ConflictException("product", "product " + products.get(i) + " is not in the catalog any more: "
              + "its stock cannot be returned");
        }
      }
      return null;
    });
  }

  /**
   * S28: the orders in {@code status} (placed, paid or shipped), for admins: ONE Query per page of
   * ONE shard of GSI2 ({@code GSI2PK = STATUS#{status}#{shard}}, newest first by the order's ULID).
   * The cursor (sealed by the kit's cursor codec, bound to the status) carries the shard and, within
   * it, the Query's own cursor; a page that ends a shard continues at the next shard, so a page may
   * hold fewer than {@code limit} orders, or none, and still have a next one. Orders are newest
   * first within a shard, not across shards.
   *
   * @throws ValidationException {@code status}: not a status in GSI2; {@code cursor}: not one this list issued
   */
  public Page<Map<String, AttributeValue>> byStatus(String status, PageRequest page) {
    if (!Order.OPEN.contains(status)) {
      throw new ValidationException("status", "orders are listed by status while " + String.join(", ", Order.OPEN)
          + "; " + status + " orders are found by id");
    }
    String scope = "S28|" + status;
    int shard = 0;
    String inner = null;
    if (page.cursor() != null) {
      Map<String, AttributeValue> state = table.cursors().decode(scope, page.cursor());
      AttributeValue s = state.get(SHARD);
      if (s == null || s.s() == null || !s.s().matches("\\d{1,3}")
          || Integer.parseInt(s.s()) >= ShopKeys.STATUS_SHARDS) {
        throw new ValidationException("invalid_cursor", "cursor", "cursor is malformed, altered or belongs to another list");
      }
      shard = Integer.parseInt(s.s());
      inner = state.containsKey(INNER) ? state.get(INNER).s() : null;
    }
    Page<Map<String, AttributeValue>> one = table.query(ShopPattern.S28.queryFor(Map.of("status", status,
        "shard", Integer.toString(shard))), new PageRequest(page.limit(), inner), "S28");
    Map<String, AttributeValue> next = new LinkedHashMap<>();
    if (one.nextCursor() != null) {
      next.put(SHARD, AttributeValue.fromS(Integer.toString(shard)));
      next.put(INNER, AttributeValue.fromS(one.nextCursor()));
    } else if (shard + 1 < ShopKeys.STATUS_SHARDS) {
      next.put(SHARD, AttributeValue.fromS(Integer.toString(shard + 1)));
    }
    return new Page<>(one.items(), next.isEmpty() ? null : table.cursors().encode(scope, next));
  }

  /** The most lines one checkout takes. */
  public static int maxLines(boolean idempotent) {
    return (TRANSACTION_ACTIONS_MAX - 3 - (idempotent ? 1 : 0)) / 2;
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
