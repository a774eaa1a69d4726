package dev.monotable.devices.functions;

import dev.monotable.kit.http.LivenessHandler;

/** GET /health (AP18): the kit's liveness answer, with the table name and the endpoint in use. Makes no DynamoDB call. */
public final class HealthHandler extends LivenessHandler<DevicesServices> {

  public HealthHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public HealthHandler(DevicesServices services) {
    super(services);
  }
}
