package dev.monotable.forge.functions.stars;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** DELETE /user/starred/{owner}/{repo} (AP19): unstar, idempotent; 204 either way. */
public final class UnstarHandler extends ApiHandler<Services> {

  public UnstarHandler() {
    this(Services.fromEnvironment());
  }

  public UnstarHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    services.stars().unstar(r.requireCaller(), r.path("owner"), r.path("repo"));
    return Response.noContent();
  }
}
