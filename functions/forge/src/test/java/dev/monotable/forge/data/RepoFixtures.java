package dev.monotable.forge.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.User;
import dev.monotable.testing.ExpectedItems;
import dev.monotable.testing.TestTable;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Accounts written straight to the table (the account data-access classes are tested elsewhere),
 * unique names because a test class shares one table, and exact-item helpers.
 */
final class RepoFixtures {
  static final String SEEDED_AT = "2026-01-01T00:00:00.000Z";
  private static final AtomicInteger SEQ = new AtomicInteger();

  private final TestTable table;

  RepoFixtures(TestTable table) {
    this.table = table;
  }

  /** A unique account name starting with {@code base}; keeps capitals, so key lower-casing is exercised. */
  static String unique(String base) {
    return base + SEQ.incrementAndGet();
  }

  /** Writes a User item and returns its display name. */
  String user(String base) {
    String name = unique(base);
    table.put(new User(name, name.toLowerCase() + "@example.com", null, null, SEEDED_AT, SEEDED_AT, 1).toItem());
    return name;
  }

  /** Writes an Organization with {@code admin} as its admin and returns its display name. */
  String org(String base, String admin) {
    String name = unique(base);
    table.put(new Organization(name, name, null, 1, SEEDED_AT, SEEDED_AT, 1).toItem());
    member(name, admin, Role.ADMIN);
    return name;
  }

  void member(String org, String username, Role role) {
    table.put(new Membership(org, username, role, SEEDED_AT, SEEDED_AT, 1).toItem());
  }

  /** Every item of the table, for "nothing was written" checks. */
  Set<Map<String, AttributeValue>> snapshot() {
    return new HashSet<>(table.scanAll());
  }

  void assertUnchanged(Set<Map<String, AttributeValue>> before) {
    assertEquals(before, snapshot(), "the failed call must not write anything");
  }

  /** {@link ExpectedItems#item}. */
  static Map<String, AttributeValue> item(Object... pairs) {
    return ExpectedItems.item(pairs);
  }
}
