package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /customers/{username}/orders/{order} (S11, owner): one Query of the order's partition, the order and its lines. */
public final class GetOrderHandler extends ApiHandler<ShopServices> {

  public GetOrderHandler() {
    this(ShopServices.fromEnvironment());
  }

  public GetOrderHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    return Response.ok(services.orders().byId(r.path("username"), r.path("order")));
  }
}
