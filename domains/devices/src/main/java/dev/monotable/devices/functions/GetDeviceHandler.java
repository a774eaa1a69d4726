package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user}/devices/{device} (AP03: one GetItem). */
public final class GetDeviceHandler extends ApiHandler<DevicesServices> {

  public GetDeviceHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public GetDeviceHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Views.device(services.registry().get(services.owner(r), r.path("device"))));
  }
}
