package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** DELETE /users/{username}/posts/{post}/likes/{liker} (SO15): 204 whether the like was there or not. */
public final class UnlikeHandler extends ApiHandler<SocialServices> {

  public UnlikeHandler() {
    this(SocialServices.fromEnvironment());
  }

  public UnlikeHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("liker");
    services.likes().unlike(r.path("username"), r.path("post"), r.path("liker"));
    return Response.noContent();
  }
}
