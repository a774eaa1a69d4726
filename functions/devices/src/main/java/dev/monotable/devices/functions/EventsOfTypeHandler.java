package dev.monotable.devices.functions;

import dev.monotable.devices.DevicesPattern;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /analytics/events?type=&since= (AP09, operators only: one GSI2 Query per shard of the type, merged; one Query of Events-ByType on the old side). */
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
    String type = Views.required(r, "type");
    String since = Views.required(r, "since");
    return Response.ok(services.read(DevicesPattern.AP09, r, "type=" + type,
        old -> Views.page(old.eventsOfType(type, since, r.page()), Views::eventOfUser),
        () -> Views.page(services.events().ofType(type, since, r.page()), Views::eventOfUser)));
  }
}
