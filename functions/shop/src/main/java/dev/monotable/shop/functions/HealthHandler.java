package dev.monotable.shop.functions;

import dev.monotable.kit.http.LivenessHandler;

/** GET /health (S00): the kit's liveness answer, with the table name and the endpoint in use. No DynamoDB call. */
public final class HealthHandler extends LivenessHandler<ShopServices> {

  public HealthHandler() {
    this(ShopServices.fromEnvironment());
  }

  public HealthHandler(ShopServices services) {
    super(services);
  }
}
