package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** POST /users/{username}/posts/{post}/comments (SO11): the caller comments; 404 when the post is gone. */
public final class CommentHandler extends ApiHandler<SocialServices> {

  public CommentHandler() {
    this(SocialServices.fromEnvironment());
  }

  public CommentHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String caller = r.requireCaller();
    Map<String, Object> b = declaredBody(r);
    return Response.created(services.comments().create(r.path("username"), r.path("post"), caller,
        (String) b.get("text")));
  }
}
