package dev.monotable.functions.orgs;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;
import dev.monotable.functions.http.Representations;

/** GET /orgs/{org}/members (AP08): Query of the org's item collection. */
public final class ListMembersHandler extends ApiHandler {

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
