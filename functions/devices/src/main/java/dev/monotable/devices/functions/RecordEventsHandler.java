package dev.monotable.devices.functions;

import dev.monotable.devices.data.Events;
import java.util.List;
import java.util.Map;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** POST /users/{user}/devices/{device}/events/batch (AP15: up to 25 events, one BatchWriteItem; 200 when all are written, 207 with the unprocessed ones to resend). */
public final class RecordEventsHandler extends ApiHandler<DevicesServices> {

  public RecordEventsHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public RecordEventsHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String user = services.owner(r);
    List<Events.EventInput> inputs = Views.eventInputs(r.body().get("events"));
    Events.BatchResult result = services.events().recordBatch(user, r.path("device"), inputs);
    return new Response(result.unprocessed().isEmpty() ? 200 : 207, Views.batch(inputs.size(), result), Map.of());
  }
}
