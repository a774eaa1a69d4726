package dev.monotable.functions.users;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;
import dev.monotable.functions.http.Representations;

/** GET /users/{username} (AP02): one GetItem. */
public final class GetUserHandler extends ApiHandler {

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
