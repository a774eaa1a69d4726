package dev.monotable.kit.data;

import java.util.List;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * The one place that counts what the process's DynamoDB requests did: installed first on every
 * client {@link DynamoDbClients} builds, it asks each item request for {@code
 * ReturnConsumedCapacity INDEXES} (free: DynamoDB computes it anyway; INDEXES rather than TOTAL so an
 * interceptor after it that prices the index writes, like the bench's, still gets the breakdown) and adds to the {@link
 * CallTally} open on the calling thread the request, its attempts, the capacity DynamoDB reported
 * and why it was refused. Does nothing while no tally is open, so priming, tools and tests that call
 * the data-access classes directly send their requests unchanged. On the warm path it costs one
 * thread-local read and a request copy per call; nothing is written or sent anywhere here.
 */
public final class CallMeter implements ExecutionInterceptor {

  /**
   * What a request built now should ask for: {@code INDEXES} while a tally is open on this thread,
   * else null (the field unset). {@link TableGateway} sets it on each request it builds, so this
   * interceptor finds it there and sends the request as it is instead of copying it; a request built
   * elsewhere is still copied with it.
   */
  public static ReturnConsumedCapacity asked() {
    return CallTally.current() == null ? null : ReturnConsumedCapacity.INDEXES;
  }

  @Override
  public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
    SdkRequest r = context.request();
    if (CallTally.current() == null) {
      return r;
    }
    ReturnConsumedCapacity total = ReturnConsumedCapacity.INDEXES;
    // A request that already asks for capacity (INDEXES, say) keeps its own setting.
    if (r instanceof GetItemRequest g && g.returnConsumedCapacity() == null) {
      return g.toBuilder().returnConsumedCapacity(total).build();
    } else if (r instanceof QueryRequest q && q.returnConsumedCapacity() == null) {
      return q.toBuilder().returnConsumedCapacity(total).build();
    } else if (r instanceof BatchGetItemRequest b && b.returnConsumedCapacity() == null) {
      return b.toBuilder().returnConsumedCapacity(total).build();
    } else if (r instanceof TransactGetItemsRequest t && t.returnConsumedCapacity() == null) {
      return t.toBuilder().returnConsumedCapacity(total).build();
    } else if (r instanceof PutItemRequest p && p.returnConsumedCapacity() == null) {
      return p.toBuilder().returnConsumedCapacity(total).build();
    } else if (r instanceof UpdateItemRequest u && u.returnConsumedCapacity() == null) {
      return u.toBuilder().returnConsumedCapacity(total).build();
    } else if (r instanceof DeleteItemRequest d && d.returnConsumedCapacity() == null) {
      return d.toBuilder().returnConsumedCapacity(total).build();
    } else if (r instanceof BatchWriteItemRequest b && b.returnConsumedCapacity() == null) {
      return b.toBuilder().returnConsumedCapacity(total).build();
    } else if (r instanceof TransactWriteItemsRequest t && t.returnConsumedCapacity() == null) {
      return t.toBuilder().returnConsumedCapacity(total).build();
    }
    return r;
  }

  @Override
  public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
    CallTally tally = CallTally.current();
    if (tally != null) {
      tally.attempt();
    }
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    CallTally tally = CallTally.current();
    if (tally == null) {
      return;
    }
    tally.request();
    SdkResponse r = context.response();
    if (r instanceof GetItemResponse g) {
      read(tally, g.consumedCapacity());
    } else if (r instanceof QueryResponse q) {
      read(tally, q.consumedCapacity());
    } else if (r instanceof BatchGetItemResponse b) {
      b.consumedCapacity().forEach(c -> read(tally, c));
    } else if (r instanceof TransactGetItemsResponse t) {
      t.consumedCapacity().forEach(c -> read(tally, c));
    } else if (r instanceof PutItemResponse p) {
      write(tally, p.consumedCapacity());
    } else if (r instanceof UpdateItemResponse u) {
      write(tally, u.consumedCapacity());
    } else if (r instanceof DeleteItemResponse d) {
      write(tally, d.consumedCapacity());
    } else if (r instanceof BatchWriteItemResponse b) {
      b.consumedCapacity().forEach(c -> write(tally, c));
    } else if (r instanceof TransactWriteItemsResponse t) {
      // A transaction's ConditionCheck is priced as a write of its item, and reported with them.
      t.consumedCapacity().forEach(c -> write(tally, c));
    }
  }

  @Override
  public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
    CallTally tally = CallTally.current();
    if (tally == null) {
      return;
    }
    tally.request();
    // DynamoDB charges a refused conditional write, but an error answer carries no ConsumedCapacity:
    // refusals are counted, not priced.
    Throwable e = context.exception();
    if (e instanceof ConditionalCheckFailedException) {
      tally.conditionalRefusal();
    } else if (e instanceof TransactionCanceledException t) {
      List<CancellationReason> reasons = t.hasCancellationReasons() ? t.cancellationReasons() : List.of();
      if (reasons.stream().anyMatch(c -> "ConditionalCheckFailed".equals(c.code()))) {
        tally.conditionalRefusal();
      }
      if (reasons.stream().anyMatch(c -> "TransactionConflict".equals(c.code()))) {
        tally.transactionConflict();
      }
      if (reasons.stream().anyMatch(c -> "ThrottlingError".equals(c.code())
          || "ProvisionedThroughputExceeded".equals(c.code()))) {
        tally.throttle();
      }
    } else if (e instanceof DynamoDbException d && isThrottling(d)) {
      tally.throttle();
    }
  }

  /** True for DynamoDB's throttling errors (the API answers them 503 with Retry-After). */
  public static boolean isThrottling(DynamoDbException e) {
    String code = e.awsErrorDetails() == null ? null : e.awsErrorDetails().errorCode();
    return e.isThrottlingException() || "ProvisionedThroughputExceededException".equals(code)
        || "RequestLimitExceeded".equals(code) || "ThrottlingException".equals(code);
  }

  // The operation decides the kind; CapacityUnits is the request's total, its indexes included.
  private static void read(CallTally tally, ConsumedCapacity c) {
    if (c != null) {
      tally.capacity(units(c), 0);
    }
  }

  private static void write(CallTally tally, ConsumedCapacity c) {
    if (c != null) {
      tally.capacity(0, units(c));
    }
  }

  private static double units(ConsumedCapacity c) {
    return c.capacityUnits() == null ? 0 : c.capacityUnits();
  }
}
