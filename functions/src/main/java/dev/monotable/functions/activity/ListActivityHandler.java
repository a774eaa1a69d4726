package dev.monotable.functions.activity;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;
import dev.monotable.functions.http.Representations;

/** GET /users/{username}/events (AP12): the activity feed, newest first. */
public final class ListActivityHandler extends ApiHandler {

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
