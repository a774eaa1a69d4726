package dev.monotable.shop.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /search?q= (S16, public): products holding every word of {@code q}, one Query of one token per page. */
public final class SearchProductsHandler extends ApiHandler<ShopServices> {

  public SearchProductsHandler() {
    this(ShopServices.fromEnvironment());
  }

  public SearchProductsHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(PageBody.of(services.products().search(r.query("q"), r.page())));
  }
}
