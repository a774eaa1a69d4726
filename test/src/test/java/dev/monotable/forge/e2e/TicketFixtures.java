package dev.monotable.forge.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.e2e.Forge.Reply;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.charts.ModelValidator;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.testing.TestTable;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Shared steps of the issue and pull-request end-to-end tests: accounts, organizations and
 * repositories are created through the API (as a client would), and the assertions read the raw
 * items the service wrote.
 */
final class TicketFixtures {
  private final Forge forge;

  TicketFixtures(Forge forge) {
    this.forge = forge;
  }

  // ---- setup through the API ------------------------------------------------------------------

  /** POST /users as the user themself (only self-registration is allowed). */
  void user(String username) {
    Reply r = forge.post("/users").as(username).json("username", username, "email", username + "@example.com").send();
    assertEquals(201, r.status(), r::toString);
  }

  /** POST /repos as {@code caller}, owned by {@code owner} (the caller, or an org they administer). */
  void repo(String caller, String owner, String name, boolean isPrivate) {
    Reply r = forge.post("/repos").as(caller).json("owner", owner, "name", name, "private", isPrivate).send();
    assertEquals(201, r.status(), r::toString);
  }

  /** POST /orgs: the caller becomes its admin. */
  void org(String admin, String org) {
    Reply r = forge.post("/orgs").as(admin).json("org", org).send();
    assertEquals(201, r.status(), r::toString);
  }

  /** PUT /orgs/{org}/members/{username} as an admin: adds a plain member. */
  void member(String admin, String org, String username) {
    Reply r = forge.put("/orgs/" + org + "/members/" + username).as(admin).json("role", "member").send();
    assertEquals(200, r.status(), r::toString);
  }

  /** Opens an issue and answers its number. */
  int issue(String caller, String owner, String repo, String title) {
    Reply r = forge.post(path(owner, repo, "issues")).as(caller).json("title", title, "body", "about " + title).send();
    assertEquals(201, r.status(), r::toString);
    return (int) num(r.json().get("number"));
  }

  /** Opens a pull request from {@code feature} into {@code main} and answers its number. */
  int pull(String caller, String owner, String repo, String title) {
    Reply r = forge.post(path(owner, repo, "pulls")).as(caller)
        .json("title", title, "body", "about " + title, "head", "feature", "base", "main").send();
    assertEquals(201, r.status(), r::toString);
    return (int) num(r.json().get("number"));
  }

  /** PATCH state without If-Match; answers the new version. */
  long setState(String caller, String owner, String repo, String kind, int number, String state) {
    Reply r = forge.patch(path(owner, repo, kind) + "/" + number).as(caller).json("state", state).send();
    assertEquals(200, r.status(), r::toString);
    assertEquals(state, r.json().get("state"));
    return num(r.json().get("version"));
  }

  /** POST a comment; waits a few milliseconds first so ULIDs of consecutive comments are ordered. */
  String comment(String caller, String owner, String repo, String kind, int number, String body) {
    pause();
    Reply r = forge.post(path(owner, repo, kind) + "/" + number + "/comments").as(caller).json("body", body).send();
    assertEquals(201, r.status(), r::toString);
    return (String) r.json().get("id");
  }

  static String path(String owner, String repo, String kind) {
    return "/repos/" + owner + "/" + repo + "/" + kind;
  }

  // ---- list helpers ---------------------------------------------------------------------------

  /**
   * Follows nextCursor from the first page to the last, asserting the page sizes, that only the
   * last page has no cursor and that no item comes twice; answers the items in the order received.
   */
  List<Map<String, Object>> pages(String path, String caller, Map<String, String> query, int... expectedSizes) {
    List<Map<String, Object>> items = new ArrayList<>();
    String cursor = null;
    for (int i = 0; i < expectedSizes.length; i++) {
      Forge.Call call = forge.get(path);
      if (caller != null) {
        call.as(caller);
      }
      query.forEach(call::query);
      if (i > 0) {
        call.query("cursor", cursor);
      }
      Reply r = call.send();
      assertEquals(200, r.status(), r::toString);
      int page = i;
      assertEquals(expectedSizes[i], r.items().size(), () -> "page " + page + ": " + r);
      items.addAll(r.items());
      cursor = r.nextCursor();
      if (i < expectedSizes.length - 1) {
        assertNotNull(cursor, "a page before the last must carry nextCursor");
      } else {
        assertNull(cursor, "the last page must have nextCursor null");
      }
    }
    assertEquals(items.size(), new HashSet<>(items).size(), () -> "duplicates across pages: " + items);
    return items;
  }

  /** One field of each item; JSON numbers as longs. */
  static List<Object> field(List<Map<String, Object>> items, String name) {
    List<Object> out = new ArrayList<>();
    for (Map<String, Object> item : items) {
      Object v = item.get(name);
      out.add(v instanceof Number n ? (Object) n.longValue() : v);
    }
    return out;
  }

  // ---- tokens ---------------------------------------------------------------------------------

  /** A token of the local issuer that expired an hour ago. */
  String expiredToken(String username) {
    long now = Instant.now().getEpochSecond();
    return forge.keys().signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, username, now - 7200, now - 3600);
  }

  // ---- item assertions ------------------------------------------------------------------------

  Map<String, AttributeValue> item(Key key) {
    return forge.table().item(key).orElseThrow(() -> new AssertionError("no item at " + key));
  }

  void assertAbsent(Key key) {
    assertTrue(forge.table().item(key).isEmpty(), () -> "unexpected item at " + key);
  }

  static String s(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    return v == null ? null : v.s();
  }

  static long n(Map<String, AttributeValue> item, String name) {
    AttributeValue v = item.get(name);
    assertNotNull(v, () -> name + " missing in " + item);
    assertNotNull(v.n(), () -> name + " is not a number in " + item);
    return Long.parseLong(v.n());
  }

  static long num(Object json) {
    return ((Number) json).longValue();
  }

  /** Table key and the GSI keys the chart lists; every other index's attributes must be absent. */
  static void assertKeys(Map<String, AttributeValue> item, Key key, Map<Gsi, Key> indexes) {
    assertEquals(key.pk(), s(item, TableSchema.PK));
    assertEquals(key.sk(), s(item, TableSchema.SK));
    for (Gsi gsi : dev.monotable.forge.Forge.SCHEMA.gsis()) {
      Key k = indexes.get(gsi);
      if (k == null) {
        assertFalse(item.containsKey(gsi.pk()), () -> gsi.pk() + " must be absent: " + item);
        assertFalse(item.containsKey(gsi.sk()), () -> gsi.sk() + " must be absent: " + item);
      } else {
        assertEquals(k.pk(), s(item, gsi.pk()), gsi.pk());
        assertEquals(k.sk(), s(item, gsi.sk()), gsi.sk());
      }
    }
  }

  /** The whole table, for "a failed request writes nothing" comparisons. */
  Set<Map<String, AttributeValue>> snapshot() {
    return new HashSet<>(forge.table().scanAll());
  }

  void assertUnchanged(Set<Map<String, AttributeValue>> before) {
    assertEquals(before, snapshot(), "a failed request must write nothing");
  }

  /** Sends, asserts status and (for 400/409) error.field, answers the reply. */
  static Reply expectError(Forge.Call call, int status, String field) {
    Reply r = call.send();
    assertEquals(status, r.status(), r::toString);
    Map<String, Object> error = r.error();
    assertNotNull(error, () -> "no error body: " + r);
    assertNotNull(error.get("code"), r::toString);
    if (field != null) {
      assertEquals(field, error.get("field"), r::toString);
    }
    return r;
  }

  private static void pause() {
    try {
      Thread.sleep(3);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
