package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** PUT /users/{user}/devices/{device} (AP07: one TransactWriteItems; 404 without the user, 409 when the device exists). */
public final class AddDeviceHandler extends ApiHandler<DevicesServices> {

  public AddDeviceHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public AddDeviceHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.created(Views.device(services.registry().add(services.owner(r), r.path("device"),
        r.requiredString("name"), r.requiredString("kind"))));
  }
}
