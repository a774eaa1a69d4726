package dev.monotable.shop.data;

import dev.monotable.kit.data.CountOnce;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.shop.ShopPattern;
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.shop.model.Order;
import dev.monotable.shop.model.Sales;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The sales aggregates: ST2 counts each order into its day and its products' month (exactly once
 * per stream record), the admins' routes read them (S29, S30). Nothing here scans.
 */
public final class SalesLedger {

  private final TableGateway table;
  private final CountOnce counts;

  public SalesLedger(TableGateway table) {
    this.table = table;
    this.counts = new CountOnce(table);
  }

  /**
   * Counts an order into the sales ({@code sign} +1: placed) or out of them ({@code sign} -1:
   * cancelled or refunded), on the day and month it was placed: one Query of the order's
   * partition (its lines), then ONE TransactWriteItems of a Put of the record's receipt
   * ({@code attribute_not_exists(PK)}), an Update of the day ({@code ADD Orders, Units,
   * RevenueCents}) and an Update per product of the month ({@code ADD Units, RevenueCents}); a
   * redelivered record finds its receipt and the transaction changes nothing. Then
   * {@link #rank} the month's products it touched, counted now or before (a crash between the
   * two is mended by the redelivery).
   *
   * @param record the stream record's id: the receipt's key
   * @param order the order item (the record's image)
   * @return APPLIED, or ALREADY_APPLIED for a redelivered record
   */
  public StreamEffect count(String record, Map<String, AttributeValue> order, int sign) {
    String id = order.get("OrderId").s();
    String placed = order.get(TableSchema.CREATED_AT).s();
    String day = placed.substring(0, 10);
    String month = placed.substring(0, 7);
    Map<String, long[]> products = new LinkedHashMap<>(); // product -> units, cents
    for (Map<String, AttributeValue> item : table.query(ShopPattern.S11.queryFor(Map.of("order", id)),
        PageRequest.first(PageRequest.MAX_LIMIT), "S11").items()) {
      if (Order.LINE.type().equals(Items.type(item))) {
        long quantity = Long.parseLong(item.get("Quantity").n());
        long cents = quantity * Long.parseLong(item.get("PriceCents").n());
        products.put(item.get("ProductId").s(), new long[] {quantity, cents});
      }
    }
    String now = Timestamps.format(table.clock().instant());
    long units = products.values().stream().mapToLong(v -> v[0]).sum();
    long cents = products.values().stream().mapToLong(v -> v[1]).sum();
    List<CountOnce.Counter> counters = new ArrayList<>();
    counters.add(CountOnce.Counter.at(Sales.DAY.key(Map.of("day", day)))
        .add("Orders", sign).add("Units", sign * units).add("RevenueCents", sign * cents)
        .set(AUDIT + ", #day = :day", names("#day", "Day"), values(now, Sales.DAY, ":day", day)));
    products.forEach((product, v) -> counters.add(CountOnce.Counter.at(productKey(month, product))
        .add("Units", sign * v[0]).add("RevenueCents", sign * v[1])
        .set(AUDIT + ", #month = :month, #product = :product", names("#month", "Month", "#product", "ProductId"),
            values(now, Sales.PRODUCT_MONTH, ":month", month, ":product", product))));
    Map<String, AttributeValue> receipt = Sales.RECEIPT.toItem(Entity.fields("record", record, "order", id,
        "ttl", Timestamps.epochSeconds(table.clock().instant()) + Sales.RECEIPT_SECONDS, "createdAt", now));
    StreamEffect effect = counts.count(receipt, counters);
    rank(month, List.copyOf(products.keySet()));
    return effect;
  }

  /**
   * Moves each product's GSI1 rank key to its month's units: one BatchGetItem of the products' month
   * items, then for each whose key is not its units' an UpdateItem {@code SET GSI1PK, GSI1SK}
   * conditioned on {@code Units} being what was read. When another count moved the units in
   * between, its own ranking (which follows every count) reads them after it: the last count's
   * ranking leaves the key of the final units.
   */
  void rank(String month, List<String> products) {
    List<Key> keys = products.stream().map(p -> productKey(month, p)).toList();
    if (keys.isEmpty()) {
      return;
    }
    for (Map<String, AttributeValue> item : table.batchGet(keys).values()) {
      long units = Long.parseLong(item.get("Units").n());
      Key ranked = Sales.PRODUCT_MONTH.key(Gsi.GSI1, Map.of("month", month, "product", item.get("ProductId").s(),
          "units", units));
      AttributeValue sk = item.get(Gsi.GSI1.sk());
      if (sk != null && sk.s().equals(ranked.sk())) {
        continue;
      }
      try {
        table.update(new Key(item.get(TableSchema.PK).s(), item.get(TableSchema.SK).s()),
            "SET #gpk = :gpk, #gsk = :gsk", "#units = :units",
            Map.of("#gpk", Gsi.GSI1.pk(), "#gsk", Gsi.GSI1.sk(), "#units", "Units"),
            Map.of(":gpk", AttributeValue.fromS(ranked.pk()), ":gsk", AttributeValue.fromS(ranked.sk()),
                ":units", item.get("Units")));
      } catch (ConditionalCheckFailedException movedMeanwhile) {
        // the count that moved it ranks it after its own write
      }
    }
  }

  /**
   * S29: the sales of the days {@code from} to {@code to} (inclusive, one calendar year): ONE Query
   * per page of the year's partition, {@code SK BETWEEN DAY#{from} AND DAY#{to}}. A day without
   * orders has no item.
   *
   * @throws ValidationException {@code from}/{@code to}: not a date, reversed, or in two years
   */
  public Page<Map<String, AttributeValue>> days(String from, String to, PageRequest page) {
    LocalDate start = day("from", from);
    LocalDate end = day("to", to);
    if (end.isBefore(start)) {
      throw new ValidationException("to", "to (" + to + ") is before from (" + from + ")");
    }
    if (start.getYear() != end.getYear()) {
      throw new ValidationException("to", "a range lies within one calendar year (one partition): ask for "
          + from + ".." + start.getYear() + "-12-31 and " + end.getYear() + "-01-01.." + to + " apart");
    }
    return table.query(ShopPattern.S29.queryFor(Map.of("year", from.substring(0, 4), "from", from, "to", to)), page,
        "S29");
  }

  /**
   * S30: a month's products by units sold, highest first: ONE Query per page of GSI1
   * {@code TOPPRODUCTS#{month}}, descending.
   *
   * @throws ValidationException {@code month}: not {@code yyyy-mm}
   */
  public Page<Map<String, AttributeValue>> topProducts(String month, PageRequest page) {
    if (month == null || !ShopKeys.MONTH.matcher(month).matches()) {
      throw new ValidationException("month", "month must be yyyy-mm");
    }
    return table.query(ShopPattern.S30.queryFor(Map.of("month", month)), page, "S30");
  }

  private static LocalDate day(String field, String value) {
    try {
      if (value != null && ShopKeys.DAY.matcher(value).matches()) {
        return LocalDate.parse(value);
      }
    } catch (DateTimeException notADay) {
      // 2026-02-30 matches the pattern: refused below
    }
    throw new ValidationException(field, field + " must be a day, yyyy-mm-dd");
  }

  private static Key productKey(String month, String product) {
    return Sales.PRODUCT_MONTH.key(Map.of("month", month, "product", product));
  }

  private static final String AUDIT = "#type = :type, #created = if_not_exists(#created, :now), #updated = :now, "
      + "#schema = :schema";

  private static Map<String, String> names(String... more) {
    Map<String, String> n = new LinkedHashMap<>(Map.of("#type", TableSchema.TYPE, "#created", TableSchema.CREATED_AT,
        "#updated", TableSchema.UPDATED_AT, "#schema", TableSchema.SCHEMA_VERSION));
    for (int i = 0; i < more.length; i += 2) {
      n.put(more[i], more[i + 1]);
    }
    return n;
  }

  private static Map<String, AttributeValue> values(String now, Entity entity, String... more) {
    Map<String, AttributeValue> v = new LinkedHashMap<>(Map.of(":type", AttributeValue.fromS(entity.type()),
        ":now", AttributeValue.fromS(now), ":schema", AttributeValue.fromN(Integer.toString(Items.SCHEMA_VERSION))));
    for (int i = 0; i < more.length; i += 2) {
      v.put(more[i], AttributeValue.fromS(more[i + 1]));
    }
    return v;
  }
}
