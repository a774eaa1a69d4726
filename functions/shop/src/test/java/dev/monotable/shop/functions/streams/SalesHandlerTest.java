package dev.monotable.shop.functions.streams;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.shop.Shop;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** ST2 against the local engine: the sales by day and by product, exact when a batch comes twice. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class SalesHandlerTest {
  private static final AtomicInteger IDS = new AtomicInteger();
  private static final String D1 = "2093-05-30";
  private static final String D2 = "2093-05-31";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(D1 + "T10:00:00.000Z");
  private final ShopServices services;
  private final SalesHandler handler;

  SalesHandlerTest(TestTable table) {
    this.table = table;
    this.services = new ShopServices(table.gateway(clock), null);
    this.handler = new SalesHandler(services);
  }

  private String product(String name, long price) {
    return (String) services.products().create("sales-test", name, null, price, 1000).get("product");
  }

  private String order(String username, Map<String, Long> lines) {
    dev.monotable.shop.TestCustomers.ensure(services.table(), username);
    lines.forEach((p, q) -> services.carts().put(username, p, q));
    return (String) services.orders().checkout(username, null).get("order");
  }

  private Map<String, AttributeValue> stored(String order) {
    return table.item(new Key("ORDER#" + order, "ORDER#" + order)).orElseThrow();
  }

  @Test
  void ordersPlaced_shouldBeCountedIntoTheirDayAndTheirProductsMonth_exactlyOnce_whenTheBatchComesTwice() {
    String pen = product("Pen", 250);
    String ink = product("Ink", 1000);
    String a = order("amy", Map.of(pen, 2L, ink, 1L));
    String b = order("bob", Map.of(pen, 1L));
    clock.advance(Duration.ofDays(1));
    String c = order("cat", Map.of(ink, 3L));
    List<DynamodbStreamRecord> batch = List.of(insert(stored(a)), insert(stored(b)), insert(stored(c)));
    clock.advance(Duration.ofMinutes(5));
    String counted = dev.monotable.kit.keys.Timestamps.format(clock.instant());

    assertEquals(List.of(), failures(handler.handleRequest(event(batch), null)));
    assertEquals(List.of(), failures(handler.handleRequest(event(batch), null)), "the same batch again");

    assertEquals(item("PK", "SALES#2093", "SK", "DAY#" + D1, "Type", "SalesDay", "Day", D1, "Orders", 2,
        "Units", 4, "RevenueCents", 1750, "CreatedAt", counted, "UpdatedAt", counted, "SchemaVersion", 1),
        table.item(new Key("SALES#2093", "DAY#" + D1)).orElseThrow());
    assertEquals(List.of("1", "3", "3000"), List.of(table.item(new Key("SALES#2093", "DAY#" + D2)).orElseThrow()
        .get("Orders").n(), table.item(new Key("SALES#2093", "DAY#" + D2)).orElseThrow().get("Units").n(),
        table.item(new Key("SALES#2093", "DAY#" + D2)).orElseThrow().get("RevenueCents").n()));
    assertEquals(item("PK", "PRODUCTSALES#2093-05", "SK", "PRODUCT#" + ink, "GSI1PK", "TOPPRODUCTS#2093-05",
        "GSI1SK", "UNITS#0000000004#" + ink, "Type", "ProductSales", "Month", "2093-05", "ProductId", ink,
        "Units", 4, "RevenueCents", 4000, "CreatedAt", counted, "UpdatedAt", counted, "SchemaVersion", 1),
        table.item(new Key("PRODUCTSALES#2093-05", "PRODUCT#" + ink)).orElseThrow());
    assertEquals("UNITS#0000000003#" + pen, table.item(new Key("PRODUCTSALES#2093-05", "PRODUCT#" + pen))
        .orElseThrow().get("GSI1SK").s());
    List<Map<String, AttributeValue>> receipts = table.itemsOfType("CountedSale").stream()
        .filter(r -> List.of(a, b, c).contains(r.get("OrderId").s())).toList();
    assertEquals(3, receipts.size(), "one receipt per record");
    Map<String, AttributeValue> receipt = receipts.get(0);
    assertEquals(dev.monotable.kit.keys.Timestamps.epochSeconds(clock.instant()) + 48 * 3600,
        Long.parseLong(receipt.get("TTL").n()));

    assertEquals(List.of(ink, pen), top("2093-05"));
    assertEquals(List.of(D1, D2), days(D1, D2));
    assertEquals(List.of(D2), days(D2, "2093-06-30"));
  }

  @Test
  void aCancelledOrRefundedOrder_shouldBeSubtractedOnce_onTheDayItWasPlaced_andOtherChangesIgnored() {
    clock.advance(Duration.ofDays(40)); // 2093-07-09: a day and month of its own in the shared table
    String cap = product("Cap", 500);
    String hat = product("Hat", 700);
    String a = order("dan", Map.of(cap, 3L));
    String b = order("eve", Map.of(hat, 2L));
    assertEquals(List.of(), failures(handler.handleRequest(event(List.of(insert(stored(a)), insert(stored(b)))),
        null)));
    assertEquals(List.of(cap, hat), top("2093-07"));

    clock.advance(Duration.ofDays(1)); // cancelled the next day: still the first day's sale that is undone
    Map<String, AttributeValue> placed = stored(a);
    services.orders().changeStatus("dan", a, "paid");
    Map<String, AttributeValue> paid = stored(a);
    services.orders().changeStatus("dan", a, "cancelled");
    List<DynamodbStreamRecord> changes = List.of(modify(placed, paid), modify(paid, stored(a)));
    assertEquals(List.of(), failures(handler.handleRequest(event(changes), null)));
    assertEquals(List.of(), failures(handler.handleRequest(event(changes), null)), "redelivered");

    Map<String, AttributeValue> day = table.item(new Key("SALES#2093", "DAY#2093-07-09")).orElseThrow();
    assertEquals(List.of("1", "2", "1400"), List.of(day.get("Orders").n(), day.get("Units").n(),
        day.get("RevenueCents").n()));
    Map<String, AttributeValue> caps = table.item(new Key("PRODUCTSALES#2093-07", "PRODUCT#" + cap)).orElseThrow();
    assertEquals(List.of("0", "0", "UNITS#0000000000#" + cap), List.of(caps.get("Units").n(),
        caps.get("RevenueCents").n(), caps.get("GSI1SK").s()), "its rank follows it down");
    assertEquals(List.of(hat, cap), top("2093-07"));
    assertEquals(List.of(), days("2093-07-10", "2093-07-10"), "nothing moved to the day of the cancellation");
    assertEquals(3, table.itemsOfType("CountedSale").stream().filter(r -> List.of(a, b)
        .contains(r.get("OrderId").s())).count(), "the paid change wrote nothing");
  }

  @Test
  void aRangeOfDays_shouldBeOneYear_andWellFormed() {
    var ledger = services.sales();
    assertEquals("to", assertThrows(ValidationException.class,
        () -> ledger.days("2093-12-30", "2094-01-02", PageRequest.first(10))).field());
    assertEquals("to", assertThrows(ValidationException.class,
        () -> ledger.days("2093-05-02", "2093-05-01", PageRequest.first(10))).field());
    assertEquals("from", assertThrows(ValidationException.class,
        () -> ledger.days("2093-02-30", "2093-03-01", PageRequest.first(10))).field());
    assertEquals("from", assertThrows(ValidationException.class,
        () -> ledger.days("DAY#x", "2093-03-01", PageRequest.first(10))).field());
    assertEquals("month", assertThrows(ValidationException.class,
        () -> ledger.topProducts("2093-13", PageRequest.first(10))).field());
  }

  private List<String> top(String month) {
    return services.sales().topProducts(month, PageRequest.first(10)).items().stream()
        .map(i -> i.get("ProductId").s()).toList();
  }

  private List<String> days(String from, String to) {
    return services.sales().days(from, to, PageRequest.first(10)).items().stream().map(i -> i.get("Day").s())
        .toList();
  }

  private static List<String> failures(StreamsEventResponse r) {
    return r.getBatchItemFailures().stream().map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList();
  }

  private static DynamodbEvent event(List<DynamodbStreamRecord> records) {
    DynamodbEvent e = new DynamodbEvent();
    e.setRecords(new ArrayList<>(records));
    return e;
  }

  private static DynamodbStreamRecord insert(Map<String, AttributeValue> item) {
    return record("INSERT", null, item);
  }

  private static DynamodbStreamRecord modify(Map<String, AttributeValue> before, Map<String, AttributeValue> after) {
    return record("MODIFY", before, after);
  }

  static DynamodbStreamRecord record(String name, Map<String, AttributeValue> oldImage,
      Map<String, AttributeValue> newImage) {
    int id = IDS.incrementAndGet();
    DynamodbStreamRecord r = new DynamodbStreamRecord();
    r.setEventID("evt-" + id);
    r.setEventName(name);
    StreamRecord s = new StreamRecord();
    s.setSequenceNumber(String.format("%021d", id));
    s.setNewImage(lambda(newImage));
    s.setOldImage(lambda(oldImage));
    r.setDynamodb(s);
    return r;
  }

  private static Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> lambda(
      Map<String, AttributeValue> item) {
    if (item == null) {
      return null;
    }
    Map<String, com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue> out = new LinkedHashMap<>();
    item.forEach((k, v) -> {
      var a = new com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue();
      if (v.s() != null) {
        a.setS(v.s());
      } else if (v.n() != null) {
        a.setN(v.n());
      } else if (v.hasM()) {
        throw new IllegalArgumentException("no maps on an order");
      }
      out.put(k, a);
    });
    return out;
  }
}
