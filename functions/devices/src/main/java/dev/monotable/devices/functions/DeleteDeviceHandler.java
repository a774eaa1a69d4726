package dev.monotable.devices.functions;

import dev.monotable.devices.data.Registry;
import java.util.Map;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** DELETE /users/{user}/devices/{device} (AP08: 202 with the progress while items are left, call again to resume; 200 when the device and all its events are gone). */
public final class DeleteDeviceHandler extends ApiHandler<DevicesServices> {

  public DeleteDeviceHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public DeleteDeviceHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    Registry.Removal removal = services.registry().delete(services.owner(r), r.path("device"));
    return new Response(removal.done() ? 200 : 202, Views.removal(removal), Map.of());
  }
}
