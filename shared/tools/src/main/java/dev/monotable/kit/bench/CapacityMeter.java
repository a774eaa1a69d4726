package dev.monotable.kit.bench;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * SDK interceptor that adds up the capacity each successful DynamoDB call of a handler consumed, as
 * the endpoint answers it: every item request is sent with {@code ReturnConsumedCapacity=INDEXES}
 * (unless it asks itself) and the response's {@code ConsumedCapacity} is read. The local engine
 * prices by DynamoDB's rules ({@code scripts/monotable_engine/capacity.py}, the project's one
 * implementation of them); real DynamoDB answers the same field, so the figures stay true with
 * {@code DYNAMODB_ENDPOINT=aws}. Off unless {@link #start}ed; {@link #stop()} returns the units.
 * Calls that fail (a refused condition) answer no capacity and are not priced: the table shows the
 * common path.
 */
public final class CapacityMeter implements ExecutionInterceptor {
  private boolean on;
  private Capacity.Units units = Capacity.Units.ZERO;

  /** Prices the calls from now on. */
  public synchronized void start() {
    on = true;
    units = Capacity.Units.ZERO;
  }

  /** Stops pricing and returns what was priced since {@link #start} (zero when it never started). */
  public synchronized Capacity.Units stop() {
    Capacity.Units priced = units;
    on = false;
    units = Capacity.Units.ZERO;
    return priced;
  }

  private synchronized boolean on() {
    return on;
  }

  @Override
  public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
    if (!on()) {
      return context.request();
    }
    SdkRequest r = context.request();
    // Ask for the index breakdown; a request that asks for capacity itself is left as it is.
    if (r instanceof GetItemRequest g && !asks(g.returnConsumedCapacity())) {
      return g.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof QueryRequest q && !asks(q.returnConsumedCapacity())) {
      return q.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof ScanRequest s && !asks(s.returnConsumedCapacity())) {
      return s.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof BatchGetItemRequest b && !asks(b.returnConsumedCapacity())) {
      return b.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof TransactGetItemsRequest t && !asks(t.returnConsumedCapacity())) {
      return t.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof PutItemRequest p && !asks(p.returnConsumedCapacity())) {
      return p.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof UpdateItemRequest u && !asks(u.returnConsumedCapacity())) {
      return u.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof DeleteItemRequest d && !asks(d.returnConsumedCapacity())) {
      return d.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof BatchWriteItemRequest b && !asks(b.returnConsumedCapacity())) {
      return b.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof TransactWriteItemsRequest t && !asks(t.returnConsumedCapacity())) {
      return t.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    return r;
  }

  /** Whether a request asks for capacity itself (then it is sent as it is). */
  private static boolean asks(ReturnConsumedCapacity c) {
    return c == ReturnConsumedCapacity.TOTAL || c == ReturnConsumedCapacity.INDEXES;
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    if (!on()) {
      return;
    }
    Capacity.Units u = units(context.response());
    synchronized (this) {
      units = units.plus(u);
    }
  }

  /** The units a response reports: reads for the read calls, writes (and their index share) for the writes. */
  static Capacity.Units units(SdkResponse response) {
    if (response instanceof GetItemResponse r) {
      return read(List.of(r.consumedCapacity()));
    }
    if (response instanceof QueryResponse r) {
      return read(List.of(r.consumedCapacity()));
    }
    if (response instanceof ScanResponse r) {
      return read(List.of(r.consumedCapacity()));
    }
    if (response instanceof BatchGetItemResponse r) {
      return read(r.consumedCapacity());
    }
    if (response instanceof TransactGetItemsResponse r) {
      return read(r.consumedCapacity());
    }
    if (response instanceof PutItemResponse r) {
      return write(List.of(r.consumedCapacity()));
    }
    if (response instanceof UpdateItemResponse r) {
      return write(List.of(r.consumedCapacity()));
    }
    if (response instanceof DeleteItemResponse r) {
      return write(List.of(r.consumedCapacity()));
    }
    if (response instanceof BatchWriteItemResponse r) {
      return write(r.consumedCapacity());
    }
    if (response instanceof TransactWriteItemsResponse r) {
      return write(r.consumedCapacity());
    }
    return Capacity.Units.ZERO;
  }

  private static Capacity.Units read(List<ConsumedCapacity> consumed) {
    double read = 0;
    for (ConsumedCapacity c : consumed) {
      if (c != null) {
        read += c.readCapacityUnits() != null ? c.readCapacityUnits() : total(c);
      }
    }
    return new Capacity.Units(read, 0, 0);
  }

  private static Capacity.Units write(List<ConsumedCapacity> consumed) {
    double write = 0;
    double index = 0;
    for (ConsumedCapacity c : consumed) {
      if (c == null) {
        continue;
      }
      write += c.writeCapacityUnits() != null ? c.writeCapacityUnits() : total(c);
      if (c.hasGlobalSecondaryIndexes()) {
        for (Map.Entry<String, software.amazon.awssdk.services.dynamodb.model.Capacity> e
            : c.globalSecondaryIndexes().entrySet()) {
          var gsi = e.getValue();
          index += gsi.writeCapacityUnits() != null ? gsi.writeCapacityUnits()
              : gsi.capacityUnits() != null ? gsi.capacityUnits() : 0;
        }
      }
    }
    return new Capacity.Units(0, write, index);
  }

  private static double total(ConsumedCapacity c) {
    return c.capacityUnits() == null ? 0 : c.capacityUnits();
  }
}
