package dev.monotable.shop.functions;

import dev.monotable.shop.Shop;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** POST /products (S04, admins): one PutItem of a new product, its id a ULID of now. */
public final class CreateProductHandler extends ApiHandler<ShopServices> {

  public CreateProductHandler() {
    this(ShopServices.fromEnvironment());
  }

  public CreateProductHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireGroup(Shop.ADMINS);
    Map<String, Object> b = declaredBody(r);
    return Response.created(services.products().create((String) b.get("category"), (String) b.get("name"),
        (String) b.get("description"), (Long) b.get("priceCents"), (Long) b.get("stock")));
  }
}
