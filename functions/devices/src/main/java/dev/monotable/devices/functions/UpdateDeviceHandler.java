package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** PATCH /users/{user}/devices/{device} (AP06: one UpdateItem of status and/or name; 412 on a stale If-Match). */
public final class UpdateDeviceHandler extends ApiHandler<DevicesServices> {

  public UpdateDeviceHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public UpdateDeviceHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Views.device(services.registry().update(services.owner(r), r.path("device"), r.string("status"),
        r.string("name"), r.ifMatch())));
  }
}
