package dev.monotable.shop.data;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.shop.Shop;
import dev.monotable.shop.model.Cart;
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

/** The cart against the local engine: the exact item, its TTL refreshed by every change, expired carts hidden. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class CartsTest {
  private static final String T0 = "2090-01-02T03:04:05.678Z";
  private static final long EXPIRES = Instant.parse(T0).getEpochSecond() + 7 * 24 * 3600;
  private static final String P1 = Ulid.derived(Instant.parse(T0), "p1");
  private static final String P2 = Ulid.derived(Instant.parse(T0), "p2");

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final Carts carts;

  CartsTest(TestTable table) {
    this.table = table;
    this.carts = new Carts(table.gateway(clock));
  }

  @Test
  void put_shouldWriteTheCartItem_exactly_withItsTtlSevenDaysAhead() {
    carts.put("cat", P1, 2);

    Map<String, AttributeValue> expected = new java.util.HashMap<>(item("PK", "CART#cat", "SK", "CART#cat",
        "Type", "Cart", "Username", "cat", "TTL", EXPIRES, "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1));
    expected.put("Lines", AttributeValue.fromM(Map.of(P1, AttributeValue.fromM(Map.of(
        "Quantity", AttributeValue.fromN("2"), "AddedAt", AttributeValue.fromS(T0))))));
    assertEquals(expected, table.item(new Key("CART#cat", "CART#cat")).orElseThrow());
    assertEquals(List.of(Map.of("product", P1, "quantity", 2L, "addedAt", T0)), carts.get("cat").get("lines"));
  }

  @Test
  void everyChange_shouldKeepTheCartAliveSevenMoreDays_andAnIdleCartIsHiddenBeforeTtlDeletesIt() {
    carts.put("dan", P1, 1);
    clock.advance(Duration.ofDays(6));
    carts.put("dan", P2, 3);
    clock.advance(Duration.ofDays(6)); // 12 days after the first line, 6 after the last change
    assertEquals(2, ((List<?>) carts.get("dan").get("lines")).size(), "not idle for 7 days: both lines");
    assertEquals(EXPIRES + 6 * 24 * 3600, Long.parseLong(
        table.item(new Key("CART#dan", "CART#dan")).orElseThrow().get("TTL").n()));

    clock.advance(Duration.ofDays(1).plusSeconds(1)); // 7 days and a second idle
    assertTrue(table.item(new Key("CART#dan", "CART#dan")).isPresent(), "TTL has not deleted it yet");
    assertEquals(List.of(), carts.get("dan").get("lines"), "an expired cart is hidden on read");
    assertThrows(NotFoundException.class, () -> carts.remove("dan", P1), "and cannot be changed");

    carts.put("dan", P2, 1); // a new cart: nothing of the expired one comes back
    assertEquals(List.of(P2), products(carts.get("dan")));
    assertEquals(1, table.item(new Key("CART#dan", "CART#dan")).orElseThrow().get("Lines").m().size());
  }

  @Test
  void put_ofALineInTheCart_shouldSetItsQuantity_andRemoveShouldDropIt() {
    carts.put("eve", P1, 1);
    carts.put("eve", P2, 1);
    carts.put("eve", P1, 5);
    assertEquals(5L, line(carts.get("eve"), P1).get("quantity"));
    Map<String, Object> after = carts.remove("eve", P1);
    assertEquals(List.of(P2), products(after));
    assertEquals(List.of(P2), products(carts.get("eve")));
    Map<String, AttributeValue> stored = table.item(new Key("CART#eve", "CART#eve")).orElseThrow();
    assertEquals(List.of(P2), products(carts.remove("eve", P1)), "removing it again is answered, not refused");
    assertEquals(stored, table.item(new Key("CART#eve", "CART#eve")).orElseThrow(), "and writes nothing");
  }

  @Test
  void badInput_shouldBeRefused_andWriteNothing() {
    assertEquals("product", assertThrows(ValidationException.class, () -> carts.put("fay", "x#y", 1)).field());
    assertEquals("username", assertThrows(ValidationException.class, () -> carts.put("F#Y", P1, 1)).field());
    assertEquals("quantity", assertThrows(ValidationException.class, () -> carts.put("fay", P1, 0)).field());
    assertEquals("quantity", assertThrows(ValidationException.class,
        () -> carts.put("fay", P1, Cart.QUANTITY_MAX + 1)).field());
    assertTrue(table.item(new Key("CART#fay", "CART#fay")).isEmpty());
  }

  @Test
  void aFullCart_shouldRefuseANewLine_butTakeAChangeOfOneItHolds() {
    for (int i = 0; i < Cart.LINES_MAX; i++) {
      carts.put("gus", Ulid.derived(Instant.parse(T0), "line-" + i), 1);
    }
    String first = Ulid.derived(Instant.parse(T0), "line-0");
    assertEquals("cart", assertThrows(ConflictException.class, () -> carts.put("gus", P1, 1)).conflict());
    carts.put("gus", first, 4);
    assertEquals(Cart.LINES_MAX, table.item(new Key("CART#gus", "CART#gus")).orElseThrow().get("Lines").m().size());
  }

  @SuppressWarnings("unchecked")
  private static List<Object> products(Map<String, Object> cart) {
    return ((List<Map<String, Object>>) cart.get("lines")).stream().<Object>map(l -> l.get("product")).toList();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> line(Map<String, Object> cart, String product) {
    return ((List<Map<String, Object>>) cart.get("lines")).stream().filter(l -> l.get("product").equals(product))
        .findFirst().orElseThrow();
  }
}
