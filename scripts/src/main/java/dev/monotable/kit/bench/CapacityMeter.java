package dev.monotable.kit.bench;

import dev.monotable.kit.schema.TableSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * SDK interceptor that prices each successful DynamoDB call with {@link Capacity} from the real
 * items: what a read evaluated (re-read whole through {@code side} when the call projected
 * attributes, counted only or filtered, since DynamoDB charges every item a Query or Scan reads
 * before its filter, and the whole item), and for writes each item before and after the call,
 * read consistently through {@code side}, a client without this interceptor. Off unless
 * {@link #start}ed; {@link #stop()} returns the invocation's units. Calls that fail (a refused
 * condition) are not priced: the table shows the common path.
 *
 * <p>Each call names its tables; a {@link Shape} per table says which attributes are its key and
 * which are each index's, so one meter prices a single table (PK/SK and the schema's GSIs) or
 * several tables of another design (the entity-first peer of scripts/compare-designs).
 */
public final class CapacityMeter implements ExecutionInterceptor {
  private static final ExecutionAttribute<List<Map<String, AttributeValue>>> BEFORE =
      new ExecutionAttribute<>("bench.capacity.before");

  /** An index's key attributes; a hash-only index names its partition key twice. */
  public record IndexKey(String pk, String sk) {}

  /** What the meter must know of a table: its key attributes and its indexes (all projecting ALL). */
  public record Shape(List<String> key, List<IndexKey> indexes) {
    public Shape {
      key = List.copyOf(key);
      indexes = List.copyOf(indexes);
    }

    /** A table of the kit's schema: {@code PK}/{@code SK} and its GSIs. */
    public static Shape of(TableSchema schema) {
      return new Shape(List.of(TableSchema.PK, TableSchema.SK),
          schema.gsis().stream().map(g -> new IndexKey(g.pk(), g.sk())).toList());
    }
  }

  /** One item a write touches: its table and key. */
  record Target(String table, Map<String, AttributeValue> key) {}

  private final DynamoDbClient side;
  private final Function<String, Shape> shapes;
  private boolean on;
  private Capacity.Units units = Capacity.Units.ZERO;

  /**
   * @param side a client without this interceptor, for the consistent reads around each write
   * @param schema the table's schema: its indexes are priced on each write
   */
  public CapacityMeter(DynamoDbClient side, TableSchema schema) {
    this(side, table -> Shape.of(schema));
  }

  /**
   * @param side a client without this interceptor, for the reads that price a call
   * @param shapes the shape of each table by name
   */
  public CapacityMeter(DynamoDbClient side, Function<String, Shape> shapes) {
    this.side = side;
    this.shapes = shapes;
  }

  /** Prices the calls from now on (each call names its tables: {@code table} is the bench's label only). */
  public synchronized void start(String table) {
    start();
  }

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
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    if (!on()) {
      return;
    }
    List<Target> targets = writeTargets(context.request());
    if (!targets.isEmpty()) {
      attributes.putAttribute(BEFORE, targets.stream().map(this::read).toList());
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
      Map<String, AttributeValue> item = r.projectionExpression() == null && !r.hasAttributesToGet() && g.hasItem()
          ? g.item() : read(new Target(r.tableName(), r.key()));
      return new Capacity.Units(Capacity.readUnits(size(item), Boolean.TRUE.equals(r.consistentRead())), 0, 0);
    }
    if (request instanceof BatchGetItemRequest r) {
      double read = 0;
      for (Map.Entry<String, KeysAndAttributes> e : r.requestItems().entrySet()) {
        boolean consistent = Boolean.TRUE.equals(e.getValue().consistentRead());
        List<Long> sizes = e.getValue().keys().stream().map(k -> size(read(new Target(e.getKey(), k)))).toList();
        read += Capacity.batchReadUnits(sizes, consistent);
      }
      return new Capacity.Units(read, 0, 0);
    }
    if (request instanceof QueryRequest r) {
      QueryResponse q = (QueryResponse) response;
      boolean whole = r.filterExpression() == null && r.projectionExpression() == null && !r.hasAttributesToGet()
          && (r.select() == null || r.select() == Select.ALL_ATTRIBUTES);
      List<Map<String, AttributeValue>> items = whole ? q.items() : side.query(wholePage(r)).items();
      // Index queries are eventually consistent whatever the request says.
      boolean consistent = r.indexName() == null && Boolean.TRUE.equals(r.consistentRead());
      return new Capacity.Units(Capacity.queryReadUnits(sizes(items), consistent), 0, 0);
    }
    if (request instanceof ScanRequest r) {
      ScanResponse s = (ScanResponse) response;
      boolean whole = r.filterExpression() == null && r.projectionExpression() == null && !r.hasAttributesToGet()
          && (r.select() == null || r.select() == Select.ALL_ATTRIBUTES);
      List<Map<String, AttributeValue>> items = whole ? s.items() : side.scan(wholePage(r)).items();
      // A Scan page is priced as a Query page: the items it read, summed, rounded up once.
      boolean consistent = r.indexName() == null && Boolean.TRUE.equals(r.consistentRead());
      return new Capacity.Units(Capacity.queryReadUnits(sizes(items), consistent), 0, 0);
    }
    if (request instanceof TransactGetItemsRequest r) {
      double read = r.transactItems().stream()
          .mapToDouble(t -> Capacity.transactReadUnits(size(read(new Target(t.get().tableName(), t.get().key())))))
          .sum();
      return new Capacity.Units(read, 0, 0);
    }
    List<Target> targets = writeTargets(request);
    if (targets.isEmpty() || before == null) {
      return Capacity.Units.ZERO;
    }
    boolean transaction = request instanceof TransactWriteItemsRequest;
    List<Boolean> checks = request instanceof TransactWriteItemsRequest t
        ? t.transactItems().stream().map(i -> i.conditionCheck() != null).toList()
        : targets.stream().map(k -> false).toList();
    double write = 0;
    double index = 0;
    for (int i = 0; i < targets.size(); i++) {
      Map<String, AttributeValue> old = before.get(i);
      if (checks.get(i)) {
        // A ConditionCheck is part of the transaction's two-phase write of every item it names.
        write += Capacity.transactWriteUnits(size(old), 0);
        continue;
      }
      Map<String, AttributeValue> now = read(targets.get(i));
      write += transaction ? Capacity.transactWriteUnits(size(old), size(now)) : Capacity.writeUnits(size(old), size(now));
      for (IndexKey gsi : shapes.apply(targets.get(i).table()).indexes()) {
        index += Capacity.indexWriteUnits(old, now, gsi.pk(), gsi.sk());
      }
    }
    return new Capacity.Units(0, write + index, index);
  }

  /** The same Query page with every item whole: no filter, projection or count-only select. */
  static QueryRequest wholePage(QueryRequest r) {
    return r.toBuilder().filterExpression(null).projectionExpression(null).attributesToGet((List<String>) null)
        .select((Select) null)
        .expressionAttributeNames(used(r.expressionAttributeNames(), r.keyConditionExpression()))
        .expressionAttributeValues(used(r.expressionAttributeValues(), r.keyConditionExpression()))
        .build();
  }

  /** The same Scan page (same start key and limit, so the same items) with every item whole. */
  static ScanRequest wholePage(ScanRequest r) {
    return r.toBuilder().filterExpression(null).projectionExpression(null).attributesToGet((List<String>) null)
        .select((Select) null).expressionAttributeNames(null).expressionAttributeValues(null).build();
  }

  /**
   * The placeholders {@code expression} still uses (DynamoDB refuses unused ones); null when none,
   * as the SDK sends no map then.
   */
  static <V> Map<String, V> used(Map<String, V> placeholders, String expression) {
    if (placeholders == null || expression == null) {
      return null;
    }
    Map<String, V> kept = new HashMap<>();
    placeholders.forEach((name, v) -> {
      if (Pattern.compile(Pattern.quote(name) + "(?![A-Za-z0-9_])").matcher(expression).find()) {
        kept.put(name, v);
      }
    });
    return kept.isEmpty() ? null : kept;
  }

  /** The items a write call touches, in action order. */
  List<Target> writeTargets(SdkRequest request) {
    if (request instanceof PutItemRequest r) {
      return List.of(new Target(r.tableName(), key(r.tableName(), r.item())));
    }
    if (request instanceof UpdateItemRequest r) {
      return List.of(new Target(r.tableName(), r.key()));
    }
    if (request instanceof DeleteItemRequest r) {
      return List.of(new Target(r.tableName(), r.key()));
    }
    if (request instanceof BatchWriteItemRequest r) {
      List<Target> targets = new ArrayList<>();
      r.requestItems().forEach((table, writes) -> {
        for (WriteRequest w : writes) {
          targets.add(new Target(table, w.putRequest() != null ? key(table, w.putRequest().item())
              : w.deleteRequest().key()));
        }
      });
      return targets;
    }
    if (request instanceof TransactWriteItemsRequest r) {
      List<Target> targets = new ArrayList<>();
      for (TransactWriteItem t : r.transactItems()) {
        if (t.put() != null) {
          targets.add(new Target(t.put().tableName(), key(t.put().tableName(), t.put().item())));
        } else if (t.update() != null) {
          targets.add(new Target(t.update().tableName(), t.update().key()));
        } else if (t.delete() != null) {
          targets.add(new Target(t.delete().tableName(), t.delete().key()));
        } else {
          targets.add(new Target(t.conditionCheck().tableName(), t.conditionCheck().key()));
        }
      }
      return targets;
    }
    return List.of();
  }

  private Map<String, AttributeValue> key(String table, Map<String, AttributeValue> item) {
    Map<String, AttributeValue> k = new HashMap<>();
    for (String name : shapes.apply(table).key()) {
      k.put(name, item.get(name));
    }
    return k;
  }

  /** The whole item at a key, read consistently; null when absent. */
  private Map<String, AttributeValue> read(Target target) {
    GetItemResponse r = side.getItem(GetItemRequest.builder().tableName(target.table()).key(target.key())
        .consistentRead(true).build());
    return r.hasItem() && !r.item().isEmpty() ? r.item() : null;
  }

  private static List<Long> sizes(List<Map<String, AttributeValue>> items) {
    return items.stream().map(Capacity::itemSize).toList();
  }

  private static long size(Map<String, AttributeValue> item) {
    return item == null ? 0 : Capacity.itemSize(item);
  }
}
