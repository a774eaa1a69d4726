package dev.monotable.forge.functions.activity;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /users/{username}/events (AP12): the activity feed, newest first. */
public final class ListActivityHandler extends ApiHandler<Services> {

  public ListActivityHandler() {
    this(Services.fromEnvironment());
  }

  public ListActivityHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.page(
        services.activities().listActivity(r.path("username"), r.page()), Representations::activity));
  }
}
