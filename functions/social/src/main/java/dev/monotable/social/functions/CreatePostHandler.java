package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** POST /users/{username}/posts (SO03): one PutItem of a new post, its id a ULID of now; ST1 fans it out. */
public final class CreatePostHandler extends ApiHandler<SocialServices> {

  public CreatePostHandler() {
    this(SocialServices.fromEnvironment());
  }

  public CreatePostHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    Map<String, Object> b = declaredBody(r);
    return Response.created(services.posts().create(r.path("username"), (String) b.get("text")));
  }
}
