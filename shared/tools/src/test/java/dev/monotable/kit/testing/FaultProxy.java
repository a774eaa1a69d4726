package dev.monotable.kit.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fault-injecting HTTP proxy on loopback in front of the local DynamoDB engine, for any domain's
 * tests ({@link ServedDomain#startFaulty}, Forge's {@code FaultsE2ETest}). Each request (one per
 * connection: the proxy answers {@code Connection: close}) is classified by its
 * {@code X-Amz-Target} operation and handed to a {@link Rule} that decides its fate: pass, throttle
 * (HTTP 400 ThrottlingException, which the SDK retries), 500, a transaction conflict (DynamoDB's
 * answer when another transaction holds the item: {@code TransactionCanceledException} with reason
 * {@code TransactionConflict} to a TransactWriteItems, {@code TransactionConflictException} to any
 * other call; nothing written), drop the connection before forwarding, forward and then drop the
 * answer (the write is applied, the client never hears), delay, or hang. Bounded: at most 16
 * connections at a time, requests of at most 1 MiB.
 */
public final class FaultProxy implements AutoCloseable {
  private static final int MAX_REQUEST = 1024 * 1024;

  /** What happens to one request. */
  public enum Fault { PASS, THROTTLE, ERROR_500, CONFLICT, DROP_BEFORE, DROP_AFTER, DELAY, HANG }

  /** Decides the fault of the n-th request (from 1) of an operation such as {@code PutItem}. */
  @FunctionalInterface
  public interface Rule {
    Fault decide(String operation, int n);
  }

  private final ServerSocket socket;
  private final URI upstream;
  private final ExecutorService threads = Executors.newFixedThreadPool(16, r -> {
    Thread t = new Thread(r, "fault-proxy");
    t.setDaemon(true);
    return t;
  });
  private final java.util.Map<String, AtomicInteger> counts = new java.util.concurrent.ConcurrentHashMap<>();
  private final AtomicInteger injected = new AtomicInteger();
  private volatile Rule rule = (op, n) -> Fault.PASS;
  private volatile long delayMillis = 0;

  public FaultProxy(URI upstream) throws IOException {
    this.upstream = upstream;
    this.socket = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
    threads.execute(this::accept);
  }

  /** Where clients send their requests instead of the engine. */
  public URI endpoint() {
    return URI.create("http://127.0.0.1:" + socket.getLocalPort());
  }

  /** Sets the rule and resets the per-operation counts. */
  public void rule(Rule r, long delayMillis) {
    counts.clear();
    this.delayMillis = delayMillis;
    this.rule = r;
  }

  /** Requests of this operation seen since the last {@link #rule}. */
  public int count(String operation) {
    AtomicInteger c = counts.get(operation);
    return c == null ? 0 : c.get();
  }

  /** Faults injected in total. */
  public int injected() {
    return injected.get();
  }

  @Override
  public void close() throws IOException {
    socket.close();
    threads.shutdownNow();
  }

  private void accept() {
    while (!socket.isClosed()) {
      try {
        Socket client = socket.accept();
        threads.execute(() -> serve(client));
      } catch (IOException closed) {
        return;
      }
    }
  }

  private void serve(Socket client) {
    try (client) {
      client.setSoTimeout(30_000);
      InputStream in = client.getInputStream();
      byte[] head = readHead(in);
      String headText = new String(head, StandardCharsets.ISO_8859_1);
      int length = contentLength(headText);
      if (length > MAX_REQUEST) {
        return;
      }
      byte[] body = in.readNBytes(length);
      String op = operation(headText);
      int n = counts.computeIfAbsent(op, k -> new AtomicInteger()).incrementAndGet();
      Fault fault = rule.decide(op, n);
      if (fault != Fault.PASS) {
        injected.incrementAndGet();
      }
      OutputStream out = client.getOutputStream();
      switch (fault) {
        case THROTTLE -> reply(out, 400, "{\"__type\":\"com.amazonaws.dynamodb.v20120810#ThrottlingException\","
            + "\"message\":\"Rate of requests exceeds the allowed throughput.\"}");
        case ERROR_500 -> reply(out, 500, "{\"__type\":\"com.amazonaws.dynamodb.v20120810#InternalServerError\","
            + "\"message\":\"Internal server error\"}");
        case CONFLICT -> reply(out, 400, op.equals("TransactWriteItems")
            ? "{\"__type\":\"com.amazonaws.dynamodb.v20120810#TransactionCanceledException\","
                + "\"message\":\"Transaction cancelled, please refer cancellation reasons for specific reasons "
                + "[TransactionConflict]\",\"CancellationReasons\":[{\"Code\":\"TransactionConflict\","
                + "\"Message\":\"Transaction is ongoing for the item\"}]}"
            : "{\"__type\":\"com.amazonaws.dynamodb.v20120810#TransactionConflictException\","
                + "\"message\":\"Transaction is ongoing for the item\"}");
        case DROP_BEFORE -> { }
        case DROP_AFTER -> forward(headText, body);
        case DELAY -> {
          Thread.sleep(delayMillis);
          out.write(forward(headText, body));
        }
        // A table that stops answering: the request is held, then dropped, never forwarded.
        case HANG -> Thread.sleep(delayMillis);
        case PASS -> out.write(forward(headText, body));
      }
      out.flush();
    } catch (IOException | InterruptedException e) {
      // the client gave up (timeouts) or the proxy is closing
    }
  }

  /** Sends the request upstream on a fresh connection and returns the whole answer. */
  private byte[] forward(String head, byte[] body) throws IOException {
    try (Socket up = new Socket(upstream.getHost(), upstream.getPort())) {
      up.setSoTimeout(30_000);
      String rewritten = head.replaceAll("(?im)^connection:.*\\r\\n", "").replaceFirst("\r\n\r\n$",
          "\r\nConnection: close\r\n\r\n");
      OutputStream o = up.getOutputStream();
      o.write(rewritten.getBytes(StandardCharsets.ISO_8859_1));
      o.write(body);
      o.flush();
      return up.getInputStream().readAllBytes();
    }
  }

  private static void reply(OutputStream out, int status, String json) throws IOException {
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    String head = "HTTP/1.1 " + status + (status == 400 ? " Bad Request" : " Internal Server Error") + "\r\n"
        + "Content-Type: application/x-amz-json-1.0\r\nContent-Length: " + b.length + "\r\nConnection: close\r\n"
        + "x-amzn-RequestId: fault-proxy\r\n\r\n";
    out.write(head.getBytes(StandardCharsets.ISO_8859_1));
    out.write(b);
  }

  private static byte[] readHead(InputStream in) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    int state = 0;
    while (state < 4) {
      int c = in.read();
      if (c < 0) {
        throw new IOException("closed");
      }
      b.write(c);
      state = (c == '\r' && (state == 0 || state == 2)) || (c == '\n' && (state == 1 || state == 3)) ? state + 1
          : c == '\r' ? 1 : 0;
      if (b.size() > 64 * 1024) {
        throw new IOException("head too large");
      }
    }
    return b.toByteArray();
  }

  private static int contentLength(String head) {
    for (String line : head.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
        return Integer.parseInt(line.substring(15).trim());
      }
    }
    return 0;
  }

  private static String operation(String head) {
    for (String line : head.split("\r\n")) {
      if (line.toLowerCase(Locale.ROOT).startsWith("x-amz-target:")) {
        String v = line.substring(13).trim();
        return v.substring(v.indexOf('.') + 1);
      }
    }
    return "?";
  }
}
