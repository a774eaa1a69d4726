package dev.monotable.devices.functions;

import dev.monotable.devices.DevicesPattern;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user}/devices/{device} (AP03: one GetItem; of Devices on the old side). */
public final class GetDeviceHandler extends ApiHandler<DevicesServices> {

  public GetDeviceHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public GetDeviceHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String user = services.owner(r);
    String device = r.path("device");
    return Response.ok(services.read(DevicesPattern.AP03, r, "user=" + user + " device=" + device,
        old -> Views.device(old.device(user, device)), () -> Views.device(services.registry().get(user, device))));
  }
}
