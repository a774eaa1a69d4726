package dev.monotable.forge.functions.orgs;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.forge.keys.ForgeSegments;

/**
 * POST /orgs (AP04): creates an organization; the caller becomes its admin. The identifier is
 * {@code org} (or {@code login}); {@code name} is the display name, or the identifier when it is
 * the only one given.
 */
public final class CreateOrgHandler extends ApiHandler<Services> {

  public CreateOrgHandler() {
    this(Services.fromEnvironment());
  }

  public CreateOrgHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String caller = r.requireCaller();
    String org = r.string("org");
    String login = r.string("login");
    if (login != null) {
      // login is another spelling of org: checked even when org is given, and never a second name
      ForgeSegments.account("login", login);
      if (org != null && !org.equalsIgnoreCase(login)) {
        throw new ValidationException("login", "login and org name different organizations; send one of them");
      }
      org = login;
    }
    String name = r.string("name");
    if (org == null) {
      if (name == null) {
        throw new ValidationException("org", "org is required");
      }
      org = name;
    }
    return Response.created(Representations.organization(
        services.organizations().createOrg(caller, org, name, r.string("description"))));
  }
}
