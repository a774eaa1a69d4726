package dev.monotable.shop.data;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.shop.Shop;
import dev.monotable.shop.charts.ShopCharts;
import dev.monotable.testing.LocalDynamoDb;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import dev.monotable.shop.keys.ShopKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Customers against the local engine: the exact items S01 and S13 write, their refusals, S03's one
 * Query, S14's pages across the shards.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class CustomersTest {
  private static final String T0 = "2090-01-02T03:04:05.678Z";

  private final TestTable table;
  private final Customers customers;

  CustomersTest(TestTable table) {
    this.table = table;
    this.customers = new Customers(table.gateway(MutableClock.at(T0)));
  }

  @Test
  void create_shouldWriteTheCustomerAndTheClaimOfItsAddress_exactly() {
    customers.create("ann", "Ann@Example.com", "Ann");

    assertEquals(item("PK", "CUSTOMER#ann", "SK", "CUSTOMER#ann", "GSI1PK", "EMAIL#ann@example.com",
        "GSI1SK", "EMAIL#ann@example.com", "GSI2PK", "CUSTOMERS#3", "GSI2SK", "CUSTOMER#ann", "Type", "Customer", "Username", "ann", "Email", "ann@example.com",
        "Name", "Ann", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("CUSTOMER#ann", "CUSTOMER#ann")).orElseThrow());
    assertEquals(item("PK", "EMAIL#ann@example.com", "SK", "EMAIL#ann@example.com", "Type", "CustomerEmail",
        "Email", "ann@example.com", "Username", "ann", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("EMAIL#ann@example.com", "EMAIL#ann@example.com")).orElseThrow());
    assertEquals(2, table.scanAll().stream().filter(i -> i.toString().contains("ann")).count(),
        "the customer and its claim, nothing else");
    for (var item : table.scanAll()) {
      assertEquals(List.of(), ShopCharts.VALIDATOR.validate(item), item.get("PK").s() + " / " + item.get("SK").s());
    }
    assertEquals("ann", customers.byEmail("ANN@example.com").get("username"));
  }

  @Test
  void create_shouldConflictNamingWhichIsTaken_andWriteNothing() {
    customers.create("bob", "bob@example.com", "Bob");
    assertEquals("username", assertThrows(ConflictException.class,
        () -> customers.create("bob", "other@example.com", "B")).conflict());
    assertEquals("email", assertThrows(ConflictException.class,
        () -> customers.create("bobby", "BOB@example.com", "B")).conflict());
    assertTrue(table.item(new Key("EMAIL#other@example.com", "EMAIL#other@example.com")).isEmpty());
    assertTrue(table.item(new Key("CUSTOMER#bobby", "CUSTOMER#bobby")).isEmpty());
  }

  @Test
  void keySegments_shouldBeHeldToTheirRules_beforeAnyWrite() {
    assertEquals("username", assertThrows(ValidationException.class,
        () -> customers.create("a#CUSTOMER#b", "x@example.com", "X")).field());
    assertEquals("email", assertThrows(ValidationException.class,
        () -> customers.create("x", "a#b@example.com", "X")).field());
    assertEquals(0, table.scanAll().stream().filter(i -> i.toString().contains("x@example.com")).count());
    assertThrows(NotFoundException.class, () -> customers.byEmail("nobody@example.com"));
    assertEquals("email", assertThrows(ValidationException.class, () -> customers.byEmail("a#b@x")).field());
  }

  @Test
  void update_shouldMoveTheClaimWithTheCustomer_exactly() {
    customers.create("cat", "cat@example.com", "Cat");
    MutableClock later = MutableClock.at("2090-01-02T03:04:06.000Z");
    Map<String, Object> changed = new Customers(table.gateway(later)).update("cat", "Cat@Example.ORG", "Cat B");

    assertEquals(List.of("cat@example.org", "Cat B"), List.of(changed.get("email"), changed.get("name")));
    assertEquals(item("PK", "CUSTOMER#cat", "SK", "CUSTOMER#cat", "GSI1PK", "EMAIL#cat@example.org",
        "GSI1SK", "EMAIL#cat@example.org", "GSI2PK", "CUSTOMERS#0", "GSI2SK", "CUSTOMER#cat", "Type", "Customer",
        "Username", "cat", "Email", "cat@example.org", "Name", "Cat B", "CreatedAt", T0,
        "UpdatedAt", "2090-01-02T03:04:06.000Z", "SchemaVersion", 1),
        table.item(new Key("CUSTOMER#cat", "CUSTOMER#cat")).orElseThrow());
    assertEquals(item("PK", "EMAIL#cat@example.org", "SK", "EMAIL#cat@example.org", "Type", "CustomerEmail",
        "Email", "cat@example.org", "Username", "cat", "CreatedAt", "2090-01-02T03:04:06.000Z",
        "UpdatedAt", "2090-01-02T03:04:06.000Z", "SchemaVersion", 1),
        table.item(new Key("EMAIL#cat@example.org", "EMAIL#cat@example.org")).orElseThrow());
    assertTrue(table.item(new Key("EMAIL#cat@example.com", "EMAIL#cat@example.com")).isEmpty(), "the old claim is gone");
    assertEquals("cat", customers.byEmail("cat@example.org").get("username"));
    assertThrows(NotFoundException.class, () -> customers.byEmail("cat@example.com"));
    // the old address is free again
    customers.create("other-cat", "cat@example.com", "Other");
  }

  @Test
  void update_ofTheNameOnly_shouldKeepTheClaim_andATakenAddressIsRefusedWritingNothing() {
    customers.create("dan", "dand@example.com", "Dan");
    customers.create("ben", "bend@example.com", "Ben");
    var claimBefore = table.item(new Key("EMAIL#dand@example.com", "EMAIL#dand@example.com")).orElseThrow();

    assertEquals("Danie", customers.update("dan", null, "Danie").get("name"));
    assertEquals("Danie", table.item(new Key("CUSTOMER#dan", "CUSTOMER#dan")).orElseThrow().get("Name").s());
    assertEquals(claimBefore, table.item(new Key("EMAIL#dand@example.com", "EMAIL#dand@example.com")).orElseThrow());
    assertEquals("Danie", customers.update("dan", "DAND@example.com", null).get("name"), "the same address: nothing");

    var danBefore = table.item(new Key("CUSTOMER#dan", "CUSTOMER#dan")).orElseThrow();
    assertEquals("email", assertThrows(ConflictException.class,
        () -> customers.update("dan", "bend@example.com", "X")).conflict());
    assertEquals(danBefore, table.item(new Key("CUSTOMER#dan", "CUSTOMER#dan")).orElseThrow());
    assertEquals(claimBefore, table.item(new Key("EMAIL#dand@example.com", "EMAIL#dand@example.com")).orElseThrow());
    assertEquals("ben", table.item(new Key("EMAIL#bend@example.com", "EMAIL#bend@example.com")).orElseThrow()
        .get("Username").s());

    assertThrows(NotFoundException.class, () -> customers.update("nobody-dan", "nd@example.com", null));
    assertEquals("email", assertThrows(ValidationException.class,
        () -> customers.update("dan", "a#b@example.com", null)).field());
    assertThrows(ValidationException.class, () -> customers.update("dan", null, null));
    assertTrue(table.item(new Key("EMAIL#nd@example.com", "EMAIL#nd@example.com")).isEmpty());
  }

  @Test
  void update_shouldBeMadeAgainOnce_whenAnotherChangeMovedTheAddressBetweenItsReadAndItsTransaction() {
    customers.create("eve", "eve@example.com", "Eve");
    Customers racing = meddledWith(1);

    assertEquals("new@example.com", racing.update("eve", "new@example.com", "New").get("email"));
    var eve = table.item(new Key("CUSTOMER#eve", "CUSTOMER#eve")).orElseThrow();
    assertEquals(List.of("new@example.com", "New", "EMAIL#new@example.com"), List.of(eve.get("Email").s(),
        eve.get("Name").s(), eve.get("GSI1PK").s()));
    assertEquals(List.of("new@example.com"), table.itemsOfType("CustomerEmail").stream()
        .filter(i -> i.get("Username").s().equals("eve")).map(i -> i.get("Email").s()).toList(),
        "one claim, the new address's: the meddler's and the old one released");
  }

  @Test
  void update_shouldBeRefused_whenTheAddressMovesAgainDuringItsSecondAttempt_andWriteNothing() {
    customers.create("fay", "fay@example.com", "Fay");
    Customers racing = meddledWith(2);

    assertEquals("email", assertThrows(ConflictException.class,
        () -> racing.update("fay", "new-fay@example.com", "New")).conflict());
    assertTrue(table.item(new Key("EMAIL#new-fay@example.com", "EMAIL#new-fay@example.com")).isEmpty());
    var fay = table.item(new Key("CUSTOMER#fay", "CUSTOMER#fay")).orElseThrow();
    assertEquals(List.of("elsewhere-2@example.com", "Fay"), List.of(fay.get("Email").s(), fay.get("Name").s()),
        "as the other writer left it");
  }

  /**
   * Customers whose first {@code times} transactions are each preceded by another writer moving the
   * customer's address (a whole S13 of its own, through a client that is not meddled with).
   */
  private Customers meddledWith(int times) {
    AtomicInteger meddled = new AtomicInteger();
    ExecutionInterceptor meddle = new ExecutionInterceptor() {
      @Override
      public void beforeExecution(Context.BeforeExecution c, ExecutionAttributes attributes) {
        if (c.request() instanceof TransactWriteItemsRequest t && meddled.get() < times) {
          int n = meddled.incrementAndGet();
          String who = t.transactItems().get(t.transactItems().size() - 1).update().key().get("PK").s()
              .substring("CUSTOMER#".length());
          customers.update(who, "elsewhere-" + n + "@example.com", null);
        }
      }
    };
    DynamoDbClient client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(), meddle);
    return new Customers(new TableGateway(client, table.name(), table.cursors(), MutableClock.at(T0)));
  }

  @Test
  void list_shouldWalkEveryShardOnce_onePartitionPerPage() {
    List<String> names = List.of("u0", "u1", "u2", "u3", "u4", "u5", "u6");
    for (String n : names) {
      customers.create(n, n + "@example.com", n);
    }
    List<String> seen = new ArrayList<>();
    PageRequest page = PageRequest.first(2);
    int pages = 0;
    while (true) {
      Page<Map<String, Object>> p = customers.list(page);
      pages++;
      List<Object> shards = p.items().stream().map(c -> ShopKeys.customerShard((String) c.get("username")))
          .distinct().map(Object.class::cast).toList();
      assertTrue(shards.size() <= 1, "one shard per page: " + shards);
      p.items().forEach(c -> seen.add((String) c.get("username")));
      if (p.nextCursor() == null) {
        break;
      }
      page = new PageRequest(2, p.nextCursor());
    }
    seen.removeIf(n -> !names.contains(n)); // the other tests' customers share the table
    assertEquals(new TreeSet<>(names), new TreeSet<>(seen));
    assertEquals(names.size(), seen.size(), "no customer twice");
    // shards 0 (u0, u2), 1 (u4, u6), 2 (u1, u3), 3 (u5): a full page each, its cursor, then the next shard
    assertEquals(List.of("u0", "u2", "u4", "u6", "u1", "u3", "u5"), seen);
    assertTrue(pages >= ShopKeys.CUSTOMER_SHARDS);
    assertEquals("cursor", assertThrows(ValidationException.class,
        () -> customers.list(new PageRequest(2, "AAAA"))).field());
  }
}
