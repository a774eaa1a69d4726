package dev.monotable.kit.data;

import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * TTL as DynamoDB users expect it. DynamoDB deletes an item whose {@code TTL} (epoch seconds) has
 * passed only eventually (typically within days), and until then every read and every condition
 * still sees it. For an entity declared {@link Entity#ttl() expiring}, the kit makes an expired item
 * absent at once, without a second request:
 *
 * <ul>
 *   <li>a GetItem's item whose {@code TTL} is before now is dropped after the read ({@link #live(Entity,
 *       Optional, Instant)}): still one GetItem, whose read units the expired item costs;
 *   <li>a Query filters expired items out ({@link #live(TableGateway.QuerySpec, Instant)}: {@code
 *       FilterExpression attribute_not_exists(TTL) OR TTL >= :now}): still one Query per page, but
 *       DynamoDB charges for the items read before the filter, and a page may hold fewer items than
 *       its limit (even none) and still have a next one;
 *   <li>a condition that the item is absent also holds for an expired one ({@link #absent}: {@code
 *       attribute_not_exists(PK) OR TTL < :now}), so an expired item is replaced; a condition that
 *       it exists fails for it ({@link #exists}), refused as a missing item;
 *   <li>an answer shows when the item expires: {@code expiresAt}, ISO-8601 ({@link #values}).
 * </ul>
 *
 * <p>An item of an expiring entity without {@code TTL} never expires. "Now" is the table
 * gateway's clock, so a test sets it past an item's expiry while the engine has not deleted it.
 */
public final class Expiry {

  /** The field an answer shows the expiry under. */
  public static final String FIELD = "expiresAt";

  private Expiry() {}

  /** True when {@code entity} expires and {@code item}'s {@code TTL} is an epoch second before {@code now}. */
  public static boolean expired(Entity entity, Map<String, AttributeValue> item, Instant now) {
    if (!entity.ttl() || item == null) {
      return false;
    }
    AttributeValue ttl = item.get(TableSchema.TTL);
    return ttl != null && ttl.n() != null && new java.math.BigDecimal(ttl.n())
        .compareTo(java.math.BigDecimal.valueOf(now.getEpochSecond())) < 0;
  }

  /** The item a GetItem read, or empty when it is expired at {@code now}. */
  public static Optional<Map<String, AttributeValue>> live(Entity entity, Optional<Map<String, AttributeValue>> item,
      Instant now) {
    return item.filter(i -> !expired(entity, i, now));
  }

  /**
   * The same Query of live items only: its filter (if any) AND {@code (attribute_not_exists(TTL) OR
   * TTL >= :now)}.
   */
  public static TableGateway.QuerySpec live(TableGateway.QuerySpec spec, Instant now) {
    Map<String, String> names = new HashMap<>(spec.filterNames() == null ? Map.of() : spec.filterNames());
    Map<String, AttributeValue> values = new HashMap<>(spec.filterValues() == null ? Map.of() : spec.filterValues());
    String live = unexpired(names, values, now);
    String filter = spec.filter() == null || spec.filter().isBlank() ? live : "(" + spec.filter() + ") AND " + live;
    return spec.filter(filter, names, values);
  }

  /** {@code (attribute_not_exists(#ttl) OR #ttl >= :ttlNow)}: the item is not expired; its name and value added. */
  public static String unexpired(Map<String, String> names, Map<String, AttributeValue> values, Instant now) {
    names.put("#ttl", TableSchema.TTL);
    values.put(":ttlNow", AttributeValue.fromN(Long.toString(now.getEpochSecond())));
    return "(attribute_not_exists(#ttl) OR #ttl >= :ttlNow)";
  }

  /**
   * The condition that no live item has the key: {@code (attribute_not_exists(#pk) OR #ttl <
   * :ttlNow)} for an expiring entity, else {@code attribute_not_exists(#pk)}; names and values added.
   */
  public static String absent(Entity entity, Map<String, String> names, Map<String, AttributeValue> values,
      Instant now) {
    names.put("#pk", TableSchema.PK);
    if (!entity.ttl()) {
      return "attribute_not_exists(#pk)";
    }
    names.put("#ttl", TableSchema.TTL);
    values.put(":ttlNow", AttributeValue.fromN(Long.toString(now.getEpochSecond())));
    return "(attribute_not_exists(#pk) OR #ttl < :ttlNow)";
  }

  /**
   * The condition that a live item has the key: {@code attribute_exists(#pk) AND
   * (attribute_not_exists(#ttl) OR #ttl >= :ttlNow)} for an expiring entity, else {@code
   * attribute_exists(#pk)}; names and values added.
   */
  public static String exists(Entity entity, Map<String, String> names, Map<String, AttributeValue> values,
      Instant now) {
    names.put("#pk", TableSchema.PK);
    if (!entity.ttl()) {
      return "attribute_exists(#pk)";
    }
    return "attribute_exists(#pk) AND " + unexpired(names, values, now);
  }

  /**
   * One PutItem of {@code item} on no live item having its key ({@link #absent}): an expired item is
   * replaced. For an entity that does not expire, {@link TableGateway#putIfAbsent}.
   *
   * @throws software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException a live
   *     item has the key (nothing written)
   */
  public static void putIfAbsent(TableGateway table, Entity entity, Map<String, AttributeValue> item) {
    if (!entity.ttl()) {
      table.putIfAbsent(item);
      return;
    }
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    String condition = absent(entity, names, values, table.clock().instant());
    table.client().putItem(b -> b.tableName(table.tableName()).item(item).conditionExpression(condition)
        .expressionAttributeNames(names).expressionAttributeValues(values)
        .returnConsumedCapacity(CallMeter.asked()));
  }

  /**
   * {@link Entity#values} of the item and, for an expiring entity whose item carries {@code TTL},
   * {@code expiresAt} (ISO-8601, UTC).
   */
  public static Map<String, Object> values(Entity entity, Map<String, AttributeValue> item) {
    Map<String, Object> out = entity.values(item);
    AttributeValue ttl = entity.ttl() ? item.get(TableSchema.TTL) : null;
    if (ttl == null || ttl.n() == null) {
      return out;
    }
    out = new LinkedHashMap<>(out);
    out.put(FIELD, Timestamps.format(Instant.ofEpochSecond(new java.math.BigDecimal(ttl.n()).longValue())));
    return out;
  }
}
