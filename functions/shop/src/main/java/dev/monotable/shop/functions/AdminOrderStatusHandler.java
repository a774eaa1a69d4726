package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.shop.Shop;

/** POST /orders/{order}/status (admins): ship, deliver or refund an order (S27), one UpdateItem. */
public final class AdminOrderStatusHandler extends ApiHandler<ShopServices> {

  public AdminOrderStatusHandler() {
    this(ShopServices.fromEnvironment());
  }

  public AdminOrderStatusHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireGroup(Shop.ADMINS);
    String status = (String) declaredBody(r).get("status");
    return Response.ok(services.orders().changeStatus(null, r.path("order"), status));
  }
}
