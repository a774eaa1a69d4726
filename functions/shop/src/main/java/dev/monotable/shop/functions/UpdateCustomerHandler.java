package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/**
 * PATCH /customers/{username} (S13, owner): a new name and/or e-mail address. One GetItem, then one
 * TransactWriteItems that moves the address's claim with the customer; 409 naming {@code email}.
 */
public final class UpdateCustomerHandler extends ApiHandler<ShopServices> {

  public UpdateCustomerHandler() {
    this(ShopServices.fromEnvironment());
  }

  public UpdateCustomerHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    Map<String, Object> b = declaredBody(r);
    return Response.ok(services.customers().update(r.path("username"), (String) b.get("email"),
        (String) b.get("name")));
  }
}
