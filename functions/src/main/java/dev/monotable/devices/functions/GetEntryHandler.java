package dev.monotable.devices.functions;

import dev.monotable.devices.model.Entry;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** GET /entries/{entry} (P02): one GetItem. */
public final class GetEntryHandler extends ApiHandler<DevicesServices> {

  public GetEntryHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public GetEntryHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    Entry e = services.entries().get(r.path("entry"));
    return Response.ok(Map.of("entry", e.entry(), "text", e.text(), "createdAt", e.createdAt()));
  }
}
