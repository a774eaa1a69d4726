package dev.monotable.functions.stars;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;

/** PUT /user/starred/{owner}/{repo} (AP18): star, idempotent; 204 either way. */
public final class StarHandler extends ApiHandler {

  public StarHandler() {
    this(Services.fromEnvironment());
  }

  public StarHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    services.stars().star(r.requireCaller(), r.path("owner"), r.path("repo"));
    return Response.noContent();
  }
}
