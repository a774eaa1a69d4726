package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** POST /users/{user}/devices/{device}/events (AP13: GetItem of the device, PutItem of the event; 404 without the device, 409 for a recorded event). */
public final class RecordEventHandler extends ApiHandler<DevicesServices> {

  public RecordEventHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public RecordEventHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.created(Views.event(services.events().record(services.owner(r), r.path("device"),
        Views.eventInput(r.body(), ""))));
  }
}
