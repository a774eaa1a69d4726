package dev.monotable.kit.local;

import dev.monotable.kit.internal.cli.DomainOption;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.Env;
import dev.monotable.kit.devauth.JwtSigner;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.CursorCodec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.engine.LocalEngine;
import dev.monotable.kit.schema.TableSchema;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * A domain's whole service on this machine ({@code scripts/dev}): the local engine on 127.0.0.1:8000
 * (or {@code MONOTABLE_ENGINE_PORT}; a free port when 8000 is taken) unless {@code DYNAMODB_ENDPOINT}
 * points elsewhere, the table from the domain's schema, its demo
 * data unless {@code --no-seed} (the engine itself expires TTL items), the stream pipeline of its
 * stream consumers ({@link StreamPipeline}) and the HTTP API of its routes on
 * 127.0.0.1:{@code PORT} (3000). Everything domain-specific comes through {@link LocalDomain}.
 */
public final class LocalService implements AutoCloseable {
  public static final int DEFAULT_PORT = 3000;
  public static final int ENGINE_PORT = 8000;

  private final List<AutoCloseable> resources = new ArrayList<>();
  private final LocalDomain domain;
  private final PrintStream log;
  private final List<PagesFactory> pageFactories = new ArrayList<>();
  private LocalApi api;
  private StreamPipeline pipeline;
  private String endpoint;
  private String tableName;
  /** Why the launched engine is not where the tools look by default (8000), or null. */
  private String engineNote;

  /** The service of this domain, starting silently (tests). */
  public LocalService(LocalDomain domain) {
    this(domain, null);
  }

  /**
   * Builds a local-only page ({@link LocalPages}) once the service knows its table: the explorer,
   * say. The kit's local service names no page; {@code scripts/dev} adds them.
   */
  @FunctionalInterface
  public interface PagesFactory {
    /**
     * @param dynamoEndpoint the engine the service uses, or null for AWS
     * @param table the service's table
     * @param cursors the service's cursor key, so a page's cursors and the API's are one
     */
    LocalPages create(URI dynamoEndpoint, String table, CursorCodec cursors);
  }

  /** Serves a local-only page beside the API (call before {@link #start}). */
  public LocalService withPages(PagesFactory factory) {
    pageFactories.add(factory);
    return this;
  }

  /** The service of this domain, saying on {@code log} what it does while starting (scripts/dev: stdout). */
  public LocalService(LocalDomain domain, PrintStream log) {
    this.domain = domain;
    this.log = log;
  }

  /**
   * Options of one start; tests pass port 0, their own table and client.
   *
   * @param port HTTP port, 0 for a free one
   * @param dynamoEndpoint DynamoDB endpoint, null for AWS (or for the engine this start launches)
   * @param startEngine launch the local engine and use it: on 127.0.0.1:8000, or {@code MONOTABLE_ENGINE_PORT},
   *     or a free port when 8000 is taken
   * @param client client to use, or null to build one for the endpoint
   * @param clock the service's clock (timestamps, TTL filters of AP11/AP12); tests pass one they move
   * @param streams run the stream pipeline (the domain's stream consumers in-process, as Lambda runs them on AWS)
   * @param engineData where the engine this start launches keeps its data across restarts; null: in memory
   */
  public record Options(int port, URI dynamoEndpoint, boolean startEngine, String tableName, boolean seed,
      LocalKeys keys, DynamoDbClient client, Clock clock, boolean streams, Path engineData) {

    /** Without a clock of its own, without the stream pipeline, an engine (if launched) in memory. */
    public Options(int port, URI dynamoEndpoint, boolean startEngine, String tableName, boolean seed,
        LocalKeys keys, DynamoDbClient client) {
      this(port, dynamoEndpoint, startEngine, tableName, seed, keys, client, null, false, null);
    }

    /** The same options with the stream pipeline on or off. */
    public Options withStreams(boolean on) {
      return new Options(port, dynamoEndpoint, startEngine, tableName, seed, keys, client, clock, on, engineData);
    }

    /** The same options with this clock. */
    public Options withClock(Clock c) {
      return new Options(port, dynamoEndpoint, startEngine, tableName, seed, keys, client, c, streams, engineData);
    }

    /** The same options with the launched engine's data in {@code dir} (null: in memory). */
    public Options withEngineData(Path dir) {
      return new Options(port, dynamoEndpoint, startEngine, tableName, seed, keys, client, clock, streams, dir);
    }
  }

  static final String USAGE = """
      usage: scripts/dev [--no-seed] [--in-memory] [--domain <id>]

      Runs the whole service on this machine: the local engine (scripts/engine) on 127.0.0.1:8000, or on
      a free port when 8000 is taken (unless DYNAMODB_ENDPOINT names an engine that already runs), and
      for every registered domain (in the order of their registration) its own table from its schema,
      its demo data (on a new table only), its stream handlers and its HTTP API: the first on
      http://127.0.0.1:$PORT, the next on $PORT+1, and so on, each with its explorer page. Ctrl-C stops
      everything it started. Tokens: scripts/token <username> (valid for any PORT).

        --no-seed   leave a new table empty
        --in-memory the engine keeps nothing across restarts (default: its data is kept in
                    .local/engine, so a restart keeps the demo data and your writes)
        --domain    serve this domain alone (default: MONOTABLE_DOMAIN when set, else every domain)

      Environment: PORT (default 3000), TABLE_NAME (default: each domain its own table,
      monotable-local-<id> unless the domain names another; when set, the first domain's table, the
      next domains get <TABLE_NAME>-<id>), DYNAMODB_ENDPOINT (an engine that is already running, e.g.
      http://127.0.0.1:8001; "aws" for AWS), MONOTABLE_ENGINE_PORT (the port of the engine it starts,
      default 8000), AWS_REGION, MONOTABLE_ENGINE_DATA (the engine's data directory, or "memory" as
      --in-memory).
      Exit status: 0 stopped, 1 failed to start, 2 bad usage.""";

  /**
   * {@code scripts/dev}: without {@code --domain}, every domain in {@code allIds} at once, one engine
   * for all, the first on {@code PORT}, each next one on the next port; with {@code --domain}, that one
   * alone. Each domain's table is its own ({@code localTables}, by default
   * {@code monotable-local-<id>}); {@code TABLE_NAME} names the first domain's table instead, and the
   * next ones get {@code <TABLE_NAME>-<id>}. A table tagged for another domain is refused
   * ({@link DomainTables}).
   *
   * @param domains resolves {@code --domain} (null: the default); throws a {@link UsageException}
   *     for an unknown one
   * @param pages adds the local pages to the service of a domain id (null: the default) before it starts
   * @param allIds every domain to serve when none is chosen
   * @param localTables the table of a domain id (null: the default) when {@code TABLE_NAME} is unset
   */
  public static void main(String[] args, Function<String, LocalDomain> domains,
      java.util.function.BiConsumer<String, LocalService> pages, List<String> allIds,
      Function<String, String> localTables) {
    OpsMain.exec(USAGE, args, () -> {
      DomainOption chosen = DomainOption.take(args);
      boolean seed = true;
      boolean inMemory = false;
      for (String a : chosen.rest()) {
        switch (a) {
          case "--no-seed" -> seed = false;
          case "--in-memory" -> inMemory = true;
          default -> throw new UsageException("unknown argument " + a);
        }
      }
      int port = port(Env.get(Env.PORT));
      boolean every = chosen.id() == null && allIds.size() > 1;
      List<String> ids = every ? allIds : java.util.Collections.singletonList(chosen.id());
      String configured = Env.get(Env.DYNAMODB_ENDPOINT);
      String configuredTable = Env.get(Env.TABLE_NAME);
      boolean aws = "aws".equalsIgnoreCase(configured);
      // The handlers' metric lines also go to .local/metrics.jsonl, for scripts/metrics.
      MetricsLog.start(LocalKeys.inWorkingDirectory().directory().resolve(MetricsLog.FILE));
      List<LocalService> services = new ArrayList<>();
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        for (int i = services.size() - 1; i >= 0; i--) {
          services.get(i).close(); // the first service started the engine: it stops last
        }
        stopped.countDown();
      }));
      URI engine = configured == null || aws ? null : URI.create(configured.trim());
      LocalKeys keys = LocalKeys.inWorkingDirectory();
      for (int i = 0; i < ids.size(); i++) {
        LocalService service = new LocalService(domains.apply(ids.get(i)), System.out);
        pages.accept(ids.get(i), service);
        synchronized (services) {
          services.add(service);
        }
        boolean first = i == 0;
        URI dynamo = first || aws ? engine : URI.create(services.get(0).endpoint);
        service.start(new Options(port == 0 ? 0 : port + i, dynamo, first && configured == null,
            table(configuredTable, first, ids.get(i), localTables), seed, keys, null).withStreams(true)
            .withEngineData(engineData(inMemory, Env.get(Env.MONOTABLE_ENGINE_DATA), keys.directory())));
      }
      services.forEach(LocalService::printWelcome);
      System.out.println();
      if (services.size() > 1) {
        System.out.println("Domains: " + String.join(", ", services.stream().map(s -> s.domain.domain().name() + " "
            + s.api.baseUrl()).toList()) + " (scripts/dev --domain <id> serves one)");
      }
      System.out.println("Per access pattern p50/p99, requests and capacity of this run: scripts/metrics");
      System.out.println("Ctrl-C stops the API and everything it started.");
      stopped.await();
      return 0;
    });
  }

  private static void printWelcome(LocalService service) {
    String base = service.api.baseUrl();
    Domain d = service.domain.domain();
    System.out.println();
    System.out.println("Monotable (" + d.name() + ") is running locally");
    System.out.println("  API      " + base);
    System.out.println("  health   " + base + "/health");
    System.out.println("  JWKS     " + base + "/.well-known/jwks.json");
    for (LocalPages page : service.api.pages()) {
      System.out.println("  " + String.format("%-8s", page.title()) + " " + base + page.entryPath());
    }
    System.out.println("  DynamoDB " + service.endpoint + "  table " + service.tableName);
    if (service.engineNote != null) {
      System.out.println("           " + service.engineNote);
    }
    System.out.println("  streams  " + streamNames(d) + " in-process; one JSON line per batch below; dead letters in "
        + service.pipeline.deadLetterFile());
    List<String> examples = service.domain.examples(base);
    if (!examples.isEmpty()) {
      System.out.println();
      System.out.println("Try:");
      examples.forEach(line -> System.out.println("  " + line));
    }
  }

  /**
   * The table of the domain {@code id} (null: the default domain): {@code TABLE_NAME} for the first
   * domain served and {@code <TABLE_NAME>-<id>} for the next ones when it is set, else the domain's own.
   */
  static String table(String configured, boolean first, String id, Function<String, String> localTables) {
    if (configured == null) {
      return localTables.apply(id);
    }
    return first ? configured.trim() : configured.trim() + "-" + id;
  }

  /** {@code ST1-ST4} for consecutive stream names, else the names joined; {@code none} without consumers. */
  static String streamNames(Domain d) {
    List<String> names = d.streams().stream().map(s -> s.stream()).distinct().toList();
    if (names.isEmpty()) {
      return "none";
    }
    return names.size() == 1 ? names.get(0) : names.get(0) + "-" + names.get(names.size() - 1);
  }

  /**
   * Where the launched engine keeps its data: null (in memory) with {@code --in-memory} or
   * {@code MONOTABLE_ENGINE_DATA=memory}, else that variable's directory, else {@code engine} under
   * the local folder ({@code .local/engine}).
   */
  static Path engineData(boolean inMemory, String configured, Path localDir) {
    if (inMemory || (configured != null && configured.trim().equalsIgnoreCase("memory"))) {
      return null;
    }
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured.trim());
    }
    return localDir.resolve("engine");
  }

  /** {@code PORT}: unset or blank is {@value #DEFAULT_PORT}; anything but a port number is bad usage. */
  static int port(String configured) {
    return configured == null || configured.isBlank() ? DEFAULT_PORT : portNumber(Env.PORT, configured);
  }

  private static int portNumber(String variable, String configured) {
    try {
      int port = Integer.parseInt(configured.trim());
      if (port >= 1 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UsageException(variable + " must be a port number from 1 to 65535, not " + configured);
  }

  /**
   * The port of the engine a start launches.
   *
   * @param port the port to start it on; 0 lets the engine take a free one
   * @param why null on {@value #ENGINE_PORT}, where the tools look by default; else why it is elsewhere
   */
  record EnginePort(int port, String why) {}

  /**
   * {@code MONOTABLE_ENGINE_PORT} when set (taken: a failure, before anything starts), else
   * {@value #ENGINE_PORT}, else, when another process holds that one (an engine of another
   * checkout, another scripts/dev), a free port.
   */
  static EnginePort enginePort(String configured, java.util.function.IntPredicate listening) {
    if (configured != null && !configured.isBlank()) {
      int port = portNumber(Env.MONOTABLE_ENGINE_PORT, configured);
      if (listening.test(port)) {
        throw new OpsMain.Failure("port " + port + " (MONOTABLE_ENGINE_PORT) is in use; stop what runs there, "
            + "choose another port, or set DYNAMODB_ENDPOINT=http://127.0.0.1:" + port + " to use that engine");
      }
      return new EnginePort(port, port == ENGINE_PORT ? null : "MONOTABLE_ENGINE_PORT");
    }
    if (!listening.test(ENGINE_PORT)) {
      return new EnginePort(ENGINE_PORT, null);
    }
    return new EnginePort(0, "port " + ENGINE_PORT + " was in use, so the engine took a free one;"
        + " MONOTABLE_ENGINE_PORT chooses one");
  }

  /**
   * Starts everything; on failure, stops what was started. A busy HTTP port or an engine that does
   * not answer fails with an {@link OpsMain.Failure} before the table is touched.
   */
  public LocalService start(Options o) throws Exception {
    try {
      int port = o.port() == 0 ? 0 : requireFree(o.port());
      URI dynamo = o.dynamoEndpoint();
      if (o.startEngine()) {
        EnginePort chosen = enginePort(Env.get(Env.MONOTABLE_ENGINE_PORT), LocalEngine::listening);
        say("starting the local engine (scripts/engine) on "
            + (chosen.port() == 0 ? "a free port (" + ENGINE_PORT + " is in use)" : "127.0.0.1:" + chosen.port())
            + (o.engineData() == null ? " (in memory: its data ends with scripts/dev)"
            : " (its data kept in " + o.engineData() + "; --in-memory keeps nothing)"));
        LocalEngine engine = LocalEngine.start(LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)), chosen.port(),
            o.engineData());
        resources.add(engine);
        dynamo = engine.endpoint();
        engineNote = chosen.why() == null ? null
            : "(" + chosen.why() + "; the tools need DYNAMODB_ENDPOINT=" + dynamo + ")";
      } else if (dynamo != null) {
        say("using the DynamoDB engine at " + dynamo + " (DYNAMODB_ENDPOINT); it must already be running");
        requireAnswering(dynamo);
      }
      endpoint = dynamo == null ? "aws" : dynamo.toString();
      tableName = o.tableName();
      DynamoDbClient client = o.client();
      if (client == null) {
        client = DynamoDbClients.create(dynamo, Env.region(), DynamoDbClients.Deadlines.local());
        resources.add(client);
      }
      Domain d = domain.domain();
      boolean created = ensureTable(client, tableName, d);
      if (!created) {
        DomainTables.requireHolds(client, tableName, d);
      }
      Clock clock = o.clock() == null ? Clock.systemUTC() : o.clock();
      CursorCodec cursors = new CursorCodec(Base64.getDecoder().decode(o.keys().cursorSecret()));
      TableGateway table = new TableGateway(client, tableName, cursors, clock);
      JwtSigner signer = o.keys().signer();
      JwtVerifier verifier = new JwtVerifier(LocalKeys.ISSUER, LocalKeys.AUDIENCE, signer::jwks, Clock.systemUTC());
      LocalDomain.Wiring wiring = domain.wire(table, verifier);
      if (!o.seed()) {
        say((created ? "created table " : "table ") + tableName + (created ? "" : " exists") + "; not seeding (--no-seed)");
      } else if (created) {
        say("created table " + tableName + "; seeding the demo data (" + domain.demoSummary() + ")");
        wiring.seedDemo();
      } else {
        say("table " + tableName + " already exists: keeping its items, not seeding "
            + "(scripts/seed --reset starts it over)");
      }
      if (o.streams()) {
        DynamoDbStreamsClient streamsClient = DynamoDbClients.streams(dynamo, Env.region());
        resources.add(streamsClient);
        pipeline = new StreamPipeline(streamsClient, tableName, StreamPipeline.consumers(d, wiring),
            o.keys().directory().resolve("stream-dead-letters.jsonl"), System.out).start();
        resources.add(pipeline);
      }
      List<LocalPages> pages = new ArrayList<>();
      for (PagesFactory f : pageFactories) {
        LocalPages page = f.create(dynamo, tableName, cursors);
        if (page instanceof AutoCloseable closeable) {
          resources.add(closeable);
        }
        pages.add(page);
      }
      api = LocalApi.start(port, d, wiring, verifier, signer.jwks(), pages);
      resources.add(api);
      return this;
    } catch (Exception | Error e) {
      close();
      throw e;
    }
  }

  /** Fails, before anything starts, when another process holds the HTTP port. */
  static int requireFree(int port) {
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return port;
    } catch (IOException busy) {
      throw new OpsMain.Failure("port " + port + " is in use (another scripts/dev?): stop what runs there, "
          + "or choose another port: PORT=" + (port == 65535 ? 3001 : port + 1) + " scripts/dev");
    }
  }

  /** Fails when nothing accepts connections at the engine's host and port. */
  static void requireAnswering(URI engine) {
    int port = engine.getPort() > 0 ? engine.getPort() : "https".equals(engine.getScheme()) ? 443 : 80;
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(engine.getHost(), port), 1000);
    } catch (IOException | IllegalArgumentException e) {
      throw new OpsMain.Failure("nothing answers at " + engine + " (DYNAMODB_ENDPOINT): start that engine "
          + "first, or unset DYNAMODB_ENDPOINT to let scripts/dev start the local engine");
    }
  }

  private void say(String line) {
    if (log != null) {
      log.println(line);
    }
  }

  public LocalApi api() {
    return api;
  }

  /** The DynamoDB endpoint the service uses ({@code aws} for AWS). */
  String endpoint() {
    return endpoint;
  }

  /** Why the engine this start launched is not on {@value #ENGINE_PORT}, as the welcome says it; or null. */
  String engineNote() {
    return engineNote;
  }

  /** The stream pipeline, or null when started without it. */
  public StreamPipeline pipeline() {
    return pipeline;
  }

  private static boolean ensureTable(DynamoDbClient client, String table, Domain domain) {
    try {
      client.describeTable(DescribeTableRequest.builder().tableName(table).build());
      return false;
    } catch (ResourceNotFoundException absent) {
      DomainTables.create(client, domain, table);
      return true;
    }
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
