package dev.monotable.shared.local;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;

/**
 * A {@code moto_server} process on a loopback port: the default local DynamoDB-compatible engine
 * of the local runner and of the tests. Never used in Lambda.
 */
public final class MotoServer implements AutoCloseable {
  private final Process process;
  private final int port;
  private final File log;

  private MotoServer(Process process, int port, File log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /** Starts {@code moto_server -H 127.0.0.1 -p port} and waits until it accepts connections. */
  public static MotoServer start(int port) {
    try {
      File log = File.createTempFile("moto-server-" + port + "-", ".log");
      Process p = new ProcessBuilder("moto_server", "-H", "127.0.0.1", "-p", Integer.toString(port))
          .redirectErrorStream(true)
          .redirectOutput(log)
          .start();
      MotoServer server = new MotoServer(p, port, log);
      server.awaitListening(Duration.ofSeconds(30));
      return server;
    } catch (IOException e) {
      throw new IllegalStateException("could not start moto_server (pip package moto[server]; see README)", e);
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

  public File log() {
    return log;
  }

  private void awaitListening(Duration timeout) {
    Instant deadline = Instant.now().plus(timeout);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("moto_server exited; see " + log);
      }
      if (listening(port)) {
        return;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
    close();
    throw new IllegalStateException("moto_server did not listen on " + port + " within " + timeout + "; see " + log);
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, java.util.concurrent.TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
