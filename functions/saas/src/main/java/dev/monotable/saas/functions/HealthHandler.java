package dev.monotable.saas.functions;

import dev.monotable.kit.http.LivenessHandler;

/** GET /health (SA14): the kit's liveness answer, with the table name and the endpoint in use. No DynamoDB call. */
public final class HealthHandler extends LivenessHandler<SaasServices> {

  public HealthHandler() {
    this(SaasServices.fromEnvironment());
  }

  public HealthHandler(SaasServices services) {
    super(services);
  }
}
