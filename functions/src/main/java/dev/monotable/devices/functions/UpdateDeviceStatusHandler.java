package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** PATCH /users/{user}/devices/{device} (AP06: one conditional UpdateItem; 412 when If-Match is stale). */
public final class UpdateDeviceStatusHandler extends ApiHandler<DevicesServices> {

  public UpdateDeviceStatusHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public UpdateDeviceStatusHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Views.device(services.registry().updateStatus(services.owner(r), r.path("device"),
        r.requiredString("status"), r.ifMatch())));
  }
}
