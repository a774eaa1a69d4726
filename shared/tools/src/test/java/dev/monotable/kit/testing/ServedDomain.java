package dev.monotable.kit.testing;

import dev.monotable.kit.devauth.JwtSigner;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import dev.monotable.kit.local.StreamPipeline;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Any registered domain served over real HTTP by the kit's local service (the code of
 * {@code scripts/dev}), for the kit's domain-wide suites and any domain's own tests: a fresh table
 * of the domain's schema on the run's engine, its demo dataset and its bench data written, tokens
 * of the local issuer (with user pool groups), an HTTP client that sends exactly the bytes given
 * and holds every answer to the domain's openapi.json ({@link OpenApiAnswers}), and the table's
 * items for before-and-after comparisons.
 *
 * <p>{@link #start(DevDomain, Options)} adds what the race and fault suites need: the domain's
 * stream consumers run on demand ({@link #settle()}: every record written so far delivered, as
 * Lambda's event source mappings would), a table put back as a snapshot was ({@link #restore}),
 * and the handlers' DynamoDB client behind a {@link FaultProxy} with a handler's deadlines.
 *
 * <p>What a domain does not have to write for these suites: the valid request of each route comes
 * from its bench cases ({@link BenchDomain#cases()}: a fixture that succeeds every time it is asked),
 * the rest from its declarations.
 *
 * @param <S> the domain's services
 */
public final class ServedDomain<S extends DomainServices> implements AutoCloseable {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final KeyPair IMPOSTOR = impostor();

  private final DevDomain domain;
  private final BenchDomain<S> bench;
  private final LocalService service;
  private final TestTable table;
  private final LocalKeys keys;
  private final S services;
  private final List<AutoCloseable> resources;
  private final StreamPipeline pipeline;
  private final FaultProxy faults;
  private final OpenApiAnswers answers;

  private ServedDomain(DevDomain domain, BenchDomain<S> bench, LocalService service, TestTable table, LocalKeys keys,
      S services, List<AutoCloseable> resources, StreamPipeline pipeline, FaultProxy faults) {
    this.domain = domain;
    this.bench = bench;
    this.service = service;
    this.table = table;
    this.keys = keys;
    this.services = services;
    this.resources = resources;
    this.pipeline = pipeline;
    this.faults = faults;
    this.answers = OpenApiAnswers.of(domain);
  }

  /**
   * What a suite needs beyond the served API.
   *
   * @param streams run the domain's stream consumers, on demand ({@link #settle()})
   * @param faults the handlers reach the table through a {@link FaultProxy} ({@link #faults()}), with
   *     a handler's deadlines ({@link DynamoDbClients.Deadlines#HANDLER}) instead of a tool's
   */
  public record Options(boolean streams, boolean faults) {
    /** Neither: the API over the table. */
    public static final Options PLAIN = new Options(false, false);
  }

  /** Serves {@code domain} on a free port over a new table holding its demo and bench data. */
  public static ServedDomain<?> start(DevDomain domain) {
    return start(domain, domain.bench(), Options.PLAIN);
  }

  /** {@link #start(DevDomain)} with the stream consumers and or the fault proxy. */
  public static ServedDomain<?> start(DevDomain domain, Options options) {
    return start(domain, domain.bench(), options);
  }

  private static <S extends DomainServices> ServedDomain<S> start(DevDomain domain, BenchDomain<S> bench,
      Options options) {
    List<AutoCloseable> resources = new ArrayList<>();
    DynamoDbClient client = DynamoDbExtension.newClient();
    resources.add(client);
    String name = "suite-" + domain.id() + "-" + UUID.randomUUID().toString().substring(0, 8);
    LocalKeys keys;
    try {
      keys = new LocalKeys(Files.createTempDirectory("served-" + domain.id()));
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
    FaultProxy proxy = null;
    DynamoDbClient handlers = client;
    if (options.faults()) {
      try {
        proxy = new FaultProxy(LocalDynamoDb.endpoint());
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
      resources.add(proxy);
      handlers = DynamoDbClients.create(proxy.endpoint(), DynamoDbExtension.region());
      resources.add(handlers);
    }
    LocalService service;
    try {
      service = new LocalService(domain.local()).start(new LocalService.Options(0,
          LocalDynamoDb.endpoint(), false, name, true, keys, handlers));
    } catch (Exception e) {
      throw new IllegalStateException(domain.id() + " did not start: " + e.getMessage(), e);
    }
    CursorCodec cursors = new CursorCodec(TestTable.CURSOR_SECRET);
    S services = bench.services(new TableGateway(client, name, cursors, Clock.systemUTC()));
    bench.addBenchData(services);
    StreamPipeline pipeline = null;
    if (options.streams()) {
      // Not started: records are delivered when a suite asks (settle), over a client without faults.
      DynamoDbStreamsClient streams = DynamoDbClients.streams(LocalDynamoDb.endpoint(), DynamoDbExtension.region());
      resources.add(streams);
      JwtVerifier verifier = new JwtVerifier(LocalKeys.ISSUER, LocalKeys.AUDIENCE, keys.signer()::jwks,
          Clock.systemUTC());
      var wiring = domain.local().wire(new TableGateway(client, name, cursors, Clock.systemUTC()), verifier);
      pipeline = new StreamPipeline(streams, name, StreamPipeline.consumers(domain.domain(), wiring),
          keys.directory().resolve("stream-dead-letters.jsonl"), null);
      pipeline.drain();
    }
    return new ServedDomain<>(domain, bench, service, new TestTable(client, name), keys, services, resources,
        pipeline, proxy);
  }

  /**
   * Delivers every stream record written so far to the domain's consumers (with Lambda's retries)
   * and returns the batches given up so far; without {@link Options#streams()}, nothing.
   */
  public List<StreamPipeline.DeadLetter> settle() {
    if (pipeline == null) {
      return List.of();
    }
    pipeline.drain();
    return pipeline.deadLetters();
  }

  /**
   * Puts the table's items back as {@code before} (a {@link #snapshot()}) holds them: the items
   * added since deleted, the ones changed or removed put back; the stream records of the undoing
   * are read and not delivered (the consumers' counts are in the items put back). Call it settled.
   */
  public void restore(List<Map<String, AttributeValue>> before) {
    Map<String, Map<String, AttributeValue>> was = new LinkedHashMap<>();
    before.forEach(i -> was.put(key(i), i));
    for (Map<String, AttributeValue> now : snapshot()) {
      Map<String, AttributeValue> old = was.remove(key(now));
      if (old == null) {
        table.client().deleteItem(DeleteItemRequest.builder().tableName(table.name())
            .key(Map.of("PK", now.get("PK"), "SK", now.get("SK"))).build());
      } else if (!old.equals(now)) {
        table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(old).build());
      }
    }
    for (Map<String, AttributeValue> gone : was.values()) {
      table.client().putItem(PutItemRequest.builder().tableName(table.name()).item(gone).build());
    }
    if (pipeline != null) {
      pipeline.skip();
    }
  }

  private static String key(Map<String, AttributeValue> item) {
    return item.get("PK").s() + "\u0000" + item.get("SK").s();
  }

  /** The proxy between the handlers and the table; null unless started with {@link Options#faults()}. */
  public FaultProxy faults() {
    return faults;
  }

  public DevDomain domain() {
    return domain;
  }

  public TestTable table() {
    return table;
  }

  /** The domain's services over the served table, as its handlers have them (a priming check primes with them). */
  public S services() {
    return services;
  }

  public String baseUrl() {
    return service.api().baseUrl();
  }

  /**
   * One valid sample per route, in the order of the domain's routes: the first bench case of each.
   * A route without a case is missing from the map (the suites report it).
   */
  public Map<Endpoint, Sample> samples() {
    Map<Endpoint, Sample> out = new LinkedHashMap<>();
    List<BenchCase<S>> cases = bench.cases(domain.domain());
    for (Endpoint e : domain.domain().endpoints()) {
      cases.stream().filter(c -> c.endpoint().equals(e)).findFirst().ifPresent(c -> out.put(e, new Sample(c)));
    }
    return out;
  }

  /** A route's valid request, fresh each time it is asked (writes use new names, versions follow). */
  public final class Sample {
    private final BenchCase<S> bench;

    private Sample(BenchCase<S> bench) {
      this.bench = bench;
    }

    /** The next valid request (its unmeasured setup done); {@link #observe} its answer when sent. */
    public BenchRequest next() {
      return bench.next(services);
    }

    /** Feeds an answer back (a versioned route continues from its ETag). */
    public void observe(Reply r) {
      bench.observe(r.status(), r.header("etag"));
    }
  }

  /** A valid one-hour token of the local issuer for {@code username}, a member of {@code groups}. */
  public String token(String username, List<String> groups) {
    long now = Instant.now().getEpochSecond();
    return keys.signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, username, now, now + 3600, groups);
  }

  /**
   * Authorization header values an attacker would try, each naming {@code username}: none is a
   * valid token of the issuer for its audience, now (so each must be a 401 where a token is read).
   */
  public Map<String, String> forgedTokens(String username) {
    long now = Instant.now().getEpochSecond();
    JwtSigner local = keys.signer();
    JwtSigner sameKid = new JwtSigner(IMPOSTOR, LocalKeys.KID);
    String valid = local.sign(JwtSigner.claims(LocalKeys.ISSUER, LocalKeys.AUDIENCE, username, now, now + 3600));
    String[] parts = valid.split("\\.");
    Map<String, String> out = new LinkedHashMap<>();
    out.put("another key, same kid", "Bearer " + sameKid.sign(JwtSigner.claims(LocalKeys.ISSUER, LocalKeys.AUDIENCE,
        username, now, now + 3600)));
    out.put("alg none", "Bearer " + b64("{\"alg\":\"none\",\"kid\":\"" + LocalKeys.KID + "\"}") + "." + parts[1] + ".");
    out.put("another audience", "Bearer " + local.sign(JwtSigner.claims(LocalKeys.ISSUER, "another-app", username,
        now, now + 3600)));
    out.put("expired", "Bearer " + local.sign(JwtSigner.claims(LocalKeys.ISSUER, LocalKeys.AUDIENCE, username,
        now - 7200, now - 3600)));
    out.put("signature removed", "Bearer " + parts[0] + "." + parts[1] + ".");
    out.put("garbage", "Bearer not.a.token");
    return out;
  }

  /** The request a bench fixture describes, over HTTP, with a token for its caller and groups. */
  public Reply send(String method, String routePath, BenchRequest r) {
    Map<String, String> headers = new LinkedHashMap<>(r.headers());
    if (r.caller() != null) {
      headers.putIfAbsent("authorization", "Bearer " + token(r.caller(), r.groups()));
    }
    byte[] body = r.body() == null ? null : r.body().getBytes(StandardCharsets.UTF_8);
    return send(method, path(routePath, r.path()), r.query(), headers, body);
  }

  /**
   * The route's path with these values put in, percent-encoded as a client would (a value holding
   * {@code %} is taken as already encoded: the suites send {@code %2F} and broken UTF-8 that way).
   */
  public static String path(String routePath, Map<String, String> values) {
    String p = routePath;
    for (Map.Entry<String, String> v : values.entrySet()) {
      String value = v.getValue();
      String encoded = value.contains("%") ? value
          : URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
      p = p.replace("{" + v.getKey() + "}", encoded);
    }
    return p;
  }

  /** Exactly this request: {@code body} null for none. */
  public Reply send(String method, String path, Map<String, String> query, Map<String, String> headers, byte[] body) {
    StringBuilder uri = new StringBuilder(baseUrl()).append(path);
    String sep = "?";
    for (Map.Entry<String, String> q : query.entrySet()) {
      uri.append(sep).append(URLEncoder.encode(q.getKey(), StandardCharsets.UTF_8)).append('=')
          .append(URLEncoder.encode(q.getValue(), StandardCharsets.UTF_8));
      sep = "&";
    }
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(uri.toString()))
        .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
    headers.forEach(b::header);
    if (body != null && !headers.containsKey("content-type")) {
      b.header("content-type", "application/json");
    }
    try {
      HttpResponse<String> r = HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
      // Whatever the test asserts itself, the answer must be one the domain's openapi.json documents.
      answers.check(method, path, r.statusCode(), r.headers().firstValue("content-type").orElse(null), r.body());
      return new Reply(r.statusCode(), r.body(), r.headers().map());
    } catch (IOException e) {
      throw new IllegalStateException(method + " " + path + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** Every item of the table, in key order (a Scan: tests only), to compare before and after. */
  public List<Map<String, AttributeValue>> snapshot() {
    List<Map<String, AttributeValue>> items = new ArrayList<>(table.scanAll());
    items.sort(Comparator.comparing((Map<String, AttributeValue> i) -> i.get("PK").s())
        .thenComparing(i -> i.get("SK").s()));
    return items;
  }

  @Override
  public void close() {
    service.close();
    try {
      table.client().deleteTable(DeleteTableRequest.builder().tableName(table.name()).build());
    } catch (RuntimeException e) {
      System.err.println("could not delete " + table.name() + ": " + e.getMessage());
    }
    for (int i = resources.size() - 1; i >= 0; i--) {
      AutoCloseable r = resources.get(i);
      try {
        r.close();
      } catch (Exception e) {
        System.err.println("could not close " + r + ": " + e.getMessage());
      }
    }
  }

  /** An HTTP answer. */
  public record Reply(int status, String body, Map<String, List<String>> headers) {

    /** The answer as a JSON object, or null when it is not one. */
    public Map<String, Object> json() {
      try {
        return Json.readObject(body);
      } catch (IOException | RuntimeException e) {
        return null;
      }
    }

    /** The {@code error} member of a JSON error answer, or null. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> error() {
      Map<String, Object> j = json();
      return j != null && j.get("error") instanceof Map<?, ?> m ? (Map<String, Object>) m : null;
    }

    public String header(String name) {
      List<String> v = headers.get(name.toLowerCase(Locale.ROOT));
      return v == null || v.isEmpty() ? null : v.get(0);
    }

    @Override
    public String toString() {
      String b = body == null ? "" : body.replace("\n", "\\n");
      return status + " " + (b.length() > 160 ? b.substring(0, 160) + "..." : b);
    }
  }

  private static String b64(String json) {
    return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
  }

  private static KeyPair impostor() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
      g.initialize(2048);
      return g.generateKeyPair();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
