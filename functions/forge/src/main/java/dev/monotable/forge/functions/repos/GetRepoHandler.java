package dev.monotable.forge.functions.repos;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /repos/{owner}/{repo} (AP14): one BatchGetItem; private repositories are 404 to non-members. */
public final class GetRepoHandler extends ApiHandler<Services> {

  public GetRepoHandler() {
    this(Services.fromEnvironment());
  }

  public GetRepoHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.repository(
        services.repositories().getRepo(r.caller(), r.path("owner"), r.path("repo"))));
  }
}
