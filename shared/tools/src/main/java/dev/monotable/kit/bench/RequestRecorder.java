package dev.monotable.kit.bench;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;

/**
 * SDK interceptor that records every DynamoDB call the client makes: its operation name
 * ({@code GetItem}, {@code BatchGetItem}...), the time inside the SDK call (first to last hook:
 * marshalling, signing, HTTP, unmarshalling), the HTTP attempts (more than the calls when the SDK
 * retried) and the time on the wire (request sent to response received, summed over the attempts
 * that got a response). {@link #reset()} before an invocation, {@link #calls()} after.
 *
 * <p>Handlers call the client on the invoking thread (URLConnection client, synchronous), so one
 * recorder per client serves a single-threaded benchmark.
 */
public final class RequestRecorder implements ExecutionInterceptor {
  private static final ExecutionAttribute<Long> STARTED = new ExecutionAttribute<>("bench.started");
  private static final ExecutionAttribute<Long> SENT = new ExecutionAttribute<>("bench.sent");

  private final List<String> operations = new ArrayList<>();
  private int attempts;
  private long sdkNanos;
  private long wireNanos;

  /** What the client did since the last reset. */
  public record Calls(List<String> operations, int attempts, long sdkNanos, long wireNanos) {
    public Calls {
      operations = List.copyOf(operations);
    }

    public int count() {
      return operations.size();
    }

    /** Operation names in call order, e.g. {@code BatchGetItem, Query}; {@code none} for no call. */
    public String describe() {
      return operations.isEmpty() ? "none" : String.join(", ", operations);
    }
  }

  public synchronized void reset() {
    operations.clear();
    attempts = 0;
    sdkNanos = 0;
    wireNanos = 0;
  }

  public synchronized Calls calls() {
    return new Calls(operations, attempts, sdkNanos, wireNanos);
  }

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    attributes.putAttribute(STARTED, System.nanoTime());
    synchronized (this) {
      operations.add(attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME));
    }
  }

  @Override
  public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
    attributes.putAttribute(SENT, System.nanoTime());
    synchronized (this) {
      attempts++;
    }
  }

  @Override
  public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
    long sent = attributes.getAttribute(SENT);
    synchronized (this) {
      wireNanos += System.nanoTime() - sent;
    }
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    finished(attributes);
  }

  @Override
  public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
    // Conditional-check failures are answers the handlers expect: their time counts like any other.
    finished(attributes);
  }

  private void finished(ExecutionAttributes attributes) {
    Long started = attributes.getAttribute(STARTED);
    if (started != null) {
      synchronized (this) {
        sdkNanos += System.nanoTime() - started;
      }
    }
  }
}
