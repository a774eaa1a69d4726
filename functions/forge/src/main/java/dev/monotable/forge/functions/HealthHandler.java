package dev.monotable.forge.functions;

import dev.monotable.kit.http.LivenessHandler;

/** GET /health (AP42): the kit's liveness answer, with the table name and the endpoint in use. Makes no DynamoDB call. */
public final class HealthHandler extends LivenessHandler<Services> {

  public HealthHandler() {
    this(Services.fromEnvironment());
  }

  public HealthHandler(Services services) {
    super(services);
  }
}
