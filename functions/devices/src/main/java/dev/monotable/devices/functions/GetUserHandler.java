package dev.monotable.devices.functions;

import dev.monotable.devices.DevicesPattern;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /users/{user} (AP01: one GetItem; of Users while MIGRATION_READS reads AP01 from the old design). */
public final class GetUserHandler extends ApiHandler<DevicesServices> {

  public GetUserHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public GetUserHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String user = services.owner(r);
    return Response.ok(services.read(DevicesPattern.AP01, r, "user=" + user, old -> Views.user(old.profile(user)),
        () -> Views.user(services.profiles().get(user))));
  }
}
