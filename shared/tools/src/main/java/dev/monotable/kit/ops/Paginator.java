package dev.monotable.kit.ops;

import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The operator tools' one LastEvaluatedKey loop: the pages of a Query or a Scan, one request per
 * {@link #next}, each page starting where the one before stopped (its LastEvaluatedKey as the
 * next ExclusiveStartKey). The caller decides how far to read: to the end ({@link #hasNext}), or
 * until it has what it wants, and then {@link #hasNext} says whether more was left. Scans stay in
 * the operator tools; application code reads pages through {@code TableGateway}.
 */
public final class Paginator {
  private final Function<Map<String, AttributeValue>, Page> fetch;
  private Map<String, AttributeValue> start;
  private boolean started;
  private int requests;

  private Paginator(Function<Map<String, AttributeValue>, Page> fetch) {
    this.fetch = fetch;
  }

  /**
   * One page as the tools read it.
   *
   * @param count the items the page holds after any filter ({@code Count})
   * @param scannedCount the items DynamoDB read for it ({@code ScannedCount})
   * @param lastKey where the page stopped ({@code LastEvaluatedKey}), or null when it is the last
   */
  public record Page(List<Map<String, AttributeValue>> items, int count, int scannedCount,
      Map<String, AttributeValue> lastKey) {

    static Page of(QueryResponse r) {
      return new Page(r.items(), orZero(r.count()), orZero(r.scannedCount()),
          r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null);
    }

    static Page of(ScanResponse r) {
      return new Page(r.items(), orZero(r.count()), orZero(r.scannedCount()),
          r.hasLastEvaluatedKey() ? r.lastEvaluatedKey() : null);
    }

    private static int orZero(Integer n) {
      return n == null ? 0 : n;
    }
  }

  /**
   * The pages of a Query: {@code request} makes a page's request without its start key (called
   * once per page, so it may change, say, the Limit as items arrive). A null start key leaves
   * ExclusiveStartKey out of the request.
   */
  public static Paginator query(DynamoDbClient client, Supplier<QueryRequest.Builder> request) {
    return new Paginator(start -> Page.of(client.query(request.get().exclusiveStartKey(start).build())));
  }

  /** The pages of a Scan (a segment of one, with Segment and TotalSegments); as {@link #query}. */
  public static Paginator scan(DynamoDbClient client, Supplier<ScanRequest.Builder> request) {
    return new Paginator(start -> Page.of(client.scan(request.get().exclusiveStartKey(start).build())));
  }

  /** True before the first page, and after a page that stopped before the end. */
  public boolean hasNext() {
    return !started || start != null;
  }

  /** Reads the next page: one request. */
  public Page next() {
    if (!hasNext()) {
      throw new NoSuchElementException("the last page was read");
    }
    Page page = fetch.apply(start);
    started = true;
    requests++;
    start = page.lastKey() == null || page.lastKey().isEmpty() ? null : page.lastKey();
    return page;
  }

  /** The requests made so far. */
  public int requests() {
    return requests;
  }
}
