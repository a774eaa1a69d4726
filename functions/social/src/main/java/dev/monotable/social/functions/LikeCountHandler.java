package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** GET /users/{username}/posts/{post}/like-count (SO17): one BatchGetItem of the post and its count shards, summed; 404 without the post. */
public final class LikeCountHandler extends ApiHandler<SocialServices> {

  public LikeCountHandler() {
    this(SocialServices.fromEnvironment());
  }

  public LikeCountHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(Map.of("post", r.path("post"), "likes", services.likes().count(r.path("username"), r.path("post"))));
  }
}
