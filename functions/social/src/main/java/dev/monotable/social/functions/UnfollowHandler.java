package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** DELETE /users/{username}/following/{followee} (SO08): 204 whether the edge was there or not. */
public final class UnfollowHandler extends ApiHandler<SocialServices> {

  public UnfollowHandler() {
    this(SocialServices.fromEnvironment());
  }

  public UnfollowHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    services.follows().unfollow(r.path("username"), r.path("followee"));
    return Response.noContent();
  }
}
