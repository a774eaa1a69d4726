package dev.monotable.social.functions;

import dev.monotable.kit.http.LivenessHandler;

/** GET /health (SO19): the kit's liveness answer, with the table name and the endpoint in use. No DynamoDB call. */
public final class HealthHandler extends LivenessHandler<SocialServices> {

  public HealthHandler() {
    this(SocialServices.fromEnvironment());
  }

  public HealthHandler(SocialServices services) {
    super(services);
  }
}
