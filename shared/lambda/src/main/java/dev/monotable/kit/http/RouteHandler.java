package dev.monotable.kit.http;

import dev.monotable.kit.catalog.Endpoint;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The kit's handler of the routes declared with {@link Endpoint#route}: the method the domain's services bind
 * to the route's pattern ({@link DomainServices#routes()}) serves it, so a custom route needs no handler class
 * of the domain's. Each such route is still a Lambda function of its own (its own role, priming and metrics),
 * told its route by infra; the route an invocation serves is the event's route key. Before the method runs,
 * the route's declared access is checked (401/403 before any request) and its declared body fields are what
 * {@link Request#declaredBody()} answers. The liveness route ({@link Endpoint#health}) is the kit's own: its
 * answer names the table and the endpoint in use, without a DynamoDB call.
 */
public final class RouteHandler extends ApiHandler<DomainServices> {

  /** For Lambda: the domain's services from the environment, as the kit's plain routes build them. */
  public RouteHandler() {
    this(PlainHandler.servicesFromEnvironment());
  }

  public RouteHandler(DomainServices services) {
    super(services);
  }

  @Override
  protected Response handle(Request r) {
    Endpoint endpoint = services.domain().endpoint(r.event().getRouteKey());
    if (endpoint == null || !endpoint.isRoute()) {
      throw new IllegalStateException(r.event().getRouteKey() + " is not a route of " + services.domain().name()
          + " served by a method");
    }
    if (endpoint.isHealth()) {
      return liveness();
    }
    r.requireAccess(endpoint.access());
    r.declare(endpoint.body());
    return services.routes().serve(endpoint, services, r);
  }

  /** {@code GET /health}: status, table name and the endpoint the client uses. Makes no DynamoDB call. */
  private Response liveness() {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", "ok");
    body.put("table", services.table().tableName());
    // The client's own endpoint: the local runner may have started the engine without DYNAMODB_ENDPOINT.
    body.put("endpoint", services.table().client().serviceClientConfiguration().endpointOverride()
        .map(Object::toString).orElse("aws"));
    return Response.ok(body);
  }
}
