package dev.monotable.kit.ops;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * SDK interceptor that records every DynamoDB call a client makes (operation and, for Query and
 * Scan, the index), and every HTTP attempt, so a tool can tell how many requests one access
 * pattern cost. Install it when building the client; {@link #reset()} before each measured call.
 */
public final class RequestCounter implements ExecutionInterceptor {

  /**
   * One API call.
   *
   * @param operation DynamoDB operation, for example {@code Query}
   * @param index the index a Query or Scan read, or null for the table
   */
  public record Call(String operation, String index) {
    @Override
    public String toString() {
      return index == null ? operation : operation + "(" + index + ")";
    }
  }

  private final List<Call> calls = new ArrayList<>();
  private int attempts;

  @Override
  public synchronized void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    SdkRequest request = context.request();
    String name = request.getClass().getSimpleName();
    String operation = name.endsWith("Request") ? name.substring(0, name.length() - "Request".length()) : name;
    String index = null;
    if (request instanceof QueryRequest q) {
      index = q.indexName();
    } else if (request instanceof ScanRequest s) {
      index = s.indexName();
    }
    calls.add(new Call(operation, index));
  }

  @Override
  public synchronized void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
    attempts++;
  }

  public synchronized void reset() {
    calls.clear();
    attempts = 0;
  }

  /** The calls since the last reset, in order. */
  public synchronized List<Call> calls() {
    return List.copyOf(calls);
  }

  /** HTTP attempts since the last reset: more than the calls when the SDK retried. */
  public synchronized int attempts() {
    return attempts;
  }
}
