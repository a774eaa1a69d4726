package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user}/tags/{tag}/devices (AP17: one GSI2 Query of the tag's inverted entries). */
public final class DevicesByTagHandler extends ApiHandler<DevicesServices> {

  public DevicesByTagHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public DevicesByTagHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Views.page(services.registry().byTag(services.owner(r), r.path("tag"), r.page()),
        Views::tag));
  }
}
