package dev.monotable.testing;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;

/**
 * The DynamoDB-compatible server of a test run: the endpoint in {@code DYNAMODB_ENDPOINT} when
 * set (DynamoDB Local, real AWS), otherwise one {@code moto_server} started on a free loopback
 * port for the whole JVM and stopped when the JVM exits.
 */
public final class LocalDynamoDb {
  private static URI endpoint;
  private static boolean resolved;
  private static Process process;

  private LocalDynamoDb() {}

  /** The endpoint, or null when tests run against real AWS (DYNAMODB_ENDPOINT=aws). */
  public static synchronized URI endpoint() {
    if (resolved) {
      return endpoint;
    }
    String configured = System.getenv("DYNAMODB_ENDPOINT");
    if (configured != null && !configured.isBlank()) {
      endpoint = "aws".equalsIgnoreCase(configured) ? null : URI.create(configured);
    } else {
      endpoint = startMoto();
    }
    resolved = true;
    return endpoint;
  }

  private static URI startMoto() {
    int port = freePort();
    try {
      File log = File.createTempFile("moto-server-", ".log");
      process = new ProcessBuilder("moto_server", "-H", "127.0.0.1", "-p", Integer.toString(port))
          .redirectErrorStream(true)
          .redirectOutput(log)
          .start();
      Runtime.getRuntime().addShutdownHook(new Thread(process::destroy));
      waitForPort(port, Duration.ofSeconds(30), log);
      return URI.create("http://127.0.0.1:" + port);
    } catch (IOException e) {
      throw new IllegalStateException("could not start moto_server (is moto installed? see README)", e);
    }
  }

  public static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 0, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void waitForPort(int port, Duration timeout, File log) {
    Instant deadline = Instant.now().plus(timeout);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("moto_server exited; see " + log);
      }
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress("127.0.0.1", port), 200);
        return;
      } catch (IOException notYet) {
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(e);
        }
      }
    }
    throw new IllegalStateException("moto_server did not listen on " + port + " within " + timeout + "; see " + log);
  }
}
