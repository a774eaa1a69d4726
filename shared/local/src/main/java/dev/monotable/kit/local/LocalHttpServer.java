package dev.monotable.kit.local;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;

/**
 * A small HTTP/1.1 server on loopback for the local API. The JDK's {@code com.sun.net.httpserver}
 * answers a request target that is not a valid URI (for example {@code ?cursor=%%%%}) itself, with
 * a text/html page, before any handler runs; here every request, however malformed, reaches one
 * function that answers JSON. Supports keep-alive, {@code Content-Length} and chunked bodies and
 * {@code Expect: 100-continue}; one thread per open connection, at most {@link #MAX_CONNECTIONS}.
 */
final class LocalHttpServer implements AutoCloseable {
  static final int MAX_CONNECTIONS = 256;
  private static final int MAX_HEAD_BYTES = 64 * 1024;
  private static final int IDLE_TIMEOUT_MS = 30_000;

  /** One parsed request; {@code target} is the raw request target (path and query, undecoded). */
  record Request(String method, String target, String protocol, Map<String, List<String>> headers, byte[] body,
      InetSocketAddress remote) {

    String rawPath() {
      int q = target.indexOf('?');
      return q < 0 ? target : target.substring(0, q);
    }

    /** The raw query string, or null. */
    String rawQuery() {
      int q = target.indexOf('?');
      return q < 0 ? null : target.substring(q + 1);
    }
  }

  /** What to send back. */
  record Response(int status, Map<String, String> headers, byte[] body) {}

  /** Answers a request; also called with a null request for protocol errors (see {@link #errors}). */
  interface Handler {
    Response handle(Request request);
  }

  /** Builds the answer to a request the server could not parse (status and message). */
  interface Errors {
    Response error(int status, String code, String message);
  }

  /** Thrown while reading a request that cannot be served; answered, then the connection closes. */
  private static final class BadRequest extends Exception {
    private static final long serialVersionUID = 1L;
    final int status;
    final String code;

    BadRequest(int status, String code, String message) {
      super(message, null, false, false);
      this.status = status;
      this.code = code;
    }
  }

  private final ServerSocket socket;
  private final ExecutorService threads;
  private final Semaphore slots = new Semaphore(MAX_CONNECTIONS);
  private final Handler handler;
  private final Errors errors;
  private final int maxBody;

  private LocalHttpServer(ServerSocket socket, Handler handler, Errors errors, int maxBody) {
    this.socket = socket;
    this.handler = handler;
    this.errors = errors;
    this.maxBody = maxBody;
    this.threads = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "local-api");
      t.setDaemon(true);
      return t;
    });
  }

  static LocalHttpServer start(int port, Handler handler, Errors errors, int maxBody) throws IOException {
    ServerSocket ss = new ServerSocket();
    ss.setReuseAddress(true);
    ss.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
    LocalHttpServer server = new LocalHttpServer(ss, handler, errors, maxBody);
    server.threads.execute(server::acceptLoop);
    return server;
  }

  int port() {
    return socket.getLocalPort();
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing anyway
    }
    threads.shutdownNow();
  }

  private void acceptLoop() {
    while (!socket.isClosed()) {
      Socket s;
      try {
        s = socket.accept();
      } catch (IOException e) {
        return;
      }
      if (!slots.tryAcquire()) {
        send(s, errors.error(503, "busy", "too many open connections"), false);
        closeQuietly(s);
        continue;
      }
      threads.execute(() -> {
        try {
          serve(s);
        } finally {
          slots.release();
          closeQuietly(s);
        }
      });
    }
  }

  private void serve(Socket s) {
    try {
      s.setSoTimeout(IDLE_TIMEOUT_MS);
      s.setTcpNoDelay(true);
      InputStream in = new BufferedInputStream(s.getInputStream());
      OutputStream out = new BufferedOutputStream(s.getOutputStream());
      while (true) {
        Request request;
        try {
          request = read(in, out, (InetSocketAddress) s.getRemoteSocketAddress());
        } catch (BadRequest e) {
          write(out, errors.error(e.status, e.code, e.getMessage()), false, false);
          return;
        }
        if (request == null) {
          return;
        }
        boolean keepAlive = keepAlive(request);
        Response response;
        try {
          response = handler.handle(request);
        } catch (RuntimeException e) {
          System.err.println("local API: " + e);
          response = errors.error(500, "internal", "internal error");
        }
        write(out, response, keepAlive, "HEAD".equals(request.method()));
        if (!keepAlive) {
          return;
        }
      }
    } catch (SocketTimeoutException | SocketException idleOrGone) {
      // the client went away or stayed idle: close
    } catch (IOException e) {
      System.err.println("local API: " + e);
    }
  }

  /** The next request, or null at a clean end of stream. */
  private Request read(InputStream in, OutputStream out, InetSocketAddress remote) throws IOException, BadRequest {
    int[] budget = {MAX_HEAD_BYTES};
    String line = line(in, budget);
    while (line != null && line.isEmpty()) {
      line = line(in, budget); // RFC 9112: ignore empty lines before a request line
    }
    if (line == null) {
      return null;
    }
    String[] parts = line.split(" ", -1);
    if (parts.length != 3 || parts[0].isEmpty() || parts[1].isEmpty() || !parts[2].startsWith("HTTP/1.")) {
      throw new BadRequest(400, "bad_request", "malformed request line");
    }
    Map<String, List<String>> headers = new LinkedHashMap<>();
    for (String h = line(in, budget); ; h = line(in, budget)) {
      if (h == null) {
        throw new BadRequest(400, "bad_request", "request ended inside its headers");
      }
      if (h.isEmpty()) {
        break;
      }
      int colon = h.indexOf(':');
      if (colon <= 0 || h.substring(0, colon).isBlank() || h.charAt(colon - 1) == ' ') {
        throw new BadRequest(400, "bad_request", "malformed header line");
      }
      headers.computeIfAbsent(h.substring(0, colon).toLowerCase(Locale.ROOT), k -> new java.util.ArrayList<>())
          .add(h.substring(colon + 1).trim());
    }
    byte[] body = body(in, out, headers);
    return new Request(parts[0], parts[1], parts[2], headers, body, remote);
  }

  private byte[] body(InputStream in, OutputStream out, Map<String, List<String>> headers)
      throws IOException, BadRequest {
    List<String> te = headers.get("transfer-encoding");
    List<String> cl = headers.get("content-length");
    if (te != null && cl != null) {
      throw new BadRequest(400, "bad_request", "both Content-Length and Transfer-Encoding");
    }
    long length = 0;
    if (cl != null) {
      if (cl.size() != 1 || !cl.get(0).matches("[0-9]{1,12}")) {
        throw new BadRequest(400, "bad_request", "invalid Content-Length");
      }
      length = Long.parseLong(cl.get(0));
      if (length > maxBody) {
        throw new BadRequest(413, "payload_too_large", "request exceeds the API's 10 MB limit");
      }
    } else if (te != null && !String.join(",", te).trim().equalsIgnoreCase("chunked")) {
      throw new BadRequest(501, "not_implemented", "only chunked transfer encoding is supported");
    }
    List<String> expect = headers.get("expect");
    if (expect != null && expect.stream().anyMatch(v -> v.equalsIgnoreCase("100-continue"))) {
      out.write("HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
    }
    if (te != null) {
      return chunked(in);
    }
    byte[] body = in.readNBytes((int) length);
    if (body.length != length) {
      throw new BadRequest(400, "bad_request", "request body shorter than Content-Length");
    }
    return body;
  }

  private byte[] chunked(InputStream in) throws IOException, BadRequest {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    int[] budget = {MAX_HEAD_BYTES};
    while (true) {
      String size = line(in, budget);
      if (size == null) {
        throw new BadRequest(400, "bad_request", "chunked body ended early");
      }
      int semi = size.indexOf(';');
      String hex = (semi < 0 ? size : size.substring(0, semi)).trim();
      if (!hex.matches("[0-9A-Fa-f]{1,8}")) {
        throw new BadRequest(400, "bad_request", "invalid chunk size");
      }
      long n = Long.parseLong(hex, 16);
      if (body.size() + n > maxBody) {
        throw new BadRequest(413, "payload_too_large", "request exceeds the API's 10 MB limit");
      }
      if (n == 0) {
        for (String trailer = line(in, budget); trailer != null && !trailer.isEmpty(); trailer = line(in, budget)) {
          // trailers are ignored
        }
        return body.toByteArray();
      }
      byte[] chunk = in.readNBytes((int) n);
      if (chunk.length != n || !"".equals(line(in, budget))) {
        throw new BadRequest(400, "bad_request", "malformed chunk");
      }
      body.writeBytes(chunk);
    }
  }

  /** One CRLF- (or LF-) terminated line in ISO-8859-1, or null at end of stream before any byte. */
  private static String line(InputStream in, int[] budget) throws IOException, BadRequest {
    ByteArrayOutputStream b = new ByteArrayOutputStream(64);
    int c = in.read();
    if (c < 0) {
      return null;
    }
    while (c >= 0 && c != '\n') {
      if (--budget[0] < 0) {
        throw new BadRequest(431, "headers_too_large", "request head exceeds 64 KiB");
      }
      b.write(c);
      c = in.read();
    }
    if (c < 0) {
      throw new BadRequest(400, "bad_request", "request ended inside a line");
    }
    byte[] bytes = b.toByteArray();
    int n = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
    return new String(bytes, 0, n, StandardCharsets.ISO_8859_1);
  }

  private static boolean keepAlive(Request r) {
    List<String> connection = r.headers().get("connection");
    boolean close = connection != null && connection.stream()
        .anyMatch(v -> v.toLowerCase(Locale.ROOT).contains("close"));
    if ("HTTP/1.0".equals(r.protocol())) {
      return connection != null && connection.stream().anyMatch(v -> v.equalsIgnoreCase("keep-alive"));
    }
    return !close;
  }

  private static void send(Socket s, Response response, boolean keepAlive) {
    try {
      write(new BufferedOutputStream(s.getOutputStream()), response, keepAlive, false);
    } catch (IOException ignored) {
      // the client is gone
    }
  }

  private static void write(OutputStream out, Response r, boolean keepAlive, boolean head) throws IOException {
    boolean noBody = r.status() == 204 || r.status() == 304 || r.body() == null;
    StringBuilder sb = new StringBuilder("HTTP/1.1 ").append(r.status()).append(' ').append(reason(r.status()))
        .append("\r\n");
    r.headers().forEach((k, v) -> {
      if (!k.equalsIgnoreCase("content-length") && !k.equalsIgnoreCase("connection")) {
        sb.append(k).append(": ").append(v).append("\r\n");
      }
    });
    if (r.status() != 204 && r.status() != 304) {
      sb.append("content-length: ").append(noBody ? 0 : r.body().length).append("\r\n");
    }
    sb.append("connection: ").append(keepAlive ? "keep-alive" : "close").append("\r\n\r\n");
    out.write(sb.toString().getBytes(StandardCharsets.ISO_8859_1));
    if (!noBody && !head) {
      out.write(r.body());
    }
    out.flush();
  }

  private static String reason(int status) {
    return switch (status) {
      case 200 -> "OK";
      case 201 -> "Created";
      case 204 -> "No Content";
      case 400 -> "Bad Request";
      case 401 -> "Unauthorized";
      case 403 -> "Forbidden";
      case 404 -> "Not Found";
      case 405 -> "Method Not Allowed";
      case 409 -> "Conflict";
      case 412 -> "Precondition Failed";
      case 413 -> "Content Too Large";
      case 431 -> "Request Header Fields Too Large";
      case 500 -> "Internal Server Error";
      case 501 -> "Not Implemented";
      case 503 -> "Service Unavailable";
      default -> "Status";
    };
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // nothing to do
    }
  }
}
