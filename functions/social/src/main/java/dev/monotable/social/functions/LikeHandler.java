package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** PUT /users/{username}/posts/{post}/likes/{liker} (SO14): 201 when liked now, 200 when already (the count unmoved). */
public final class LikeHandler extends ApiHandler<SocialServices> {

  public LikeHandler() {
    this(SocialServices.fromEnvironment());
  }

  public LikeHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("liker");
    boolean liked = services.likes().like(r.path("username"), r.path("post"), r.path("liker"));
    Map<String, Object> like = Map.of("post", r.path("post"), "liker", r.path("liker"));
    return liked ? Response.created(like) : Response.ok(like);
  }
}
