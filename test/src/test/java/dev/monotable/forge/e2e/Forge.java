package dev.monotable.forge.e2e;

import dev.monotable.forge.tools.ForgeDev;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.testing.OpenApiAnswers;
import dev.monotable.testing.TestTable;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A running local service for one test class (real HTTP on a free port, handlers in-process, the
 * class's own table on the run's DynamoDB-compatible server), with a small HTTP client that mints
 * tokens of the local issuer.
 */
public final class Forge {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final OpenApiAnswers ANSWERS = OpenApiAnswers.of(new ForgeDev());

  private final LocalService service;
  private final TestTable table;
  private final LocalKeys keys;
  private final MovableClock clock;

  Forge(LocalService service, TestTable table, LocalKeys keys, MovableClock clock) {
    this.service = service;
    this.table = table;
    this.keys = keys;
    this.clock = clock;
  }

  /** The service's clock (timestamps it writes, TTL filters of AP11/AP12); tokens keep real time. */
  public MovableClock clock() {
    return clock;
  }

  /** The stream pipeline; null unless the class is annotated {@link ForgeExtension.WithStreams}. */
  public dev.monotable.kit.local.StreamPipeline pipeline() {
    return service.pipeline();
  }

  /**
   * Waits until the writes made so far have reached the table's indexes and its eventually
   * consistent readers, as a client of DynamoDB must before it counts on a list reflecting them:
   * the local engine's lag of this class's table (ForgeExtension.LAG_MAX), one second elsewhere.
   */
  public void awaitIndexes() {
    long millis = dev.monotable.kit.engine.LocalEngine.control(dev.monotable.testing.LocalDynamoDb.endpoint()).available()
        ? ForgeExtension.LAG_MAX.toMillis() + 50 : 1000;
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public TestTable table() {
    return table;
  }

  public String baseUrl() {
    return service.api().baseUrl();
  }

  public LocalKeys keys() {
    return keys;
  }

  /** A valid one-hour token for this user. */
  public String token(String username) {
    long now = Instant.now().getEpochSecond();
    return keys.signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, username, now, now + 3600);
  }

  /** Starts a request; {@code as(user)} adds a bearer token. */
  public Call call(String method, String path) {
    return new Call(method, path);
  }

  public Call get(String path) {
    return call("GET", path);
  }

  public Call post(String path) {
    return call("POST", path);
  }

  public Call put(String path) {
    return call("PUT", path);
  }

  public Call patch(String path) {
    return call("PATCH", path);
  }

  public Call delete(String path) {
    return call("DELETE", path);
  }

  /** One HTTP request under construction. */
  public final class Call {
    private final String method;
    private final String path;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final Map<String, String> query = new LinkedHashMap<>();
    private byte[] body;

    private Call(String method, String path) {
      this.method = method;
      this.path = path;
    }

    public Call as(String username) {
      return header("authorization", "Bearer " + token(username));
    }

    public Call header(String name, String value) {
      headers.put(name, value);
      return this;
    }

    public Call ifMatch(long version) {
      return header("if-match", "\"" + version + "\"");
    }

    public Call query(String name, String value) {
      query.put(name, value);
      return this;
    }

    /** JSON body from alternating keys and values: {@code json("title", "t", "body", "b")}. */
    public Call json(Object... keyValues) {
      Map<String, Object> m = new LinkedHashMap<>();
      for (int i = 0; i < keyValues.length; i += 2) {
        m.put((String) keyValues[i], keyValues[i + 1]);
      }
      return raw(Json.write(m));
    }

    public Call raw(String text) {
      return rawBytes(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A body of exactly these bytes (invalid UTF-8 included). */
    public Call rawBytes(byte[] bytes) {
      this.body = bytes.clone();
      headers.putIfAbsent("content-type", "application/json");
      return this;
    }

    public Reply send() {
      StringBuilder uri = new StringBuilder(baseUrl()).append(path);
      String sep = "?";
      for (Map.Entry<String, String> q : query.entrySet()) {
        uri.append(sep).append(URLEncoder.encode(q.getKey(), StandardCharsets.UTF_8)).append('=')
            .append(URLEncoder.encode(q.getValue(), StandardCharsets.UTF_8));
        sep = "&";
      }
      HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(uri.toString()))
          .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
              : HttpRequest.BodyPublishers.ofByteArray(body));
      headers.forEach(b::header);
      try {
        HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
        // Every answer of the suite must match docs/forge/openapi.json, whatever the test asserts itself.
        ANSWERS.checked(r);
        return new Reply(r.statusCode(), r.body(), r.headers().map());
      } catch (IOException e) {
        throw new IllegalStateException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** An HTTP answer with JSON accessors. */
  public record Reply(int status, String body, Map<String, List<String>> headers) {

    public Map<String, Object> json() {
      try {
        return Json.readObject(body);
      } catch (IOException e) {
        throw new AssertionError("not a JSON object (status " + status + "): " + body, e);
      }
    }

    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> items() {
      return (List<Map<String, Object>>) json().get("items");
    }

    public String nextCursor() {
      return (String) json().get("nextCursor");
    }

    @SuppressWarnings("unchecked")
    public Map<String, Object> error() {
      return (Map<String, Object>) json().get("error");
    }

    public String header(String name) {
      List<String> v = headers.get(name.toLowerCase(java.util.Locale.ROOT));
      return v == null || v.isEmpty() ? null : v.get(0);
    }

    @Override
    public String toString() {
      return status + " " + body;
    }
  }

  static Path keysDir() {
    return Path.of("target", "e2e-keys");
  }
}
