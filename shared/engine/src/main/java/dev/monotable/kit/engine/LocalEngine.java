package dev.monotable.kit.engine;

import com.fasterxml.jackson.jr.ob.JSON;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The project's local DynamoDB engine: {@code scripts/engine}, moto's server made faithful where
 * Monotable depends on it (one request at a time, journaled transactions, TTL expiry with
 * DynamoDB's stream identity, bounded memory, idempotency tokens, DynamoDB's limits). The local
 * runner, the tests and the benchmarks start it through this class; docs/local-engine.md says
 * what it fixes and what still differs. Never used in Lambda.
 */
public final class LocalEngine implements AutoCloseable {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

  private final Process process;
  private final int port;
  private final File log;

  private LocalEngine(Process process, int port, File log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /**
   * Starts the engine on 127.0.0.1:port (0 lets the engine pick a free port, with no race) and
   * returns once it has announced that it listens.
   *
   * @param script the engine's launcher, usually {@link #script(String)}
   */
  public static LocalEngine start(Path script, int port) {
    return start(script, port, null);
  }

  /**
   * Starts the engine as {@link #start(Path, int)} does, keeping its tables, items and stream records
   * in {@code dataDir} across restarts (its write-ahead journal and snapshot, docs/local-engine.md
   * "Durable mode"); null keeps them in memory, as the tests do.
   */
  public static LocalEngine start(Path script, int port, Path dataDir) {
    File log;
    Process p;
    try {
      log = File.createTempFile("monotable-engine-", ".log");
      List<String> command = new ArrayList<>(List.of("python3", script.toString(), "--port", Integer.toString(port)));
      if (dataDir != null) {
        command.addAll(List.of("--data-dir", dataDir.toString()));
      }
      p = new ProcessBuilder(command)
          .redirectError(log)
          .start();
    } catch (IOException e) {
      throw new IllegalStateException("could not start the local engine (" + script + "): " + e.getMessage()
          + "; it needs python3 with moto[server] (see README)", e);
    }
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> announced = CompletableFuture.supplyAsync(() -> {
      try {
        return out.readLine();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    String line;
    try {
      // Loading a data directory of 100,000 items takes seconds more on a loaded machine.
      Duration timeout = dataDir == null ? START_TIMEOUT : START_TIMEOUT.multipliedBy(4);
      line = announced.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException | ExecutionException e) {
      p.destroyForcibly();
      throw new IllegalStateException("the local engine did not start in time: " + tail(log));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      p.destroyForcibly();
      throw new IllegalStateException(e);
    }
    if (line == null || !line.startsWith("monotable-engine listening on http://")) {
      p.destroyForcibly();
      throw new IllegalStateException("the local engine did not start: " + tail(log));
    }
    // The engine prints nothing more on stdout, but drain it so a stray print can never block it.
    Thread drain = new Thread(() -> {
      try {
        while (out.readLine() != null) {
          // discard
        }
      } catch (IOException ignored) {
        // the process ended
      }
    }, "local-engine-stdout");
    drain.setDaemon(true);
    drain.start();
    String url = line.substring("monotable-engine listening on ".length()).split(" ")[0];
    return new LocalEngine(p, URI.create(url).getPort(), log);
  }

  /**
   * The engine script: {@code configured} (the {@code MONOTABLE_ENGINE} variable, which callers read
   * through the kit's {@code Env}; this module depends on no other), else {@code scripts/engine} in
   * this directory or a parent (the repository, where the engine is edited), else the copy this
   * jar carries, unpacked once per engine version (a project that depends on the kit's artifacts).
   */
  public static Path script(String configured) {
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("scripts").resolve("engine");
      if (Files.isRegularFile(candidate) && Files.isDirectory(dir.resolve("scripts").resolve("monotable_engine"))) {
        return candidate;
      }
    }
    return BundledEngine.unpacked();
  }

  private static String tail(File log) {
    try {
      String text = Files.readString(log.toPath()).strip();
      return text.isEmpty() ? "(no output; see " + log + ")" : text.length() > 2000 ? text.substring(text.length() - 2000) : text;
    } catch (IOException e) {
      return "(see " + log + ")";
    }
  }

  /** A port free on the loopback interface right now. */
  public static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 0, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** True when something accepts connections on 127.0.0.1:port. */
  public static boolean listening(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 200);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + port);
  }

  public int port() {
    return port;
  }

  public File log() {
    return log;
  }

  /** The control API of the engine behind {@code endpoint}: clock, TTL pass, status. */
  public static Control control(URI endpoint) {
    return new Control(endpoint);
  }

  /**
   * Kills the engine with SIGKILL, as a crash would (no shutdown of any kind), and waits for it to
   * end: the durable mode's tests kill it mid-write.
   */
  public void kill() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }

  /**
   * The engine's test controls under {@code /_engine/}: they exist only on this engine, never on
   * DynamoDB, so tests that need them check {@link #available()} first.
   */
  public static final class Control {
    private final URI endpoint;

    private Control(URI endpoint) {
      this.endpoint = endpoint;
    }

    /** True when the endpoint is this engine (not DynamoDB Local or AWS). */
    public boolean available() {
      if (endpoint == null) {
        return false;
      }
      try {
        return call("GET", "status", null).containsKey("engine");
      } catch (RuntimeException e) {
        return false;
      }
    }

    /** Engine figures: rssBytes, requests, items, streamRecords, expiredByTtl, clockOffsetSeconds, ... */
    public Map<String, Object> status() {
      return call("GET", "status", null);
    }

    /**
     * Moves the engine's clock (TTL of every table, stream retention, token window) forward. It
     * moves for every test sharing the engine: prefer {@link #advanceTtlClock(String, Duration)}.
     */
    public void advanceClock(Duration by) {
      call("POST", "clock", "{\"advanceSeconds\": " + by.toMillis() / 1000.0 + "}");
    }

    /** Moves the TTL clock of one table forward, leaving every other table's time alone. */
    public void advanceTtlClock(String table, Duration by) {
      if (!table.matches("[A-Za-z0-9_.-]{3,255}")) {
        throw new IllegalArgumentException("not a table name: " + table);
      }
      call("POST", "clock", "{\"advanceSeconds\": " + by.toMillis() / 1000.0 + ", \"table\": \"" + table + "\"}");
    }

    /**
     * Makes the next {@code count} calls of {@code operation} (PutItem, TransactWriteItems, ...) on
     * {@code table} (null: any) that name an item whose attributes include all of {@code key}'s
     * (string attributes; null or empty: any item) fail with {@code error}:
     * TransactionConflictException, ProvisionedThroughputExceededException, ThrottlingException or
     * InternalServerError (500). A failed call writes nothing. Returns the fault's id.
     */
    public int injectFault(String operation, String table, Map<String, String> key, String error, int count) {
      Map<String, Object> body = new java.util.LinkedHashMap<>();
      body.put("operation", operation);
      body.put("error", error);
      body.put("count", count);
      if (table != null) {
        body.put("table", table);
      }
      if (key != null && !key.isEmpty()) {
        Map<String, Object> typed = new java.util.LinkedHashMap<>();
        key.forEach((name, value) -> typed.put(name, Map.of("S", value)));
        body.put("keys", List.of(typed));
      }
      try {
        return ((Number) call("POST", "faults", JSON.std.asString(body)).get("id")).intValue();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /**
     * Turns eventual consistency on for one table: a write becomes visible to GSI queries and to
     * reads without ConsistentRead only after a random delay between {@code min} and {@code max}
     * (docs/local-engine.md, "Eventual consistency"). Other tables stay strongly consistent.
     */
    public void eventuallyConsistent(String table, Duration min, Duration max) {
      if (!table.matches("[A-Za-z0-9_.-]{3,255}")) {
        throw new IllegalArgumentException("not a table name: " + table);
      }
      call("POST", "consistency", "{\"table\": \"" + table + "\", \"eventual\": true, \"minDelayMs\": "
          + min.toMillis() + ", \"maxDelayMs\": " + max.toMillis() + "}");
    }

    /** The faults still pending, each with its {@code remaining} count. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> pendingFaults() {
      return (List<Map<String, Object>>) call("GET", "faults", null).get("faults");
    }

    /** Drops every pending fault. */
    public void clearFaults() {
      call("DELETE", "faults", null);
    }

    /** Runs one TTL pass now and returns how many items it deleted. */
    public int sweepTtl() {
      return ((Number) call("POST", "ttl/sweep", "{}").get("expired")).intValue();
    }

    /**
     * Bulk-loads items into {@code table}: {@code jsonLines} holds one item a line in DynamoDB JSON
     * (ImportTable's format; {@code POST /_engine/load}). The engine checks every line as PutItem
     * checks its item and loads nothing when one is refused; it writes no stream records, as
     * ImportTable. Returns the items loaded.
     */
    public int load(String table, String jsonLines) {
      if (!table.matches("[A-Za-z0-9_.-]{3,255}")) {
        throw new IllegalArgumentException("not a table name: " + table);
      }
      try {
        HttpURLConnection c = (HttpURLConnection) endpoint.resolve("/_engine/load?table=" + table).toURL().openConnection();
        c.setRequestMethod("POST");
        c.setConnectTimeout(2000);
        c.setReadTimeout(120000);
        c.setDoOutput(true);
        c.getOutputStream().write(jsonLines.getBytes(StandardCharsets.UTF_8));
        int code = c.getResponseCode();
        try (var in = code == 200 ? c.getInputStream() : c.getErrorStream()) {
          Map<String, Object> answer = JSON.std.mapFrom(in);
          if (code != 200) {
            throw new IllegalStateException("engine bulk load into " + table + " answered " + code + ": " + answer.get("error"));
          }
          return ((Number) answer.get("loaded")).intValue();
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private Map<String, Object> call(String method, String path, String body) {
      try {
        HttpURLConnection c = (HttpURLConnection) endpoint.resolve("/_engine/" + path).toURL().openConnection();
        c.setRequestMethod(method);
        c.setConnectTimeout(2000);
        c.setReadTimeout(30000);
        if (body != null) {
          c.setDoOutput(true);
          c.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
        }
        int code = c.getResponseCode();
        if (code != 200) {
          throw new IllegalStateException("engine " + method + " /_engine/" + path + " answered " + code);
        }
        try (var in = c.getInputStream()) {
          return JSON.std.mapFrom(in);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
