package dev.monotable.forge.functions.users;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /users/{username} (AP02): one GetItem. */
public final class GetUserHandler extends ApiHandler<Services> {

  public GetUserHandler() {
    this(Services.fromEnvironment());
  }

  public GetUserHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.user(services.accounts().getUser(r.path("username"))));
  }
}
