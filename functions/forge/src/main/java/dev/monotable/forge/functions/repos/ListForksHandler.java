package dev.monotable.forge.functions.repos;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /repos/{owner}/{repo}/forks (AP17): Query GSI2 under the original repository. */
public final class ListForksHandler extends ApiHandler<Services> {

  public ListForksHandler() {
    this(Services.fromEnvironment());
  }

  public ListForksHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.page(
        services.repositories().listForks(r.caller(), r.path("owner"), r.path("repo"), r.page()),
        Representations::repository));
  }
}
