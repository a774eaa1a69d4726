package dev.monotable.devices.bench;

import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * SDK interceptor counting the items DynamoDB read for the calls since {@link #reset()}: a Query's
 * or Scan's {@code ScannedCount} (what it evaluated before its filter, the items it is billed
 * for), one per item a GetItem or BatchGetItem found. Writes read nothing here.
 */
final class ItemsRead implements ExecutionInterceptor {
  private long items;

  synchronized void reset() {
    items = 0;
  }

  synchronized long items() {
    return items;
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    long n = 0;
    if (context.response() instanceof QueryResponse q) {
      n = q.scannedCount() == null ? q.count() : q.scannedCount();
    } else if (context.response() instanceof ScanResponse s) {
      n = s.scannedCount() == null ? s.count() : s.scannedCount();
    } else if (context.response() instanceof GetItemResponse g) {
      n = g.hasItem() && !g.item().isEmpty() ? 1 : 0;
    } else if (context.response() instanceof BatchGetItemResponse b) {
      n = b.responses().values().stream().mapToLong(java.util.List::size).sum();
    }
    synchronized (this) {
      items += n;
    }
  }
}
