package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user}/devices (AP02: one Query of GSI1, paginated). */
public final class ListDevicesHandler extends ApiHandler<DevicesServices> {

  public ListDevicesHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public ListDevicesHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Views.page(services.registry().list(services.owner(r), r.page()), Views::device));
  }
}
