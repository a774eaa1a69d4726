package dev.monotable.devices.functions;

import dev.monotable.devices.DevicesPattern;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user}/devices (AP02: one Query of GSI1, paginated; of Devices-ByUserId on the old side). */
public final class ListDevicesHandler extends ApiHandler<DevicesServices> {

  public ListDevicesHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public ListDevicesHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String user = services.owner(r);
    return Response.ok(services.read(DevicesPattern.AP02, r, "user=" + user,
        old -> Views.page(old.devices(user, r.page()), Views::device),
        () -> Views.page(services.registry().list(user, r.page()), Views::device)));
  }
}
