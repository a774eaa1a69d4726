package dev.monotable.forge.functions.orgs;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.forge.model.Role;

/** PUT /orgs/{org}/members/{username} (AP06): add a member or change a role (admins only); role defaults to member. */
public final class PutMemberHandler extends ApiHandler<Services> {

  public PutMemberHandler() {
    this(Services.fromEnvironment());
  }

  public PutMemberHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String caller = r.requireCaller();
    String role = r.hasBody() ? r.string("role") : null;
    return Response.ok(Representations.membership(services.organizations().putMember(
        caller, r.path("org"), r.path("username"), role == null ? Role.MEMBER : Role.parse("role", role))));
  }
}
