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

/** GET /sales/days?from=&to= (admins): the sales of a range of days of one year, one Query per page (S29). */
public final class SalesByDayHandler extends ApiHandler<ShopServices> {

  public SalesByDayHandler() {
    this(ShopServices.fromEnvironment());
  }

  public SalesByDayHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireGroup(Shop.ADMINS);
    Page<Map<String, AttributeValue>> page = services.sales().days(r.query("from"), r.query("to"), r.page());
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("items", page.items().stream().map(Sales.DAY::values).toList());
    out.put("nextCursor", page.nextCursor());
    return Response.ok(out);
  }
}
