package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** DELETE /customers/{username}/cart/{product} (S08, owner): one UpdateItem removing the line (idempotent); 404 without a live cart. */
public final class RemoveCartLineHandler extends ApiHandler<ShopServices> {

  public RemoveCartLineHandler() {
    this(ShopServices.fromEnvironment());
  }

  public RemoveCartLineHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    return Response.ok(services.carts().remove(r.path("username"), r.path("product")));
  }
}
