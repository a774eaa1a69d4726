package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** PUT /users/{user} (AP12: one conditional PutItem; 409 when the user exists). */
public final class PutUserHandler extends ApiHandler<DevicesServices> {

  public PutUserHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public PutUserHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.created(Views.user(services.profiles().create(services.owner(r), r.requiredString("name"),
        r.requiredString("email"))));
  }
}
