package dev.monotable.kit.ops;

import dev.monotable.kit.engine.LocalEngine;
import dev.monotable.kit.internal.data.Backoff;
import java.io.PrintStream;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The operator tools' bulk writes: BatchWriteItem of {@value #BATCH} requests with unprocessed
 * ones retried ({@link Backoff}), a stream of generated items written that way with a progress
 * bar, and the bulk load of synthetic data ({@code scripts/seed --scale}, the bench's scale tables)
 * through the local engine when it is the endpoint. Never used by the API: an access pattern
 * writes through the data-access layer.
 */
public final class BatchWrites {
  /** Items per BatchWriteItem: DynamoDB's limit. */
  public static final int BATCH = 25;
  /** Items per request of the local engine's bulk load ({@link #load}). */
  public static final int LOAD_CHUNK = 5000;

  private BatchWrites() {}

  /** Items fed one by one to a sink, so a large dataset is never held whole. */
  @FunctionalInterface
  public interface Source {
    void feed(Consumer<Map<String, AttributeValue>> sink);
  }

  /**
   * Writes the {@code n} items of {@code source} with BatchWriteItem (25 puts a request),
   * drawing a progress bar on {@code progress} (null: silent). Returns the items written per second.
   */
  public static double write(DynamoDbClient client, String table, Source source, int n, PrintStream progress) {
    long started = System.nanoTime();
    List<WriteRequest> batch = new ArrayList<>(BATCH);
    int[] written = {0};
    int[] shown = {-1};
    source.feed(item -> {
      batch.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
      if (batch.size() == BATCH) {
        flush(client, table, batch);
        written[0] += BATCH;
        shown[0] = bar(progress, written[0], n, shown[0]);
      }
    });
    if (!batch.isEmpty()) {
      written[0] += batch.size();
      flush(client, table, batch);
      bar(progress, written[0], n, shown[0]);
    }
    double seconds = Math.max(1e-9, (System.nanoTime() - started) / 1e9);
    double rate = written[0] / seconds;
    if (progress != null) {
      progress.printf(Locale.ROOT, "%nwrote %d items in %.1f s: %.0f items/s%n", written[0], seconds, rate);
    }
    return rate;
  }

  /**
   * Loads the {@code n} items of {@code source} into a table for tools that seed synthetic data
   * ({@code scripts/seed --scale}, the bench's scale tables). On the local engine, its bulk load
   * ({@link LocalEngine.Control#load}: the items checked as PutItem checks them, {@value #LOAD_CHUNK}
   * a request, no stream records, as DynamoDB's ImportTable from S3); elsewhere {@link #write}.
   * Returns the items loaded per second.
   */
  public static double load(DynamoDbClient client, String table, Source source, int n, PrintStream progress) {
    URI endpoint = client.serviceClientConfiguration().endpointOverride().orElse(null);
    LocalEngine.Control engine = endpoint == null ? null : LocalEngine.control(endpoint);
    if (engine == null || !engine.available()) {
      return write(client, table, source, n, progress);
    }
    long started = System.nanoTime();
    StringBuilder lines = new StringBuilder();
    int[] counts = {0, 0, -1}; // pending, loaded, percentage shown
    source.feed(item -> {
      lines.append(ItemFormat.json(item)).append('\n');
      if (++counts[0] == LOAD_CHUNK) {
        counts[1] += engine.load(table, lines.toString());
        lines.setLength(0);
        counts[0] = 0;
        counts[2] = bar(progress, counts[1], n, counts[2]);
      }
    });
    if (counts[0] > 0) {
      counts[1] += engine.load(table, lines.toString());
      bar(progress, counts[1], n, counts[2]);
    }
    double seconds = Math.max(1e-9, (System.nanoTime() - started) / 1e9);
    double rate = counts[1] / seconds;
    if (progress != null) {
      progress.printf(Locale.ROOT, "%nloaded %d items in %.1f s through the local engine's bulk load: %.0f items/s%n",
          counts[1], seconds, rate);
    }
    return rate;
  }

  private static void flush(DynamoDbClient client, String table, List<WriteRequest> batch) {
    List<WriteRequest> requests = List.copyOf(batch);
    batch.clear();
    writeBatch(client, table, requests);
  }

  /**
   * One BatchWriteItem of up to {@link #BATCH} puts or deletes, retrying UnprocessedItems with
   * {@link Backoff}: the one batch write of the operator tools.
   */
  public static void writeBatch(DynamoDbClient client, String table, List<WriteRequest> requests) {
    Backoff.untilDone(Map.of(table, requests), pending -> {
      BatchWriteItemResponse r = client.batchWriteItem(BatchWriteItemRequest.builder().requestItems(pending).build());
      return r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
    }, Map::isEmpty, "BatchWriteItem left writes");
  }

  /** Redraws the bar when the whole percentage changed; returns the percentage shown. */
  private static int bar(PrintStream out, int done, int total, int shown) {
    int pct = (int) (100L * done / Math.max(1, total));
    if (out == null || pct == shown) {
      return shown;
    }
    int filled = pct * 30 / 100;
    out.printf(Locale.ROOT, "\rseed [%s%s] %3d%% %,d/%,d items", "#".repeat(filled), " ".repeat(30 - filled), pct,
        done, total);
    out.flush();
    return pct;
  }
}
