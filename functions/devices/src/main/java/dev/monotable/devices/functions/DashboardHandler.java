package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user}/dashboard (AP14: one Query of GSI1: the profile, then the devices with their latest event). */
public final class DashboardHandler extends ApiHandler<DevicesServices> {

  public DashboardHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public DashboardHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Views.dashboard(services.registry().dashboard(services.owner(r), r.page())));
  }
}
