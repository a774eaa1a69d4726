package dev.monotable.forge.functions;

import dev.monotable.kit.http.ApiHandler;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import java.util.LinkedHashMap;
import java.util.Map;

/** GET /health (AP42): liveness, with the table name and the endpoint in use. Makes no DynamoDB call. */
public final class HealthHandler extends ApiHandler<Services> {

  public HealthHandler() {
    this(Services.fromEnvironment());
  }

  public HealthHandler(Services services) {
    super(services);
  }

  @Override
  protected Response handle(Request request) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", "ok");
    body.put("table", services.table().tableName());
    // The client's own endpoint: the local runner may have started moto without DYNAMODB_ENDPOINT.
    body.put("endpoint", services.table().client().serviceClientConfiguration().endpointOverride()
        .map(Object::toString).orElse("aws"));
    return Response.ok(body);
  }
}
