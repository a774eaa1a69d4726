package dev.monotable.forge.functions.stars;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /users/{username}/starred (AP20): Query the user's STAR# items; others do not see private ones. */
public final class ListStarredHandler extends ApiHandler<Services> {

  public ListStarredHandler() {
    this(Services.fromEnvironment());
  }

  public ListStarredHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.page(
        services.stars().listStarred(r.caller(), r.path("username"), r.page()), Representations::starredRepo));
  }
}
