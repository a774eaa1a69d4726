package dev.monotable.shop.functions;

import dev.monotable.shop.Shop;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /emails/{email}/customer (S03, admins): one Query of GSI1; 404 when no customer has the address. */
public final class FindCustomerHandler extends ApiHandler<ShopServices> {

  public FindCustomerHandler() {
    this(ShopServices.fromEnvironment());
  }

  public FindCustomerHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireGroup(Shop.ADMINS);
    return Response.ok(services.customers().byEmail(r.path("email")));
  }
}
