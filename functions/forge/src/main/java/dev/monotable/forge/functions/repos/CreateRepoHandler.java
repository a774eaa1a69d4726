package dev.monotable.forge.functions.repos;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/**
 * POST /repos (AP13): creates a repository for the caller, or for an org the caller administers
 * ({@code owner}, default the caller).
 */
public final class CreateRepoHandler extends ApiHandler<Services> {

  public CreateRepoHandler() {
    this(Services.fromEnvironment());
  }

  public CreateRepoHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String caller = r.requireCaller();
    String owner = r.string("owner");
    return Response.created(Representations.repository(services.repositories().createRepo(caller,
        owner == null ? caller : owner, r.requiredString("name"), r.string("description"), r.bool("private", false))));
  }
}
