package dev.monotable.blog.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /emails/{email}/user (B03): one Query of GSI1; 404 when no user has the address. */
public final class FindUserHandler extends ApiHandler<BlogServices> {

  public FindUserHandler() {
    this(BlogServices.fromEnvironment());
  }

  public FindUserHandler(BlogServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    return Response.ok(services.users().byEmail(r.path("email")));
  }
}
