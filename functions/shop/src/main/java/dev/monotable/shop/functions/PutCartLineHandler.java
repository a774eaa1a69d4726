package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** PUT /customers/{username}/cart/{product} (S07, owner): one UpdateItem of the live cart (or a new cart), its TTL seven days ahead. */
public final class PutCartLineHandler extends ApiHandler<ShopServices> {

  public PutCartLineHandler() {
    this(ShopServices.fromEnvironment());
  }

  public PutCartLineHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    Map<String, Object> b = declaredBody(r);
    return Response.ok(services.carts().put(r.path("username"), r.path("product"), (Long) b.get("quantity")));
  }
}
