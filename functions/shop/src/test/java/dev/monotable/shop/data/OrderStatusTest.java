package dev.monotable.shop.data;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.shop.Shop;
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The order's state machine (S25-S27) and the orders by status in GSI2's write shards (S28), against the local engine. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class OrderStatusTest {
  private static final String T0 = "2091-03-04T05:06:07.000Z";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Products products;
  private final Carts carts;
  private final Orders orders;

  OrderStatusTest(TestTable table) {
    this.table = table;
    this.products = new Products(table.gateway(clock));
    this.carts = new Carts(table.gateway(clock));
    this.orders = new Orders(table.gateway(clock));
  }

  private String product(String name, long stock) {
    return (String) products.create("status-test", name, null, 300, stock).get("product");
  }

  private String order(String username, String product, long quantity) {
    dev.monotable.shop.TestCustomers.ensure(table.gateway(clock), username);
    carts.put(username, product, quantity);
    return (String) orders.checkout(username, null).get("order");
  }

  private Map<String, AttributeValue> stored(String order) {
    return table.item(new Key("ORDER#" + order, "ORDER#" + order)).orElseThrow();
  }

  private long stock(String product) {
    return Long.parseLong(table.item(new Key("PRODUCT#" + product, "PRODUCT#" + product)).orElseThrow()
        .get("Stock").n());
  }

  private String at(int seconds) {
    clock.advance(Duration.ofSeconds(seconds));
    return Timestamps.format(clock.instant());
  }

  @Test
  void anOrder_shouldGoPlacedPaidShippedDeliveredRefunded_eachOneUpdate_movingItsGsi2Shard_andKeepingEachTime() {
    String pen = product("Pen", 5);
    String id = order("amy", pen, 2);
    String t0 = Timestamps.format(clock.instant());
    String shard = Integer.toString(ShopKeys.statusShard(id));

    String t1 = at(1);
    Map<String, Object> paid = orders.changeStatus("amy", id, "paid");
    assertEquals("paid", paid.get("status"));
    assertEquals(item("PK", "ORDER#" + id, "SK", "ORDER#" + id, "GSI1PK", "CUSTOMER#amy", "GSI1SK", "ORDER#" + id,
        "GSI2PK", "STATUS#paid#" + shard, "GSI2SK", "ORDER#" + id, "Type", "Order", "OrderId", id,
        "Username", "amy", "Status", "paid", "TotalCents", 600, "LineCount", 1, "PaidAt", t1,
        "CreatedAt", t0, "UpdatedAt", t1, "SchemaVersion", 1), stored(id));

    String t2 = at(1);
    orders.changeStatus(null, id, "shipped");
    assertEquals("STATUS#shipped#" + shard, stored(id).get("GSI2PK").s());
    assertEquals(t2, stored(id).get("ShippedAt").s());

    String t3 = at(1);
    orders.changeStatus(null, id, "delivered");
    assertEquals(item("PK", "ORDER#" + id, "SK", "ORDER#" + id, "GSI1PK", "CUSTOMER#amy", "GSI1SK", "ORDER#" + id,
        "Type", "Order", "OrderId", id, "Username", "amy", "Status", "delivered", "TotalCents", 600,
        "LineCount", 1, "PaidAt", t1, "ShippedAt", t2, "DeliveredAt", t3, "ClosedAt", t3, "CreatedAt", t0,
        "UpdatedAt", t3,
        "SchemaVersion", 1), stored(id), "a delivered order leaves GSI2 (sparse)");

    String t4 = at(1);
    orders.changeStatus(null, id, "refunded");
    assertEquals("refunded", stored(id).get("Status").s());
    assertEquals(t4, stored(id).get("RefundedAt").s());
    assertEquals(t3, stored(id).get("ClosedAt").s(), "closed when it was delivered");
    assertTrue(!stored(id).containsKey("GSI2PK") && !stored(id).containsKey("GSI2SK"));
    assertEquals(3L, stock(pen), "a refund returns no stock: the goods left");
  }

  @Test
  void anIllegalTransition_shouldBe409NamingTheCurrentState_aMissingOrAnothersOrder404_andWriteNothing() {
    String pen = product("Pen", 5);
    String id = order("ben", pen, 1);
    Map<String, AttributeValue> before = stored(id);
    clock.advance(Duration.ofSeconds(1));

    ConflictException early = assertThrows(ConflictException.class, () -> orders.changeStatus(null, id, "shipped"));
    assertEquals("status", early.conflict());
    assertTrue(early.getMessage().contains("is placed"), early.getMessage());
    assertThrows(ConflictException.class, () -> orders.changeStatus(null, id, "delivered"));
    assertThrows(ConflictException.class, () -> orders.changeStatus(null, id, "refunded"));
    assertEquals(before, stored(id), "refused transitions write nothing");

    assertThrows(NotFoundException.class, () -> orders.changeStatus("cat", id, "paid"), "another customer's order");
    assertThrows(NotFoundException.class, () -> orders.changeStatus("cat", id, "cancelled"));
    String none = Ulid.derived(Instant.parse(T0), "no-such-order");
    assertThrows(NotFoundException.class, () -> orders.changeStatus(null, none, "shipped"));
    assertThrows(NotFoundException.class, () -> orders.changeStatus("ben", none, "paid"));
    assertThrows(NotFoundException.class, () -> orders.changeStatus("ben", none, "cancelled"));
    assertTrue(table.item(new Key("ORDER#" + none, "ORDER#" + none)).isEmpty(), "no order is created by an update");
    assertEquals(before, stored(id));

    assertEquals("status", assertThrows(ValidationException.class,
        () -> orders.changeStatus(null, id, "placed")).field());
    assertEquals("order", assertThrows(ValidationException.class,
        () -> orders.changeStatus(null, "ORDER#x", "paid")).field());

    orders.changeStatus("ben", id, "paid");
    Map<String, AttributeValue> paid = stored(id);
    clock.advance(Duration.ofSeconds(1));
    assertEquals("paid", orders.changeStatus("ben", id, "paid").get("status"),
        "the same change again (a retry after a lost answer) answers the order as it is");
    assertEquals(paid, stored(id), "and writes nothing");
    ConflictException back = assertThrows(ConflictException.class, () -> orders.changeStatus(null, id, "delivered"));
    assertTrue(back.getMessage().contains("is paid"), back.getMessage());
  }

  @Test
  void cancelling_shouldReturnTheStock_inOneTransactionWithTheStatus_once() {
    String pen = product("Pen", 5);
    String ink = product("Ink", 5);
    dev.monotable.shop.TestCustomers.ensure(table.gateway(clock), "cid");
    carts.put("cid", pen, 2);
    carts.put("cid", ink, 3);
    String id = (String) orders.checkout("cid", null).get("order");
    assertEquals(List.of(3L, 2L), List.of(stock(pen), stock(ink)));
    orders.changeStatus("cid", id, "paid");

    String t = at(5);
    Map<String, Object> cancelled = orders.changeStatus("cid", id, "cancelled");
    assertEquals(List.of("cancelled", t), List.of(cancelled.get("status"), cancelled.get("cancelledAt")));
    assertEquals(List.of(5L, 5L), List.of(stock(pen), stock(ink)), "every line's units are back");
    assertEquals(t, table.item(new Key("PRODUCT#" + pen, "PRODUCT#" + pen)).orElseThrow().get("UpdatedAt").s());
    Map<String, AttributeValue> after = stored(id);
    assertEquals(List.of("cancelled", t, t), List.of(after.get("Status").s(), after.get("CancelledAt").s(),
        after.get("ClosedAt").s()));
    assertTrue(!after.containsKey("GSI2PK") && !after.containsKey("GSI2SK"), "a cancelled order leaves GSI2");

    assertEquals("cancelled", orders.changeStatus("cid", id, "cancelled").get("status"), "a retried cancel");
    assertEquals(after, stored(id));
    assertEquals(List.of(5L, 5L), List.of(stock(pen), stock(ink)), "stock returned once");
    ConflictException again = assertThrows(ConflictException.class, () -> orders.changeStatus("cid", id, "paid"));
    assertTrue(again.getMessage().contains("is cancelled"), again.getMessage());

    String shipped = order("cid", pen, 1);
    orders.changeStatus("cid", shipped, "paid");
    orders.changeStatus(null, shipped, "shipped");
    assertThrows(ConflictException.class, () -> orders.changeStatus("cid", shipped, "cancelled"),
        "a shipped order is refunded, not cancelled");
    assertEquals(4L, stock(pen));
  }

  @Test
  void ordersByStatus_shouldPageOneShardPerQuery_withACursorWalkingTheShards_andHoldOnlyThatStatus() {
    String pen = product("Pen", 100);
    Set<String> placed = new HashSet<>();
    Set<String> paid = new HashSet<>();
    for (int i = 0; i < 12; i++) {
      String id = order("dan" + i, pen, 1);
      if (i % 3 == 0) {
        orders.changeStatus("dan" + i, id, "paid");
        paid.add(id);
      } else if (i % 3 == 1) {
        placed.add(id);
      } else {
        orders.changeStatus("dan" + i, id, "cancelled");
      }
    }
    Set<Integer> shards = new HashSet<>();
    placed.forEach(id -> shards.add(ShopKeys.statusShard(id)));
    // Order ids are random: four placed orders fall in one shard now and then; one more until they spread.
    for (int i = 0; shards.size() < 2 && i < 50; i++) {
      String id = order("eve" + i, pen, 1);
      placed.add(id);
      shards.add(ShopKeys.statusShard(id));
    }
    assertTrue(shards.size() > 1, "the test's orders spread over shards: " + shards);

    List<String> seen = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Page<Map<String, AttributeValue>> page = orders.byStatus("placed", new PageRequest(2, cursor));
      assertTrue(page.items().size() <= 2);
      assertTrue(page.items().stream().map(i -> i.get("GSI2PK").s()).distinct().count() <= 1, "one page, one shard");
      List<String> ids = page.items().stream().map(i -> i.get("OrderId").s()).toList();
      List<String> newestFirst = new ArrayList<>(ids);
      newestFirst.sort(java.util.Comparator.reverseOrder());
      assertEquals(newestFirst, ids, "newest first within a shard");
      seen.addAll(ids);
      cursor = page.nextCursor();
      pages++;
    } while (cursor != null && pages < 50);
    assertNull(cursor);
    assertEquals(placed, new HashSet<>(seen));
    assertEquals(placed.size(), seen.size(), "no order twice");
    assertTrue(pages >= ShopKeys.STATUS_SHARDS, "every shard is read: " + pages);

    Set<String> paidSeen = new HashSet<>();
    cursor = null;
    do {
      Page<Map<String, AttributeValue>> page = orders.byStatus("paid", new PageRequest(100, cursor));
      page.items().forEach(i -> paidSeen.add(i.get("OrderId").s()));
      cursor = page.nextCursor();
    } while (cursor != null);
    assertEquals(paid, paidSeen);

    String placedCursor = orders.byStatus("placed", new PageRequest(1, null)).nextCursor();
    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> orders.byStatus("paid", new PageRequest(1, placedCursor))).field(), "a cursor of another status");
    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> orders.byStatus("placed", new PageRequest(1, placedCursor + "x"))).field());
    assertEquals("status", assertThrows(ValidationException.class,
        () -> orders.byStatus("delivered", PageRequest.first(10))).field(), "closed orders are not indexed");
  }
}
