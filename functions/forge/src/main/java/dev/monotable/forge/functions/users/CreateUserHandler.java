package dev.monotable.forge.functions.users;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.forge.functions.http.Representations;

/** POST /users (AP01): the caller creates their own profile; username and email are unique. */
public final class CreateUserHandler extends ApiHandler<Services> {

  public CreateUserHandler() {
    this(Services.fromEnvironment());
  }

  public CreateUserHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.created(Representations.user(services.accounts().createUser(
        r.requireCaller(), r.requiredString("username"), r.requiredString("email"), r.string("name"), r.string("bio"))));
  }
}
