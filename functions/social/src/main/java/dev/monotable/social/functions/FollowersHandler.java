package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** GET /users/{username}/followers (SO10): one Query of GSI1, a page of the account's followers. */
public final class FollowersHandler extends ApiHandler<SocialServices> {

  public FollowersHandler() {
    this(SocialServices.fromEnvironment());
  }

  public FollowersHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    var page = services.follows().followers(r.path("username"), r.page());
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    out.put("items", page.items());
    out.put("nextCursor", page.nextCursor());
    return Response.ok(out);
  }
}
