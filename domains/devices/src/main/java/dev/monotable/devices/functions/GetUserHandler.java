package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user} (AP01: one GetItem). */
public final class GetUserHandler extends ApiHandler<DevicesServices> {

  public GetUserHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public GetUserHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Views.user(services.profiles().get(services.owner(r))));
  }
}
