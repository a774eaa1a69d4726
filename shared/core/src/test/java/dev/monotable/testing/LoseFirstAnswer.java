package dev.monotable.testing;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * An SDK interceptor that lets the first attempt of {@link #operation} reach the table, then drops
 * its answer (a connection reset after DynamoDB applied the write): the SDK retries the same
 * request, as it does when an answer is lost on the way back. Records each TransactWriteItems
 * attempt's ClientRequestToken.
 */
public final class LoseFirstAnswer implements ExecutionInterceptor {
  /** The operation whose first answer is lost ({@code PutItem}, {@code UpdateItem}, ...); null: none. */
  public volatile String operation;
  /** Attempts of {@link #operation} seen. */
  public final AtomicInteger attempts = new AtomicInteger();
  /** The ClientRequestToken of every TransactWriteItems attempt, in order. */
  public final List<String> tokens = new CopyOnWriteArrayList<>();

  @Override
  public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
    if (context.request() instanceof TransactWriteItemsRequest t) {
      tokens.add(t.clientRequestToken());
    }
  }

  @Override
  public void afterTransmission(Context.AfterTransmission context, ExecutionAttributes attributes) {
    if (attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME).equals(operation)
        && attempts.incrementAndGet() == 1) {
      throw SdkClientException.create("the answer was lost", new IOException("Connection reset"));
    }
  }
}
