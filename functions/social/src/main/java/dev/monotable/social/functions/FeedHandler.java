package dev.monotable.social.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.Map;

/** GET /users/{username}/feed (SO18): the owner's home feed, newest first; the cursor is the last post id of a page. */
public final class FeedHandler extends ApiHandler<SocialServices> {

  public FeedHandler() {
    this(SocialServices.fromEnvironment());
  }

  public FeedHandler(SocialServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    r.requireOwner("username");
    var page = services.feed().page(r.path("username"), r.page());
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    out.put("items", page.items());
    out.put("nextCursor", page.nextCursor());
    return Response.ok(out);
  }
}
