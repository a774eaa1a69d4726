package dev.monotable.kit.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.json.Json;
import java.util.HashMap;
import java.util.Map;

/**
 * What a handler answers: a status, a JSON-serialisable body (maps and lists) or null, and extra
 * headers.
 */
public record Response(int status, Object body, Map<String, String> headers) {

  public static Response ok(Object body) {
    return new Response(200, body, Map.of());
  }

  public static Response created(Object body) {
    return new Response(201, body, Map.of());
  }

  public static Response noContent() {
    return new Response(204, null, Map.of());
  }

  /**
   * The payload 2.0 response API Gateway turns into HTTP: a JSON body gets its content type, and
   * a body carrying {@code version} its ETag.
   */
  public APIGatewayV2HTTPResponse toEvent() {
    Map<String, String> out = new HashMap<>(headers);
    String text = null;
    if (body != null) {
      out.put("content-type", "application/json");
      text = Json.write(body);
      if (body instanceof Map<?, ?> m && m.get("version") instanceof Number v) {
        out.put("etag", "\"" + v + "\"");
      }
    }
    return APIGatewayV2HTTPResponse.builder()
        .withStatusCode(status)
        .withHeaders(out)
        .withBody(text)
        .withIsBase64Encoded(false)
        .build();
  }
}
