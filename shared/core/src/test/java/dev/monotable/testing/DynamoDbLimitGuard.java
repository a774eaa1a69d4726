package dev.monotable.testing;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * Fails, in tests, any request real DynamoDB would reject but moto accepts (batch and transaction
 * sizes), and any Scan: application code must never scan. A limit bug cannot pass locally and
 * fail on AWS.
 */
public final class DynamoDbLimitGuard implements ExecutionInterceptor {
  private static volatile boolean allowScan;

  /** Operator tools under test may scan; everything else may not. */
  public static void allowScan(boolean allow) {
    allowScan = allow;
  }

  /** {@code @ExtendWith(DynamoDbLimitGuard.ScanAllowed.class)}: the class tests a tool that scans. */
  public static final class ScanAllowed implements BeforeEachCallback, AfterEachCallback {
    @Override
    public void beforeEach(ExtensionContext context) {
      allowScan(true);
    }

    @Override
    public void afterEach(ExtensionContext context) {
      allowScan(false);
    }
  }

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    SdkRequest r = context.request();
    if (r instanceof BatchWriteItemRequest b) {
      int n = b.requestItems().values().stream().mapToInt(java.util.List::size).sum();
      check(n <= 25, "BatchWriteItem with " + n + " requests (DynamoDB allows 25)");
    } else if (r instanceof BatchGetItemRequest b) {
      int n = b.requestItems().values().stream().mapToInt(k -> k.keys().size()).sum();
      check(n <= 100, "BatchGetItem with " + n + " keys (DynamoDB allows 100)");
    } else if (r instanceof TransactWriteItemsRequest t) {
      check(t.transactItems().size() <= 100, "TransactWriteItems with " + t.transactItems().size() + " items");
    } else if (r instanceof TransactGetItemsRequest t) {
      check(t.transactItems().size() <= 100, "TransactGetItems with " + t.transactItems().size() + " items");
    } else if (r instanceof ScanRequest) {
      check(allowScan, "Scan outside an operator tool");
    }
  }

  private static void check(boolean ok, String message) {
    if (!ok) {
      throw new AssertionError("DynamoDB would reject or the model forbids: " + message);
    }
  }
}
