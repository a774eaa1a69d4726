package dev.monotable.blog.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** PUT /users/{username} (B01): the user and its e-mail claim in one transaction; 409 naming username or email. */
public final class CreateUserHandler extends ApiHandler<BlogServices> {

  public CreateUserHandler() {
    this(BlogServices.fromEnvironment());
  }

  public CreateUserHandler(BlogServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    Map<String, Object> b = declaredBody(r);
    return Response.created(services.users().create(r.path("username"),
        (String) b.get("email"), (String) b.get("name")));
  }
}
