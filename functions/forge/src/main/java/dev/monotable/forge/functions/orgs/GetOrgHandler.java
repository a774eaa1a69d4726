package dev.monotable.forge.functions.orgs;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /orgs/{org} (AP05): one GetItem. */
public final class GetOrgHandler extends ApiHandler<Services> {

  public GetOrgHandler() {
    this(Services.fromEnvironment());
  }

  public GetOrgHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.organization(services.organizations().getOrg(r.path("org"))));
  }
}
