package dev.monotable.forge.functions.users;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;
import dev.monotable.forge.data.UserPatch;

/** PATCH /users/{username} (AP03): name, bio, email of one's own profile, under If-Match. */
public final class UpdateUserHandler extends ApiHandler<Services> {

  public UpdateUserHandler() {
    this(Services.fromEnvironment());
  }

  public UpdateUserHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String caller = r.requireCaller();
    UserPatch patch = new UserPatch(r.string("name"), r.string("bio"), r.string("email"));
    return Response.ok(Representations.user(services.accounts().updateUser(
        caller, r.path("username"), r.ifMatch(), patch)));
  }
}
