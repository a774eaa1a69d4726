package dev.monotable.shop.tools;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.testing.ServedDomain;
import dev.monotable.kit.testing.ServedDomain.Reply;
import dev.monotable.shop.Shop;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.testing.DynamoDbExtension;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Every route of Shop over HTTP (the local service of scripts/dev) on its demo data, with the items checked. */
@ExtendWith(DynamoDbExtension.class)
class ShopJourneyTest {
  private static final String CUSTOMER = "/customers/{username}";
  private static ServedDomain<?> shop;

  @BeforeAll
  static void serve() {
    shop = ServedDomain.start(new ShopDev(), new ServedDomain.Options(true, false)); // ST2 runs on settle()
  }

  @AfterAll
  static void stop() {
    shop.close();
  }

  private static Reply send(String method, String route, BenchRequest r) {
    return shop.send(method, route, r);
  }

  /** Creates the customer profile a user's checkouts and reviews need (201, or 409 when an earlier test did). */
  private static void signUp(String username) {
    int status = send("PUT", CUSTOMER, BenchRequest.as(username).path("username", username)
        .body("{\"email\":\"" + username + "@example.com\",\"name\":\"" + username + "\"}")).status();
    assertTrue(status == 201 || status == 409, "sign-up of " + username + ": " + status);
  }

  private static BenchRequest admin() {
    return BenchRequest.asMemberOf("ops", Shop.ADMINS);
  }

  @Test
  void customers_createGetAndFindByEmail() {
    String zoe = "{\"email\":\"Zoe@Example.com\",\"name\":\"Zoe\"}";
    Reply created = send("PUT", CUSTOMER, BenchRequest.as("zoe").path("username", "zoe").body(zoe));
    assertEquals(201, created.status(), created.body());
    String t = (String) created.json().get("createdAt");
    assertEquals(item("PK", "CUSTOMER#zoe", "SK", "CUSTOMER#zoe", "GSI1PK", "EMAIL#zoe@example.com",
        "GSI1SK", "EMAIL#zoe@example.com", "GSI2PK", "CUSTOMERS#3", "GSI2SK", "CUSTOMER#zoe", "Type", "Customer",
        "Username", "zoe", "Email", "zoe@example.com",
        "Name", "Zoe", "CreatedAt", t, "UpdatedAt", t, "SchemaVersion", 1),
        shop.table().item(new Key("CUSTOMER#zoe", "CUSTOMER#zoe")).orElseThrow());
    assertTrue(shop.table().item(new Key("EMAIL#zoe@example.com", "EMAIL#zoe@example.com")).isPresent());

    Reply emailTaken = send("PUT", CUSTOMER, BenchRequest.as("zed").path("username", "zed").body(zoe));
    assertEquals(List.of(409, "email"), List.of(emailTaken.status(), emailTaken.error().get("field")));
    assertTrue(shop.table().item(new Key("CUSTOMER#zed", "CUSTOMER#zed")).isEmpty(), "a refusal writes nothing");
    Reply nameTaken = send("PUT", CUSTOMER, BenchRequest.as("zoe").path("username", "zoe")
        .body("{\"email\":\"z2@example.com\",\"name\":\"Z\"}"));
    assertEquals(List.of(409, "username"), List.of(nameTaken.status(), nameTaken.error().get("field")));
    assertTrue(shop.table().item(new Key("EMAIL#z2@example.com", "EMAIL#z2@example.com")).isEmpty());
    assertEquals(403, send("PUT", CUSTOMER, BenchRequest.as("zed").path("username", "amy").body(zoe)).status());
    assertEquals(400, send("PUT", CUSTOMER, BenchRequest.as("zed").path("username", "zed")
        .body("{\"email\":\"a#b@example.com\",\"name\":\"Z\"}")).status());
    assertEquals(400, send("PUT", CUSTOMER, BenchRequest.as("zed").path("username", "zed")
        .body("{\"email\":\"zed@example.com\"}")).status());
    assertTrue(shop.table().item(new Key("CUSTOMER#zed", "CUSTOMER#zed")).isEmpty());

    assertEquals("zoe@example.com", send("GET", CUSTOMER, BenchRequest.as("zoe").path("username", "zoe"))
        .json().get("email"));
    assertEquals(403, send("GET", CUSTOMER, BenchRequest.as("ann").path("username", "zoe")).status());
    assertEquals(401, send("GET", CUSTOMER, BenchRequest.anonymous().path("username", "zoe")).status());
    assertEquals(404, send("GET", CUSTOMER, BenchRequest.as("nobody").path("username", "nobody")).status());

    assertEquals("zoe", send("GET", "/emails/{email}/customer", admin().path("email", "ZOE@example.com"))
        .json().get("username"));
    assertEquals(404, send("GET", "/emails/{email}/customer", admin().path("email", "no@example.com")).status());
    assertEquals(400, send("GET", "/emails/{email}/customer", admin().path("email", "a#b@example.com")).status());
    assertEquals(403, send("GET", "/emails/{email}/customer", BenchRequest.as("ann")
        .path("email", "zoe@example.com")).status());
    assertEquals(401, send("GET", "/emails/{email}/customer", BenchRequest.anonymous()
        .path("email", "zoe@example.com")).status());
    assertEquals("ok", send("GET", "/health", BenchRequest.anonymous()).json().get("status"));
  }

  @Test
  void customers_anAddressWithAnInvisibleOrLookAlikeCharacter_isRefused_notASecondCustomer() {
    // The bug this guards: "duplido@example.com\u0000" made a second customer (201) beside the taken address (409).
    String taken = "duplido@example.com";
    assertEquals(201, send("PUT", CUSTOMER, BenchRequest.as("eblida").path("username", "eblida")
        .body("{\"email\":\"" + taken + "\",\"name\":\"a\"}")).status());
    for (String bad : List.of(taken + "\\u0000", taken + "\\u0007", taken + "\\u200b", taken + "\\u00a0",
        "\\u0434uplido@example.com")) {
      Reply r = send("PUT", CUSTOMER, BenchRequest.as("eblido").path("username", "eblido")
          .body("{\"email\":\"" + bad + "\",\"name\":\"b\"}"));
      assertEquals(List.of(400, "email"), List.of(r.status(), r.error().get("field")), bad + ": " + r.body());
    }
    assertTrue(shop.table().item(new Key("CUSTOMER#eblido", "CUSTOMER#eblido")).isEmpty(), "a refusal writes nothing");
  }

  @Test
  void catalog_createProductsAndListACategoryNewestFirst() {
    String body = "{\"category\":\"maps\",\"name\":\"Atlas\",\"priceCents\":2500,\"stock\":3}";
    Reply created = send("POST", "/products", admin().body(body));
    assertEquals(201, created.status(), created.body());
    String atlas = (String) created.json().get("product");
    String t = (String) created.json().get("createdAt");
    assertEquals(item("PK", "PRODUCT#" + atlas, "SK", "PRODUCT#" + atlas, "GSI1PK", "CATEGORY#maps",
        "GSI1SK", "PRODUCT#" + atlas, "Type", "Product", "ProductId", atlas, "Category", "maps", "Name", "Atlas",
        "PriceCents", 2500, "Stock", 3, "CreatedAt", t, "UpdatedAt", t, "SchemaVersion", 1),
        shop.table().item(new Key("PRODUCT#" + atlas, "PRODUCT#" + atlas)).orElseThrow());
    String globe = (String) send("POST", "/products", admin()
        .body("{\"category\":\"maps\",\"name\":\"Globe\",\"priceCents\":9900,\"stock\":1}")).json().get("product");
    assertEquals(403, send("POST", "/products", BenchRequest.as("ann").body(body)).status());
    assertEquals(401, send("POST", "/products", BenchRequest.anonymous().body(body)).status());
    int before = shop.table().itemsOfType("Product").size();
    for (String bad : List.of("{\"category\":\"a#b\",\"name\":\"X\",\"priceCents\":1,\"stock\":1}",
        "{\"category\":\"maps\",\"name\":\"X\",\"priceCents\":-1,\"stock\":1}",
        "{\"category\":\"maps\",\"name\":\"X\",\"priceCents\":1.5,\"stock\":1}",
        "{\"category\":\"maps\",\"name\":\"X\",\"priceCents\":1}",
        "{\"category\":\"maps\",\"name\":\"X\",\"priceCents\":1,\"stock\":1,\"PK\":\"x\"}")) {
      Reply r = send("POST", "/products", admin().body(bad));
      assertEquals(400, r.status(), bad + " -> " + r.body());
    }
    assertEquals(before, shop.table().itemsOfType("Product").size(), "bad input writes nothing");

    assertEquals("Atlas", send("GET", "/products/{product}", BenchRequest.anonymous().path("product", atlas))
        .json().get("name"));
    assertEquals(404, send("GET", "/products/{product}", BenchRequest.anonymous()
        .path("product", "01ARZ3NDEKTSV4RRFFQ69G5FAV")).status());
    assertEquals(400, send("GET", "/products/{product}", BenchRequest.anonymous().path("product", "x#y")).status());

    String products = "/categories/{category}/products";
    java.util.Map<String, Object> page = send("GET", products, BenchRequest.anonymous().path("category", "maps")
        .query("limit", "1")).json();
    assertEquals(List.of(globe), ids(page));
    java.util.Map<String, Object> rest = send("GET", products, BenchRequest.anonymous().path("category", "maps")
        .query("cursor", (String) page.get("nextCursor"))).json();
    assertEquals(List.of(atlas), ids(rest));
    assertEquals(null, rest.get("nextCursor"));
    assertEquals(java.util.Collections.nCopies(3, "books"), ((List<?>) send("GET", products,
        BenchRequest.anonymous().path("category", "books")).json().get("items")).stream()
        .map(i -> ((java.util.Map<?, ?>) i).get("category")).toList());
    assertEquals(400, send("GET", products, BenchRequest.anonymous().path("category", "A#B")).status());
  }

  @Test
  void cart_putRemoveAndGet_ownerOnly() {
    String line = "/customers/{username}/cart/{product}";
    String cart = "/customers/{username}/cart";
    send("PUT", CUSTOMER, BenchRequest.as("cy").path("username", "cy").body("{\"email\":\"cy@example.com\",\"name\":\"Cy\"}"));
    String book0 = ShopDev.demoProduct(0);
    String book2 = ShopDev.demoProduct(2);
    Reply put = send("PUT", line, BenchRequest.as("cy").path("username", "cy").path("product", book0)
        .body("{\"quantity\":2}"));
    assertEquals(200, put.status(), put.body());
    var stored = shop.table().item(new Key("CART#cy", "CART#cy")).orElseThrow();
    assertEquals("Cart", stored.get("Type").s());
    assertEquals("2", stored.get("Lines").m().get(book0).m().get("Quantity").n());
    long ttl = Long.parseLong(stored.get("TTL").n());
    long now = java.time.Instant.now().getEpochSecond();
    assertTrue(Math.abs(ttl - (now + 7 * 24 * 3600)) < 120, "TTL seven days ahead: " + ttl);
    send("PUT", line, BenchRequest.as("cy").path("username", "cy").path("product", book2).body("{\"quantity\":1}"));

    Reply got = send("GET", cart, BenchRequest.as("cy").path("username", "cy"));
    assertEquals(List.of(book0, book2), ((List<?>) got.json().get("lines")).stream()
        .map(l -> ((java.util.Map<?, ?>) l).get("product")).toList());
    Reply removed = send("DELETE", line, BenchRequest.as("cy").path("username", "cy").path("product", book0));
    assertEquals(200, removed.status(), removed.body());
    assertEquals(1, ((List<?>) removed.json().get("lines")).size());
    assertEquals(200, send("DELETE", line, BenchRequest.as("cy").path("username", "cy").path("product", book0))
        .status(), "removing a line again is idempotent");
    assertEquals(404, send("DELETE", line, BenchRequest.as("nocart").path("username", "nocart")
        .path("product", book0)).status(), "no live cart");
    assertEquals(java.util.Set.of(book2), shop.table().item(new Key("CART#cy", "CART#cy")).orElseThrow()
        .get("Lines").m().keySet());

    assertEquals(403, send("GET", cart, BenchRequest.as("ann").path("username", "cy")).status());
    assertEquals(403, send("PUT", line, BenchRequest.as("ann").path("username", "cy").path("product", book0)
        .body("{\"quantity\":1}")).status());
    assertEquals(401, send("GET", cart, BenchRequest.anonymous().path("username", "cy")).status());
    for (String bad : List.of("{\"quantity\":0}", "{\"quantity\":100}", "{\"quantity\":\"1\"}", "{}")) {
      assertEquals(400, send("PUT", line, BenchRequest.as("cy").path("username", "cy").path("product", book0)
          .body(bad)).status(), bad);
    }
    assertEquals(400, send("PUT", line, BenchRequest.as("cy").path("username", "cy").path("product", "x#y")
        .body("{\"quantity\":1}")).status());
    assertEquals(java.util.Set.of(book2), shop.table().item(new Key("CART#cy", "CART#cy")).orElseThrow()
        .get("Lines").m().keySet(), "bad input writes nothing");
    assertEquals(List.of(), send("GET", cart, BenchRequest.as("nocart").path("username", "nocart")).json()
        .get("lines"), "no cart: an empty one");
  }

  @Test
  void checkout_oneTransaction_outOfStockRefused_retriedOnce_tooBigRefused() {
    String orders = "/customers/{username}/orders";
    String line = "/customers/{username}/cart/{product}";
    String chess = ShopDev.demoProduct(3); // stock 1
    String book = ShopDev.demoProduct(0);
    // A caller without a customer profile: 404 naming it, no order, no stock taken (the orphan defect: 201).
    BenchRequest nobody = BenchRequest.as("nobody").path("username", "nobody");
    send("PUT", line, nobody.path("product", book).body("{\"quantity\":1}"));
    String stockBefore = shop.table().item(new Key("PRODUCT#" + book, "PRODUCT#" + book)).orElseThrow().get("Stock").n();
    Reply orphan = send("POST", orders, nobody);
    assertEquals(List.of(404, "customer not found"), List.of(orphan.status(), orphan.error().get("message")),
        orphan.body());
    assertTrue(shop.table().itemsOfType("Order").stream().noneMatch(o -> o.get("Username").s().equals("nobody")));
    assertEquals(stockBefore, shop.table().item(new Key("PRODUCT#" + book, "PRODUCT#" + book)).orElseThrow()
        .get("Stock").n());

    signUp("dot");
    BenchRequest dot = BenchRequest.as("dot").path("username", "dot");
    send("PUT", line, dot.path("product", book).body("{\"quantity\":2}"));
    send("PUT", line, dot.path("product", chess).body("{\"quantity\":2}"));
    long bookStock = Long.parseLong(shop.table().item(new Key("PRODUCT#" + book, "PRODUCT#" + book)).orElseThrow()
        .get("Stock").n());

    Reply refused = send("POST", orders, dot);
    assertEquals(List.of(409, "product"), List.of(refused.status(), refused.error().get("field")), refused.body());
    assertTrue(refused.body().contains(chess), "the 409 names the product: " + refused.body());
    assertEquals(bookStock, Long.parseLong(shop.table().item(new Key("PRODUCT#" + book, "PRODUCT#" + book))
        .orElseThrow().get("Stock").n()), "no stock taken");
    assertTrue(shop.table().itemsOfType("Order").stream().noneMatch(o -> o.get("Username").s().equals("dot")));

    send("PUT", line, dot.path("product", chess).body("{\"quantity\":1}"));
    Reply placed = send("POST", orders, dot.header("idempotency-key", "dot-order-0001"));
    assertEquals(201, placed.status(), placed.body());
    String id = (String) placed.json().get("order");
    assertEquals(List.of("ORDER#" + id, "CUSTOMER#dot", "ORDER#" + id, "placed", "3003"), List.of(
        shop.table().item(new Key("ORDER#" + id, "ORDER#" + id)).orElseThrow().get("SK").s(),
        shop.table().item(new Key("ORDER#" + id, "ORDER#" + id)).orElseThrow().get("GSI1PK").s(),
        shop.table().item(new Key("ORDER#" + id, "ORDER#" + id)).orElseThrow().get("GSI1SK").s(),
        shop.table().item(new Key("ORDER#" + id, "ORDER#" + id)).orElseThrow().get("Status").s(),
        shop.table().item(new Key("ORDER#" + id, "ORDER#" + id)).orElseThrow().get("TotalCents").n()));
    assertEquals("2", shop.table().item(new Key("ORDER#" + id, "LINE#" + book)).orElseThrow().get("Quantity").n());
    assertEquals("1", shop.table().item(new Key("ORDER#" + id, "LINE#" + chess)).orElseThrow().get("Quantity").n());
    assertEquals("0", shop.table().item(new Key("PRODUCT#" + chess, "PRODUCT#" + chess)).orElseThrow()
        .get("Stock").n());
    assertTrue(shop.table().item(new Key("CART#dot", "CART#dot")).isEmpty());

    Reply retried = send("POST", orders, dot.header("idempotency-key", "dot-order-0001"));
    assertEquals(List.of(201, id), List.of(retried.status(), retried.json().get("order")), "the retry: one order");
    Reply byBody = send("POST", orders, dot.body("{\"idempotencyKey\":\"dot-order-0001\"}"));
    assertEquals(409, byBody.status(), "the same key with another body: " + byBody.body());
    assertEquals(1, shop.table().itemsOfType("Order").stream().filter(o -> o.get("Username").s().equals("dot"))
        .count());
    assertEquals(403, send("POST", orders, BenchRequest.as("ann").path("username", "dot")).status());
    assertEquals(400, send("POST", orders, dot.body("{\"idempotencyKey\":\"a#b\"}")).status());
    assertEquals(409, send("POST", orders, dot).status(), "an empty cart");

    // 49 lines with a key: 102 actions, refused before any write
    signUp("big");
    BenchRequest big = BenchRequest.as("big").path("username", "big");
    for (int i = 0; i < 49; i++) {
      String p = (String) send("POST", "/products", admin().body("{\"category\":\"bulk\",\"name\":\"B" + i
          + "\",\"priceCents\":1,\"stock\":5}")).json().get("product");
      send("PUT", line, big.path("product", p).body("{\"quantity\":1}"));
    }
    Reply tooBig = send("POST", orders, big.header("idempotency-key", "big-order-0001"));
    assertEquals(List.of(400, "cart"), List.of(tooBig.status(), tooBig.error().get("field")), tooBig.body());
    assertTrue(shop.table().itemsOfType("Order").stream().noneMatch(o -> o.get("Username").s().equals("big")));
    assertTrue(shop.table().itemsOfType("Product").stream().filter(p -> p.get("Category").s().equals("bulk"))
        .allMatch(p -> p.get("Stock").n().equals("5")));
  }

  @Test
  void orders_byIdWithItsLines_andACustomersOrdersNewestFirst() {
    String orders = "/customers/{username}/orders";
    String order = orders + "/{order}";
    String book = ShopDev.demoProduct(1);
    signUp("flo");
    BenchRequest flo = BenchRequest.as("flo").path("username", "flo");
    List<Object> placed = new java.util.ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      send("PUT", "/customers/{username}/cart/{product}", flo.path("product", book).body("{\"quantity\":" + i + "}"));
      Reply r = send("POST", orders, flo);
      assertEquals(201, r.status(), r.body());
      placed.add(r.json().get("order"));
    }
    Reply one = send("GET", order, flo.path("order", (String) placed.get(0)));
    assertEquals(200, one.status(), one.body());
    assertEquals(List.of(placed.get(0), "flo", "placed", 1001L),
        List.of(one.json().get("order"), one.json().get("username"), one.json().get("status"),
            ((Number) one.json().get("totalCents")).longValue()));
    List<?> lines = (List<?>) one.json().get("lines");
    assertEquals(1, lines.size());
    assertEquals(List.of(book, "Book 1", 1001L, 1L), List.of(((java.util.Map<?, ?>) lines.get(0)).get("product"),
        ((java.util.Map<?, ?>) lines.get(0)).get("name"),
        ((Number) ((java.util.Map<?, ?>) lines.get(0)).get("priceCents")).longValue(),
        ((Number) ((java.util.Map<?, ?>) lines.get(0)).get("quantity")).longValue()));
    assertEquals(403, send("GET", order, BenchRequest.as("ann").path("username", "flo")
        .path("order", (String) placed.get(0))).status());
    assertEquals(404, send("GET", order, BenchRequest.as("bob").path("username", "bob")
        .path("order", (String) placed.get(0))).status(), "another customer's order is not found");
    assertEquals(400, send("GET", order, flo.path("order", "x#y")).status());

    java.util.Map<String, Object> page = send("GET", orders, flo.query("limit", "2")).json();
    assertEquals(List.of(placed.get(2), placed.get(1)), ((List<?>) page.get("items")).stream()
        .map(i -> ((java.util.Map<?, ?>) i).get("order")).toList());
    java.util.Map<String, Object> rest = send("GET", orders, flo.query("cursor", (String) page.get("nextCursor")))
        .json();
    assertEquals(List.of(placed.get(0)), ((List<?>) rest.get("items")).stream()
        .map(i -> ((java.util.Map<?, ?>) i).get("order")).toList());
    assertEquals(403, send("GET", orders, BenchRequest.as("ann").path("username", "flo")).status());
    assertEquals(401, send("GET", orders, BenchRequest.anonymous().path("username", "flo")).status());
  }

  @Test
  void orderStatus_ownerPaysAndCancels_adminsShipDeliverRefund_andListOpenOrdersByStatus() {
    String status = "/customers/{username}/orders/{order}/status";
    String admin = "/orders/{order}/status";
    String byStatus = "/statuses/{status}/orders";
    String book = ShopDev.demoProduct(0);
    signUp("gio");
    BenchRequest gus = BenchRequest.as("gio").path("username", "gio");
    List<String> ids = new java.util.ArrayList<>();
    for (int i = 0; i < 2; i++) {
      send("PUT", "/customers/{username}/cart/{product}", gus.path("product", book).body("{\"quantity\":1}"));
      ids.add((String) send("POST", "/customers/{username}/orders", gus).json().get("order"));
    }
    String a = ids.get(0);
    String b = ids.get(1);
    Key aKey = new Key("ORDER#" + a, "ORDER#" + a);

    Reply paid = send("POST", status, gus.path("order", a).body("{\"status\":\"paid\"}"));
    assertEquals(List.of(200, "paid"), List.of(paid.status(), paid.json().get("status")), paid.body());
    var item = shop.table().item(aKey).orElseThrow();
    assertEquals(List.of("paid", "STATUS#paid#" + dev.monotable.shop.keys.ShopKeys.statusShard(a), "ORDER#" + a),
        List.of(item.get("Status").s(), item.get("GSI2PK").s(), item.get("GSI2SK").s()));
    assertEquals(paid.json().get("paidAt"), item.get("PaidAt").s());

    Reply early = send("POST", admin, admin().path("order", b).body("{\"status\":\"delivered\"}"));
    assertEquals(List.of(409, "status"), List.of(early.status(), early.error().get("field")), early.body());
    assertTrue(early.body().contains("placed"), "the 409 names the current state: " + early.body());
    assertEquals(400, send("POST", status, gus.path("order", a).body("{\"status\":\"shipped\"}")).status(),
        "a customer does not ship");
    assertEquals(400, send("POST", admin, admin().path("order", a).body("{\"status\":\"paid\"}")).status(),
        "admins do not pay");
    assertEquals(400, send("POST", status, gus.path("order", a).body("{}")).status());
    assertEquals(400, send("POST", status, gus.path("order", "x#y").body("{\"status\":\"paid\"}")).status());
    assertEquals(403, send("POST", status, BenchRequest.as("ann").path("username", "gio").path("order", a)
        .body("{\"status\":\"cancelled\"}")).status());
    assertEquals(403, send("POST", admin, BenchRequest.as("gio").path("order", a)
        .body("{\"status\":\"shipped\"}")).status());
    assertEquals(404, send("POST", status, BenchRequest.as("bob").path("username", "bob").path("order", a)
        .body("{\"status\":\"cancelled\"}")).status(), "another customer's order is not found");
    assertEquals(404, send("POST", admin, admin().path("order", "01ARZ3NDEKTSV4RRFFQ69G5FAV")
        .body("{\"status\":\"shipped\"}")).status());
    assertEquals("paid", shop.table().item(aKey).orElseThrow().get("Status").s(), "refusals write nothing");

    java.util.Set<Object> listed = new java.util.HashSet<>();
    String cursor = null;
    int pages = 0;
    do {
      BenchRequest r = admin().path("status", "paid").query("limit", "1");
      Reply page = send("GET", byStatus, cursor == null ? r : r.query("cursor", cursor));
      assertEquals(200, page.status(), page.body());
      ((List<?>) page.json().get("items")).forEach(o -> listed.add(((java.util.Map<?, ?>) o).get("order")));
      cursor = (String) page.json().get("nextCursor");
      pages++;
    } while (cursor != null && pages < 100);
    assertTrue(listed.contains(a) && !listed.contains(b), "paid orders only: " + listed);
    assertEquals(403, send("GET", byStatus, BenchRequest.as("gio").path("status", "paid")).status());
    assertEquals(400, send("GET", byStatus, admin().path("status", "delivered")).status());
    assertEquals(400, send("GET", byStatus, admin().path("status", "paid").query("cursor", "bogus")).status());

    assertEquals(200, send("POST", admin, admin().path("order", a).body("{\"status\":\"shipped\"}")).status());
    assertEquals(200, send("POST", admin, admin().path("order", a).body("{\"status\":\"delivered\"}")).status());
    Reply refunded = send("POST", admin, admin().path("order", a).body("{\"status\":\"refunded\"}"));
    assertEquals(List.of(200, "refunded"), List.of(refunded.status(), refunded.json().get("status")));
    assertTrue(!shop.table().item(aKey).orElseThrow().containsKey("GSI2PK"), "a refunded order left GSI2");

    long stock = Long.parseLong(shop.table().item(new Key("PRODUCT#" + book, "PRODUCT#" + book)).orElseThrow()
        .get("Stock").n());
    Reply cancelled = send("POST", status, gus.path("order", b).body("{\"status\":\"cancelled\"}"));
    assertEquals(List.of(200, "cancelled"), List.of(cancelled.status(), cancelled.json().get("status")));
    assertEquals(stock + 1, Long.parseLong(shop.table().item(new Key("PRODUCT#" + book, "PRODUCT#" + book))
        .orElseThrow().get("Stock").n()), "the cancelled order's unit is back in stock");
    assertEquals(409, send("POST", status, gus.path("order", b).body("{\"status\":\"paid\"}")).status());
  }

  @Test
  void sales_byDayAndTopProducts_keptByTheStream_forAdmins() {
    String days = "/sales/days";
    String top = "/sales/months/{month}/products";
    assertEquals(List.of(), shop.settle(), "no dead letters");
    String today = java.time.LocalDate.now(java.time.ZoneOffset.UTC).toString();
    String month = today.substring(0, 7);
    BenchRequest range = admin().query("from", today).query("to", today);
    long ordersBefore = salesOf(send("GET", days, range));
    String kite = (String) send("POST", "/products", admin()
        .body("{\"category\":\"toys\",\"name\":\"Spinning top\",\"priceCents\":700,\"stock\":50}")).json().get("product");
    signUp("hal");
    BenchRequest hal = BenchRequest.as("hal").path("username", "hal");
    send("PUT", "/customers/{username}/cart/{product}", hal.path("product", kite).body("{\"quantity\":7}"));
    assertEquals(201, send("POST", "/customers/{username}/orders", hal).status());
    assertEquals(List.of(), shop.settle(), "no dead letters");

    Reply day = send("GET", days, range);
    assertEquals(200, day.status(), day.body());
    assertEquals(ordersBefore + 1, salesOf(day));
    Reply ranked = send("GET", top, admin().path("month", month).query("limit", "100"));
    assertEquals(200, ranked.status(), ranked.body());
    List<?> items = (List<?>) ranked.json().get("items");
    java.util.Map<?, ?> kiteSales = items.stream().map(i -> (java.util.Map<?, ?>) i)
        .filter(i -> kite.equals(i.get("product"))).findFirst().orElseThrow();
    assertEquals(List.of(7L, 4900L), List.of(((Number) kiteSales.get("units")).longValue(),
        ((Number) kiteSales.get("revenueCents")).longValue()));
    List<Long> units = items.stream().map(i -> ((Number) ((java.util.Map<?, ?>) i).get("units")).longValue()).toList();
    List<Long> sorted = new java.util.ArrayList<>(units);
    sorted.sort(java.util.Comparator.reverseOrder());
    assertEquals(sorted, units, "highest first");
    var stored = shop.table().item(new Key("PRODUCTSALES#" + month, "PRODUCT#" + kite)).orElseThrow();
    assertEquals(List.of("TOPPRODUCTS#" + month, "UNITS#0000000007#" + kite, "ProductSales"),
        List.of(stored.get("GSI1PK").s(), stored.get("GSI1SK").s(), stored.get("Type").s()));

    assertEquals(403, send("GET", days, BenchRequest.as("hal").query("from", today).query("to", today)).status());
    assertEquals(403, send("GET", top, BenchRequest.as("hal").path("month", month)).status());
    assertEquals(400, send("GET", days, admin().query("from", "2026-12-31").query("to", "2027-01-01")).status());
    assertEquals(400, send("GET", days, admin().query("from", today)).status());
    assertEquals(400, send("GET", top, admin().path("month", "2026-13")).status());
  }

  private static long salesOf(Reply day) {
    List<?> items = (List<?>) day.json().get("items");
    return items.isEmpty() ? 0 : ((Number) ((java.util.Map<?, ?>) items.get(0)).get("orders")).longValue();
  }

  private static List<Object> ids(java.util.Map<String, Object> page) {
    return ((List<?>) page.get("items")).stream().<Object>map(i -> ((java.util.Map<?, ?>) i).get("product")).toList();
  }

  @Test
  void customers_changeTheirProfile_andAdminsListThemAll() {
    String gus = "{\"email\":\"gus@example.com\",\"name\":\"Gus\"}";
    assertEquals(201, send("PUT", CUSTOMER, BenchRequest.as("gus").path("username", "gus").body(gus)).status());
    send("PUT", CUSTOMER, BenchRequest.as("hal").path("username", "hal")
        .body("{\"email\":\"hal@example.com\",\"name\":\"Hal\"}"));
    BenchRequest asGus = BenchRequest.as("gus").path("username", "gus");

    Reply moved = send("PATCH", CUSTOMER, asGus.body("{\"email\":\"Gus@Example.org\",\"name\":\"Gus G\"}"));
    assertEquals(200, moved.status(), moved.body());
    String t = (String) moved.json().get("updatedAt");
    var stored = shop.table().item(new Key("CUSTOMER#gus", "CUSTOMER#gus")).orElseThrow();
    assertEquals(item("PK", "CUSTOMER#gus", "SK", "CUSTOMER#gus", "GSI1PK", "EMAIL#gus@example.org",
        "GSI1SK", "EMAIL#gus@example.org", "GSI2PK", "CUSTOMERS#2", "GSI2SK", "CUSTOMER#gus", "Type", "Customer",
        "Username", "gus", "Email", "gus@example.org", "Name", "Gus G", "CreatedAt", stored.get("CreatedAt").s(),
        "UpdatedAt", t, "SchemaVersion", 1), stored);
    assertEquals(item("PK", "EMAIL#gus@example.org", "SK", "EMAIL#gus@example.org", "Type", "CustomerEmail",
        "Email", "gus@example.org", "Username", "gus", "CreatedAt", t, "UpdatedAt", t, "SchemaVersion", 1),
        shop.table().item(new Key("EMAIL#gus@example.org", "EMAIL#gus@example.org")).orElseThrow());
    assertTrue(shop.table().item(new Key("EMAIL#gus@example.com", "EMAIL#gus@example.com")).isEmpty());

    Reply taken = send("PATCH", CUSTOMER, asGus.body("{\"email\":\"hal@example.com\"}"));
    assertEquals(List.of(409, "email"), List.of(taken.status(), taken.error().get("field")), taken.body());
    assertEquals("gus@example.org", shop.table().item(new Key("CUSTOMER#gus", "CUSTOMER#gus")).orElseThrow()
        .get("Email").s(), "a refusal writes nothing");
    assertEquals(403, send("PATCH", CUSTOMER, BenchRequest.as("hal").path("username", "gus")
        .body("{\"name\":\"X\"}")).status());
    assertEquals(401, send("PATCH", CUSTOMER, BenchRequest.anonymous().path("username", "gus")
        .body("{\"name\":\"X\"}")).status());
    for (String bad : List.of("{}", "{\"email\":\"a#b@example.com\"}", "{\"name\":\"\"}", "{\"Email\":\"x@y.z\"}",
        "{\"name\":\" \"}")) {
      Reply r = send("PATCH", CUSTOMER, asGus.body(bad));
      assertEquals(400, r.status(), bad + " -> " + r.body());
    }
    assertEquals("Gus G", shop.table().item(new Key("CUSTOMER#gus", "CUSTOMER#gus")).orElseThrow().get("Name").s());
    assertEquals(404, send("PATCH", CUSTOMER, BenchRequest.as("nobody").path("username", "nobody")
        .body("{\"name\":\"X\"}")).status());

    List<Object> all = new java.util.ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      BenchRequest r = admin().query("limit", "2");
      Reply page = send("GET", "/customers", cursor == null ? r : r.query("cursor", cursor));
      assertEquals(200, page.status(), page.body());
      ((List<?>) page.json().get("items")).forEach(c -> all.add(((java.util.Map<?, ?>) c).get("username")));
      cursor = (String) page.json().get("nextCursor");
      pages++;
    } while (cursor != null);
    assertTrue(all.containsAll(List.of("ann", "bob", "gus", "hal")), all.toString());
    assertEquals(all.size(), new java.util.HashSet<>(all).size(), "no customer twice: " + all);
    assertTrue(pages >= 4, "one shard or less a page");
    assertEquals(403, send("GET", "/customers", BenchRequest.as("gus")).status());
    assertEquals(401, send("GET", "/customers", BenchRequest.anonymous()).status());
    assertEquals(400, send("GET", "/customers", admin().query("cursor", "not-a-cursor")).status());
  }

  @Test
  void categories_listedWithTheirCounts_andSearchFindsEveryWord() {
    Reply kite = send("POST", "/products", admin().body("{\"category\":\"kites\",\"name\":\"Stunt Kite\","
        + "\"description\":\"A delta kite for strong wind\",\"priceCents\":4000,\"stock\":2}"));
    assertEquals(201, kite.status(), kite.body());
    String id = (String) kite.json().get("product");
    String t = (String) kite.json().get("createdAt");
    send("POST", "/products", admin().body("{\"category\":\"kites\",\"name\":\"Box kite\",\"priceCents\":3000,"
        + "\"stock\":2}"));
    var category = shop.table().item(new Key("CATEGORIES", "CATEGORY#kites")).orElseThrow();
    assertEquals(List.of("Category", "kites", "2"), List.of(category.get("Type").s(), category.get("Category").s(),
        category.get("ProductCount").n()));
    var token = new java.util.HashMap<>(shop.table().item(new Key("TOKEN#delta", "PRODUCT#" + id)).orElseThrow());
    assertEquals(java.util.Set.of("stunt", "kite", "delta", "strong", "wind"), java.util.Set.copyOf(token.remove("Tokens").ss()));
    assertEquals(item("PK", "TOKEN#delta", "SK", "PRODUCT#" + id, "Type", "ProductToken", "Token", "delta",
        "ProductId", id, "Category", "kites", "Name", "Stunt Kite", "PriceCents", 4000, "CreatedAt", t,
        "UpdatedAt", t, "SchemaVersion", 1), token);

    List<?> categories = (List<?>) send("GET", "/categories", BenchRequest.anonymous()).json().get("items");
    assertTrue(categories.stream().anyMatch(c -> ((java.util.Map<?, ?>) c).get("category").equals("kites")
        && ((Number) ((java.util.Map<?, ?>) c).get("productCount")).longValue() == 2), categories.toString());
    assertTrue(categories.stream().anyMatch(c -> ((java.util.Map<?, ?>) c).get("category").equals("books")));

    Reply found = send("GET", "/search", BenchRequest.anonymous().query("q", "Wind KITE"));
    assertEquals(200, found.status(), found.body());
    assertEquals(List.of(id), ids(found.json()));
    assertEquals(2, ids(send("GET", "/search", BenchRequest.anonymous().query("q", "kite")).json()).size());
    assertEquals(List.of(), ids(send("GET", "/search", BenchRequest.anonymous().query("q", "kite chess")).json()));
    for (String bad : List.of("the", "", "a b c")) {
      assertEquals(400, send("GET", "/search", BenchRequest.anonymous().query("q", bad)).status(), bad);
    }
    assertEquals(400, send("GET", "/search", BenchRequest.anonymous()).status(), "no q");
  }

  @Test
  void reviews_onePerCustomer_newestFirst_countedIntoTheRatingOnce() {
    String book = ShopDev.demoProduct(2);
    String reviews = "/products/{product}/reviews";
    // A caller without a customer profile: 404 naming it, nothing written (the orphan defect: 201).
    Reply orphan = send("POST", reviews, BenchRequest.as("nobody").path("product", book).body("{\"rating\":5}"));
    assertEquals(List.of(404, "customer not found"), List.of(orphan.status(), orphan.error().get("message")),
        orphan.body());
    assertTrue(shop.table().item(new Key("PRODUCT#" + book, "REVIEWER#nobody")).isEmpty());
    assertTrue(shop.table().itemsOfType("Review").stream().noneMatch(r -> r.get("Username").s().equals("nobody")));
    signUp("ivy");
    signUp("jo");
    Reply first = send("POST", reviews, BenchRequest.as("ivy").path("product", book)
        .body("{\"rating\":4,\"text\":\"Good\"}"));
    assertEquals(201, first.status(), first.body());
    String id = (String) first.json().get("review");
    String t = (String) first.json().get("createdAt");
    assertEquals(item("PK", "PRODUCT#" + book, "SK", "REVIEW#" + id, "Type", "Review", "ReviewId", id,
        "ProductId", book, "Username", "ivy", "Rating", 4, "Text", "Good", "CreatedAt", t, "UpdatedAt", t,
        "SchemaVersion", 1), shop.table().item(new Key("PRODUCT#" + book, "REVIEW#" + id)).orElseThrow());
    assertEquals(item("PK", "PRODUCT#" + book, "SK", "REVIEWER#ivy", "Type", "ReviewClaim", "ProductId", book,
        "Username", "ivy", "ReviewId", id, "CreatedAt", t, "UpdatedAt", t, "SchemaVersion", 1),
        shop.table().item(new Key("PRODUCT#" + book, "REVIEWER#ivy")).orElseThrow());
    Reply second = send("POST", reviews, BenchRequest.as("ivy").path("product", book).body("{\"rating\":1}"));
    assertEquals(List.of(409, "review"), List.of(second.status(), second.error().get("field")), second.body());
    String later = (String) send("POST", reviews, BenchRequest.as("jo").path("product", book)
        .body("{\"rating\":2}")).json().get("review");
    assertEquals(404, send("POST", reviews, BenchRequest.as("ivy").path("product", "01ARZ3NDEKTSV4RRFFQ69G5FAV")
        .body("{\"rating\":3}")).status());
    assertEquals(401, send("POST", reviews, BenchRequest.anonymous().path("product", book)
        .body("{\"rating\":3}")).status());
    for (String bad : List.of("{\"rating\":0}", "{\"rating\":6}", "{\"rating\":4.5}", "{}",
        "{\"rating\":3,\"text\":\"\"}", "{\"rating\":3,\"SK\":\"x\"}")) {
      assertEquals(400, send("POST", reviews, BenchRequest.as("kim").path("product", book).body(bad)).status(), bad);
    }
    assertTrue(shop.table().item(new Key("PRODUCT#" + book, "REVIEWER#kim")).isEmpty(), "bad input writes nothing");

    java.util.Map<String, Object> page = send("GET", reviews, BenchRequest.anonymous().path("product", book)
        .query("limit", "1")).json();
    assertEquals(List.of(later), ((List<?>) page.get("items")).stream()
        .map(r -> ((java.util.Map<?, ?>) r).get("review")).toList());
    java.util.Map<String, Object> rest = send("GET", reviews, BenchRequest.anonymous().path("product", book)
        .query("cursor", (String) page.get("nextCursor"))).json();
    assertEquals(List.of(id), ((List<?>) rest.get("items")).stream()
        .map(r -> ((java.util.Map<?, ?>) r).get("review")).toList());

    assertEquals(List.of(), shop.settle(), "no batch given up");
    assertEquals(List.of(), shop.settle(), "delivered once more: nothing new");
    java.util.Map<String, Object> product = send("GET", "/products/{product}", BenchRequest.anonymous()
        .path("product", book)).json();
    assertEquals(List.of(2L, 6L), List.of(((Number) product.get("ratingCount")).longValue(),
        ((Number) product.get("ratingTotal")).longValue()));
  }
}
