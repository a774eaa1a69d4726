package dev.monotable.kit.local;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The local service's copy of its metrics: every line written to stdout still reaches stdout, and
 * the lines that carry CloudWatch embedded metrics (each handler invocation's one line, with its
 * {@code _aws} block, exactly as Lambda writes it to CloudWatch Logs) are also appended to a file
 * that {@link #start} empties, so the file holds the current run. {@link MetricsReport} reads it.
 */
public final class MetricsLog extends OutputStream {
  /** The file's name under the local folder ({@code .local/}). */
  public static final String FILE = "metrics.jsonl";

  private final PrintStream out;
  private final BufferedWriter file;
  private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

  private MetricsLog(PrintStream out, BufferedWriter file) {
    this.out = out;
    this.file = file;
  }

  /**
   * Empties {@code file} and makes {@code System.out} copy the metric lines into it; returns the
   * stream to close at the end (it restores nothing: the process is ending).
   */
  public static PrintStream start(Path file) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      MetricsLog tee = new MetricsLog(System.out, Files.newBufferedWriter(file, StandardCharsets.UTF_8));
      PrintStream teed = new PrintStream(tee, true, StandardCharsets.UTF_8);
      System.setOut(teed);
      return teed;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public synchronized void write(int b) {
    out.write(b);
    if (b == '\n') {
      line();
    } else {
      bytes.write(b);
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) {
    out.write(b, off, len);
    for (int i = off; i < off + len; i++) {
      if (b[i] == '\n') {
        line();
      } else {
        bytes.write(b[i]);
      }
    }
  }

  private void line() {
    String line = bytes.toString(StandardCharsets.UTF_8);
    bytes.reset();
    if (line.startsWith("{") && line.contains("\"_aws\":")) {
      try {
        file.write(line);
        file.write('\n');
        // Flushed per line: the report may be read while the service runs.
        file.flush();
      } catch (IOException e) {
        // The copy is a convenience; stdout has the line.
      }
    }
  }

  @Override
  public synchronized void flush() {
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    out.flush();
    file.close();
  }
}
