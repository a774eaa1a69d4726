package dev.monotable.kit.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /health} of any domain ({@link dev.monotable.kit.catalog.Endpoint#health}): liveness,
 * with the table name and the endpoint in use. Makes no DynamoDB call. A domain's handler only
 * names its services: {@code class HealthHandler extends LivenessHandler<MyServices>} with the two
 * constructors every handler has.
 */
public abstract class LivenessHandler<S extends DomainServices> extends ApiHandler<S> {

  protected LivenessHandler(S services) {
    super(services);
  }

  @Override
  protected final Response handle(Request request) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", "ok");
    body.put("table", services.table().tableName());
    // The client's own endpoint: the local runner may have started the engine without DYNAMODB_ENDPOINT.
    body.put("endpoint", services.table().client().serviceClientConfiguration().endpointOverride()
        .map(Object::toString).orElse("aws"));
    return Response.ok(body);
  }
}
