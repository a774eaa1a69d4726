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
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.lambda.ContainerServices;

/**
 * What Shop's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class ShopServices implements DomainServices {
  private static final ContainerServices<ShopServices> CONTAINER = new ContainerServices<>(ShopServices::new);

  private final TableGateway table;
  private final JwtVerifier verifier;
  private final Customers customers;
  private final Products products;
  private final Carts carts;
  private final Orders orders;
  private final Reviews reviews;
  private final SalesLedger sales;
  private final Confirmations confirmations;

  public ShopServices(TableGateway table, JwtVerifier verifier) {
    this.table = table;
    this.verifier = verifier;
    this.customers = new Customers(table);
    this.products = new Products(table);
    this.carts = new Carts(table);
    this.orders = new Orders(table);
    this.reviews = new Reviews(table);
    this.sales = new SalesLedger(table);
    this.confirmations = new Confirmations(table);
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

  @Override
  public Domain domain() {
    return Shop.DOMAIN;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  @Override
  public JwtVerifier verifier() {
    return verifier;
  }
}
