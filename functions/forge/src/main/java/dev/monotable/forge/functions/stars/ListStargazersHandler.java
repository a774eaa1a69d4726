package dev.monotable.forge.functions.stars;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /repos/{owner}/{repo}/stargazers (AP21): Query GSI1, the inverted side of stars. */
public final class ListStargazersHandler extends ApiHandler<Services> {

  public ListStargazersHandler() {
    this(Services.fromEnvironment());
  }

  public ListStargazersHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.page(
        services.stars().listStargazers(r.caller(), r.path("owner"), r.path("repo"), r.page()),
        Representations::stargazer));
  }
}
