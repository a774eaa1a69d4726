package dev.monotable.devices.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;

/** GET /analytics/active-users?days=30 (AP11, operators only: one Query of GSI2's sparse ACTIVE partition). */
public final class ActiveUsersHandler extends ApiHandler<DevicesServices> {

  public ActiveUsersHandler() {
    this(DevicesServices.fromEnvironment());
  }

  public ActiveUsersHandler(DevicesServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    services.operator(r);
    return Response.ok(Views.page(services.profiles().active(Views.days(r.query("days")), r.page()), Views::active));
  }
}
