package dev.monotable.shop.functions;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.shop.Shop;
import dev.monotable.shop.model.Sales;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** GET /sales/months/{month}/products (admins): a month's products by units sold, one Query of GSI1 per page (S30). */
public final class TopProductsHandler extends ApiHandler<ShopServices> {

  public TopProductsHandler() {
    this(ShopServices.fromEnvironment());
  }

  public TopProductsHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireGroup(Shop.ADMINS);
    Page<Map<String, AttributeValue>> page = services.sales().topProducts(r.path("month"), r.page());
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("items", page.items().stream().map(Sales.PRODUCT_MONTH::values).toList());
    out.put("nextCursor", page.nextCursor());
    return Response.ok(out);
  }
}
