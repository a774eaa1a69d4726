package dev.monotable.forge.functions.repos;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** POST /repos/{owner}/{repo}/forks (AP16): forks a public repository into the caller's account. */
public final class CreateForkHandler extends ApiHandler<Services> {

  public CreateForkHandler() {
    this(Services.fromEnvironment());
  }

  public CreateForkHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.created(Representations.repository(
        services.repositories().fork(r.requireCaller(), r.path("owner"), r.path("repo"))));
  }
}
