package dev.monotable.functions.repos;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;
import dev.monotable.functions.http.Representations;

/** POST /repos/{owner}/{repo}/forks (AP16): forks a public repository into the caller's account. */
public final class CreateForkHandler extends ApiHandler {

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
