package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** PUT /customers/{username} (S01): the customer and its e-mail claim in one transaction; 409 naming the field. */
public final class CreateCustomerHandler extends ApiHandler<ShopServices> {

  public CreateCustomerHandler() {
    this(ShopServices.fromEnvironment());
  }

  public CreateCustomerHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    Map<String, Object> b = declaredBody(r);
    return Response.created(services.customers().create(r.path("username"),
        (String) b.get("email"), (String) b.get("name")));
  }
}
