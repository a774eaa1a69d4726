package dev.monotable.forge.functions.orgs;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** GET /orgs/{org}/invitations (AP11): pending invitations, admins only; expired ones never shown. */
public final class ListInvitationsHandler extends ApiHandler<Services> {

  public ListInvitationsHandler() {
    this(Services.fromEnvironment());
  }

  public ListInvitationsHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Representations.page(
        services.organizations().listInvitations(r.requireCaller(), r.path("org"), r.page()),
        Representations::invitation));
  }
}
