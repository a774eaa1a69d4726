package dev.monotable.kit.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.data.CallMeter;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.internal.data.MemoizedEndpoints;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.local.LocalDomain;
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
import software.amazon.awssdk.http.SdkHttpClient;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Monotable against the domain's conventional peer ({@link BenchDomain#peer()}, for example
 * one in module {@code bench/}) on the same requests over the same items: requests per call, warm overhead on a
 * replaying HTTP client ({@link ReplayHttpClient}), cold start to the first answer in fresh JVMs
 * alternated ABAB, classes loaded to the first answer, and jar size. Every figure becomes a ratio
 * Monotable / peer in the report.
 *
 * @param <S> the domain's services, which the fixtures use
 */
public final class PeerBench<S extends DomainServices> {

  /**
   * One compared pattern: the domain's case of that pattern alone and the peer handler answering
   * the same request.
   *
   * @param pattern the pattern; the domain has a case serving exactly it
   * @param kind what the pattern does, for the report (for example {@code GetItem})
   * @param peerHandler the peer's handler class, built by {@link BenchDomain.Peer#handler} and cold-started by name
   * @param sameField for an answer that is one item, the field both sides must answer alike (null: not compared);
   *     list answers must hold as many items
   */
  public record Pair(AccessPatternSpec pattern, String kind, String peerHandler, String sameField) {}

  /** Warm figures of one side: per-call latency on the replaying client, and the requests it replays. */
  public record Warm(Stats latency, int requests, String operations, int failures) {}

  /**
   * Cold figures of one side on one JVM: spawn to first answer per run, classes loaded to the first
   * answer (-1: not counted), its AOT cache (null without one).
   */
  public record Cold(long[] toAnswerNanos, int classes, ColdStart.Training training, String failure) {
    public double medianMs() {
      return Stats.medianMs(toAnswerNanos);
    }

    public double minMs() {
      return java.util.Arrays.stream(toAnswerNanos).min().orElse(0) / 1e6;
    }

    public double maxMs() {
      return java.util.Arrays.stream(toAnswerNanos).max().orElse(0) / 1e6;
    }
  }

  /** Both sides' cold figures on one JVM. */
  public record ColdPair(ColdStart.Jvm jvm, Cold monotable, Cold peer) {}

  /** Both sides of one pattern; {@code colds} one entry per cold JVM, the first the baseline (empty: no cold runs). */
  public record Result(Pair pair, Warm monotable, Warm peer, List<ColdPair> colds) {
    public Result {
      colds = List.copyOf(colds);
    }

    /** Monotable's cold figures on the first JVM, or null. */
    public Cold monotableCold() {
      return colds.isEmpty() ? null : colds.get(0).monotable();
    }

    /** The peer's cold figures on the first JVM, or null. */
    public Cold peerCold() {
      return colds.isEmpty() ? null : colds.get(0).peer();
    }
  }

  private final LocalDomain local;
  private final BenchDomain<S> domain;
  private final URI endpoint;
  private final String region;
  private final byte[] secret;

  /**
   * @param local the domain's handlers
   * @param domain the domain's cases and its peer (not null)
   */
  public PeerBench(LocalDomain local, BenchDomain<S> domain, URI endpoint, String region, byte[] secret) {
    this.local = local;
    this.domain = domain;
    this.endpoint = endpoint;
    this.region = region;
    this.secret = secret;
  }

  /** A fresh case of the pair's pattern alone (its own invocation counter). */
  BenchCase<S> freshCase(Pair pair) {
    return domain.cases(local.domain()).stream().filter(c -> c.patterns().equals(List.of(pair.pattern()))).findFirst()
        .orElseThrow(() -> new IllegalStateException("no bench case serves " + pair.pattern().name()));
  }

  // ---- warm ------------------------------------------------------------------------------------

  /**
   * Records one invocation of each side against the engine (table {@code table}, holding the demo
   * and bench data, {@link BenchTable#load}), then times both on clients that replay those answers: {@code warmup}
   * calls each, then {@code iterations} each in rounds of {@code round}, the side going first
   * alternating from round to round so drift in the machine's load falls on both.
   */
  public Result warm(Pair pair, String table, int warmup, int iterations, int round) {
    // Record: one invocation per side on the real engine.
    RequestRecorder recorder = new RequestRecorder();
    ReplayHttpClient monoTape = ReplayHttpClient.recording(urlConnection());
    BenchTable<S> recording = wire(monotableClient(monoTape, recorder), table);
    BenchCase<S> monoCase = freshCase(pair);
    Invoker.Sample first = new Invoker<>(recording, recorder).invoke(monoCase);
    if (!first.ok()) {
      throw new IllegalStateException(pair.pattern() + " Monotable answered " + first.status() + ": " + first.body());
    }
    List<ReplayHttpClient.Exchange> monoExchanges = monoTape.exchanges();

    ReplayHttpClient peerTape = ReplayHttpClient.recording(urlConnection());
    RequestRecorder peerRecorder = new RequestRecorder();
    BenchCase<S> peerCase = freshCase(pair);
    PeerTarget<S> peerRecording = new PeerTarget<>(peer(pair, peerClient(peerTape, peerRecorder), table), peerCase,
        recording.services(), peerRecorder);
    Invoker.Sample peerFirst = peerRecording.invoke();
    if (!peerFirst.ok()) {
      throw new IllegalStateException(pair.pattern() + " peer answered " + peerFirst.status() + ": " + peerFirst.body());
    }
    List<ReplayHttpClient.Exchange> peerExchanges = peerTape.exchanges();
    sameAnswer(pair, first.body(), peerFirst.body());

    // Replay: the same answers again and again, no socket.
    RequestRecorder monoReplayRecorder = new RequestRecorder();
    BenchTable<S> replay = wire(monotableClient(ReplayHttpClient.replaying(monoExchanges), monoReplayRecorder),
        table);
    Invoker<S> monoInvoker = new Invoker<>(replay, monoReplayRecorder);
    Function<Integer, Invoker.Sample> mono = i -> monoInvoker.invoke(monoCase);
    RequestRecorder peerReplayRecorder = new RequestRecorder();
    PeerTarget<S> peerReplay = new PeerTarget<>(peer(pair, peerClient(ReplayHttpClient.replaying(peerExchanges),
        peerReplayRecorder), table), peerCase, recording.services(), peerReplayRecorder);
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
    return new Result(pair, m, p, List.of());
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
    } else if (pair.sameField() != null
        && !String.valueOf(m.get(pair.sameField())).equals(String.valueOf(p.get(pair.sameField())))) {
      throw new IllegalStateException(pair.pattern() + ": Monotable and the peer answered different items ("
          + pair.sameField() + " differs)");
    }
  }

  // ---- cold ------------------------------------------------------------------------------------

  /**
   * {@code runs} cold starts of each side on each JVM, alternated run by run (Monotable on JVM A,
   * peer on A, Monotable on B, peer on B, then A again...) so machine noise falls on every variant
   * alike, after the training runs of the JVMs with an AOT cache (one per side, untimed); then one
   * run per side with the class-load log, on the first JVM.
   */
  public Result cold(Result warm, ColdStart<S> cold, Path peerJar, List<ColdStart.Jvm> jvms, int runs) {
    Pair pair = warm.pair();
    // Lambda hands both functions their credentials in the environment.
    Map<String, String> credentials = Map.of("AWS_ACCESS_KEY_ID", "local", "AWS_SECRET_ACCESS_KEY", "local");
    BenchCase<S> monoCase = freshCase(pair);
    BenchCase<S> peerCase = freshCase(pair);
    ColdStart.Subject mono = cold.monotable(monoCase, credentials);
    ColdStart.Subject peer = new ColdStart.Subject("peer", peerJar, pair.peerHandler(), credentials);
    long[][] m = new long[jvms.size()][runs];
    long[][] p = new long[jvms.size()][runs];
    ColdStart.Training[][] trained = new ColdStart.Training[jvms.size()][2];
    String failure = null;
    int mClasses = -1;
    int pClasses = -1;
    try {
      for (int j = 0; j < jvms.size(); j++) {
        trained[j][0] = cold.train(jvms.get(j), mono, monoCase);
        trained[j][1] = cold.train(jvms.get(j), peer, peerCase);
      }
      for (int i = 0; i < runs; i++) {
        for (int j = 0; j < jvms.size(); j++) {
          m[j][i] = cold.timed(jvms.get(j), mono, monoCase).toAnswerNanos();
          p[j][i] = cold.timed(jvms.get(j), peer, peerCase).toAnswerNanos();
        }
      }
      ColdStart.ClassCounts mc = cold.classes(jvms.get(0), mono, monoCase);
      ColdStart.ClassCounts pc = cold.classes(jvms.get(0), peer, peerCase);
      mClasses = mc.beforeInvocation() + mc.firstInvocation();
      pClasses = pc.beforeInvocation() + pc.firstInvocation();
    } catch (IOException | RuntimeException e) {
      failure = e.getMessage();
    }
    List<ColdPair> pairs = new ArrayList<>();
    for (int j = 0; j < jvms.size(); j++) {
      pairs.add(new ColdPair(jvms.get(j), new Cold(m[j], j == 0 ? mClasses : -1, trained[j][0], failure),
          new Cold(p[j], j == 0 ? pClasses : -1, trained[j][1], failure)));
    }
    return new Result(pair, warm.monotable(), warm.peer(), pairs);
  }

  // ---- clients ---------------------------------------------------------------------------------

  private BenchTable<S> wire(DynamoDbClient client, String table) {
    return BenchTable.wire(local, domain, new TableGateway(client, table, new CursorCodec(secret), Clock.systemUTC()));
  }

  private static SdkHttpClient urlConnection() {
    return UrlConnectionHttpClient.builder().build();
  }

  /**
   * Monotable's client as {@link DynamoDbClients#create} builds it (deadlines, region, endpoint, its
   * {@link MemoizedEndpoints}, and first the {@link CallMeter} that asks every request of an invocation for its consumed capacity
   * and counts it into the metric line) on another HTTP client. Without the meter the warm figure
   * left out a request copy per call and the capacity in every answer, which Lambda pays.
   */
  DynamoDbClient monotableClient(SdkHttpClient http, RequestRecorder recorder) {
    return DynamoDbClient.builder()
        .overrideConfiguration(ClientOverrideConfiguration.builder()
            .apiCallAttemptTimeout(DynamoDbClients.ATTEMPT_TIMEOUT)
            .apiCallTimeout(DynamoDbClients.CALL_TIMEOUT)
            .addExecutionInterceptor(new CallMeter())
            .addExecutionInterceptor(recorder)
            .build())
        .region(Region.of(region))
        .endpointOverride(endpoint)
        .endpointProvider(MemoizedEndpoints.ofDefault())
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

  private RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> peer(Pair pair, DynamoDbClient client,
      String table) {
    return domain.peer().handler(pair, client, table);
  }

  /** Invokes a peer handler as {@link Invoker} invokes Monotable's: event built first, then timed. */
  static final class PeerTarget<S extends DomainServices> {
    private final RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler;
    private final BenchCase<S> benchCase;
    private final S fixtures;
    private final RequestRecorder recorder;
    private long sequence;

    PeerTarget(RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler, BenchCase<S> benchCase,
        S fixtures, RequestRecorder recorder) {
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
