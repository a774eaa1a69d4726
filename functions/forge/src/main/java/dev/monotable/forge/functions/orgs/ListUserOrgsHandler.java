package dev.monotable.forge.functions.orgs;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /users/{username}/orgs (AP09): Query GSI1, the inverted side of memberships. */
public final class ListUserOrgsHandler extends ApiHandler<Services> {

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
