package dev.monotable.shop.functions;

import dev.monotable.shop.Shop;
import dev.monotable.shop.data.Carts;
import dev.monotable.shop.data.Confirmations;
import dev.monotable.shop.data.Customers;
import dev.monotable.shop.data.Orders;
import dev.monotable.shop.data.Products;
import dev.monotable.shop.data.Reviews;
import dev.monotable.shop.data.SalesLedger;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import java.util.Map;
import java.util.LinkedHashMap;
import dev.monotable.shop.model.Sales;
import dev.monotable.shop.model.Order;
import dev.monotable.shop.ShopPattern;
import dev.monotable.kit.http.Routes;
import dev.monotable.kit.http.ServicesSeam;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.kit.lambda.ContainerServices;

/**
 * What Shop's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class ShopServices extends ServicesSeam {
  private static final ContainerServices<ShopServices> CONTAINER = new ContainerServices<>(ShopServices::new);

  /** The methods that serve Shop's custom routes, by the (first) pattern each route serves. */
  private static final Routes<ShopServices> ROUTES = Routes.of(ShopServices.class)
      .serve(ShopPattern.S01, ShopServices::createCustomer)
      .serve(ShopPattern.S03, ShopServices::findCustomer)
      .serve(ShopPattern.S04, ShopServices::createProduct)
      .serve(ShopPattern.S07, ShopServices::putCartLine)
      .serve(ShopPattern.S08, ShopServices::removeCartLine)
      .serve(ShopPattern.S09, ShopServices::getCart)
      .serve(ShopPattern.S10, ShopServices::checkout)
      .serve(ShopPattern.S11, ShopServices::getOrder)
      .serve(ShopPattern.S13, ShopServices::updateCustomer)
      .serve(ShopPattern.S14, ShopServices::listCustomers)
      .serve(ShopPattern.S16, ShopServices::searchProducts)
      .serve(ShopPattern.S17, ShopServices::createReview)
      .serve(ShopPattern.S25, ShopServices::changeOwnOrderStatus)
      .serve(ShopPattern.S27, ShopServices::changeOrderStatus)
      .serve(ShopPattern.S28, ShopServices::ordersByStatus)
      .serve(ShopPattern.S29, ShopServices::salesByDay)
      .serve(ShopPattern.S30, ShopServices::topProducts);

  private final Customers customers;
  private final Products products;
  private final Carts carts;
  private final Orders orders;
  private final Reviews reviews;
  private final SalesLedger sales;
  private final Confirmations confirmations;

  public ShopServices(TableGateway table, JwtVerifier verifier) {
    super(Shop.DOMAIN, table, verifier);
    this.customers = new Customers(table);
    this.products = new Products(table);
    this.carts = new Carts(table);
    this.orders = new Orders(table);
    this.reviews = new Reviews(table);
    this.sales = new SalesLedger(table);
    this.confirmations = new Confirmations(table);
  }

  /** PUT /customers/{username} (S01): the customer and its e-mail claim in one transaction; 409 naming the field. */
  Response createCustomer(Request r) {
    Map<String, Object> b = r.declaredBody();
    return Response.created(customers.create(r.path("username"), (String) b.get("email"), (String) b.get("name")));
  }

  /** GET /emails/{email}/customer (S03, admins): one Query of GSI1; 404 when no customer has the address. */
  Response findCustomer(Request r) {
    return Response.ok(customers.byEmail(r.path("email")));
  }

  /** POST /products (S04, admins): one PutItem of a new product, its id a ULID of now. */
  Response createProduct(Request r) {
    Map<String, Object> b = r.declaredBody();
    return Response.created(products.create((String) b.get("category"), (String) b.get("name"),
        (String) b.get("description"), (Long) b.get("priceCents"), (Long) b.get("stock")));
  }

  /** PUT /customers/{username}/cart/{product} (S07, owner): one UpdateItem of the live cart (or a new cart), its TTL seven days ahead. */
  Response putCartLine(Request r) {
    return Response.ok(carts.put(r.path("username"), r.path("product"), (Long) r.declaredBody().get("quantity")));
  }

  /** DELETE /customers/{username}/cart/{product} (S08, owner): one UpdateItem removing the line (idempotent); 404 without a live cart. */
  Response removeCartLine(Request r) {
    return Response.ok(carts.remove(r.path("username"), r.path("product")));
  }

  /** GET /customers/{username}/cart (S09, owner): one GetItem; an expired cart is answered empty before TTL deletes it. */
  Response getCart(Request r) {
    return Response.ok(carts.get(r.path("username")));
  }

  /**
   * POST /customers/{username}/orders (S10, owner): the checkout of the cart in one TransactWriteItems.
   * An {@code Idempotency-Key} header or an {@code idempotencyKey} body field makes a retry answer
   * the order the first request created.
   */
  Response checkout(Request r) {
    IdempotentRequest idempotent = r.idempotentRequest();
    String bodyKey = (String) r.declaredBody().get("idempotencyKey");
    if (bodyKey != null) {
      if (idempotent != null && !idempotent.key().equals(bodyKey)) {
        throw new ValidationException("idempotencyKey", "idempotencyKey differs from the Idempotency-Key header");
      }
      if (idempotent == null) {
        idempotent = IdempotentRequest.of(bodyKey, r.event().getRouteKey(), r.event().getRawPath(),
            r.event().getBody());
      }
    }
    return Response.created(orders.checkout(r.path("username"), idempotent));
  }

  /** GET /customers/{username}/orders/{order} (S11, owner): one Query of the order's partition, the order and its lines. */
  Response getOrder(Request r) {
    return Response.ok(orders.byId(r.path("username"), r.path("order")));
  }

  /**
   * PATCH /customers/{username} (S13, owner): a new name and/or e-mail address. One GetItem, then one
   * TransactWriteItems that moves the address's claim with the customer; 409 naming {@code email}.
   */
  Response updateCustomer(Request r) {
    Map<String, Object> b = r.declaredBody();
    return Response.ok(customers.update(r.path("username"), (String) b.get("email"), (String) b.get("name")));
  }

  /** GET /customers (S14, admins): one page of every customer, one Query of one GSI2 shard per page. */
  Response listCustomers(Request r) {
    return Response.ok(page(customers.list(r.page()), x -> x));
  }

  /** GET /search?q= (S16, public): products holding every word of {@code q}, one Query of one token per page. */
  Response searchProducts(Request r) {
    return Response.ok(page(products.search(r.query("q"), r.page()), x -> x));
  }

  /**
   * POST /products/{product}/reviews (S17): the caller's one review of the product, one
   * TransactWriteItems; 404 naming the product when it does not exist, 409 naming {@code review} on a second.
   */
  Response createReview(Request r) {
    String caller = r.requireCaller();
    Map<String, Object> b = r.declaredBody();
    return Response.created(reviews.create(r.path("product"), caller, (Long) b.get("rating"), (String) b.get("text")));
  }

  /**
   * POST /customers/{username}/orders/{order}/status (owner): the customer pays (S25, one UpdateItem)
   * or cancels (S26, one Query of the order's lines and one TransactWriteItems returning their stock).
   */
  Response changeOwnOrderStatus(Request r) {
    String status = (String) r.declaredBody().get("status");
    return Response.ok(orders.changeStatus(r.path("username"), r.path("order"), status));
  }

  /** POST /orders/{order}/status (admins): ship, deliver or refund an order (S27), one UpdateItem. */
  Response changeOrderStatus(Request r) {
    return Response.ok(orders.changeStatus(null, r.path("order"), (String) r.declaredBody().get("status")));
  }

  /** GET /statuses/{status}/orders (admins): one Query of one GSI2 shard per page (S28). */
  Response ordersByStatus(Request r) {
    return Response.ok(page(orders.byStatus(r.path("status"), r.page()), Order.ENTITY::values));
  }

  /** GET /sales/days?from=&to= (admins): the sales of a range of days of one year, one Query per page (S29). */
  Response salesByDay(Request r) {
    return Response.ok(page(sales.days(r.query("from"), r.query("to"), r.page()), Sales.DAY::values));
  }

  /** GET /sales/months/{month}/products (admins): a month's products by units sold, one Query of GSI1 per page (S30). */
  Response topProducts(Request r) {
    return Response.ok(page(sales.topProducts(r.path("month"), r.page()), Sales.PRODUCT_MONTH::values));
  }

  /** A page as a list route answers it: {@code items} and {@code nextCursor} (null on the last page). */
  private static <T> Map<String, Object> page(Page<T> page, java.util.function.Function<T, ?> answer) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("items", page.items().stream().map(answer).toList());
    body.put("nextCursor", page.nextCursor());
    return body;
  }

  @Override
  public Routes<ShopServices> routes() {
    return ROUTES;
  }

  /** The container's services, built on first use from the environment. */
  public static ShopServices fromEnvironment() {
    return CONTAINER.get();
  }

  public Customers customers() {
    return customers;
  }

  public Products products() {
    return products;
  }

  public Carts carts() {
    return carts;
  }

  public Orders orders() {
    return orders;
  }

  public Reviews reviews() {
    return reviews;
  }

  public SalesLedger sales() {
    return sales;
  }

  public Confirmations confirmations() {
    return confirmations;
  }

}
