package dev.monotable.forge.functions.orgs;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.forge.model.Role;

/** POST /orgs/{org}/invitations (AP10): invite an e-mail address for 7 days (admins only). */
public final class CreateInvitationHandler extends ApiHandler<Services> {

  public CreateInvitationHandler() {
    this(Services.fromEnvironment());
  }

  public CreateInvitationHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String caller = r.requireCaller();
    String role = r.string("role");
    return Response.created(Representations.invitation(services.organizations().createInvitation(
        caller, r.path("org"), r.requiredString("email"), role == null ? Role.MEMBER : Role.parse("role", role))));
  }
}
