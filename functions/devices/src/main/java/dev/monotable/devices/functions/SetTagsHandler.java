package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** PUT /users/{user}/devices/{device}/tags (AP16: GetItem, then one transaction keeping the tag items in step; 412 on a stale If-Match). */
public final class SetTagsHandler extends ApiHandler<DevicesServices> {

  public SetTagsHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public SetTagsHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Views.device(services.registry().setTags(services.owner(r), r.path("device"),
        Views.strings("tags", r.body().get("tags")), r.ifMatch())));
  }
}
