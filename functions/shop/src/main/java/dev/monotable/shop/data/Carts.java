package dev.monotable.shop.data;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.shop.model.Cart;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The data access of carts. A cart is one item ({@link Cart}); every change is an UpdateItem that
 * also moves its {@code TTL} to seven days after now, and every read hides a cart whose {@code TTL}
 * has passed, before DynamoDB's TTL deletes it.
 */
public final class Carts {

  private static final Map<String, String> NAMES = Map.of("#lines", "Lines", "#ttl", TableSchema.TTL,
      "#updated", TableSchema.UPDATED_AT);

  private final TableGateway table;

  public Carts(TableGateway table) {
    this.table = table;
  }

  /** The key of {@code username}'s cart (the username held to its rule: a 400 naming it). */
  public static Key key(String username) {
    return Cart.ENTITY.key(Map.of("username", username));
  }

  /**
   * S07: set the quantity of {@code product} in the cart. One UpdateItem of the live cart
   * ({@code TTL} not passed; a new product only while it holds fewer than {@link Cart#LINES_MAX}
   * lines); when there is no live cart, a second UpdateItem writes a new one with this one line,
   * on the cart being absent or expired (an expired cart's lines never come back). A third, the
   * first again, only when another request created the cart in between.
   *
   * @throws ValidationException {@code product}, {@code quantity} or {@code username} (nothing written)
   * @throws ConflictException {@code cart}: it holds {@link Cart#LINES_MAX} lines already
   */
  public Map<String, Object> put(String username, String product, long quantity) {
    Key key = key(username);
    checkProduct(product);
    if (quantity < 1 || quantity > Cart.QUANTITY_MAX) {
      throw new ValidationException("quantity", "quantity must be a whole number from 1 to " + Cart.QUANTITY_MAX);
    }
    Instant now = table.clock().instant();
    AttributeValue line = AttributeValue.fromM(Map.of("Quantity", AttributeValue.fromN(Long.toString(quantity)),
        "AddedAt", AttributeValue.fromS(Timestamps.format(now))));
    for (int attempt = 0; attempt < 2; attempt++) {
      Map<String, AttributeValue> old;
      try {
        return answer(table.updateAndGet(key, "SET #lines.#p = :line, #ttl = :ttl, #updated = :now",
            "attribute_exists(#lines) AND #ttl > :epoch AND (size(#lines) < :max OR attribute_exists(#lines.#p))",
            names(product), Map.of(":line", line, ":ttl", n(expiry(now)), ":now", AttributeValue.fromS(
                Timestamps.format(now)), ":epoch", n(now.getEpochSecond()), ":max", n(Cart.LINES_MAX))), now);
      } catch (ConditionalCheckFailedException e) {
        old = e.hasItem() ? e.item() : Map.of();
      }
      if (live(old, now)) {
        throw new ConflictException("cart", "the cart holds " + Cart.LINES_MAX + " lines: remove one first");
      }
      Map<String, AttributeValue> fresh = Cart.ENTITY.toItem(Map.of("username", username,
          "lines", AttributeValue.fromM(Map.of(product, line)), "ttl", expiry(now),
          "createdAt", Timestamps.format(now)));
      try {
        return answer(replace(key, fresh, now), now);
      } catch (ConditionalCheckFailedException e) {
        // Another request created a live cart since: add the line to it.
      }
    }
    throw new ConflictException("cart", "the cart changed during this request: retry");
  }

  /**
   * S08: remove {@code product}'s line. One UpdateItem on the cart being live and holding the line;
   * the cart's {@code TTL} moves as for any change. Idempotent: a live cart without the line (removed
   * by an earlier call, or this call's own UpdateItem retried after its answer was lost) is answered
   * as it is, nothing written.
   *
   * @throws NotFoundException {@code cart}: no live cart (nothing written)
   */
  public Map<String, Object> remove(String username, String product) {
    Key key = key(username);
    checkProduct(product);
    Instant now = table.clock().instant();
    try {
      return answer(table.updateAndGet(key, "REMOVE #lines.#p SET #ttl = :ttl, #updated = :now",
          "attribute_exists(#lines.#p) AND #ttl > :epoch", names(product), Map.of(":ttl", n(expiry(now)),
              ":now", AttributeValue.fromS(Timestamps.format(now)), ":epoch", n(now.getEpochSecond()))), now);
    } catch (ConditionalCheckFailedException e) {
      Map<String, AttributeValue> old = e.hasItem() ? e.item() : Map.of();
      if (live(old, now)) {
        return answer(old, now);
      }
      throw new NotFoundException("cart");
    }
  }

  /** S09: the cart, one GetItem; an absent or expired cart is an empty one. */
  public Map<String, Object> get(String username) {
    Key key = key(username);
    Instant now = table.clock().instant();
    return answer(table.get(key).orElse(Map.of()), now, username);
  }

  /** The live cart's item, or null: for the checkout, which reads it in its own request. */
  public static Map<String, AttributeValue> liveOrNull(Map<String, AttributeValue> item, Instant now) {
    return live(item, now) ? item : null;
  }

  /** The lines of a cart item: product id -> quantity, in the order they were added. */
  public static Map<String, Long> lines(Map<String, AttributeValue> item) {
    Map<String, Long> out = new LinkedHashMap<>();
    sortedLines(item).forEach(l -> out.put((String) l.get("product"), (Long) l.get("quantity")));
    return out;
  }

  private Map<String, AttributeValue> replace(Key key, Map<String, AttributeValue> item, Instant now) {
    StringBuilder set = new StringBuilder("SET ");
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    int i = 0;
    for (var e : item.entrySet()) {
      if (e.getKey().equals(TableSchema.PK) || e.getKey().equals(TableSchema.SK)) {
        continue;
      }
      set.append(i == 0 ? "" : ", ").append("#a").append(i).append(" = :a").append(i);
      names.put("#a" + i, e.getKey());
      values.put(":a" + i, e.getValue());
      i++;
    }
    names.put("#pk", TableSchema.PK);
    names.put("#ttlc", TableSchema.TTL);
    values.put(":epoch", n(now.getEpochSecond()));
    return table.updateAndGet(key, set.toString(), "attribute_not_exists(#pk) OR #ttlc <= :epoch", names, values);
  }

  private static boolean live(Map<String, AttributeValue> item, Instant now) {
    return item != null && item.containsKey(TableSchema.TTL) && item.containsKey("Lines")
        && Long.parseLong(item.get(TableSchema.TTL).n()) > now.getEpochSecond();
  }

  private Map<String, Object> answer(Map<String, AttributeValue> item, Instant now) {
    return answer(item, now, item.get("Username").s());
  }

  private static Map<String, Object> answer(Map<String, AttributeValue> item, Instant now, String username) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("username", username);
    boolean live = live(item, now);
    out.put("lines", live ? sortedLines(item) : List.of());
    out.put("expiresAt", live ? Timestamps.format(Instant.ofEpochSecond(Long.parseLong(item.get(TableSchema.TTL).n())))
        : null);
    out.put("updatedAt", live ? item.get(TableSchema.UPDATED_AT).s() : null);
    return out;
  }

  private static List<Map<String, Object>> sortedLines(Map<String, AttributeValue> item) {
    List<Map<String, Object>> lines = new ArrayList<>();
    item.get("Lines").m().forEach((product, v) -> {
      Map<String, Object> l = new LinkedHashMap<>();
      l.put("product", product);
      l.put("quantity", Long.parseLong(v.m().get("Quantity").n()));
      l.put("addedAt", v.m().get("AddedAt").s());
      lines.add(l);
    });
    lines.sort(Comparator.comparing((Map<String, Object> l) -> (String) l.get("addedAt"))
        .thenComparing(l -> (String) l.get("product")));
    return lines;
  }

  private static void checkProduct(String product) {
    if (product == null || !ShopKeys.PRODUCT_ID.matcher(product).matches()) {
      throw new ValidationException("product", "product must match " + ShopKeys.PRODUCT_ID.pattern());
    }
  }

  private static Map<String, String> names(String product) {
    Map<String, String> names = new LinkedHashMap<>(NAMES);
    names.put("#p", product);
    return names;
  }

  private static long expiry(Instant now) {
    return now.plus(Cart.IDLE).getEpochSecond();
  }

  private static AttributeValue n(long v) {
    return AttributeValue.fromN(Long.toString(v));
  }
}
