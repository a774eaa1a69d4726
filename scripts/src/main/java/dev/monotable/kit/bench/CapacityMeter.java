package dev.monotable.kit.bench;

import dev.monotable.kit.schema.TableSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * SDK interceptor that prices each successful DynamoDB call of a handler with {@link Capacity}
 * from the real items: what a read returned (re-read whole through {@code side} when the call
 * projected attributes, since DynamoDB charges the whole item), and for writes each item before
 * and after the call, read consistently through {@code side}, a client without this interceptor.
 * Off unless {@link #start}ed; {@link #stop()} returns the invocation's units. Calls that fail
 * (a refused condition) are not priced: the table shows the common path.
 */
public final class CapacityMeter implements ExecutionInterceptor {
  private static final ExecutionAttribute<List<Map<String, AttributeValue>>> BEFORE =
      new ExecutionAttribute<>("bench.capacity.before");

  private final DynamoDbClient side;
  private final TableSchema schema;
  private String table;
  private boolean on;
  private Capacity.Units units = Capacity.Units.ZERO;

  /**
   * @param side a client without this interceptor, for the consistent reads around each write
   * @param schema the table's schema: its indexes are priced on each write
   */
  public CapacityMeter(DynamoDbClient side, TableSchema schema) {
    this.side = side;
    this.schema = schema;
  }

  /** Prices the calls from now on, on {@code table}. */
  public synchronized void start(String table) {
    this.table = table;
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
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    if (!on()) {
      return;
    }
    List<Map<String, AttributeValue>> keys = writeKeys(context.request());
    if (!keys.isEmpty()) {
      attributes.putAttribute(BEFORE, keys.stream().map(this::read).toList());
    }
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    if (!on()) {
      return;
    }
    Capacity.Units u = price(context.request(), context.response(), attributes.getAttribute(BEFORE));
    synchronized (this) {
      units = units.plus(u);
    }
  }

  private Capacity.Units price(SdkRequest request, SdkResponse response, List<Map<String, AttributeValue>> before) {
    if (request instanceof GetItemRequest r) {
      GetItemResponse g = (GetItemResponse) response;
      Map<String, AttributeValue> item = r.projectionExpression() == null && g.hasItem() ? g.item() : read(r.key());
      return new Capacity.Units(Capacity.readUnits(size(item), Boolean.TRUE.equals(r.consistentRead())), 0, 0);
    }
    if (request instanceof BatchGetItemRequest r) {
      double read = 0;
      for (Map.Entry<String, KeysAndAttributes> e : r.requestItems().entrySet()) {
        boolean consistent = Boolean.TRUE.equals(e.getValue().consistentRead());
        List<Long> sizes = e.getValue().keys().stream().map(k -> size(read(k))).toList();
        read += Capacity.batchReadUnits(sizes, consistent);
      }
      return new Capacity.Units(read, 0, 0);
    }
    if (request instanceof QueryRequest r) {
      QueryResponse q = (QueryResponse) response;
      List<Long> sizes = q.items().stream().map(i -> r.projectionExpression() == null ? Capacity.itemSize(i)
          : size(read(Map.of(TableSchema.PK, i.get(TableSchema.PK), TableSchema.SK, i.get(TableSchema.SK)))))
          .toList();
      // Index queries are eventually consistent whatever the request says.
      boolean consistent = r.indexName() == null && Boolean.TRUE.equals(r.consistentRead());
      return new Capacity.Units(Capacity.queryReadUnits(sizes, consistent), 0, 0);
    }
    if (request instanceof TransactGetItemsRequest r) {
      double read = r.transactItems().stream().mapToDouble(t -> Capacity.transactReadUnits(size(read(t.get().key()))))
          .sum();
      return new Capacity.Units(read, 0, 0);
    }
    List<Map<String, AttributeValue>> keys = writeKeys(request);
    if (keys.isEmpty() || before == null) {
      return Capacity.Units.ZERO;
    }
    boolean transaction = request instanceof TransactWriteItemsRequest;
    List<Boolean> checks = request instanceof TransactWriteItemsRequest t
        ? t.transactItems().stream().map(i -> i.conditionCheck() != null).toList()
        : keys.stream().map(k -> false).toList();
    double write = 0;
    double index = 0;
    for (int i = 0; i < keys.size(); i++) {
      Map<String, AttributeValue> old = before.get(i);
      if (checks.get(i)) {
        // A ConditionCheck is part of the transaction's two-phase write of every item it names.
        write += Capacity.transactWriteUnits(size(old), 0);
        continue;
      }
      Map<String, AttributeValue> now = read(keys.get(i));
      write += transaction ? Capacity.transactWriteUnits(size(old), size(now)) : Capacity.writeUnits(size(old), size(now));
      for (TableSchema.Gsi gsi : schema.gsis()) {
        index += Capacity.indexWriteUnits(old, now, gsi.pk(), gsi.sk());
      }
    }
    return new Capacity.Units(0, write + index, index);
  }

  /** The keys of the items a write call touches, in action order. */
  static List<Map<String, AttributeValue>> writeKeys(SdkRequest request) {
    if (request instanceof PutItemRequest r) {
      return List.of(key(r.item()));
    }
    if (request instanceof UpdateItemRequest r) {
      return List.of(r.key());
    }
    if (request instanceof DeleteItemRequest r) {
      return List.of(r.key());
    }
    if (request instanceof TransactWriteItemsRequest r) {
      List<Map<String, AttributeValue>> keys = new ArrayList<>();
      for (TransactWriteItem t : r.transactItems()) {
        if (t.put() != null) {
          keys.add(key(t.put().item()));
        } else if (t.update() != null) {
          keys.add(t.update().key());
        } else if (t.delete() != null) {
          keys.add(t.delete().key());
        } else {
          keys.add(t.conditionCheck().key());
        }
      }
      return keys;
    }
    return List.of();
  }

  private static Map<String, AttributeValue> key(Map<String, AttributeValue> item) {
    Map<String, AttributeValue> k = new HashMap<>();
    k.put(TableSchema.PK, item.get(TableSchema.PK));
    k.put(TableSchema.SK, item.get(TableSchema.SK));
    return k;
  }

  /** The whole item at a key, read consistently; null when absent. */
  private Map<String, AttributeValue> read(Map<String, AttributeValue> key) {
    String t;
    synchronized (this) {
      t = table;
    }
    GetItemResponse r = side.getItem(GetItemRequest.builder().tableName(t).key(key).consistentRead(true).build());
    return r.hasItem() && !r.item().isEmpty() ? r.item() : null;
  }

  private static long size(Map<String, AttributeValue> item) {
    return item == null ? 0 : Capacity.itemSize(item);
  }
}
