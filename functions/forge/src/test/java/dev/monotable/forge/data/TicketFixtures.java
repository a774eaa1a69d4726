package dev.monotable.forge.data;

import dev.monotable.kit.data.Page;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.forge.model.Counter;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.User;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.TestTable;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.function.Executable;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Seeds what the tickets tests need but other classes own (repositories, counters, memberships),
 * written directly with the model records, plus exact-item helpers.
 */
final class TicketFixtures {
  static final String SEEDED_AT = "2026-01-01T00:00:00.000Z";

  private TicketFixtures() {}

  /** A repository of a user account, with its counter at 0. */
  static void userRepo(TestTable table, String owner, String name, boolean isPrivate) {
    repo(table, owner, name, isPrivate, false);
  }

  /** A repository of an organization, with its counter at 0. */
  static void orgRepo(TestTable table, String org, String name, boolean isPrivate) {
    repo(table, org, name, isPrivate, true);
  }

  private static void repo(TestTable table, String owner, String name, boolean isPrivate, boolean ownerIsOrg) {
    Repository repository = new Repository(owner, name, "seeded", isPrivate, ownerIsOrg, null, 0, 0, SEEDED_AT,
        SEEDED_AT, 1);
    table.put(repository.toItem());
    table.put(Counter.of(repository, SEEDED_AT).toItem());
  }

  /** User profiles for these callers: every write but POST /users needs the caller's profile. */
  static void profiles(TestTable table, String... usernames) {
    for (String u : usernames) {
      table.put(new User(u, u.toLowerCase(java.util.Locale.ROOT) + "@example.com", null, null, SEEDED_AT, SEEDED_AT, 1)
          .toItem());
    }
  }

  static void member(TestTable table, String org, String username, Role role) {
    table.put(new Membership(org, username, role, SEEDED_AT, SEEDED_AT, 1).toItem());
  }

  /**
   * An attribute map from name/value pairs: String as S, Number as N, Map as M (of such values),
   * so expected items are spelled out in full in the tests, independent of the model records.
   */
  static Map<String, AttributeValue> attrs(Object... nameValues) {
    Map<String, AttributeValue> m = new LinkedHashMap<>();
    for (int i = 0; i < nameValues.length; i += 2) {
      m.put((String) nameValues[i], value(nameValues[i + 1]));
    }
    return m;
  }

  private static AttributeValue value(Object v) {
    if (v instanceof String s) {
      return AttributeValue.fromS(s);
    }
    if (v instanceof Boolean b) {
      return AttributeValue.fromBool(b);
    }
    if (v instanceof Number n) {
      return AttributeValue.fromN(n.toString());
    }
    if (v instanceof Map<?, ?> map) {
      Map<String, AttributeValue> m = new LinkedHashMap<>();
      map.forEach((k, x) -> m.put((String) k, value(x)));
      return AttributeValue.fromM(m);
    }
    throw new IllegalArgumentException("unsupported test value " + v);
  }

  /** Compares two items attribute by attribute, so a failure names the differing attribute. */
  static void assertItem(Map<String, AttributeValue> expected, Map<String, AttributeValue> actual) {
    assertEquals(new java.util.TreeMap<>(expected), new java.util.TreeMap<>(actual));
  }

  /** Asserts that an item carries no attribute of the given GSIs (sparse indexes). */
  static void assertNoGsi(Map<String, AttributeValue> item, TableSchema.Gsi... indexes) {
    for (TableSchema.Gsi gsi : indexes) {
      assertFalse(item.containsKey(gsi.pk()), gsi.pk() + " must be absent");
      assertFalse(item.containsKey(gsi.sk()), gsi.sk() + " must be absent");
    }
  }

  /** Every item of the table in a stable order, to prove a failed call wrote nothing. */
  static List<Map<String, AttributeValue>> snapshot(TestTable table) {
    return table.scanAll().stream()
        .sorted(Comparator.comparing((Map<String, AttributeValue> i) -> i.get(TableSchema.PK).s())
            .thenComparing(i -> i.get(TableSchema.SK).s()))
        .toList();
  }

  /** The call fails validation on this field. */
  static void assertField(String field, Executable call) {
    ValidationException e = assertThrows(ValidationException.class, call);
    assertEquals(field, e.field());
  }

  static void assertLastPage(Page<?> page) {
    assertEquals(null, page.nextCursor(), "last page must have no next cursor");
  }

  static void assertMorePages(Page<?> page) {
    assertTrue(page.nextCursor() != null && !page.nextCursor().isEmpty(), "page must have a next cursor");
  }
}
