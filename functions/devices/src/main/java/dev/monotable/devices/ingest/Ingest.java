package dev.monotable.devices.ingest;

import dev.monotable.devices.ingest.IngestPlan.Batch;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.kit.bench.Stats;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.ops.BatchWrites;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

/**
 * The hot path of Devices, driven over HTTP: an {@link IngestPlan}'s batches POSTed to the batch
 * route of a running Devices service, each answer handled as its contract says (200 all written;
 * 207 resend only the events answered {@code unprocessed}; 429 or 503 throttled, resend after a
 * jittered backoff; anything else a failure), optionally held to a rate; then the engine's raw
 * BatchWriteItem rate measured on the same endpoint, the local limit the route is compared with.
 */
public final class Ingest {

  /** The batch route: 1-25 events of one device a request. */
  public static final String ROUTE = "POST /users/{user}/devices/{device}/events/batch";
  /** Attempts of one batch before its remaining events count as failed. */
  static final int ATTEMPTS = 10;

  private Ingest() {}

  /** Fails in one line when the domain has no batch route (a build without it). */
  public static void requireRoute(List<Endpoint> endpoints) {
    if (endpoints.stream().noneMatch(e -> e.routeKey().equals(ROUTE))) {
      throw new OpsMain.Failure("the Devices domain of this build has no route " + ROUTE
          + ": scripts/ingest needs the batch ingest route");
    }
  }

  /** What one run measured. */
  public record Result(int events, int devices, double rate, int batches, long requests, long written, long resent,
      long throttled, long failed, String firstFailure, double seconds, Stats perBatch, Stats perRequest,
      double rawItemsPerSecond, int rawItems) {

    /** Events written per second, the whole run. */
    public double itemsPerSecond() {
      return written / Math.max(1e-9, seconds);
    }
  }

  /** One batch's outcome: requests made, events written, resent, throttled, failed, time. */
  record Outcome(int requests, int written, int resent, int throttled, int failed, String failure, long nanos,
      List<Long> requestNanos) {}

  /** Sends one request and returns its status and body (an HTTP client; tests pass a fake). */
  @FunctionalInterface
  public interface Transport {
    Response post(String path, String authorization, String body) throws IOException, InterruptedException;
  }

  /** An HTTP answer: status, body and {@code Retry-After} in seconds (or -1). */
  public record Response(int status, String body, long retryAfterSeconds) {}

  /** A transport over {@link HttpClient} to {@code baseUrl}. */
  public static Transport http(String baseUrl) {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
        .build();
    return (path, authorization, body) -> {
      HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(baseUrl + path))
          .timeout(Duration.ofSeconds(60)).header("authorization", authorization)
          .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
          HttpResponse.BodyHandlers.ofString());
      long retryAfter = r.headers().firstValue("retry-after").map(v -> {
        try {
          return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
          return -1L;
        }
      }).orElse(-1L);
      return new Response(r.statusCode(), r.body(), retryAfter);
    };
  }

  /**
   * Creates the plan's users and devices through the routes ({@code PUT /users/{user}}, then
   * {@code PUT /users/{user}/devices/{device}}, each with its user's token); fails in one line on
   * any answer but 201.
   */
  public static void createFleet(IngestPlan plan, String baseUrl, Function<String, String> tokens, PrintStream progress)
      throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
        .build();
    for (int u = 0; u < plan.users(); u++) {
      String user = IngestPlan.user(u);
      put(client, baseUrl + "/users/" + user, tokens.apply(user),
          Json.write(Map.of("name", "Ingest user " + u, "email", user + "@example.com")));
    }
    for (int d = 0; d < plan.devices(); d++) {
      String user = IngestPlan.user(IngestPlan.ownerOf(d));
      put(client, baseUrl + "/users/" + user + "/devices/" + IngestPlan.device(d), tokens.apply(user),
          Json.write(Map.of("name", "Sensor " + d, "kind", "sensor")));
    }
    if (progress != null) {
      progress.printf(Locale.ROOT, "created %,d users and %,d devices through the routes%n", plan.users(),
          plan.devices());
    }
  }

  private static void put(HttpClient client, String url, String token, String body)
      throws IOException, InterruptedException {
    HttpResponse<String> r = client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
        .header("authorization", "Bearer " + token).header("content-type", "application/json")
        .PUT(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 201) {
      throw new OpsMain.Failure("PUT " + url + " answered " + r.statusCode() + " " + firstLine(r.body()));
    }
  }

  /** The same result with the raw BatchWriteItem rate measured after it. */
  public static Result withRaw(Result r, double rawItemsPerSecond, int rawItems) {
    return new Result(r.events(), r.devices(), r.rate(), r.batches(), r.requests(), r.written(), r.resent(),
        r.throttled(), r.failed(), r.firstFailure(), r.seconds(), r.perBatch(), r.perRequest(), rawItemsPerSecond,
        rawItems);
  }

  /**
   * Sends every batch of {@code plan}, at most {@code rate} events a second (0: as fast as the
   * answers come), drawing a progress bar on {@code progress} (null: silent).
   *
   * @param tokens the bearer token of each user
   */
  public static Result send(IngestPlan plan, double rate, Transport transport, Function<String, String> tokens,
      PrintStream progress) throws InterruptedException {
    List<Batch> batches = plan.batches();
    long started = System.nanoTime();
    long requests = 0;
    long written = 0;
    long resent = 0;
    long throttled = 0;
    long failed = 0;
    String firstFailure = null;
    long sent = 0;
    long[] perBatch = new long[batches.size()];
    List<Long> perRequest = new ArrayList<>();
    int shown = -1;
    for (int i = 0; i < batches.size(); i++) {
      Batch b = batches.get(i);
      if (rate > 0) {
        // Hold the run to the rate: this batch leaves when the events sent so far are due.
        long due = started + (long) (sent / rate * 1e9);
        long wait = due - System.nanoTime();
        if (wait > 0) {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
      }
      Outcome o = sendBatch(b, transport, "Bearer " + tokens.apply(b.user()));
      sent += b.events().size();
      perBatch[i] = o.nanos();
      perRequest.addAll(o.requestNanos());
      requests += o.requests();
      written += o.written();
      resent += o.resent();
      throttled += o.throttled();
      failed += o.failed();
      if (firstFailure == null && o.failure() != null) {
        firstFailure = o.failure();
      }
      shown = bar(progress, sent, plan.events(), shown, written, failed);
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    if (progress != null) {
      progress.println();
    }
    return new Result(plan.events(), plan.devices(), rate, batches.size(), requests, written, resent, throttled, failed,
        firstFailure, seconds, Stats.of(perBatch), Stats.of(perRequest.stream().mapToLong(Long::longValue).toArray()),
        0, 0);
  }

  /** One batch to the end: resends what the route left unprocessed, backs off when throttled. */
  static Outcome sendBatch(Batch b, Transport transport, String authorization) throws InterruptedException {
    List<Map<String, Object>> pending = b.events();
    int requests = 0;
    int written = 0;
    int resent = 0;
    int throttled = 0;
    List<Long> requestNanos = new ArrayList<>();
    long started = System.nanoTime();
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      long t0 = System.nanoTime();
      Response r;
      try {
        r = transport.post(b.path(), authorization, Batch.body(pending));
      } catch (IOException e) {
        r = new Response(503, "{\"error\":{\"message\":\"" + e.getClass().getSimpleName() + "\"}}", -1);
      }
      requests++;
      requestNanos.add(System.nanoTime() - t0);
      if (r.status() / 100 == 2) {
        // 200: all written (its results say so too); 207: the results name the unprocessed ones.
        List<Integer> left = r.status() == 207 ? unprocessed(r.body(), pending.size()) : List.of();
        written += pending.size() - left.size();
        if (left.isEmpty()) {
          return new Outcome(requests, written, resent, throttled, 0, null, System.nanoTime() - started, requestNanos);
        }
        List<Map<String, Object>> again = new ArrayList<>();
        for (int k : left) {
          again.add(pending.get(k));
        }
        pending = again;
        resent += again.size();
      } else if (r.status() == 429 || r.status() == 503) {
        throttled++;
      } else {
        String failure = r.status() + " " + firstLine(r.body()) + " (" + b.path() + ")";
        return new Outcome(requests, written, resent, throttled, pending.size(), failure, System.nanoTime() - started,
            requestNanos);
      }
      Thread.sleep(backoffMillis(attempt, r.retryAfterSeconds()));
    }
    return new Outcome(requests, written, resent, throttled, pending.size(), "events still unprocessed after "
        + ATTEMPTS + " attempts (" + b.path() + ")", System.nanoTime() - started, requestNanos);
  }

  /**
   * The indexes of the sent events a 207 answer leaves unprocessed: its {@code results} entries
   * with {@code status} {@code unprocessed}. An answer that cannot be read leaves all.
   */
  static List<Integer> unprocessed(String body, int sent) {
    List<Integer> left = new ArrayList<>();
    try {
      Object results = Json.readObject(body).get("results");
      if (!(results instanceof List<?> list)) {
        throw new IOException("no results");
      }
      for (Object o : list) {
        if (o instanceof Map<?, ?> m && "unprocessed".equals(m.get("status")) && m.get("index") instanceof Number n
            && n.intValue() >= 0 && n.intValue() < sent) {
          left.add(n.intValue());
        }
      }
      return left;
    } catch (IOException e) {
      for (int k = 0; k < sent; k++) {
        left.add(k);
      }
      return left;
    }
  }

  /** 50 ms doubling to 2 s, full jitter; or what {@code Retry-After} asks. */
  static long backoffMillis(int attempt, long retryAfterSeconds) {
    if (retryAfterSeconds >= 0) {
      return Math.min(10_000, retryAfterSeconds * 1000);
    }
    long cap = Math.min(2000, 50L << Math.min(attempt, 10));
    return ThreadLocalRandom.current().nextLong(cap / 2, cap + 1);
  }

  /**
   * The engine's raw write rate on {@code table}: {@code n} event items (the domain's own
   * {@code Event.toItem()}) in plain BatchWriteItem calls of 25 with the SDK, unprocessed ones
   * retried (the operator tools' {@link BatchWrites}). Items per second.
   */
  public static double rawRate(DynamoDbClient client, String table, int n, Instant now) {
    return BatchWrites.write(client, table, sink -> {
      for (int k = 0; k < n; k++) {
        Map<String, AttributeValue> item = new Event("ingest-raw", "raw-" + (k % 1000),
            Timestamps.format(now.minusSeconds(60L * (k / 1000 + 1))), 0, IngestPlan.TYPES.get(k % 5),
            BigDecimal.valueOf(k % 500, 1), "Raw sensor", 1, Timestamps.format(now)).toItem();
        sink.accept(item);
      }
    }, n, null);
  }

  /**
   * Devices whose {@code Recent} is not the newest {@link Device#RECENT_MAX} events the plan sent
   * them (time and sequence, newest first): what the stream consumers left behind. BatchGetItem of
   * the devices, 100 keys a request, UnprocessedKeys retried.
   */
  public static int recentLagging(IngestPlan plan, DynamoDbClient client, String table) {
    int lagging = 0;
    for (int from = 0; from < plan.devices(); from += 100) {
      List<Map<String, AttributeValue>> keys = new ArrayList<>();
      for (int d = from; d < Math.min(plan.devices(), from + 100); d++) {
        keys.add(DevicesKeys.device(IngestPlan.user(IngestPlan.ownerOf(d)), IngestPlan.device(d)).toMap());
      }
      Map<String, Device> found = new java.util.HashMap<>();
      while (!keys.isEmpty()) {
        BatchGetItemResponse r = client.batchGetItem(BatchGetItemRequest.builder().requestItems(Map.of(table,
            KeysAndAttributes.builder().keys(keys).consistentRead(true).build())).build());
        for (Map<String, AttributeValue> item : r.responses().getOrDefault(table, List.of())) {
          Device dev = Device.fromItem(item);
          found.put(dev.device(), dev);
        }
        KeysAndAttributes left = r.unprocessedKeys().get(table);
        keys = left == null ? List.of() : new ArrayList<>(left.keys());
      }
      for (int d = from; d < Math.min(plan.devices(), from + 100); d++) {
        Device dev = found.get(IngestPlan.device(d));
        List<String> want = new ArrayList<>();
        List<Map<String, Object>> events = plan.eventsOfDevice(d);
        for (int k = events.size() - 1; k >= 0 && want.size() < Device.RECENT_MAX; k--) {
          want.add(events.get(k).get("at") + "#" + events.get(k).get("seq"));
        }
        List<String> got = dev == null ? List.of() : dev.recent().stream().map(x -> x.at() + "#" + x.seq()).toList();
        if (!want.equals(got)) {
          lagging++;
        }
      }
    }
    return lagging;
  }

  private static int bar(PrintStream out, long done, int total, int shown, long written, long failed) {
    int pct = (int) (100L * done / Math.max(1, total));
    if (out == null || pct == shown) {
      return shown;
    }
    int filled = pct * 30 / 100;
    out.printf(Locale.ROOT, "\ringest [%s%s] %3d%% %,d/%,d events, %,d written, %,d failed", "#".repeat(filled),
        " ".repeat(30 - filled), pct, done, total, written, failed);
    out.flush();
    return pct;
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    String line = s.lines().findFirst().orElse("");
    return line.length() > 200 ? line.substring(0, 200) + "..." : line;
  }
}
