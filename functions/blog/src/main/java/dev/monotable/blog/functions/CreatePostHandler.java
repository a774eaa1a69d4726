package dev.monotable.blog.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** POST /users/{username}/posts (B04): one PutItem of a new post, its id a ULID of now. */
public final class CreatePostHandler extends ApiHandler<BlogServices> {

  public CreatePostHandler() {
    this(BlogServices.fromEnvironment());
  }

  public CreatePostHandler(BlogServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    Map<String, Object> b = declaredBody(r);
    return Response.created(services.posts().create(r.path("username"),
        (String) b.get("title"), (String) b.get("content")));
  }
}
