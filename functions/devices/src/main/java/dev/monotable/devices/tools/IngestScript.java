package dev.monotable.devices.tools;

import dev.monotable.devices.Devices;
import dev.monotable.devices.ingest.Ingest;
import dev.monotable.devices.ingest.IngestPlan;
import dev.monotable.devices.ingest.IngestReport;
import dev.monotable.devices.ingest.StreamTally;
import dev.monotable.kit.Env;
import dev.monotable.kit.devauth.JwtSigner;
import dev.monotable.kit.cli.Args;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.engine.LocalEngine;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;

/**
 * {@code scripts/ingest}: Devices' batch ingest route under load, over HTTP, against the engine's
 * raw BatchWriteItem rate ({@link Ingest}).
 */
public final class IngestScript {

  static final String USAGE = """
      usage: scripts/ingest [--events N] [--devices N] [--rate EVENTS_PER_S] [--raw-items N] [--no-streams]
                            [--write-docs]

      Devices' hot path, measured: starts the Devices local service in-process on a fresh table (on a
      fresh local engine, or DYNAMODB_ENDPOINT), creates the users (10 devices each) and devices through
      the routes with tokens of the local issuer, then POSTs the events in batches of up to 25 to
      POST /users/{user}/devices/{device}/events/batch, resending what a 207 answers unprocessed and
      backing off on 429/503, with a progress bar on stderr. Prints items/s, p50/p99 per batch, retries,
      throttles and failures, and compares items/s with plain BatchWriteItem of 25 items with the SDK on
      the same engine, measured in the same run. The tables are deleted at the end.

        --events      events to send (default 100000)
        --devices     devices they are spread over (default 1000)
        --rate        at most this many events a second (default 0: unthrottled)
        --raw-items   items of the raw BatchWriteItem measurement (default 20000)
        --no-streams  without the stream pipeline (default: the domain's stream consumers run, as on AWS)
        --write-docs  also write docs/devices/ingest.md

      Environment: DYNAMODB_ENDPOINT (a running DynamoDB-compatible engine; default: a fresh local
      engine on a free port), AWS_REGION.
      Exit status: 0 every event written, 1 failed or some events not written, 2 bad usage.""";

  private static final Set<String> FLAGS = Set.of("--no-streams", "--write-docs");
  private static final Set<String> OPTIONS = Set.of("--events", "--devices", "--rate", "--raw-items");

  /** One run's choices. */
  record Options(int events, int devices, int rate, int rawItems, boolean streams, boolean writeDocs) {}

  private IngestScript() {}

  public static void main(String[] args) {
    OpsMain.exec(USAGE, args, () -> run(parse(args)));
  }

  static Options parse(String[] args) {
    Args a = Args.parse(args, FLAGS, OPTIONS);
    if (!a.positional().isEmpty()) {
      throw new UsageException("unexpected argument " + a.positional().get(0));
    }
    Options o = new Options(a.intOption("--events", 100_000, 1, 10_000_000), a.intOption("--devices", 1000, 1, 100_000),
        a.intOption("--rate", 0, 0, 1_000_000), a.intOption("--raw-items", 20_000, 25, 1_000_000),
        !a.flag("--no-streams"), a.flag("--write-docs"));
    if (o.events() < o.devices()) {
      throw new UsageException("--events must be at least --devices (one event per device)");
    }
    return o;
  }

  /** The command line of these options, defaults left out. */
  static String command(Options o) {
    StringBuilder c = new StringBuilder("scripts/ingest");
    if (o.events() != 100_000) {
      c.append(" --events ").append(o.events());
    }
    if (o.devices() != 1000) {
      c.append(" --devices ").append(o.devices());
    }
    if (o.rate() != 0) {
      c.append(" --rate ").append(o.rate());
    }
    if (o.rawItems() != 20_000) {
      c.append(" --raw-items ").append(o.rawItems());
    }
    if (!o.streams()) {
      c.append(" --no-streams");
    }
    return c.append(" --write-docs").toString();
  }

  private static int run(Options o) throws Exception {
    PrintStream stdout = System.out;
    // Checked before anything starts: a build without the route says so in one line.
    Ingest.requireRoute(Devices.DOMAIN.endpoints());
    String configured = Env.get(Env.DYNAMODB_ENDPOINT);
    if ("aws".equalsIgnoreCase(configured)) {
      throw new UsageException("scripts/ingest runs the local service; DYNAMODB_ENDPOINT must name a local engine");
    }
    LocalEngine engine = null;
    String table = "ingest-" + UUID.randomUUID().toString().substring(0, 8);
    String rawTable = table + "-raw";
    try {
      URI endpoint;
      if (configured != null) {
        endpoint = URI.create(configured.trim());
      } else {
        System.err.println("starting the local engine");
        engine = LocalEngine.start(LocalEngine.script(Env.get(Env.MONOTABLE_ENGINE)), 0);
        // Ctrl-C or SIGTERM runs shutdown hooks, not finally blocks: the engine must not outlive the tool.
        LocalEngine started = engine;
        Runtime.getRuntime().addShutdownHook(new Thread(started::close));
        endpoint = engine.endpoint();
      }
      Path keysDir = Files.createTempDirectory("ingest-keys");
      LocalKeys keys = new LocalKeys(keysDir);
      JwtSigner signer = keys.signer();
      Map<String, String> tokens = new HashMap<>();
      long now = System.currentTimeMillis() / 1000;
      IngestPlan plan = new IngestPlan(o.events(), o.devices(), Instant.now().truncatedTo(ChronoUnit.MILLIS));
      Ingest.Result result;
      // The handlers and the stream pipeline (which takes System.out when the service starts) log a
      // JSON line per invocation (CloudWatch on Lambda): dropped here, so stdout carries the report
      // alone (as scripts/bench does); the pipeline's give-ups still reach its dead-letter file.
      // The lines are read by a tally of what the stream functions did instead.
      StreamTally tally = new StreamTally();
      IngestReport.StreamRun streamRun = null;
      System.setOut(tally.stream());
      try (DynamoDbClient client = DynamoDbClients.create(endpoint, Env.region());
          LocalService service = new LocalService(new DevicesDev().local()).start(new LocalService.Options(0, endpoint,
              false, table, false, keys, client).withStreams(o.streams()))) {
        String base = service.api().baseUrl();
        System.err.println("Devices service on " + base + ", table " + table + " at " + endpoint
            + (o.streams() ? ", stream consumers on" : ", no stream consumers"));
        java.util.function.Function<String, String> token = user -> tokens.computeIfAbsent(user,
            u -> signer.sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, u, now, now + 6 * 3600));
        Ingest.createFleet(plan, base, token, System.err);
        result = Ingest.send(plan, o.rate(), Ingest.http(base), token, System.err);
        if (o.streams()) {
          System.err.println("waiting for the stream consumers to deliver every record");
          long t0 = System.nanoTime();
          service.pipeline().drain();
          double catchUp = (System.nanoTime() - t0) / 1e9;
          tally.stop();
          streamRun = new IngestReport.StreamRun(tally, catchUp, Ingest.recentLagging(plan, client, table));
          // Printed now as well: the raw measurement that follows can fail on a loaded machine.
          stdout.print(IngestReport.summary(result, streamRun));
          stdout.flush();
        }
        System.err.printf("measuring the raw BatchWriteItem rate (%,d items)%n", o.rawItems());
        client.createTable(Devices.SCHEMA.createTableRequest(rawTable));
        client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(rawTable).build());
        result = Ingest.withRaw(result, Ingest.rawRate(client, rawTable, o.rawItems(), plan.now()), o.rawItems());
        for (String t : new String[] {rawTable, table}) {
          client.deleteTable(DeleteTableRequest.builder().tableName(t).build());
        }
      }
      stdout.print(IngestReport.summary(result, streamRun));
      stdout.flush();
      if (o.writeDocs()) {
        Path doc = Path.of("docs", "devices", "ingest.md");
        Files.createDirectories(doc.getParent());
        Files.writeString(doc, IngestReport.markdown(result, streamRun, command(o), Instant.now().truncatedTo(ChronoUnit.MINUTES)
            .toString(), "The local engine (moto 5.2.1 made faithful), one request at a time, and the Devices local "
            + "service in the same JVM, on this project's shared 2-core machine" + (o.streams()
            ? ", the domain's stream consumers running." : ", without the stream consumers.")), StandardCharsets.UTF_8);
        System.err.println("wrote " + doc);
      }
      if (result.failed() > 0 || result.written() < result.events()) {
        throw new OpsMain.Failure((result.events() - result.written()) + " of " + result.events()
            + " events not written" + (result.firstFailure() == null ? "" : "; first failure: " + result.firstFailure()));
      }
      return 0;
    } finally {
      System.setOut(stdout);
      if (engine != null) {
        engine.close();
      }
    }
  }
}
