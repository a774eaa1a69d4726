package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user}/events (AP05: one GSI1 Query, the user's events across devices, newest first). */
public final class UserEventsHandler extends ApiHandler<DevicesServices> {

  public UserEventsHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public UserEventsHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String user = services.owner(r);
    return Response.ok(Views.page(services.events().byUser(user, Views.required(r, "from"), Views.required(r, "to"),
        r.page()), Views::event));
  }
}
