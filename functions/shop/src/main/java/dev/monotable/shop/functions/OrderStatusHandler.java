package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/**
 * POST /customers/{username}/orders/{order}/status (owner): the customer pays (S25, one UpdateItem)
 * or cancels (S26, one Query of the order's lines and one TransactWriteItems returning their stock).
 */
public final class OrderStatusHandler extends ApiHandler<ShopServices> {

  public OrderStatusHandler() {
    this(ShopServices.fromEnvironment());
  }

  public OrderStatusHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    String status = (String) declaredBody(r).get("status");
    return Response.ok(services.orders().changeStatus(r.path("username"), r.path("order"), status));
  }
}
