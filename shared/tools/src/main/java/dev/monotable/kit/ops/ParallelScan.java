package dev.monotable.kit.ops;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * Operator-only full-table reads: a parallel Scan ({@code Segment}/{@code TotalSegments}), one
 * thread per segment, every page read strongly consistent so a tool sees its own and others'
 * latest writes. Application code never scans (see NoScanInApplicationCodeTest); the validator,
 * the backfill and {@code explore type} are the exception, and say so when they run.
 */
public final class ParallelScan {
  /** More threads than this only queue on the HTTP client. */
  static final int MAX_THREADS = 8;

  private final DynamoDbClient client;
  private final String table;

  public ParallelScan(DynamoDbClient client, String table) {
    this.client = client;
    this.table = table;
  }

  /** Every segment 0..total-1. */
  public static List<Integer> allSegments(int total) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < total; i++) {
      out.add(i);
    }
    return out;
  }

  /**
   * Scans the given segments of a {@code totalSegments}-way split in parallel and hands every item
   * to {@code each}, which is called from several threads at once and must be thread-safe.
   * The first failure of any segment is rethrown after the others stop.
   *
   * @return the number of items read
   */
  public long forEach(int totalSegments, List<Integer> segments, Consumer<Map<String, AttributeValue>> each) {
    AtomicLong count = new AtomicLong();
    inParallel(segments, "scan-segment", segment -> scanSegment(totalSegments, segment, item -> {
      count.incrementAndGet();
      each.accept(item);
    }));
    return count.get();
  }

  /**
   * Runs {@code work} for each segment, on up to {@link #MAX_THREADS} threads named {@code name}.
   * The first failure of any segment is rethrown after the others are interrupted.
   */
  public static void inParallel(List<Integer> segments, String name, IntConsumer work) {
    if (segments.isEmpty()) {
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(segments.size(), MAX_THREADS)), r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int segment : segments) {
        futures.add(pool.submit(() -> work.accept(segment)));
      }
      for (Future<?> f : futures) {
        try {
          f.get();
        } catch (ExecutionException e) {
          futures.forEach(other -> other.cancel(true));
          if (e.getCause() instanceof RuntimeException re) {
            throw re;
          }
          if (e.getCause() instanceof Error err) {
            throw err;
          }
          throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException("interrupted", e);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private void scanSegment(int totalSegments, int segment, Consumer<Map<String, AttributeValue>> each) {
    Paginator pages = Paginator.scan(client, () -> {
      ScanRequest.Builder scan = ScanRequest.builder().tableName(table).consistentRead(true);
      return totalSegments > 1 ? scan.segment(segment).totalSegments(totalSegments) : scan;
    });
    do {
      pages.next().items().forEach(each);
    } while (pages.hasNext() && !Thread.currentThread().isInterrupted());
  }
}
