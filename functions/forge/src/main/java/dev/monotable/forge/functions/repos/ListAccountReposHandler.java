package dev.monotable.forge.functions.repos;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.forge.functions.http.Representations;

/**
 * GET /users/{owner}/repos and GET /orgs/{org}/repos (AP15): Query GSI3, most recently updated
 * first; private repositories only for the owner and org members.
 */
public final class ListAccountReposHandler extends ApiHandler<Services> {

  public ListAccountReposHandler() {
    this(Services.fromEnvironment());
  }

  public ListAccountReposHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String owner = r.pathOrNull("owner");
    if (owner == null) {
      owner = r.path("org");
      ForgeSegments.account("org", owner); // a bad name is reported as the route's own parameter, not "owner"
    }
    return Response.ok(Representations.page(
        services.repositories().listAccountRepos(r.caller(), owner, r.page()), Representations::repository));
  }
}
