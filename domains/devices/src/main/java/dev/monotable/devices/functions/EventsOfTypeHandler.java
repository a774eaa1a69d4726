package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /analytics/events?type=&since= (AP09, operators only: one GSI2 Query per shard of the type, merged). */
public final class EventsOfTypeHandler extends ApiHandler<DevicesServices> {

  public EventsOfTypeHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public EventsOfTypeHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    services.operator(r);
    return Response.ok(Views.page(services.events().ofType(Views.required(r, "type"), Views.required(r, "since"),
        r.page()), Views::eventOfUser));
  }
}
