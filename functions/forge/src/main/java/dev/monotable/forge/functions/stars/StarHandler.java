package dev.monotable.forge.functions.stars;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** PUT /user/starred/{owner}/{repo} (AP18): star, idempotent; 204 either way. */
public final class StarHandler extends ApiHandler<Services> {

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
