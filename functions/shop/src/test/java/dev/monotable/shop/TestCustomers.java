package dev.monotable.shop;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.shop.data.Customers;

/**
 * The customer profiles a test's checkouts and reviews are made by: a write by a customer needs its
 * profile (S10 and S17 check it in their transaction), as a user signs up before ordering.
 */
public final class TestCustomers {
  private TestCustomers() {}

  /** Creates each customer (S01) unless it exists: tests of one class share their table. */
  public static void ensure(TableGateway table, String... usernames) {
    Customers customers = new Customers(table);
    for (String u : usernames) {
      try {
        customers.create(u, u + "@example.com", u);
      } catch (ConflictException exists) {
        // created by an earlier test of the class
      }
    }
  }
}
