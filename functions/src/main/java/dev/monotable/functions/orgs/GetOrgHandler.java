package dev.monotable.functions.orgs;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;
import dev.monotable.functions.http.Representations;

/** GET /orgs/{org} (AP05): one GetItem. */
public final class GetOrgHandler extends ApiHandler {

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
