package dev.monotable.functions.orgs;

import dev.monotable.functions.Services;
import dev.monotable.functions.http.ApiHandler;
import dev.monotable.functions.http.Request;
import dev.monotable.functions.http.Response;
import dev.monotable.functions.http.Representations;
import dev.monotable.shared.errors.ValidationException;

/**
 * POST /orgs (AP04): creates an organization; the caller becomes its admin. The identifier is
 * {@code org} (or {@code login}); {@code name} is the display name, or the identifier when it is
 * the only one given.
 */
public final class CreateOrgHandler extends ApiHandler {

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
    if (org == null) {
      org = r.string("login");
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
