package dev.monotable.shop.tools;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.docs.JsonSchema;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.BackfillRules;
import dev.monotable.kit.ops.CounterCheck;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevFacet;
import dev.monotable.shop.Shop;
import dev.monotable.shop.ShopPattern;
import dev.monotable.shop.charts.ShopCharts;
import dev.monotable.shop.data.SalesLedger;
import dev.monotable.shop.data.SearchTokens;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.shop.model.Cart;
import dev.monotable.shop.model.Customer;
import dev.monotable.shop.model.Order;
import dev.monotable.shop.model.Product;
import dev.monotable.shop.model.Review;
import dev.monotable.kit.keys.Ulid;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Shop for the kit's dev-time programs (registered in META-INF/services): its demo data, what the
 * operator tools, the docs generator and the bench need.
 */
public final class ShopDev implements DevDomain {

  static final Instant DEMO_TIME = Instant.parse("2026-01-01T00:00:00Z");

  /** The entities the backfill rewrites from their declaration. */
  private static final List<Entity> BACKFILLED = List.of(Customer.ENTITY, Customer.EMAIL_CLAIM, Product.ENTITY, Order.ENTITY,
      Order.LINE, Product.CATEGORY, Product.TOKEN, Review.ENTITY, Review.CLAIM);

  @Override
  public Domain domain() {
    return Shop.DOMAIN;
  }

  @Override
  public EntityModel entities() {
    return ShopCharts.MODEL;
  }

  @Override
  public LocalDomain local() {
    return new Local(this);
  }

  @Override
  public OpsDomain ops() {
    return new Ops(this);
  }

  @Override
  public DocsDomain docs() {
    return new Docs(this);
  }

  @Override
  public BenchDomain<?> bench() {
    return new Bench();
  }

  /** The id of demo product {@code i} (0-3), one hour apart: the same on every start. */
  public static String demoProduct(int i) {
    return Ulid.derived(DEMO_TIME.plusSeconds(3600L * i), "product-" + i);
  }

  /** The product the bench's checkouts order: stock for every run. */
  static final String BENCH_PRODUCT = Ulid.derived(DEMO_TIME, "bench-product");

  /** The id of ann's demo review of book 0: the same on every start. */
  public static String demoReview() {
    return Ulid.derived(DEMO_TIME, "review-0");
  }

  /** The customer the bench's profile changes move from address to address. */
  static final String BENCH_CUSTOMER = "bench-customer";

  /** The id of bob's demo order: the same on every start. */
  public static String demoOrder() {
    return Ulid.derived(DEMO_TIME, "order-0");
  }

  /**
   * The demo data: customers ann and bob; books 0-2 (stock 10 each) and game 3 (stock 1); ann's cart
   * holds book 1; ann reviewed book 0 (5 stars).
   */
  static void seed(ShopServices services) {
    services.customers().create("ann", "ann@example.com", "Ann");
    services.customers().create("bob", "bob@example.com", "Bob");
    for (int i = 0; i < 4; i++) {
      services.products().create(Map.of("product", demoProduct(i), "category", i < 3 ? "books" : "games",
          "name", i < 3 ? "Book " + i : "Chess", "description", i < 3 ? "A novel of the sea, volume " + i
              : "The classic board game", "priceCents", 1000L + i, "stock", i < 3 ? 10L : 1L,
          "createdAt", Timestamps.format(DEMO_TIME.plusSeconds(3600L * i))));
    }
    services.reviews().create(demoReview(), demoProduct(0), "ann", 5, "A fine read",
        Timestamps.format(DEMO_TIME.plusSeconds(7200)));
    services.carts().put("bob", demoProduct(2), 1);
    services.orders().checkout("bob", null, demoOrder());
    services.carts().put("ann", demoProduct(1), 1);
  }

  /** The services over one table (the handlers come from the routes' declarations), and the demo data. */
  static final class Local extends DevFacet implements LocalDomain {
    Local(DevDomain dev) {
      super(dev);
    }

    @Override
    public Wiring wire(TableGateway table, JwtVerifier verifier) {
      ShopServices services = new ShopServices(table, verifier);
      return new Wiring() {
        @Override
        public ShopServices services() {
          return services;
        }

        @Override
        public void seedDemo() {
          seed(services);
        }
      };
    }

    @Override
    public String demoSummary() {
      return "customers ann (a cart of one book, a review of book 0), bob (an order of one book); products: "
          + "books 0-2, a game";
    }

    @Override
    public List<String> examples(String baseUrl) {
      return List.of("curl -s " + baseUrl + "/categories/books/products?limit=2",
          "curl -s " + baseUrl + "/products/" + demoProduct(0),
          "curl -s -X POST " + baseUrl + "/customers/ann/orders -H \"authorization: Bearer $(scripts/token ann)\" "
              + "-H 'Idempotency-Key: my-first-order'",
          "curl -s " + baseUrl + "/customers/ann/cart -H \"authorization: Bearer $(scripts/token ann)\"",
          "curl -s -X PUT " + baseUrl + "/customers/ann/cart/" + demoProduct(0) + " -H \"authorization: Bearer "
              + "$(scripts/token ann)\" -H 'content-type: application/json' -d '{\"quantity\":2}'",
          "curl -s -X POST " + baseUrl + "/customers/ann/orders -H \"authorization: Bearer $(scripts/token ann)\" "
              + "-H 'Idempotency-Key: my-first-order'",
          "curl -s " + baseUrl + "/customers/ann -H \"authorization: Bearer $(scripts/token ann)\"",
          "curl -s " + baseUrl + "/emails/bob@example.com/customer "
              + "-H \"authorization: Bearer $(scripts/token ops --group admins)\"",
          "curl -s -X PATCH " + baseUrl + "/customers/ann -H \"authorization: Bearer $(scripts/token ann)\" "
              + "-H 'content-type: application/json' -d '{\"email\":\"ann@example.org\"}'",
          "curl -s " + baseUrl + "/customers?limit=2 -H \"authorization: Bearer $(scripts/token ops --group admins)\"",
          "curl -s " + baseUrl + "/categories",
          "curl -s '" + baseUrl + "/search?q=novel+sea'",
          "curl -s -X POST " + baseUrl + "/products/" + demoProduct(1) + "/reviews -H \"authorization: Bearer "
              + "$(scripts/token bob)\" -H 'content-type: application/json' -d '{\"rating\":4,\"text\":\"Good\"}'",
          "curl -s " + baseUrl + "/products/" + demoProduct(0) + "/reviews");
    }
  }

  /** Read patterns, backfill and scale data for the operator tools. */
  static final class Ops extends DevFacet implements OpsDomain {
    Ops(DevDomain dev) {
      super(dev);
    }

    @Override
    public List<ReadPattern> readPatterns() {
      return List.of(
          new ReadPattern(ShopPattern.S02, List.of("username"), false, ReadPattern.Sample.of(null, "ann"),
              (table, caller, p, page) -> new Page<>(List.of(table.get(Customer.ENTITY.key(
                  Map.of("username", p.get(0)))).orElseThrow()), null)),
          new ReadPattern(ShopPattern.S03, List.of("email"), false, ReadPattern.Sample.of(null, "ann@example.com"),
              (table, caller, p, page) -> table.query(ShopPattern.S03.queryFor(Map.of("email", p.get(0))), page,
                  "S03")),
          new ReadPattern(ShopPattern.S05, List.of("product"), false, ReadPattern.Sample.of(null, demoProduct(0)),
              (table, caller, p, page) -> new Page<>(List.of(table.get(Product.ENTITY.key(
                  Map.of("product", p.get(0)))).orElseThrow()), null)),
          new ReadPattern(ShopPattern.S06, List.of("category"), false, ReadPattern.Sample.of(null, "books"),
              (table, caller, p, page) -> table.query(ShopPattern.S06.queryFor(Map.of("category", p.get(0))), page,
                  "S06")),
          new ReadPattern(ShopPattern.S09, List.of("username"), false, ReadPattern.Sample.of(null, "ann"),
              (table, caller, p, page) -> new Page<>(table.get(Cart.ENTITY.key(Map.of("username", p.get(0))))
                  .map(List::of).orElse(List.of()), null)),
          new ReadPattern(ShopPattern.S11, List.of("order"), false, ReadPattern.Sample.of(null, demoOrder()),
              (table, caller, p, page) -> table.query(ShopPattern.S11.queryFor(Map.of("order", p.get(0))), page,
                  "S11")),
          new ReadPattern(ShopPattern.S12, List.of("username"), false, ReadPattern.Sample.of(null, "bob"),
              (table, caller, p, page) -> table.query(ShopPattern.S12.queryFor(Map.of("username", p.get(0))), page,
                  "S12")),
          new ReadPattern(ShopPattern.S14, List.of("shard"), false,
              ReadPattern.Sample.of(null, Integer.toString(ShopKeys.customerShard("ann"))),
              (table, caller, p, page) -> table.query(ShopPattern.S14.queryFor(Map.of("shard", p.get(0))), page,
                  "S14")),
          new ReadPattern(ShopPattern.S15, List.of(), false, ReadPattern.Sample.of(null),
              (table, caller, p, page) -> table.query(ShopPattern.S15.queryFor(Map.of()), page, "S15")),
          new ReadPattern(ShopPattern.S16, List.of("token"), false, ReadPattern.Sample.of(null, "novel"),
              (table, caller, p, page) -> table.query(ShopPattern.S16.queryFor(Map.of("token", p.get(0))), page,
                  "S16")),
          new ReadPattern(ShopPattern.S18, List.of("product"), false, ReadPattern.Sample.of(null, demoProduct(0)),
              (table, caller, p, page) -> table.query(ShopPattern.S18.queryFor(Map.of("product", p.get(0))), page,
                  "S18")),
          // One shard of a status, as each page of the route reads one: the demo order's.
          new ReadPattern(ShopPattern.S28, List.of("status", "shard"), false,
              ReadPattern.Sample.of(null, Order.PLACED, Integer.toString(ShopKeys.statusShard(demoOrder()))),
              (table, caller, p, page) -> table.query(ShopPattern.S28.queryFor(Map.of("status", p.get(0),
                  "shard", p.get(1))), page, "S28")),
          // The demo order is placed when the demo data is written: its sales are this year's and month's.
          new ReadPattern(ShopPattern.S29, List.of("from", "to"), false,
              ReadPattern.Sample.of(null, java.time.Year.now(java.time.ZoneOffset.UTC) + "-01-01",
                  java.time.Year.now(java.time.ZoneOffset.UTC) + "-12-31"),
              (table, caller, p, page) -> new SalesLedger(table).days(p.get(0), p.get(1), page)),
          new ReadPattern(ShopPattern.S30, List.of("month"), false,
              ReadPattern.Sample.of(null, java.time.YearMonth.now(java.time.ZoneOffset.UTC).toString()),
              (table, caller, p, page) -> new SalesLedger(table).topProducts(p.get(0), page)));
    }

    @Override
    public BackfillRules backfill() {
      return new BackfillRules() {
        @Override
        public Set<String> types() {
          return BACKFILLED.stream().map(Entity::type).collect(java.util.stream.Collectors.toSet());
        }

        @Override
        public Optional<Map<String, AttributeValue>> remap(Map<String, AttributeValue> item) {
          String type = item.getOrDefault("Type", AttributeValue.fromS("")).s();
          return BACKFILLED.stream().filter(e -> e.type().equals(type)).findFirst()
              .map(e -> e.toItem(e.values(item)));
        }
      };
    }

    @Override
    public List<CounterCheck> counters() {
      return List.of();
    }

    @Override
    public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
      ShopScaleData.generate(seed, n, sink);
    }
  }

  /** What the docs generator prints of Shop beyond its declarations; docs go to docs/shop/. */
  static final class Docs extends DevFacet implements DocsDomain {
    Docs(DevDomain dev) {
      super(dev);
    }

    @Override
    public String folder() {
      return "docs/shop";
    }

    @Override
    public List<Relationship> relationships() {
      return List.of();
    }

    @Override
    public String keySegments() {
      return "`{username}`: 1-39 lower-case letters, digits or inner hyphens. `{email}`: a lower-case e-mail address "
          + "of at most 254 characters. `{product}`: a ULID, its first 10 characters the creation time. "
          + "`{category}`: 1-40 lower-case letters, digits or inner hyphens. `{shard}`: 0-"
          + (ShopKeys.CUSTOMER_SHARDS - 1) + ", CRC-32 of the username modulo " + ShopKeys.CUSTOMER_SHARDS + ". "
          + "`{token}`: a search token, 2-30 lower-case ASCII letters or digits. `{review}`: a ULID. "
          + "`{record}`: a stream record's id.";
    }

    @Override
    public String erdNotes() {
      return "A customer is one item in its own partition; its e-mail address is claimed by an item of its own. "
          + "A product is one item in its own partition, listed in its category's GSI1 partition. A cart is one "
          + "item of its own whose map holds its lines; it expires seven days after its last change. "
          + "An order is the head of its own partition, which holds its lines; it is in its customer's GSI1 "
          + "partition. A category is one item of the partition CATEGORIES; a product's search tokens are one item "
          + "each in the token's partition; a review, its customer's claim on the product and the receipts of the "
          + "ratings counted sit in the product's partition.";
    }

    @Override
    public String routeSource() {
      return "`Shop.endpoints()`";
    }

    @Override
    public String optionalAuthUse() {
      return "nothing more";
    }

    @Override
    public ApiShape shape(Endpoint endpoint) {
      Map<String, Object> body = endpoint.body().isEmpty() ? null : JsonSchema.body(endpoint.body());
      return switch (endpoint.routeKey()) {
        case "PUT /customers/{username}" -> ApiShape.create(
            "create a customer: 409 naming username or email when taken", "Customer", body);
        case "GET /emails/{email}/customer" -> ApiShape.read("find a customer by e-mail address (admins)",
            JsonSchema.ref("Customer"));
        case "POST /products" -> ApiShape.create("create a product (admins)", "Product", body);
        case "PUT /customers/{username}/cart/{product}" -> new ApiShape(
            "set a product's quantity in the cart (409 when it holds 100 lines)", 200, JsonSchema.ref("Cart"), body,
            false, Map.of(), false);
        case "DELETE /customers/{username}/cart/{product}" -> ApiShape.read(
            "remove a line (idempotent; 404 when there is no live cart)", JsonSchema.ref("Cart"));
        case "GET /customers/{username}/cart" -> ApiShape.read("the cart; an expired one is empty",
            JsonSchema.ref("Cart"));
        case "POST /customers/{username}/orders" -> ApiShape.create("check out the cart in one transaction: "
            + "409 naming the product out of stock, 400 for a cart beyond DynamoDB's 100 actions", "OrderWithLines", body);
        case "GET /customers/{username}/orders/{order}" -> ApiShape.read("an order with its lines",
            JsonSchema.ref("OrderWithLines"));
        case "PATCH /customers/{username}" -> new ApiShape("change the name or e-mail address: 409 naming email "
            + "when the new address is taken", 200, JsonSchema.ref("Customer"), body, true, Map.of(), false);
        case "GET /customers" -> ApiShape.list("every customer (admins): one shard a page, pages may be short; "
            + "follow nextCursor", "Customer");
        case "GET /search" -> new ApiShape("products whose name or description holds every word of q, newest first; "
            + "a page may be short, follow nextCursor", 200, JsonSchema.page("SearchResult"), null, false,
            JsonSchema.paging(Map.of("q", JsonSchema.described(JsonSchema.string(1, 200), "at most "
                + SearchTokens.MAX_PER_SEARCH + " searchable words (stop words and single characters are not)"))),
            false).requiringQuery("q");
        case "POST /products/{product}/reviews" -> ApiShape.create("review a product as the caller: 404 when "
            + "the product does not exist, 409 naming review on a second review", "Review", body);
        case "POST /customers/{username}/orders/{order}/status" -> new ApiShape("pay for (paid) or cancel "
            + "(cancelled, the stock goes back) one's order: 409 naming its current state when it cannot move there",
            200, JsonSchema.ref("Order"), body, false, Map.of(), false);
        case "POST /orders/{order}/status" -> new ApiShape("ship, deliver or refund an order (admins): 409 naming "
            + "its current state when it cannot move there", 200, JsonSchema.ref("Order"), body, false, Map.of(),
            false);
        case "GET /statuses/{status}/orders" -> ApiShape.read("orders placed, paid or shipped (admins): one shard "
            + "of GSI2 per page, the cursor walks the shards; a page may be short or empty and still go on",
            JsonSchema.record("items", array(JsonSchema.ref("Order")), "nextCursor",
                JsonSchema.nullable(JsonSchema.string())));
        case "GET /sales/days" -> new ApiShape("sales by day, from..to within one year (admins): orders placed "
            + "each day net of those cancelled or refunded since; a day without orders is absent", 200,
            JsonSchema.record("items", array(JsonSchema.ref("SalesDay")), "nextCursor",
                JsonSchema.nullable(JsonSchema.string())), null, false, JsonSchema.paging(days()), false)
            .requiringQuery("from", "to");
        case "GET /sales/months/{month}/products" -> ApiShape.read("a month's products by units sold, highest "
            + "first (admins)", JsonSchema.record("items", array(JsonSchema.ref("ProductSales")), "nextCursor",
                JsonSchema.nullable(JsonSchema.string())));
        case Endpoint.HEALTH_ROUTE -> ApiShape.read("liveness, table name and endpoint", JsonSchema.ref("Health"));
        default -> throw new IllegalArgumentException("no shape for " + endpoint.routeKey());
      };
    }

    @Override
    public Map<String, Map<String, Object>> schemas() {
      Map<String, Map<String, Object>> m = new LinkedHashMap<>();
      m.put("Customer", JsonSchema.entity(Customer.ENTITY));
      m.put("Product", JsonSchema.entity(Product.ENTITY));
      m.put("Cart", JsonSchema.record("username", JsonSchema.string(), "lines", array(
          JsonSchema.record("product", JsonSchema.string(), "quantity", JsonSchema.atLeast(1),
              "addedAt", JsonSchema.timestamp())),
          "expiresAt", JsonSchema.nullable(JsonSchema.timestamp()),
          "updatedAt", JsonSchema.nullable(JsonSchema.timestamp())));
      // An order as every route answers it (the plain list of a customer's orders names the entity's
      // type): the time of each state it entered is there once it did, so those are not required.
      m.put("Order", order(false));
      m.put("OrderWithLines", order(true));
      m.put("Category", JsonSchema.entity(Product.CATEGORY));
      m.put("Review", JsonSchema.entity(Review.ENTITY));
      m.put("SearchResult", JsonSchema.record("product", JsonSchema.string(), "category", JsonSchema.string(),
          "name", JsonSchema.string(), "priceCents", JsonSchema.atLeast(0)));
      m.put("SalesDay", JsonSchema.record("day", JsonSchema.string(), "orders", JsonSchema.atLeast(0),
          "units", JsonSchema.atLeast(0), "revenueCents", JsonSchema.atLeast(0), "createdAt", JsonSchema.timestamp(),
          "updatedAt", JsonSchema.timestamp()));
      m.put("ProductSales", JsonSchema.record("month", JsonSchema.string(), "product", JsonSchema.string(),
          "units", JsonSchema.atLeast(0), "revenueCents", JsonSchema.atLeast(0), "createdAt", JsonSchema.timestamp(),
          "updatedAt", JsonSchema.timestamp()));
      m.put("Health", JsonSchema.record("status", JsonSchema.enumOf(List.of("ok")), "table", JsonSchema.string(),
          "endpoint", JsonSchema.string()));
      return m;
    }

    /** The range of S29: two days of one calendar year, {@code to} not before {@code from}. */
    private static Map<String, Map<String, Object>> days() {
      Map<String, Map<String, Object>> q = new LinkedHashMap<>();
      q.put("from", JsonSchema.described(JsonSchema.pattern(ShopKeys.DAY.pattern()), "the first day, yyyy-mm-dd"));
      q.put("to", JsonSchema.described(JsonSchema.pattern(ShopKeys.DAY.pattern()),
          "the last day, yyyy-mm-dd: not before from, in the same year"));
      return q;
    }

    /** An order's answer ({@code Order.ENTITY.values}), with its lines (checkout, S11) or without. */
    private static Map<String, Object> order(boolean lines) {
      List<String> required = new java.util.ArrayList<>(List.of("order", "username", "status", "totalCents",
          "lineCount", "createdAt", "updatedAt"));
      List<Object> pairs = new java.util.ArrayList<>(List.of("order", JsonSchema.string(), "username",
          JsonSchema.string(), "status", JsonSchema.enumOf(Order.STATUSES), "totalCents", JsonSchema.atLeast(0),
          "lineCount", JsonSchema.atLeast(1)));
      for (dev.monotable.kit.catalog.Transition.Step t : Order.LIFECYCLE.steps()) {
        pairs.addAll(List.of(t.at().field(), JsonSchema.timestamp()));
      }
      pairs.addAll(List.of("closedAt", JsonSchema.timestamp(), "createdAt", JsonSchema.timestamp(), "updatedAt",
          JsonSchema.timestamp()));
      if (lines) {
        required.add("lines");
        pairs.addAll(List.of("lines", array(JsonSchema.record("product", JsonSchema.string(), "name",
            JsonSchema.string(), "priceCents", JsonSchema.atLeast(0), "quantity", JsonSchema.atLeast(1)))));
      }
      return JsonSchema.closedObject(required, pairs.toArray());
    }

    /** An array of {@code items}, its members in a fixed order (the docs are compared byte for byte). */
    private static Map<String, Object> array(Map<String, Object> items) {
      Map<String, Object> a = new LinkedHashMap<>();
      a.put("type", "array");
      a.put("items", items);
      return a;
    }

    @Override
    public Map<String, Object> pathParameter(String name) {
      if (name.equals("email")) {
        // S03 lower-cases the address before its key rule: the path takes it in any case, as the server does.
        return JsonSchema.described(JsonSchema.pattern(Segments.EMAIL_ADDRESS_ANY_CASE.pattern()),
            "an e-mail address in any case, compared in lower case (as stored)");
      }
      return JsonSchema.pattern(switch (name) {
        case "product" -> ShopKeys.PRODUCT_ID.pattern();
        case "order" -> ShopKeys.ORDER_ID.pattern();
        case "category" -> ShopKeys.CATEGORY_NAME.pattern();
        case "status" -> Order.STATUS.pattern();
        case "month" -> ShopKeys.MONTH.pattern();
        default -> ShopKeys.USERNAME.pattern();
      });
    }

    @Override
    public String openApiSources() {
      return "Shop's endpoint declarations";
    }

    @Override
    public String contractIntro() {
      return "Shop, the e-commerce system of seed 004 §3.1: customers with a unique username and e-mail address, and the catalog of products by category.";
    }

    @Override
    public String requestBudget() {
      return "Every read is one GetItem or Query; creating a customer is one transaction; a checkout is two "
          + "BatchGetItems (the cart, its products) and one TransactWriteItems; an order's status change is one "
          + "UpdateItem, a cancel one Query (its lines) and one TransactWriteItems (the stock back).";
    }

    @Override
    public String notFoundCase() {
      return "no customer has that key; a checkout or review by a caller without a customer profile "
          + "(the message names `customer`)";
    }

    @Override
    public String conflictCase() {
      return "the username or the e-mail address is taken (`field` names which); a checkout's cart is empty or "
          + "changed, or a line's product is out of stock, gone or repriced (`field` is `product`, the message "
          + "names it); an Idempotency-Key reused for another request; an order's status cannot move from its "
          + "current one (`field` is `status`, the message names the current state)";
    }

    @Override
    public String notFoundResponse() {
      return "no customer has that key; a checkout or review by a caller without a customer profile "
          + "(the message names `customer`)";
    }

    @Override
    public String inputRulesIntro() {
      return "Usernames and addresses:";
    }

    @Override
    public List<InputRule> inputRules() {
      return List.of(new InputRule("`username`", "1-39 lower-case letters, digits or inner hyphens"),
          new InputRule("`email`", "an e-mail address, kept in lower case"),
          new InputRule("`name`", "1-" + Customer.NAME_MAX + " characters (a product's: 1-" + Product.NAME_MAX + ")"),
          new InputRule("`category`", "1-40 lower-case letters, digits or inner hyphens"),
          new InputRule("`priceCents`", "a whole number of cents, 0-" + Product.PRICE_MAX),
          new InputRule("`stock`", "a whole number of units, 0-" + Product.STOCK_MAX),
          new InputRule("`product`", "a product's ULID"),
          new InputRule("`quantity`", "a whole number from 1 to " + Cart.QUANTITY_MAX),
          new InputRule("`idempotencyKey` / `Idempotency-Key`", "8-64 letters, digits, `-` or `_`; both given must agree"),
          new InputRule("`rating`", "a whole number from " + Review.RATING_MIN + " to " + Review.RATING_MAX),
          new InputRule("`text`", "1-" + Review.TEXT_MAX + " characters"),
          new InputRule("`q`", "1-200 characters, 1-" + SearchTokens.MAX_PER_SEARCH + " searchable words (stop words "
              + "and single characters are not)"),
          new InputRule("`status`", "a customer's: paid or cancelled; an admin's: shipped, delivered or refunded; "
              + "listed: placed, paid or shipped"),
          new InputRule("`from`, `to`", "days, yyyy-mm-dd, `from` <= `to`, within one calendar year"),
          new InputRule("`month`", "yyyy-mm"),
          new InputRule("checkout", "at most 48 cart lines: DynamoDB's 100 actions per transaction (the customer's "
              + "check, the order, two per line, the cart and the idempotency record)"));
    }

    @Override
    public String permissions() {
      return "A customer creates and reads only their own customer item; members of the group `admins` find a "
          + "customer by e-mail address, list every customer and create products; anyone reads the catalog, its "
          + "categories, searches it and reads reviews; a customer changes only their own name and address, reads "
          + "and changes only their own cart, checks out only their own cart, reads only their own orders, and pays "
          + "for or cancels only their own orders; any signed-in caller reviews a product once, as themselves; "
          + "members of `admins` ship, deliver and refund orders, list orders by status and read the sales.";
    }

    @Override
    public String streamEffects() {
      return "ST1: each new review (INSERT of a Review) is counted into its product's RatingCount and RatingTotal "
          + "once, with a receipt per stream record in the same transaction (redelivery counts nothing twice). "
          + "ST2 (SalesHandler): an order's INSERT counts it into the sales of the day (`SALES#{year}` / "
          + "`DAY#{day}`) and of its products' month (`PRODUCTSALES#{month}` / `PRODUCT#{product}`, ranked in "
          + "GSI1); its change into cancelled or refunded counts it out again. One transaction per record with "
          + "its receipt (`COUNTEDSALE#{record}`, TTL two days): a redelivered record changes nothing. ST3 "
          + "(ConfirmationHandler): each new order's confirmation to the outlet `OrderConfirmations` (an SQS FIFO "
          + "queue; locally `target/outbox/OrderConfirmations.jsonl`), then its receipt `ORDER#{order}` / "
          + "`CONFIRMATION`: a redelivered record sends nothing.";
    }
  }

  /** One case per route for scripts/bench; no conventional peer. */
  static final class Bench implements BenchDomain<ShopServices> {
    @Override
    public ShopServices services(TableGateway table) {
      return new ShopServices(table, null);
    }

    @Override
    public void addBenchData(ShopServices services) {
      if (services.table().get(Customer.ENTITY.key(Map.of("username", BENCH_CUSTOMER))).isEmpty()) {
        services.customers().create(BENCH_CUSTOMER, BENCH_CUSTOMER + "@example.com", "Bench");
      }
      services.products().create(Map.of("product", BENCH_PRODUCT, "category", "bench", "name", "Bench",
          "priceCents", 100L, "stock", Product.STOCK_MAX, "createdAt", Timestamps.format(DEMO_TIME)));
    }

    @Override
    public List<BenchCase<ShopServices>> cases() {
      Domain d = Shop.DOMAIN;
      String run = Long.toString(System.nanoTime(), 36); // the creates are new on every run over one table
      return List.of(
          BenchCase.route(d, "PUT /customers/{username}", i -> BenchRequest.as("b" + run + "-" + i)
              .path("username", "b" + run + "-" + i)
              .body("{\"email\":\"b" + run + "-" + i + "@example.com\",\"name\":\"Bench\"}")),
          BenchCase.route(d, "GET /customers/{username}", i -> BenchRequest.as("ann").path("username", "ann")),
          BenchCase.route(d, "GET /emails/{email}/customer", i -> BenchRequest.asMemberOf("ops", Shop.ADMINS)
              .path("email", "ann@example.com")),
          BenchCase.route(d, "POST /products", i -> BenchRequest.asMemberOf("ops", Shop.ADMINS)
              .body("{\"category\":\"bench\",\"name\":\"Bench " + i + "\",\"priceCents\":100,\"stock\":5}")),
          BenchCase.route(d, "GET /products/{product}", i -> BenchRequest.anonymous().path("product", demoProduct(0))),
          BenchCase.route(d, "GET /categories/{category}/products", i -> BenchRequest.anonymous()
              .path("category", "books")),
          BenchCase.route(d, "PUT /customers/{username}/cart/{product}", i -> BenchRequest.as("ann")
              .path("username", "ann").path("product", demoProduct(0)).body("{\"quantity\":" + (1 + i % 9) + "}")),
          BenchCase.<ShopServices>route(d, "DELETE /customers/{username}/cart/{product}", i -> BenchRequest.as("ann")
              .path("username", "ann").path("product", demoProduct(2)))
              .before((s, i) -> s.carts().put("ann", demoProduct(2), 1)),
          BenchCase.route(d, "GET /customers/{username}/cart", i -> BenchRequest.as("ann").path("username", "ann")),
          BenchCase.<ShopServices>route(d, "POST /customers/{username}/orders", i -> BenchRequest.as("bob")
              .path("username", "bob")).before((s, i) -> s.carts().put("bob", BENCH_PRODUCT, 1)),
          BenchCase.route(d, "GET /customers/{username}/orders/{order}", i -> BenchRequest.as("bob")
              .path("username", "bob").path("order", demoOrder())),
          BenchCase.route(d, "GET /customers/{username}/orders", i -> BenchRequest.as("bob").path("username", "bob")),
          BenchCase.route(d, "PATCH /customers/{username}", i -> BenchRequest.as(BENCH_CUSTOMER)
              .path("username", BENCH_CUSTOMER).body("{\"email\":\"b" + run + "-" + i + "@example.org\"}")),
          BenchCase.route(d, "GET /customers", i -> BenchRequest.asMemberOf("ops", Shop.ADMINS)),
          BenchCase.route(d, "GET /categories", i -> BenchRequest.anonymous()),
          BenchCase.route(d, "GET /search", i -> BenchRequest.anonymous().query("q", "novel sea")),
          BenchCase.<ShopServices>route(d, "POST /products/{product}/reviews", i -> BenchRequest.as("r" + run + "-" + i)
              .path("product", BENCH_PRODUCT).body("{\"rating\":" + (1 + i % 5) + ",\"text\":\"Bench\"}"))
              // a review needs its customer's profile (S17 checks it)
              .before((s, i) -> s.customers().create("r" + run + "-" + i, "r" + run + "-" + i + "@example.com", "R")),
          BenchCase.route(d, "GET /products/{product}/reviews", i -> BenchRequest.anonymous()
              .path("product", demoProduct(0))),
          BenchCase.<ShopServices>route(d, "POST /customers/{username}/orders/{order}/status",
              i -> BenchRequest.as("bob").path("username", "bob").path("order", benchOrder(run, "pay", i))
                  .body("{\"status\":\"paid\"}"))
              .before((s, i) -> benchCheckout(s, benchOrder(run, "pay", i))),
          BenchCase.<ShopServices>route(d, "POST /orders/{order}/status",
              i -> BenchRequest.asMemberOf("ops", Shop.ADMINS).path("order", benchOrder(run, "ship", i))
                  .body("{\"status\":\"shipped\"}"))
              .before((s, i) -> {
                benchCheckout(s, benchOrder(run, "ship", i));
                s.orders().changeStatus("bob", benchOrder(run, "ship", i), Order.PAID);
              }),
          BenchCase.route(d, "GET /statuses/{status}/orders", i -> BenchRequest.asMemberOf("ops", Shop.ADMINS)
              .path("status", Order.PLACED)),
          BenchCase.route(d, "GET /sales/days", i -> BenchRequest.asMemberOf("ops", Shop.ADMINS)
              .query("from", "2026-01-01").query("to", "2026-01-31")),
          BenchCase.route(d, "GET /sales/months/{month}/products", i -> BenchRequest.asMemberOf("ops", Shop.ADMINS)
              .path("month", "2026-01")),
          BenchCase.route(d, Endpoint.HEALTH_ROUTE, i -> BenchRequest.anonymous()));
    }

    /** The id of the order a status case's invocation {@code i} moves: new on every run over one table. */
    private static String benchOrder(String run, String kind, int i) {
      return Ulid.derived(DEMO_TIME.plusSeconds(i), "bench-" + kind + "-" + run + "-" + i);
    }

    /** Bob checks out one unit of the bench product as order {@code order}. */
    private static void benchCheckout(ShopServices s, String order) {
      s.carts().put("bob", BENCH_PRODUCT, 1);
      s.orders().checkout("bob", null, order);
    }

    @Override
    public Set<String> coldSubset() {
      return Set.of("S01Route", "S04Route", "S10Route");
    }

    @Override
    public List<String> scalePatterns() {
      return List.of("S02", "S05", "S06", "S11", "S12", "S16", "S18");
    }

    @Override
    public Peer peer() {
      return null;
    }
  }
}
