package dev.monotable.forge.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.testing.ExpectedItems;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Accounts, organizations and repositories created over HTTP (each creation checked), unique
 * names because a test class shares one table, and checks on exact items, error bodies and pages.
 */
final class ForgeFixtures {
  private static final AtomicInteger SEQ = new AtomicInteger();

  private final Forge forge;

  ForgeFixtures(Forge forge) {
    this.forge = forge;
  }

  /** A unique account or repository name starting with {@code base}; capitals kept, so lower-casing is exercised. */
  static String unique(String base) {
    return base + SEQ.incrementAndGet();
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }

  /** POST /users as the user itself; returns the display name. */
  String user(String base) {
    String name = unique(base);
    Reply r = forge.post("/users").as(name).json("username", name, "email", lower(name) + "@example.io").send();
    assertEquals(201, r.status(), r::toString);
    return name;
  }

  /** POST /orgs by {@code admin}; returns the org's display name. */
  String org(String base, String admin) {
    String name = unique(base);
    Reply r = forge.post("/orgs").as(admin).json("org", name).send();
    assertEquals(201, r.status(), r::toString);
    return name;
  }

  /** PUT /orgs/{org}/members/{user} by an admin. */
  void member(String org, String admin, String username, String role) {
    Reply r = forge.put("/orgs/" + org + "/members/" + username).as(admin).json("role", role).send();
    assertEquals(200, r.status(), r::toString);
  }

  /** POST /repos by {@code caller} for {@code owner}; returns the reply's JSON. */
  Map<String, Object> repo(String caller, String owner, String name, boolean isPrivate) {
    Reply r = forge.post("/repos").as(caller).json("owner", owner, "name", name, "private", isPrivate).send();
    assertEquals(201, r.status(), r::toString);
    return r.json();
  }

  /** Every item of the table, for "a failed request writes nothing". */
  Set<Map<String, AttributeValue>> snapshot() {
    return new HashSet<>(forge.table().scanAll());
  }

  void assertUnchanged(Set<Map<String, AttributeValue>> before) {
    assertEquals(before, snapshot(), "the failed request must not write anything");
  }

  /** The error body's status, code and field ({@code field} null: the body has none). */
  static void assertError(Reply r, int status, String code, String field) {
    assertEquals(status, r.status(), r::toString);
    Map<String, Object> error = r.error();
    assertNotNull(error, r::toString);
    assertEquals(Set.of("code", "message", "field"), union(error.keySet(), "field"), r::toString);
    if (code != null) {
      assertEquals(code, error.get("code"), r::toString);
    }
    assertTrue(error.get("message") instanceof String m && !m.isBlank(), r::toString);
    assertEquals(field, error.get("field"), r::toString);
    assertEquals(1, r.json().size(), "the error body holds only \"error\": " + r);
  }

  private static Set<String> union(Set<String> keys, String optional) {
    Set<String> s = new HashSet<>(keys);
    s.add(optional);
    return s;
  }

  /** {@link ExpectedItems#item}. */
  static Map<String, AttributeValue> item(Object... pairs) {
    return ExpectedItems.item(pairs);
  }

  /** Expected JSON object from name/value pairs (JSON numbers read back as Integer when small). */
  static Map<String, Object> json(Object... pairs) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) {
      m.put((String) pairs[i], pairs[i + 1]);
    }
    return m;
  }

  static String s(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null ? null : v.s();
  }

  /** A server timestamp: the service's shape, and within the window of the request that wrote it. */
  static String assertWrittenBetween(Object ts, Instant before, Instant after) {
    assertTrue(ts instanceof String, "timestamp expected, found " + ts);
    Instant t = Timestamps.parse((String) ts);
    assertFalse(t.isBefore(before.truncatedTo(ChronoUnit.MILLIS)), ts + " is before the request started " + before);
    assertFalse(t.isAfter(after), ts + " is after the request ended " + after);
    return (String) ts;
  }

  /** GET a list page ({@code limit}, optional {@code cursor}), as {@code caller} (null: anonymous). */
  Reply page(String path, String caller, int limit, String cursor) {
    Forge.Call c = forge.get(path).query("limit", Integer.toString(limit));
    if (cursor != null) {
      c.query("cursor", cursor);
    }
    if (caller != null) {
      c.as(caller);
    }
    return c.send();
  }

  /**
   * Follows nextCursor from the first page to the end; every page is a 200 of at most
   * {@code limit} items, and the walk stops at the first null nextCursor.
   *
   * @return the pages, each as the values of {@code field} of its items
   */
  List<List<Object>> walk(String path, String caller, int limit, String field) {
    List<List<Object>> pages = new ArrayList<>();
    String cursor = null;
    do {
      Reply r = page(path, caller, limit, cursor);
      assertEquals(200, r.status(), r::toString);
      assertTrue(r.json().containsKey("nextCursor"), "a list always answers nextCursor: " + r);
      List<Object> values = r.items().stream().map(i -> i.get(field)).toList();
      assertTrue(values.size() <= limit, "page larger than limit: " + r);
      pages.add(values);
      cursor = r.nextCursor();
      if (pages.size() > 50) {
        fail("pagination does not end: " + path);
      }
    } while (cursor != null);
    return pages;
  }

  /** Splits a full order into pages of {@code limit}, the way an unfiltered Query pages it. */
  static List<List<Object>> chunks(List<?> order, int limit) {
    return filteredPages(order, x -> true, limit);
  }

  /**
   * The pages of a Query with Limit and a filter: each page is one chunk of {@code limit} items
   * read in key order with the invisible ones removed, and a last chunk that is full still
   * carries a LastEvaluatedKey, so an empty page follows it.
   */
  static <T> List<List<Object>> filteredPages(List<T> keyOrder, Predicate<T> visible, int limit) {
    List<List<Object>> pages = new ArrayList<>();
    for (int i = 0; i < keyOrder.size(); i += limit) {
      pages.add(new ArrayList<>(keyOrder.subList(i, Math.min(keyOrder.size(), i + limit)).stream()
          .filter(visible).toList()));
    }
    if (keyOrder.isEmpty() || keyOrder.size() % limit == 0) {
      pages.add(List.of());
    }
    return pages;
  }

  static <T, R> List<R> map(List<T> l, Function<T, R> f) {
    return l.stream().map(f).toList();
  }

  static List<Object> flat(List<List<Object>> pages) {
    List<Object> all = new ArrayList<>();
    pages.forEach(all::addAll);
    return all;
  }

  /** Flips one character of a cursor's signature part: the service must reject it. */
  static String altered(String cursor) {
    assertNotNull(cursor);
    int at = cursor.length() - 2;
    char c = cursor.charAt(at);
    return cursor.substring(0, at) + (c == 'A' ? 'B' : 'A') + cursor.substring(at + 1);
  }

  /** A JSON body asserted absent. */
  static void assertNoBody(Reply r) {
    assertTrue(r.body() == null || r.body().isEmpty(), "no body expected: " + r);
  }
}
