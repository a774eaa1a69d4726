package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** DELETE /users/{username}/posts/{post}/comments/{comment} (SO13): one's own comment only (403), 204 when gone. */
public final class DeleteCommentHandler extends ApiHandler<SocialServices> {

  public DeleteCommentHandler() {
    this(SocialServices.fromEnvironment());
  }

  public DeleteCommentHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    String caller = r.requireCaller();
    services.comments().delete(r.path("username"), r.path("post"), r.path("comment"), caller);
    return Response.noContent();
  }
}
