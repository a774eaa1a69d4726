package dev.monotable.blog.functions;

import dev.monotable.kit.http.LivenessHandler;

/** GET /health (B09): the kit's liveness answer, with the table name and the endpoint in use. No DynamoDB call. */
public final class HealthHandler extends LivenessHandler<BlogServices> {

  public HealthHandler() {
    this(BlogServices.fromEnvironment());
  }

  public HealthHandler(BlogServices services) {
    super(services);
  }
}
