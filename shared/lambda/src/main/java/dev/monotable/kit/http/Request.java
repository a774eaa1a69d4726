package dev.monotable.kit.http;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import dev.monotable.kit.auth.Claims;
import dev.monotable.kit.catalog.Access;
import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.PayloadTooLargeException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.items.Numbers;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.text.Text;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;

/**
 * A parsed HTTP API (payload 2.0) request: path parameters, query string, lower-cased headers,
 * the caller, and the JSON body read at most once and only when a handler asks for it.
 */
public final class Request {
  /** The service's own body limit; API Gateway allows 10 MB. */
  public static final int MAX_BODY_BYTES = 1024 * 1024;

  private final APIGatewayV2HTTPEvent event;
  private final String caller;
  private final boolean identifiesCaller;
  private Map<String, Object> body;
  private java.util.List<dev.monotable.kit.catalog.BodyField> declared = java.util.List.of();

  /**
   * @param identifiesCaller false on an {@code Auth.NONE} route: asking for its caller is a bug
   *     (the catalog should say OPTIONAL or REQUIRED), reported as a 500 that CatalogHandlersTest sees
   */
  Request(APIGatewayV2HTTPEvent event, String caller, boolean identifiesCaller) {
    this.event = event;
    this.caller = caller;
    this.identifiesCaller = identifiesCaller;
  }

  /** The authenticated caller's username, or null when anonymous. */
  public String caller() {
    requireIdentifies();
    return caller;
  }

  /** The caller; a 401 when anonymous (a route without the authorizer must not reach here anonymous). */
  public String requireCaller() {
    requireIdentifies();
    if (caller == null) {
      throw new UnauthorizedException("authentication required");
    }
    return caller;
  }

  /**
   * The caller, once it belongs to the user pool group {@code group} ({@code cognito:groups}, as
   * API Gateway's JWT authorizer passes it): a 401 when anonymous, a 403 otherwise, both before
   * any DynamoDB request.
   */
  public String requireGroup(String group) {
    String who = requireCaller();
    var rc = event.getRequestContext();
    Map<String, String> claims = rc == null || rc.getAuthorizer() == null || rc.getAuthorizer().getJwt() == null
        ? null : rc.getAuthorizer().getJwt().getClaims();
    if (claims == null || !Claims.groupsOf(claims.get(Claims.GROUPS)).contains(group)) {
      throw new ForbiddenException("only members of the " + group + " group may call this route");
    }
    return who;
  }

  /**
   * The caller, once it is the user the path parameter {@code pathParameter} names (compared
   * ignoring case): a 401 when anonymous, a 403 for anyone else, both before any DynamoDB request.
   * What {@link dev.monotable.kit.catalog.Endpoint#ownedBy} declares.
   */
  public String requireOwner(String pathParameter) {
    String who = requireCaller();
    String owner = path(pathParameter);
    if (!who.equalsIgnoreCase(owner)) {
      throw new ForbiddenException("only " + owner + " may call this route on " + pathParameter + " " + owner);
    }
    return who;
  }

  /**
   * Holds the caller to the route's declared {@link Access}: nothing for {@link Access#ANYONE},
   * {@link #requireOwner} or {@link #requireGroup} otherwise.
   */
  public void requireAccess(Access access) {
    switch (access.kind()) {
      case OWNER -> requireOwner(access.name());
      case GROUP -> requireGroup(access.name());
      // The membership itself is read by the route's own request (Membership): here only its caller.
      case MEMBER -> requireCaller();
      case ANYONE -> { }
    }
  }

  /** A path parameter (API Gateway decodes them); a 400 when absent. */
  public String path(String name) {
    Map<String, String> p = event.getPathParameters();
    String v = p == null ? null : p.get(name);
    if (v == null) {
      throw new ValidationException(name, name + " is required");
    }
    return v;
  }

  /** A path parameter when the route has it, else null. */
  public String pathOrNull(String name) {
    Map<String, String> p = event.getPathParameters();
    return p == null ? null : p.get(name);
  }

  public String query(String name) {
    Map<String, String> q = event.getQueryStringParameters();
    return q == null ? null : q.get(name);
  }

  /** A header by name in any case (API Gateway lower-cases them; tests and proxies may not). */
  public String header(String name) {
    return header(event, name);
  }

  static String header(APIGatewayV2HTTPEvent event, String name) {
    Map<String, String> h = event.getHeaders();
    if (h == null) {
      return null;
    }
    String v = h.get(name);
    if (v != null) {
      return v;
    }
    for (Map.Entry<String, String> e : h.entrySet()) {
      if (e.getKey().equalsIgnoreCase(name)) {
        return e.getValue();
      }
    }
    return null;
  }

  /**
   * The create's {@code Idempotency-Key} with the route and a hash of the raw path and body, or
   * null when the header is absent (docs/reliability.md).
   */
  public IdempotentRequest idempotentRequest() {
    String key = header("idempotency-key");
    return key == null ? null
        : IdempotentRequest.of(key, event.getRouteKey(), event.getRawPath(), event.getBody());
  }

  private void requireIdentifies() {
    if (!identifiesCaller) {
      throw new IllegalStateException("the endpoint catalog makes " + event.getRouteKey()
          + " Auth.NONE, so it has no caller; make it OPTIONAL or REQUIRED");
    }
  }

  public PageRequest page() {
    return PageRequest.parse(query("limit"), query("cursor"));
  }

  /**
   * The expected version from {@code If-Match: "3"} (quotes and weak prefix optional), or null
   * when absent or {@code *} (RFC 9110: any current representation): then the update applies to
   * whatever version is current.
   */
  public Long ifMatch() {
    String v = header("if-match");
    if (v == null || v.isBlank() || v.trim().equals("*")) {
      return null;
    }
    String s = v.trim();
    if (s.startsWith("W/")) {
      s = s.substring(2);
    }
    if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
      s = s.substring(1, s.length() - 1);
    }
    // ASCII digits only: Long.parseLong would also read full-width or Arabic-Indic digits.
    if (s.isEmpty() || s.length() > 18 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
      throw new ValidationException("If-Match", "If-Match must be the quoted version, for example \"3\"");
    }
    return Long.parseLong(s);
  }

  /** The route's declared body fields ({@link dev.monotable.kit.catalog.Endpoint#withBody}), set by the kit's handler. */
  void declare(java.util.List<dev.monotable.kit.catalog.BodyField> fields) {
    this.declared = fields;
  }

  /**
   * The body held to its route's declared fields ({@link dev.monotable.kit.catalog.Endpoint#withBody}):
   * the accepted value of each field present, by name; a 400 naming the first field that breaks its
   * {@link dev.monotable.kit.catalog.BodyField} rule or is required and missing. Empty for a route that
   * declares no body.
   */
  public Map<String, Object> declaredBody() {
    return declaredBody(declared);
  }

  Map<String, Object> declaredBody(java.util.List<dev.monotable.kit.catalog.BodyField> fields) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    if (fields.isEmpty()) {
      return out;
    }
    Map<String, Object> given = hasBody() ? body() : Map.of();
    for (dev.monotable.kit.catalog.BodyField f : fields) {
      Object v = f.accept(given.get(f.name()));
      if (v != null) {
        out.put(f.name(), v);
      }
    }
    return out;
  }

  /** The JSON object body; 413 over 1 MiB, 400 when absent, malformed or not an object. */
  public Map<String, Object> body() {
    if (body == null) {
      String raw = event.getBody();
      if (raw == null || raw.isBlank()) {
        throw new ValidationException("invalid_body", null, "request body must be a JSON object");
      }
      byte[] bytes = event.getIsBase64Encoded()
          ? decode(raw) : raw.getBytes(StandardCharsets.UTF_8);
      if (bytes.length > MAX_BODY_BYTES) {
        throw new PayloadTooLargeException("request body exceeds 1 MiB");
      }
      String text;
      try {
        // Strict: a lenient decoder would store U+FFFD in place of the bad bytes.
        text = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT)
            .decode(ByteBuffer.wrap(bytes)).toString();
      } catch (CharacterCodingException e) {
        throw new ValidationException("invalid_body", null, "request body is not valid UTF-8");
      }
      Map<String, Object> parsed;
      try {
        parsed = Json.readObject(text);
      } catch (IOException | RuntimeException e) {
        throw new ValidationException("invalid_body", null,
            "request body must be one JSON object (no trailing data, no repeated keys)");
      }
      checkText(parsed);
      body = parsed;
    }
    return body;
  }

  /**
   * JSON escapes can spell an unpaired surrogate ({@code "\ud800"}), which no UTF-8 encoding has:
   * refused here, naming the top-level field that holds it, before any handler reads the body.
   */
  private static void checkText(Map<String, Object> parsed) {
    for (Map.Entry<String, Object> e : parsed.entrySet()) {
      if (!Text.isWellFormed(e.getKey())) {
        throw new ValidationException("invalid_body", null, "a field name is not valid Unicode text");
      }
      if (!wellFormed(e.getValue())) {
        throw new ValidationException(e.getKey(), e.getKey() + " is not valid Unicode text (unpaired surrogate)");
      }
    }
  }

  private static boolean wellFormed(Object value) {
    if (value instanceof String s) {
      return Text.isWellFormed(s);
    } else if (value instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!wellFormed(e.getKey()) || !wellFormed(e.getValue())) {
          return false;
        }
      }
    } else if (value instanceof Iterable<?> list) {
      for (Object o : list) {
        if (!wellFormed(o)) {
          return false;
        }
      }
    } else if (value instanceof Object[] array) {
      for (Object o : array) {
        if (!wellFormed(o)) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * Refuses the first body field that is not one of {@code allowed}: a 400 whose {@code field}
   * names it (the error names the offending input, the domain's api-contract.md). Nothing for a request
   * without a body. Field names are valid Unicode here: {@link #body} refused any other.
   */
  public void refuseFieldsOtherThan(Collection<String> allowed) {
    if (!hasBody()) {
      return;
    }
    for (String field : body().keySet()) {
      if (!allowed.contains(field)) {
        throw new ValidationException(field, "unknown field " + field + "; this route takes " + String.join(", ", allowed));
      }
    }
  }

  /** True when the request carries a non-blank body (for routes whose body is optional). */
  public boolean hasBody() {
    return event.getBody() != null && !event.getBody().isBlank();
  }

  /** Checks the body size without parsing (routes that take no body still refuse huge ones). */
  void checkBodySize() {
    String raw = event.getBody();
    // Characters undercount UTF-8 bytes (up to 3 per char): only below a third of the limit in
    // characters is a body certainly within it; above that, count the bytes.
    if (raw != null && raw.length() > MAX_BODY_BYTES / 3) {
      byte[] bytes = event.getIsBase64Encoded() ? decode(raw) : raw.getBytes(StandardCharsets.UTF_8);
      if (bytes.length > MAX_BODY_BYTES) {
        throw new PayloadTooLargeException("request body exceeds 1 MiB");
      }
    }
  }

  /** A string field of the body: null when absent or JSON null; 400 when another JSON type. */
  public String string(String field) {
    Object v = body().get(field);
    if (v == null) {
      return null;
    }
    if (!(v instanceof String s)) {
      throw new ValidationException(field, field + " must be a string");
    }
    return s;
  }

  /** A required string field. */
  public String requiredString(String field) {
    String s = string(field);
    if (s == null) {
      throw new ValidationException(field, field + " is required");
    }
    return s;
  }

  /**
   * A number field of the body, exactly as sent, once DynamoDB stores it as it is (at most 38
   * significant digits, a magnitude from 1e-130 to below 1e126, or 0: {@link Numbers}); null when
   * absent or JSON null; a 400 naming the field otherwise. Never a double: nothing is rounded.
   */
  public BigDecimal number(String field) {
    Object v = body().get(field);
    return v == null ? null : Numbers.field(field, v);
  }

  /** A boolean field, or the default when absent. */
  public boolean bool(String field, boolean defaultValue) {
    Object v = body().get(field);
    if (v == null) {
      return defaultValue;
    }
    if (!(v instanceof Boolean b)) {
      throw new ValidationException(field, field + " must be true or false");
    }
    return b;
  }

  public APIGatewayV2HTTPEvent event() {
    return event;
  }

  private static byte[] decode(String raw) {
    try {
      return Base64.getDecoder().decode(raw);
    } catch (IllegalArgumentException e) {
      throw new ValidationException("invalid_body", null, "request body is not valid base64");
    }
  }
}
