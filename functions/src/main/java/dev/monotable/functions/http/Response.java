package dev.monotable.functions.http;

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
}
