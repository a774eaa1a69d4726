package dev.monotable.functions.stars;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;
import dev.monotable.functions.http.Representations;

/** GET /users/{username}/starred (AP20): Query the user's STAR# items; others do not see private ones. */
public final class ListStarredHandler extends ApiHandler {

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
