package dev.monotable.functions.orgs;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;
import dev.monotable.functions.http.Representations;

/** GET /orgs/{org}/invitations (AP11): pending invitations, admins only; expired ones never shown. */
public final class ListInvitationsHandler extends ApiHandler {

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
