package dev.monotable.kit.bench;

import dev.monotable.forge.bench.BenchData;
import dev.monotable.forge.bench.Cases;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.forge.functions.Services;
import dev.monotable.forge.catalog.AccessPattern;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.json.Json;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.enhanced.dynamodb.DynamoDbEnhancedClient;
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Monotable against the conventional peer (module {@code bench/}, {@code dev.monotable.bench.peer})
 * on the same requests over the same items: requests per call, warm overhead on a replaying HTTP
 * client ({@link ReplayHttpClient}), cold start to the first answer in fresh JVMs alternated
 * ABAB, classes loaded to the first answer, and jar size. Every figure becomes a ratio
 * Monotable / peer in the report.
 */
public final class PeerBench {
  /** Where the peer's shaded jar lands: built by {@code mvn package} like the functions Lambda jar. */
  public static final String PEER_JAR = "bench/target/monotable-bench-peer-lambda.jar";
  private static final String PEER_PACKAGE = "dev.monotable.bench.peer.";

  /** One compared pattern: the Monotable case and the peer handler answering the same request. */
  public record Pair(AccessPattern pattern, String kind, String peerHandler) {
    /** A fresh Monotable case (its own invocation counter). */
    BenchCase freshCase() {
      return Cases.all().stream().filter(c -> c.patterns().equals(List.of(pattern))).findFirst()
          .orElseThrow(() -> new IllegalStateException("no bench case serves " + pattern));
    }
  }

  /** The peer's patterns: a GetItem one, a Query one, a two-write one and a transaction one. */
  public static final List<Pair> PAIRS = List.of(
      new Pair(AccessPattern.AP23, "GetItem", PEER_PACKAGE + "GetIssueHandler"),
      new Pair(AccessPattern.AP25, "Query", PEER_PACKAGE + "ListOpenIssuesHandler"),
      new Pair(AccessPattern.AP22, "UpdateItem + PutItem", PEER_PACKAGE + "CreateIssueHandler"),
      new Pair(AccessPattern.AP28, "transaction", PEER_PACKAGE + "CreateCommentHandler"));

  /** Warm figures of one side: per-call latency on the replaying client, and the requests it replays. */
  public record Warm(Stats latency, int requests, String operations, int failures) {}

  /** Cold figures of one side: spawn to first answer per run, classes loaded to the first answer. */
  public record Cold(long[] toAnswerNanos, int classes, String failure) {
    public double medianMs() {
      return Stats.medianMs(toAnswerNanos);
    }
  }

  /** Both sides of one pattern. */
  public record Result(Pair pair, Warm monotable, Warm peer, Cold monotableCold, Cold peerCold) {}

  private final URI endpoint;
  private final String region;
  private final byte[] secret;

  public PeerBench(URI endpoint, String region, byte[] secret) {
    this.endpoint = endpoint;
    this.region = region;
    this.secret = secret;
  }

  // ---- warm ------------------------------------------------------------------------------------

  /**
   * Records one invocation of each side against the engine (table {@code table}, seeded with
   * {@link BenchData}), then times both on clients that replay those answers: {@code warmup}
   * calls each, then {@code iterations} each in rounds of {@code round}, the side going first
   * alternating from round to round so drift in the machine's load falls on both.
   */
  public Result warm(Pair pair, String table, int warmup, int iterations, int round) {
    // Record: one invocation per side on the real engine.
    RequestRecorder recorder = new RequestRecorder();
    ReplayHttpClient monoTape = ReplayHttpClient.recording(urlConnection());
    Services recordingServices = services(monotableClient(monoTape, recorder), table);
    BenchCase monoCase = pair.freshCase();
    Invoker.Sample first = new Invoker(recordingServices, recorder).invoke(monoCase);
    if (!first.ok()) {
      throw new IllegalStateException(pair.pattern() + " Monotable answered " + first.status() + ": " + first.body());
    }
    List<ReplayHttpClient.Exchange> monoExchanges = monoTape.exchanges();

    ReplayHttpClient peerTape = ReplayHttpClient.recording(urlConnection());
    RequestRecorder peerRecorder = new RequestRecorder();
    BenchCase peerCase = pair.freshCase();
    PeerTarget peerRecording = new PeerTarget(peer(pair, peerClient(peerTape, peerRecorder), table), peerCase,
        recordingServices, peerRecorder);
    Invoker.Sample peerFirst = peerRecording.invoke();
    if (!peerFirst.ok()) {
      throw new IllegalStateException(pair.pattern() + " peer answered " + peerFirst.status() + ": " + peerFirst.body());
    }
    List<ReplayHttpClient.Exchange> peerExchanges = peerTape.exchanges();
    sameAnswer(pair, first.body(), peerFirst.body());

    // Replay: the same answers again and again, no socket.
    RequestRecorder monoReplayRecorder = new RequestRecorder();
    Services replayServices = services(monotableClient(ReplayHttpClient.replaying(monoExchanges), monoReplayRecorder),
        table);
    Invoker monoInvoker = new Invoker(replayServices, monoReplayRecorder);
    Function<Integer, Invoker.Sample> mono = i -> monoInvoker.invoke(monoCase);
    RequestRecorder peerReplayRecorder = new RequestRecorder();
    PeerTarget peerReplay = new PeerTarget(peer(pair, peerClient(ReplayHttpClient.replaying(peerExchanges),
        peerReplayRecorder), table), peerCase, recordingServices, peerReplayRecorder);
    Function<Integer, Invoker.Sample> peer = i -> peerReplay.invoke();

    for (int i = 0; i < warmup; i++) {
      mono.apply(i);
      peer.apply(i);
    }
    List<Long> monoNanos = new ArrayList<>();
    List<Long> peerNanos = new ArrayList<>();
    int[] failures = new int[2];
    for (int done = 0, r = 0; done < iterations; r++) {
      int n = Math.min(round, iterations - done);
      boolean monoFirst = r % 2 == 0;
      for (int side = 0; side < 2; side++) {
        boolean isMono = (side == 0) == monoFirst;
        for (int i = 0; i < n; i++) {
          Invoker.Sample s = (isMono ? mono : peer).apply(i);
          if (!s.ok()) {
            failures[isMono ? 0 : 1]++;
          } else {
            (isMono ? monoNanos : peerNanos).add(s.latencyNanos());
          }
        }
      }
      done += n;
    }
    Warm m = new Warm(Stats.of(monoNanos.stream().mapToLong(Long::longValue).toArray()), first.calls().count(),
        first.calls().describe(), failures[0]);
    Warm p = new Warm(Stats.of(peerNanos.stream().mapToLong(Long::longValue).toArray()), peerFirst.calls().count(),
        peerFirst.calls().describe(), failures[1]);
    return new Result(pair, m, p, null, null);
  }

  /**
   * The peer reads Monotable's items with keys written out by hand: when the model moves a key,
   * the peer would answer an empty page or a 404 and the ratios would compare unlike work. Reads
   * must answer the same page or item.
   */
  static void sameAnswer(Pair pair, String monotableBody, String peerBody) {
    Map<String, Object> m;
    Map<String, Object> p;
    try {
      m = Json.readObject(monotableBody);
      p = Json.readObject(peerBody);
    } catch (IOException e) {
      throw new IllegalStateException(pair.pattern() + ": an answer is not a JSON object", e);
    }
    if (m.get("items") instanceof List<?> mi) {
      int peerItems = p.get("items") instanceof List<?> pi ? pi.size() : -1;
      if (mi.size() != peerItems) {
        throw new IllegalStateException(pair.pattern() + ": Monotable listed " + mi.size() + " items, the peer "
            + peerItems + "; the peer's keys in bench/ no longer match the model");
      }
    } else if (pair.pattern() == AccessPattern.AP23 && !String.valueOf(m.get("title")).equals(String.valueOf(p.get("title")))) {
      throw new IllegalStateException(pair.pattern() + ": Monotable and the peer answered different issues");
    }
  }

  // ---- cold ------------------------------------------------------------------------------------

  /**
   * {@code runs} cold starts of each side, alternated ABAB (Monotable, peer, Monotable, ...), then
   * one run each with the class-load log.
   */
  public Result cold(Result warm, ColdStart cold, Path peerJar, String java, int runs) {
    Pair pair = warm.pair();
    // Lambda hands both functions their credentials in the environment.
    Map<String, String> credentials = Map.of("AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local");
    BenchCase monoCase = pair.freshCase();
    BenchCase peerCase = pair.freshCase();
    ColdStart.Subject mono = cold.monotable(monoCase, credentials);
    ColdStart.Subject peer = new ColdStart.Subject("peer", peerJar, pair.peerHandler(), credentials);
    long[] m = new long[runs];
    long[] p = new long[runs];
    String failure = null;
    int mClasses = -1;
    int pClasses = -1;
    try {
      for (int i = 0; i < runs; i++) {
        m[i] = cold.timed(java, mono, monoCase).toAnswerNanos();
        p[i] = cold.timed(java, peer, peerCase).toAnswerNanos();
      }
      ColdStart.ClassCounts mc = cold.classes(java, mono, monoCase);
      ColdStart.ClassCounts pc = cold.classes(java, peer, peerCase);
      mClasses = mc.beforeInvocation() + mc.firstInvocation();
      pClasses = pc.beforeInvocation() + pc.firstInvocation();
    } catch (IOException | RuntimeException e) {
      failure = e.getMessage();
    }
    return new Result(pair, warm.monotable(), warm.peer(), new Cold(m, mClasses, failure), new Cold(p, pClasses, failure));
  }

  // ---- clients ---------------------------------------------------------------------------------

  private Services services(DynamoDbClient client, String table) {
    return new Services(new TableGateway(client, table, new CursorCodec(secret), Clock.systemUTC()), null);
  }

  private static SdkHttpClient urlConnection() {
    return UrlConnectionHttpClient.builder().build();
  }

  /** Monotable's client ({@link DynamoDbClients#create}: deadlines, region, endpoint) on another HTTP client. */
  DynamoDbClient monotableClient(SdkHttpClient http, RequestRecorder recorder) {
    return DynamoDbClient.builder()
        .overrideConfiguration(ClientOverrideConfiguration.builder()
            .apiCallAttemptTimeout(DynamoDbClients.ATTEMPT_TIMEOUT)
            .apiCallTimeout(DynamoDbClients.CALL_TIMEOUT)
            .addExecutionInterceptor(recorder)
            .build())
        .region(Region.of(region))
        .endpointOverride(endpoint)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
        .httpClient(http)
        .build();
  }

  /** The peer's client: the SDK's defaults (no deadlines), the HTTP client swapped for the replay. */
  DynamoDbClient peerClient(SdkHttpClient http, RequestRecorder recorder) {
    return DynamoDbClient.builder()
        .overrideConfiguration(ClientOverrideConfiguration.builder().addExecutionInterceptor(recorder).build())
        .region(Region.of(region))
        .endpointOverride(endpoint)
        .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
        .httpClient(http)
        .build();
  }

  @SuppressWarnings("unchecked")
  static RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> peer(Pair pair, DynamoDbClient client,
      String table) {
    try {
      return (RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>) Class.forName(pair.peerHandler())
          .getConstructor(DynamoDbEnhancedClient.class, String.class)
          .newInstance(DynamoDbEnhancedClient.builder().dynamoDbClient(client).build(), table);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot build " + pair.peerHandler(), e);
    }
  }

  /** Invokes a peer handler as {@link Invoker} invokes Monotable's: event built first, then timed. */
  static final class PeerTarget {
    private final RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler;
    private final BenchCase benchCase;
    private final Services fixtures;
    private final RequestRecorder recorder;
    private long sequence;

    PeerTarget(RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler, BenchCase benchCase,
        Services fixtures, RequestRecorder recorder) {
      this.handler = handler;
      this.benchCase = benchCase;
      this.fixtures = fixtures;
      this.recorder = recorder;
    }

    Invoker.Sample invoke() {
      BenchRequest request = benchCase.next(fixtures);
      APIGatewayV2HTTPEvent event = request.toEvent(benchCase.endpoint().method(), benchCase.endpoint().path(),
          "peer-" + (++sequence));
      recorder.reset();
      long start = System.nanoTime();
      APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);
      long latency = System.nanoTime() - start;
      return new Invoker.Sample(response.getStatusCode(), latency, recorder.calls(), response.getBody());
    }
  }
}
