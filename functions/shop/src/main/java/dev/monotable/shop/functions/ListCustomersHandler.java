package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.shop.Shop;

/** GET /customers (S14, admins): one page of every customer, one Query of one GSI2 shard per page. */
public final class ListCustomersHandler extends ApiHandler<ShopServices> {

  public ListCustomersHandler() {
    this(ShopServices.fromEnvironment());
  }

  public ListCustomersHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireGroup(Shop.ADMINS);
    return Response.ok(PageBody.of(services.customers().list(r.page())));
  }
}
