package dev.monotable.kit.testing;

import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SchemaRegistryConfig;
import com.networknt.schema.dialect.Dialects;
import com.networknt.schema.path.PathType;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.docs.DocsGenerator;
import dev.monotable.kit.local.RouteTable;
import dev.monotable.kit.tools.DevDomain;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Holds every answer a test receives from a served domain to the domain's OpenAPI 3.1 document (the
 * openapi.json {@code scripts/docs} writes, generated here from the same declarations, so it is the
 * committed file whenever the docs check passes): the operation is the route the server matched
 * (method and route template), the status must be one it documents, and the body must validate
 * against that status's schema with a JSON Schema 2020-12 validator (OpenAPI 3.1's dialect;
 * {@code $ref}s resolved into the components; {@code format} asserted, so a timestamp is RFC 3339).
 * {@link ServedDomain} checks every answer it gets, so an answer and its documentation cannot drift.
 *
 * <p>Strict where the document is: a 2xx or a 4xx must be listed for its operation ({@code default}
 * stands for what the document says it does: 405 from the local runner and 5xx); a response
 * documented without content has no body (204); one with content is {@code application/json}. A
 * path no route matches (the runner's own 404/405/400) must still answer the one error body.
 */
public final class OpenApiAnswers {
  private static final JsonMapper JSON = JsonMapper.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();
  private static final Map<String, OpenApiAnswers> BY_DOMAIN = new ConcurrentHashMap<>();
  private static final String ERROR_SCHEMA = "/components/schemas/Error";

  private final String base;
  private final JsonNode document;
  private final RouteTable routes;
  private final SchemaRegistry registry;
  private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

  /** Validates answers of a domain whose routes are {@code endpoints} against {@code openApiJson}. */
  public OpenApiAnswers(String name, List<Endpoint> endpoints, String openApiJson) {
    this.base = "urn:monotable:" + name + ":openapi.json";
    this.document = JSON.readTree(openApiJson);
    this.routes = new RouteTable(endpoints);
    this.registry = SchemaRegistry.withDefaultDialect(Dialects.getOpenApi31(), b -> b
        .schemas(Map.of(base, openApiJson))
        .schemaRegistryConfig(SchemaRegistryConfig.builder().formatAssertionsEnabled(true)
            .pathType(PathType.JSON_POINTER).build()));
  }

  /** The domain's generated OpenAPI document (one per domain and run: generating it is not free). */
  public static OpenApiAnswers of(DevDomain domain) {
    return BY_DOMAIN.computeIfAbsent(domain.id(), id -> new OpenApiAnswers(id, domain.domain().endpoints(),
        DocsGenerator.openApi(domain.docs())));
  }

  /**
   * Fails with every mismatch of this answer (route, status, JSON pointer, the validator's message).
   *
   * @param path the request's raw path, as sent (a query string after {@code ?} is ignored)
   * @param contentType the answer's Content-Type header, or null
   */
  public void check(String method, String path, int status, String contentType, String body) {
    List<String> problems = problems(method, path, status, contentType, body);
    if (!problems.isEmpty()) {
      throw new AssertionError("the answer drifts from the domain's openapi.json:\n  " + String.join("\n  ", problems)
          + "\n  body: " + abbreviate(body));
    }
  }

  /**
   * {@link #check} for a test with an HTTP client of its own: the request's method and raw path
   * are read from the answer. Returns the answer.
   */
  public HttpResponse<String> checked(HttpResponse<String> answer) {
    check(answer.request().method(), answer.uri().getRawPath(), answer.statusCode(),
        answer.headers().firstValue("content-type").orElse(null), answer.body());
    return answer;
  }

  /** Every mismatch of this answer with the document; empty when it conforms. */
  public List<String> problems(String method, String path, int status, String contentType, String body) {
    String rawPath = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    RouteTable.Match match;
    try {
      match = routes.match(method, rawPath);
    } catch (RouteTable.BadSegment e) {
      match = null; // the runner refuses an undecodable segment itself, with the error body
    }
    if (match == null) {
      String where = method + " " + rawPath + " (no route) -> " + status;
      // The runner's own 404/405/400 keep the one error body; a 2xx off the API (the JWKS) is not the document's.
      return status >= 400 ? body(where, ERROR_SCHEMA, contentType, body) : List.of();
    }
    Endpoint e = match.endpoint();
    String where = e.routeKey() + " (" + rawPath + ") -> " + status;
    String operation = "/paths/" + escape(e.path()) + "/" + method.toLowerCase(Locale.ROOT);
    JsonNode responses = document.at(operation + "/responses");
    if (responses.isMissingNode()) {
      return List.of(where + ": the document has no operation " + e.routeKey());
    }
    String code = Integer.toString(status);
    if (!responses.has(code)) {
      if (responses.has("default") && (status == 405 || status >= 500)) {
        code = "default";
      } else {
        return List.of(where + ": status " + status + " is not documented for " + e.routeKey() + " (it lists "
            + String.join(", ", responses.propertyNames()) + ")");
      }
    }
    String response = operation + "/responses/" + code;
    JsonNode node = document.at(response);
    while (node.has("$ref")) {
      response = node.get("$ref").asString().substring(1);
      node = document.at(response);
    }
    JsonNode schema = node.at("/content/application~1json/schema");
    if (schema.isMissingNode()) {
      return body == null || body.isEmpty() ? List.of()
          : List.of(where + ": documented without a body, answered " + abbreviate(body));
    }
    return body(where, response + "/content/application~1json/schema", contentType, body);
  }

  private List<String> body(String where, String schemaPointer, String contentType, String body) {
    List<String> out = new ArrayList<>();
    if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("application/json")) {
      out.add(where + ": Content-Type " + contentType + " where the document says application/json");
    }
    if (body == null || body.isEmpty()) {
      out.add(where + ": no body where the document gives a JSON schema (" + schemaPointer + ")");
      return out;
    }
    JsonNode answer;
    try {
      answer = JSON.readTree(body);
    } catch (JacksonException e) {
      out.add(where + ": the body is not JSON: " + e.getOriginalMessage());
      return out;
    }
    Schema schema = schemas.computeIfAbsent(schemaPointer, p -> registry.getSchema(SchemaLocation.of(base + "#" + p)));
    for (com.networknt.schema.Error error : schema.validate(answer)) {
      String at = error.getInstanceLocation().toString();
      String rule = error.getSchemaLocation().toString();
      out.add(where + ": " + (at.isEmpty() ? "/" : at) + ": " + error.getMessage() + " (schema "
          + (rule.startsWith(base) ? rule.substring(base.length()) : rule) + ")");
    }
    return out;
  }

  /** A route template as one JSON pointer token ({@code ~} and {@code /} escaped, RFC 6901). */
  private static String escape(String token) {
    return token.replace("~", "~0").replace("/", "~1");
  }

  private static String abbreviate(String body) {
    String b = body == null ? "" : body.replace("\n", "\\n");
    return b.length() > 400 ? b.substring(0, 400) + "..." : b;
  }
}
