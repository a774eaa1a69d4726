package dev.monotable.devices.functions;

import java.util.Map;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /analytics/device-status (AP10, operators only: one BatchGetItem of the count shards). */
public final class CountsByStatusHandler extends ApiHandler<DevicesServices> {

  public CountsByStatusHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public CountsByStatusHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    services.operator(r);
    return Response.ok(Map.of("counts", services.stats().deviceStatusCounts()));
  }
}
