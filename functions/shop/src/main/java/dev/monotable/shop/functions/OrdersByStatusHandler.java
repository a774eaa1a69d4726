package dev.monotable.shop.functions;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.shop.Shop;
import dev.monotable.shop.model.Order;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** GET /statuses/{status}/orders (admins): one Query of one GSI2 shard per page (S28). */
public final class OrdersByStatusHandler extends ApiHandler<ShopServices> {

  public OrdersByStatusHandler() {
    this(ShopServices.fromEnvironment());
  }

  public OrdersByStatusHandler(ShopServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireGroup(Shop.ADMINS);
    Page<Map<String, AttributeValue>> page = services.orders().byStatus(r.path("status"), r.page());
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("items", page.items().stream().map(Order.ENTITY::values).toList());
    out.put("nextCursor", page.nextCursor());
    return Response.ok(out);
  }
}
