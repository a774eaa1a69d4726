package dev.monotable.devices.functions;

import dev.monotable.devices.DevicesPattern;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user}/events (AP05: one GSI1 Query, the user's events across devices, newest first; Events-ByUserId on the old side). */
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
    String from = Views.required(r, "from");
    String to = Views.required(r, "to");
    return Response.ok(services.read(DevicesPattern.AP05, r, "user=" + user,
        old -> Views.page(old.userEvents(user, from, to, r.page()), Views::event),
        () -> Views.page(services.events().byUser(user, from, to, r.page()), Views::event)));
  }
}
