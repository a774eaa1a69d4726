package dev.monotable.forge.functions.orgs;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** DELETE /orgs/{org}/members/{username} (AP07): admins only; never the last admin. */
public final class RemoveMemberHandler extends ApiHandler<Services> {

  public RemoveMemberHandler() {
    this(Services.fromEnvironment());
  }

  public RemoveMemberHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    services.organizations().removeMember(r.requireCaller(), r.path("org"), r.path("username"));
    return Response.noContent();
  }
}
