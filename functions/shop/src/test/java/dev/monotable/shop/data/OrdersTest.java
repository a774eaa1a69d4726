package dev.monotable.shop.data;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.shop.Shop;
import dev.monotable.shop.ShopPattern;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The checkout against the local engine: one transaction, its exact items, and every refusal writing nothing. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class OrdersTest {
  private static final String T0 = "2090-01-02T03:04:05.678Z";
  private static final String ROUTE = "POST /customers/{username}/orders";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Products products;
  private final Carts carts;
  private final Orders orders;

  OrdersTest(TestTable table) {
    this.table = table;
    this.products = new Products(table.gateway(clock));
    this.carts = new Carts(table.gateway(clock));
    this.orders = new Orders(table.gateway(clock));
    dev.monotable.shop.TestCustomers.ensure(table.gateway(clock), "amy", "fio", "gil", "ben", "hal", "ivy", "cal",
        "dee", "eli");
  }

  private String product(String name, long price, long stock) {
    return (String) products.create("orders-test", name, null, price, stock).get("product");
  }

  private long stock(String product) {
    return Long.parseLong(table.item(new Key("PRODUCT#" + product, "PRODUCT#" + product)).orElseThrow()
        .get("Stock").n());
  }

  private List<Map<String, AttributeValue>> ordersOf(String username) {
    return table.itemsOfType("Order").stream().filter(i -> i.get("Username").s().equals(username)).toList();
  }

  @Test
  void checkout_byACallerWithoutACustomerProfile_shouldBe404NamingIt_andWriteNothing() {
    // The orphan defect: a caller who never created a profile was answered 201, an order placed, stock taken.
    String pen = product("Pen", 250, 5);
    carts.put("nobody", pen, 2);
    var cart = table.item(new Key("CART#nobody", "CART#nobody")).orElseThrow();

    NotFoundException refused = assertThrows(NotFoundException.class, () -> orders.checkout("nobody", null));

    assertEquals("customer not found", refused.getMessage());
    assertEquals(List.of(), ordersOf("nobody"));
    assertEquals(List.of(), table.itemsOfType("OrderLine").stream()
        .filter(l -> l.get("ProductId").s().equals(pen)).toList());
    assertEquals(5L, stock(pen));
    assertEquals(cart, table.item(new Key("CART#nobody", "CART#nobody")).orElseThrow(), "the cart is kept");
  }

  @Test
  void checkout_shouldWriteTheOrderItsLinesAndTheStock_inOneTransaction_andDeleteTheCart() {
    String pen = product("Pen", 250, 5);
    String ink = product("Ink", 1000, 1);
    carts.put("amy", pen, 2);
    carts.put("amy", ink, 1);
    clock.advance(Duration.ofSeconds(1));
    String t1 = "2090-01-02T03:04:06.678Z";

    Map<String, Object> placed = orders.checkout("amy", null);
    String id = (String) placed.get("order");

    assertEquals(item("PK", "ORDER#" + id, "SK", "ORDER#" + id, "GSI1PK", "CUSTOMER#amy", "GSI1SK", "ORDER#" + id,
        "GSI2PK", "STATUS#placed#" + dev.monotable.shop.keys.ShopKeys.statusShard(id), "GSI2SK", "ORDER#" + id,
        "Type", "Order", "OrderId", id, "Username", "amy", "Status", "placed", "TotalCents", 1500, "LineCount", 2,
        "CreatedAt", t1, "UpdatedAt", t1, "SchemaVersion", 1),
        table.item(new Key("ORDER#" + id, "ORDER#" + id)).orElseThrow());
    assertEquals(item("PK", "ORDER#" + id, "SK", "LINE#" + pen, "Type", "OrderLine", "OrderId", id, "ProductId", pen,
        "Name", "Pen", "PriceCents", 250, "Quantity", 2, "CreatedAt", t1, "UpdatedAt", t1, "SchemaVersion", 1),
        table.item(new Key("ORDER#" + id, "LINE#" + pen)).orElseThrow());
    assertEquals(item("PK", "ORDER#" + id, "SK", "LINE#" + ink, "Type", "OrderLine", "OrderId", id, "ProductId", ink,
        "Name", "Ink", "PriceCents", 1000, "Quantity", 1, "CreatedAt", t1, "UpdatedAt", t1, "SchemaVersion", 1),
        table.item(new Key("ORDER#" + id, "LINE#" + ink)).orElseThrow());
    assertEquals(List.of(3L, 0L), List.of(stock(pen), stock(ink)));
    assertEquals(t1, table.item(new Key("PRODUCT#" + pen, "PRODUCT#" + pen)).orElseThrow().get("UpdatedAt").s());
    assertTrue(table.item(new Key("CART#amy", "CART#amy")).isEmpty(), "the cart is deleted");
    assertEquals(placed, orders.byId("amy", id), "S11 answers what the checkout answered");
    assertEquals(2, ((List<?>) placed.get("lines")).size());
    assertThrows(NotFoundException.class, () -> orders.byId("bob", id), "another customer's order is not found");
    assertEquals("cart", assertThrows(ConflictException.class, () -> orders.checkout("amy", null)).conflict(),
        "the cart is gone: a second checkout has nothing to order");
  }

  @Test
  void aCustomersOrders_shouldListNewestFirst_inPages_fromGsi1_withoutTheirLines() {
    String pen = product("Pen", 100, 10);
    List<String> ids = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      carts.put("fio", pen, 1);
      ids.add((String) orders.checkout("fio", null).get("order"));
      clock.advance(Duration.ofSeconds(1));
    }
    carts.put("gil", pen, 1);
    orders.checkout("gil", null);

    var gateway = table.gateway(clock);
    var page = gateway.query(ShopPattern.S12.queryFor(Map.of("username", "fio")), PageRequest.first(2), "S12");
    assertEquals(List.of(ids.get(2), ids.get(1)), page.items().stream().map(i -> i.get("OrderId").s()).toList());
    assertTrue(page.items().stream().allMatch(i -> i.get("Type").s().equals("Order")), "heads only, no lines");
    var rest = gateway.query(ShopPattern.S12.queryFor(Map.of("username", "fio")),
        new PageRequest(2, page.nextCursor()), "S12");
    assertEquals(List.of(ids.get(0)), rest.items().stream().map(i -> i.get("OrderId").s()).toList());
    assertEquals(null, rest.nextCursor());
    assertEquals("order", assertThrows(ValidationException.class, () -> orders.byId("fio", "ORDER#x")).field());
    assertThrows(NotFoundException.class, () -> orders.byId("fio", Ulid.derived(Instant.parse(T0), "none")));
  }

  @Test
  void anOutOfStockLine_shouldRefuseTheWholeOrder_namingTheProduct_andWriteNothing() {
    String pen = product("Pen", 250, 5);
    String ink = product("Ink", 1000, 1);
    carts.put("ben", pen, 2);
    carts.put("ben", ink, 2);
    Map<String, AttributeValue> cartBefore = table.item(new Key("CART#ben", "CART#ben")).orElseThrow();

    ConflictException refused = assertThrows(ConflictException.class, () -> orders.checkout("ben", null));
    assertEquals("product", refused.conflict());
    assertTrue(refused.getMessage().contains(ink) && refused.getMessage().contains("out of stock"),
        refused.getMessage());
    assertEquals(List.of(5L, 1L), List.of(stock(pen), stock(ink)), "no stock taken, not even the pen's");
    assertEquals(List.of(), ordersOf("ben"));
    assertTrue(table.itemsOfType("OrderLine").stream().noneMatch(l -> l.get("ProductId").s().equals(pen)));
    assertEquals(cartBefore, table.item(new Key("CART#ben", "CART#ben")).orElseThrow(), "the cart is kept");
  }

  @Test
  void twoCheckoutsOfTheLastUnit_atOnce_shouldPlaceOneOrder_andNeverSellBelowZero() throws Exception {
    String last = product("Last", 500, 1);
    carts.put("hal", last, 1);
    carts.put("ivy", last, 1);
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
    List<java.util.concurrent.Future<Object>> outcomes = new java.util.ArrayList<>();
    for (String customer : List.of("hal", "ivy")) {
      outcomes.add(pool.submit(() -> {
        go.await();
        try {
          return orders.checkout(customer, null);
        } catch (RuntimeException e) {
          return e;
        }
      }));
    }
    go.countDown();
    List<Object> results = new java.util.ArrayList<>();
    for (var f : outcomes) {
      results.add(f.get(30, java.util.concurrent.TimeUnit.SECONDS));
    }
    pool.shutdown();

    assertEquals(1, results.stream().filter(r -> r instanceof Map).count(), "one order: " + results);
    Object loser = results.stream().filter(r -> !(r instanceof Map)).findFirst().orElseThrow();
    // refused by its stock condition (409 product), or cancelled by the other's transaction (a retryable 409)
    assertTrue(loser instanceof ConflictException c && c.conflict().equals("product")
        || loser instanceof software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException, "" + loser);
    assertEquals(0L, stock(last), "sold once, never below zero");
    assertEquals(1, ordersOf("hal").size() + ordersOf("ivy").size());
  }

  @Test
  void aRetriedCheckout_withTheSameKey_shouldCreateOneOrder_andAnotherRequestWithItIsRefused() {
    String pen = product("Pen", 250, 5);
    carts.put("cal", pen, 1);
    IdempotentRequest first = IdempotentRequest.of("checkout-cal-1", ROUTE, "/customers/cal/orders", null);

    Map<String, Object> placed = orders.checkout("cal", first);
    assertEquals(placed, orders.checkout("cal", IdempotentRequest.of("checkout-cal-1", ROUTE,
        "/customers/cal/orders", null)), "the retry answers the same order");
    assertEquals(1, ordersOf("cal").size());
    assertEquals(4L, stock(pen), "stock taken once");
    Map<String, AttributeValue> record = table.item(new Key("IDEMPOTENCY#cal#checkout-cal-1",
        "IDEMPOTENCY#cal#checkout-cal-1")).orElseThrow();
    assertEquals("ORDER#" + placed.get("order"), record.get("TargetPK").s());
    assertEquals(Instant.parse(T0).getEpochSecond() + 24 * 3600, Long.parseLong(record.get("TTL").n()));

    carts.put("cal", pen, 1);
    assertEquals("Idempotency-Key", assertThrows(ConflictException.class, () -> orders.checkout("cal",
        IdempotentRequest.of("checkout-cal-1", ROUTE, "/customers/cal/orders", "{\"other\":1}"))).conflict());
    Map<String, Object> second = orders.checkout("cal", IdempotentRequest.of("checkout-cal-2", ROUTE,
        "/customers/cal/orders", null));
    assertNotEquals(placed.get("order"), second.get("order"), "a new key is a new order");
    assertEquals(2, ordersOf("cal").size());
  }

  @Test
  void aCartBeyondTheTransactionLimit_shouldBeRefusedWith400_beforeAnyWrite_andTheLimitItselfTaken() {
    List<String> many = new java.util.ArrayList<>();
    for (int i = 0; i < 49; i++) {
      String p = product("Item " + i, 100, 10);
      many.add(p);
      carts.put("dee", p, 1);
    }
    assertEquals(102, Orders.actions(49, true));
    assertEquals(101, Orders.actions(49, false));
    ValidationException refused = assertThrows(ValidationException.class, () -> orders.checkout("dee",
        IdempotentRequest.of("checkout-dee-1", ROUTE, "/customers/dee/orders", null)));
    assertEquals("cart", refused.field());
    assertTrue(refused.getMessage().contains("at most 48 lines"), refused.getMessage());
    assertEquals(List.of(), ordersOf("dee"));
    assertTrue(table.item(new Key("IDEMPOTENCY#dee#checkout-dee-1", "IDEMPOTENCY#dee#checkout-dee-1")).isEmpty());
    assertEquals(10L, stock(many.get(0)));

    assertEquals("cart", assertThrows(ValidationException.class, () -> orders.checkout("dee", null)).field(),
        "without a key, 101 actions");
    // 48 lines with a key are exactly 100 actions (the customer's check, the order, 2 per line, the cart, the
    // record): DynamoDB's limit, taken.
    carts.remove("dee", many.get(48));
    assertEquals(100, Orders.actions(48, true));
    Map<String, Object> placed = orders.checkout("dee", IdempotentRequest.of("checkout-dee-2", ROUTE,
        "/customers/dee/orders", null));
    assertEquals(48, ((List<?>) placed.get("lines")).size());
    assertEquals(9L, stock(many.get(47)));
    assertEquals(10L, stock(many.get(48)));
  }

  @Test
  void anEmptyOrExpiredCart_orAProductNotInTheCatalog_shouldBeRefused_andWriteNothing() {
    assertEquals("cart", assertThrows(ConflictException.class, () -> orders.checkout("eli", null)).conflict());
    String pen = product("Pen", 250, 5);
    carts.put("eli", pen, 1);
    clock.advance(Duration.ofDays(7).plusSeconds(1));
    assertEquals("cart", assertThrows(ConflictException.class, () -> orders.checkout("eli", null)).conflict(),
        "an expired cart is empty");
    String ghost = Ulid.derived(Instant.parse(T0), "no-such-product");
    carts.put("eli", ghost, 1);
    ConflictException refused = assertThrows(ConflictException.class, () -> orders.checkout("eli", null));
    assertEquals("product", refused.conflict());
    assertTrue(refused.getMessage().contains(ghost), refused.getMessage());
    assertEquals(List.of(), ordersOf("eli"));
    assertEquals(5L, stock(pen));
  }
}
