package dev.monotable.shop.data;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.shop.Shop;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Customers against the local engine: the exact items S01 writes, its refusals, S03's one Query. */
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
        "GSI1SK", "EMAIL#ann@example.com", "Type", "Customer", "Username", "ann", "Email", "ann@example.com",
        "Name", "Ann", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("CUSTOMER#ann", "CUSTOMER#ann")).orElseThrow());
    assertEquals(item("PK", "EMAIL#ann@example.com", "SK", "EMAIL#ann@example.com", "Type", "CustomerEmail",
        "Email", "ann@example.com", "Username", "ann", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("EMAIL#ann@example.com", "EMAIL#ann@example.com")).orElseThrow());
    assertEquals(2, table.scanAll().stream().filter(i -> i.toString().contains("ann")).count(),
        "the customer and its claim, nothing else");
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
}
