package dev.monotable.forge.functions.orgs;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /orgs/{org}/members (AP08): Query of the org's item collection. */
public final class ListMembersHandler extends ApiHandler<Services> {

  public ListMembersHandler() {
    this(Services.fromEnvironment());
  }

  public ListMembersHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.page(
        services.organizations().listMembers(r.path("org"), r.page()), Representations::membership));
  }
}
