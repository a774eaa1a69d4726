package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/**
 * POST /products/{product}/reviews (S17): the caller's one review of the product, one
 * TransactWriteItems; 404 naming the product when it does not exist, 409 naming {@code review} on a second.
 */
public final class CreateReviewHandler extends ApiHandler<ShopServices> {

  public CreateReviewHandler() {
    this(ShopServices.fromEnvironment());
  }

  public CreateReviewHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String caller = r.requireCaller();
    Map<String, Object> b = declaredBody(r);
    return Response.created(services.reviews().create(r.path("product"), caller, (Long) b.get("rating"),
        (String) b.get("text")));
  }
}
