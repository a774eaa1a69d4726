package dev.monotable.scripts.local;

import dev.monotable.functions.Services;
import dev.monotable.shared.Env;
import dev.monotable.shared.auth.JwtSigner;
import dev.monotable.shared.auth.JwtVerifier;
import dev.monotable.shared.data.CursorCodec;
import dev.monotable.shared.data.DynamoDbClients;
import dev.monotable.shared.data.TableGateway;
import dev.monotable.shared.local.LocalEngine;
import dev.monotable.shared.schema.TableSchema;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * The whole service on this machine ({@code scripts/dev}): the local engine on 127.0.0.1:8000 unless
 * {@code DYNAMODB_ENDPOINT} points elsewhere, the table from the shared schema, demo data unless
 * {@code --no-seed} (the engine itself expires TTL items), the stream pipeline (ST1..ST4,
 * {@link StreamPipeline}) and the HTTP API on 127.0.0.1:{@code PORT} (3000).
 */
public final class LocalService implements AutoCloseable {
  public static final int DEFAULT_PORT = 3000;
  public static final int ENGINE_PORT = 8000;
  public static final String DEFAULT_TABLE = "monotable-local";

  private final List<AutoCloseable> resources = new ArrayList<>();
  private LocalApi api;
  private StreamPipeline pipeline;
  private String endpoint;
  private String tableName;

  /**
   * Options of one start; tests pass port 0, their own table and client.
   *
   * @param port HTTP port, 0 for a free one
   * @param dynamoEndpoint DynamoDB endpoint, null for AWS (or for the engine this start launches)
   * @param startEngine launch the local engine on 127.0.0.1:8000 and use it
   * @param client client to use, or null to build one for the endpoint
   * @param clock the service's clock (timestamps, TTL filters of AP11/AP12); tests pass one they move
   * @param streams run the stream pipeline (ST1..ST4 in-process, as Lambda runs them on AWS)
   */
  public record Options(int port, URI dynamoEndpoint, boolean startEngine, String tableName, boolean seed,
      LocalKeys keys, DynamoDbClient client, Clock clock, boolean streams) {

    /** Without a clock of its own and without the stream pipeline. */
    public Options(int port, URI dynamoEndpoint, boolean startEngine, String tableName, boolean seed,
        LocalKeys keys, DynamoDbClient client) {
      this(port, dynamoEndpoint, startEngine, tableName, seed, keys, client, null, false);
    }

    /** The same options with the stream pipeline on or off. */
    public Options withStreams(boolean on) {
      return new Options(port, dynamoEndpoint, startEngine, tableName, seed, keys, client, clock, on);
    }

    /** The same options with this clock. */
    public Options withClock(Clock c) {
      return new Options(port, dynamoEndpoint, startEngine, tableName, seed, keys, client, c, streams);
    }
  }

  public static void main(String[] args) throws Exception {
    boolean seed = true;
    for (String a : args) {
      if (a.equals("--no-seed")) {
        seed = false;
      } else {
        System.err.println("usage: scripts/dev [--no-seed]");
        System.exit(2);
      }
    }
    String configured = Env.get(Env.DYNAMODB_ENDPOINT);
    String table = Env.get(Env.TABLE_NAME);
    LocalService service = new LocalService();
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      service.close();
      stopped.countDown();
    }));
    service.start(new Options(port(), configured == null ? null : URI.create(configured), configured == null,
        table == null ? DEFAULT_TABLE : table, seed, LocalKeys.inWorkingDirectory(), null).withStreams(true));
    String base = service.api.baseUrl();
    System.out.println();
    System.out.println("Monotable (Forge) is running locally");
    System.out.println("  API      " + base);
    System.out.println("  health   " + base + "/health");
    System.out.println("  JWKS     " + base + "/.well-known/jwks.json");
    System.out.println("  DynamoDB " + service.endpoint + "  table " + service.tableName);
    System.out.println("  streams  ST1-ST4 in-process; one JSON line per batch below; dead letters in "
        + service.pipeline.deadLetterFile());
    System.out.println();
    System.out.println("Try:");
    System.out.println("  curl -s " + base + "/repos/alice/hello-forge/issues");
    System.out.println("  curl -s -X POST " + base + "/repos/alice/hello-forge/issues \\");
    // The token's issuer names the port, so a non-default PORT must reach scripts/token too.
    String tokenCommand = (service.api.port() == DEFAULT_PORT ? "" : "PORT=" + service.api.port() + " ")
        + "scripts/token alice";
    System.out.println("       -H \"Authorization: Bearer $(" + tokenCommand + ")\" -H 'content-type: application/json' \\");
    System.out.println("       -d '{\"title\":\"My first issue\",\"body\":\"Hello\"}'");
    System.out.println();
    System.out.println("Ctrl-C stops the API and everything it started.");
    stopped.await();
  }

  static int port() {
    String p = System.getenv("PORT");
    return p == null || p.isBlank() ? DEFAULT_PORT : Integer.parseInt(p.trim());
  }

  /** Starts everything; on failure, stops what was started. */
  public LocalService start(Options o) throws Exception {
    try {
      URI dynamo = o.dynamoEndpoint();
      if (o.startEngine()) {
        if (LocalEngine.listening(ENGINE_PORT)) {
          throw new IllegalStateException("port " + ENGINE_PORT + " is in use; stop what runs there or set "
              + "DYNAMODB_ENDPOINT=http://127.0.0.1:" + ENGINE_PORT + " to use it");
        }
        LocalEngine engine = LocalEngine.start(ENGINE_PORT);
        resources.add(engine);
        dynamo = engine.endpoint();
      }
      endpoint = dynamo == null ? "aws" : dynamo.toString();
      tableName = o.tableName();
      DynamoDbClient client = o.client();
      if (client == null) {
        client = DynamoDbClients.create(dynamo, region());
        resources.add(client);
      }
      boolean created = ensureTable(client, tableName);
      Clock clock = o.clock() == null ? Clock.systemUTC() : o.clock();
      TableGateway table = new TableGateway(client, tableName,
          new CursorCodec(Base64.getDecoder().decode(o.keys().cursorSecret())), clock);
      JwtSigner signer = o.keys().signer();
      int port = o.port() == 0 ? LocalEngine.freePort() : o.port();
      JwtVerifier verifier = new JwtVerifier(LocalKeys.issuer(port), LocalKeys.AUDIENCE, signer::jwks,
          Clock.systemUTC());
      Services services = new Services(table, verifier);
      if (o.seed() && created) {
        Seed.demo(services);
      }
      if (o.streams()) {
        DynamoDbStreamsClient streamsClient = StreamPipeline.streamsClient(dynamo, region());
        resources.add(streamsClient);
        pipeline = new StreamPipeline(streamsClient, tableName, StreamPipeline.catalogConsumers(services),
            o.keys().directory().resolve("stream-dead-letters.jsonl"), System.out).start();
        resources.add(pipeline);
      }
      api = LocalApi.start(port, services, verifier, signer.jwks());
      resources.add(api);
      return this;
    } catch (Exception | Error e) {
      close();
      throw e;
    }
  }

  public LocalApi api() {
    return api;
  }

  /** The stream pipeline, or null when started without it. */
  public StreamPipeline pipeline() {
    return pipeline;
  }

  private static boolean ensureTable(DynamoDbClient client, String table) {
    try {
      client.describeTable(DescribeTableRequest.builder().tableName(table).build());
      return false;
    } catch (ResourceNotFoundException absent) {
      client.createTable(TableSchema.createTableRequest(table));
      client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(table).build());
      client.updateTimeToLive(TableSchema.enableTtlRequest(table));
      return true;
    }
  }

  private static String region() {
    String r = Env.get(Env.AWS_REGION);
    return r == null ? "us-east-1" : r;
  }

  @Override
  public synchronized void close() {
    for (int i = resources.size() - 1; i >= 0; i--) {
      try {
        resources.get(i).close();
      } catch (Exception e) {
        System.err.println("stopping " + resources.get(i).getClass().getSimpleName() + ": " + e.getMessage());
      }
    }
    resources.clear();
  }
}
