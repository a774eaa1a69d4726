package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /customers/{username}/cart (S09, owner): one GetItem; an expired cart is answered empty before TTL deletes it. */
public final class GetCartHandler extends ApiHandler<ShopServices> {

  public GetCartHandler() {
    this(ShopServices.fromEnvironment());
  }

  public GetCartHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    return Response.ok(services.carts().get(r.path("username")));
  }
}
