package dev.monotable.forge.e2e;

import dev.monotable.kit.local.RouteTable;
import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Checks an answer of the local service against the committed docs/forge/openapi.json: the operation
 * of the matched route must document the status (a 2xx exactly, a failure by status or
 * {@code default}) and the body must match its schema. {@link Forge} runs it on every answer, so
 * the whole end-to-end suite keeps the document honest.
 *
 * <p>The validator covers the JSON Schema subset the generator emits: {@code $ref} (local),
 * {@code type} (one or several), {@code properties}, {@code required},
 * {@code additionalProperties: false}, {@code items}, {@code enum}, {@code oneOf},
 * {@code minLength}/{@code maxLength} (code points), {@code pattern} (searched, as ECMA-262 does),
 * {@code minimum}/{@code maximum}. Anything else in a schema fails loudly, so the generator cannot
 * emit a keyword that nobody checks.
 */
final class OpenApiContract {
  private static final java.util.Set<String> ANNOTATIONS = java.util.Set.of("description", "format", "default");
  private static final Map<String, Pattern> PATTERNS = new ConcurrentHashMap<>();
  private static volatile OpenApiContract committed;

  private final Map<String, Object> document;
  private final RouteTable routes = new RouteTable(dev.monotable.forge.Forge.DOMAIN.endpoints());

  OpenApiContract(Map<String, Object> document) {
    this.document = document;
  }

  /** Forge's document in docs/forge/ (the one users load; DocsUpToDateTest keeps it equal to the generator's). */
  static OpenApiContract committed() {
    OpenApiContract c = committed;
    if (c == null) {
      String root = System.getProperty("monotable.root", "..");
      Path file = Path.of(root, "docs", "forge", "openapi.json");
      try {
        c = new OpenApiContract(Json.readObject(Files.readString(file, StandardCharsets.UTF_8)));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file.toAbsolutePath() + " (run scripts/docs)", e);
      }
      committed = c;
    }
    return c;
  }

  /** Problems of one answer; empty when it matches the document. */
  List<String> problems(String method, String path, int status, String body) {
    String rawPath = path.contains("?") ? path.substring(0, path.indexOf('?')) : path;
    RouteTable.Match match = routes.match(method, rawPath);
    List<String> out = new ArrayList<>();
    String where = method + " " + rawPath + " -> " + status;
    if (match == null) {
      // No route (the local runner's 404/405) or the JWKS: no operation, but a failure keeps the one error shape.
      if (status >= 400) {
        validate(parse(body, where, out), ref("#/components/schemas/Error"), "$", out);
      }
      return prefixed(where, out);
    }
    Map<String, Object> pathItem = map(map(document.get("paths")).get(match.endpoint().path()));
    Map<String, Object> operation = pathItem == null ? null : map(pathItem.get(method.toLowerCase(Locale.ROOT)));
    if (operation == null) {
      return List.of(where + ": no operation " + match.endpoint().routeKey() + " in openapi.json");
    }
    Map<String, Object> responses = map(operation.get("responses"));
    Object response = responses.get(Integer.toString(status));
    if (response == null && status >= 400) {
      response = responses.get("default");
    }
    if (response == null) {
      return List.of(where + ": status " + status + " is not documented for " + match.endpoint().routeKey());
    }
    Map<String, Object> resolved = resolve(map(response));
    Map<String, Object> content = map(resolved.get("content"));
    if (content == null) {
      if (body != null && !body.isEmpty()) {
        out.add("documented without a body, answered " + body);
      }
      return prefixed(where, out);
    }
    Object schema = map(content.get("application/json")).get("schema");
    validate(parse(body, where, out), schema, "$", out);
    return prefixed(where, out);
  }

  private static List<String> prefixed(String where, List<String> problems) {
    return problems.stream().map(p -> where + ": " + p).toList();
  }

  private static Object parse(String body, String where, List<String> out) {
    if (body == null || body.isEmpty()) {
      out.add("empty body where the document expects JSON");
      return null;
    }
    try {
      return Json.readObject(body);
    } catch (IOException e) {
      out.add("body is not a JSON object: " + body);
      return null;
    }
  }

  private Map<String, Object> resolve(Map<String, Object> node) {
    Object ref = node.get("$ref");
    return ref == null ? node : resolve(ref((String) ref));
  }

  private Map<String, Object> ref(String pointer) {
    if (!pointer.startsWith("#/")) {
      throw new IllegalStateException("only local references: " + pointer);
    }
    Object node = document;
    for (String part : pointer.substring(2).split("/")) {
      node = map(node).get(part);
      if (node == null) {
        throw new IllegalStateException("dangling reference " + pointer);
      }
    }
    return map(node);
  }

  /** Adds a line per mismatch of {@code value} (at JSON path {@code at}) against {@code schemaNode}. */
  void validate(Object value, Object schemaNode, String at, List<String> out) {
    Map<String, Object> schema = map(schemaNode);
    if (schema.containsKey("$ref")) {
      validate(value, ref((String) schema.get("$ref")), at, out);
      return;
    }
    for (String keyword : schema.keySet()) {
      if (!ANNOTATIONS.contains(keyword) && !List.of("type", "properties", "required", "additionalProperties",
          "items", "enum", "oneOf", "minLength", "maxLength", "pattern", "minimum", "maximum").contains(keyword)) {
        throw new IllegalStateException("schema keyword " + keyword + " at " + at + " is not checked by OpenApiContract");
      }
    }
    if (schema.containsKey("oneOf")) {
      int matching = 0;
      for (Object alternative : (List<?>) schema.get("oneOf")) {
        List<String> problems = new ArrayList<>();
        validate(value, alternative, at, problems);
        matching += problems.isEmpty() ? 1 : 0;
      }
      if (matching != 1) {
        out.add(at + ": matches " + matching + " of the oneOf alternatives, not exactly one: " + Json.write(value));
      }
    }
    if (schema.containsKey("type")) {
      Object type = schema.get("type");
      List<?> types = type instanceof List<?> l ? l : List.of(type);
      if (types.stream().noneMatch(t -> hasType(value, (String) t))) {
        out.add(at + ": expected " + types + ", got " + (value == null ? "null" : Json.write(value)));
        return;
      }
    }
    if (schema.containsKey("enum") && !((List<?>) schema.get("enum")).contains(value)) {
      out.add(at + ": " + value + " is not one of " + schema.get("enum"));
    }
    if (value instanceof String s) {
      int length = s.codePointCount(0, s.length());
      if (schema.get("minLength") instanceof Number min && length < min.intValue()) {
        out.add(at + ": shorter than " + min);
      }
      if (schema.get("maxLength") instanceof Number max && length > max.intValue()) {
        out.add(at + ": longer than " + max);
      }
      if (schema.get("pattern") instanceof String p && !PATTERNS.computeIfAbsent(p, Pattern::compile).matcher(s).find()) {
        out.add(at + ": " + s + " does not match " + p);
      }
    }
    if (value instanceof Number n) {
      if (schema.get("minimum") instanceof Number min && n.doubleValue() < min.doubleValue()) {
        out.add(at + ": " + n + " is below " + min);
      }
      if (schema.get("maximum") instanceof Number max && n.doubleValue() > max.doubleValue()) {
        out.add(at + ": " + n + " is above " + max);
      }
    }
    if (value instanceof Map<?, ?> object) {
      Map<String, Object> properties = map(schema.get("properties"));
      if (schema.get("required") instanceof List<?> required) {
        for (Object name : required) {
          if (!object.containsKey(name)) {
            out.add(at + ": missing " + name);
          }
        }
      }
      for (Map.Entry<?, ?> e : object.entrySet()) {
        Object propertySchema = properties == null ? null : properties.get(e.getKey());
        if (propertySchema != null) {
          validate(e.getValue(), propertySchema, at + "." + e.getKey(), out);
        } else if (Boolean.FALSE.equals(schema.get("additionalProperties"))) {
          out.add(at + ": " + e.getKey() + " is not in the document");
        }
      }
    }
    if (value instanceof List<?> list && schema.containsKey("items")) {
      for (int i = 0; i < list.size(); i++) {
        validate(list.get(i), schema.get("items"), at + "[" + i + "]", out);
      }
    }
  }

  private static boolean hasType(Object value, String type) {
    return switch (type) {
      case "null" -> value == null;
      case "string" -> value instanceof String;
      case "boolean" -> value instanceof Boolean;
      case "integer" -> value instanceof Integer || value instanceof Long || value instanceof BigInteger
          || value instanceof Short;
      case "number" -> value instanceof Number;
      case "object" -> value instanceof Map;
      case "array" -> value instanceof List;
      default -> throw new IllegalStateException("unknown JSON Schema type " + type);
    };
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object node) {
    return (Map<String, Object>) node;
  }
}
