package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** PUT /users/{username}/following/{followee} (SO07): 201 when followed now, 200 when already (nothing written). */
public final class FollowHandler extends ApiHandler<SocialServices> {

  public FollowHandler() {
    this(SocialServices.fromEnvironment());
  }

  public FollowHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    var followed = services.follows().follow(r.path("username"), r.path("followee"));
    return followed.created() ? Response.created(followed.edge()) : Response.ok(followed.edge());
  }
}
