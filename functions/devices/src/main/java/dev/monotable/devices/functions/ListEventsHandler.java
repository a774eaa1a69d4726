package dev.monotable.devices.functions;

import dev.monotable.kit.errors.ValidationException;
import dev.monotable.devices.DevicesPattern;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user}/devices/{device}/events (AP04: one Query, newest first, paginated; of Events-ByDeviceId on the old side). */
public final class ListEventsHandler extends ApiHandler<DevicesServices> {

  public ListEventsHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public ListEventsHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String user = services.owner(r);
    String from = r.query("from");
    String to = r.query("to");
    if (from == null || to == null) {
      throw new ValidationException(from == null ? "from" : "to", "from and to are required");
    }
    String device = r.path("device");
    return Response.ok(services.read(DevicesPattern.AP04, r, "user=" + user + " device=" + device,
        old -> Views.page(old.deviceEvents(user, device, from, to, r.page()), Views::event),
        () -> Views.page(services.events().range(user, device, from, to, r.page()), Views::event)));
  }
}
