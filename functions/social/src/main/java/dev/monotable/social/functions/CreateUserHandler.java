package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** PUT /users/{username} (SO01): one PutItem of a new user, both counts at 0. */
public final class CreateUserHandler extends ApiHandler<SocialServices> {

  public CreateUserHandler() {
    this(SocialServices.fromEnvironment());
  }

  public CreateUserHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    Map<String, Object> b = declaredBody(r);
    return Response.created(services.users().create(r.path("username"), (String) b.get("name")));
  }
}
