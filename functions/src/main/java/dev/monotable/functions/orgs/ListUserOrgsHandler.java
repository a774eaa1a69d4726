package dev.monotable.functions.orgs;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;
import dev.monotable.functions.http.Representations;

/** GET /users/{username}/orgs (AP09): Query GSI1, the inverted side of memberships. */
public final class ListUserOrgsHandler extends ApiHandler {

  public ListUserOrgsHandler() {
    this(Services.fromEnvironment());
  }

  public ListUserOrgsHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.page(
        services.organizations().listUserOrgs(r.path("username"), r.page()), Representations::membership));
  }
}
