package dev.monotable.blog.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** PATCH /users/{username}/posts/{post} (B07): one versioned UpdateItem; 412 on a stale If-Match. */
public final class UpdatePostHandler extends ApiHandler<BlogServices> {

  public UpdatePostHandler() {
    this(BlogServices.fromEnvironment());
  }

  public UpdatePostHandler(BlogServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    return Response.ok(services.posts().update(r.path("username"), r.path("post"), declaredBody(r), r.ifMatch()));
  }
}
