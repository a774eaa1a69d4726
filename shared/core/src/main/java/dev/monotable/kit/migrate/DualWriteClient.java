package dev.monotable.kit.migrate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.CreateTableResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The old design's data access, unchanged, on this client instead of its own: its writes to the
 * old tables of a {@link MigrationPlan} follow the stage's {@link MigrationMode}.
 *
 * <ul>
 *   <li>{@code OLD_ONLY}: every request passes through.
 *   <li>{@code DUAL}: each write to an old table is made first; once the old design accepted it, the old
 *       item as written is mirrored onto the single table ({@link ConditionalWrites#mirror}, one UpdateItem; a
 *       deleted old item's new item is deleted, one DeleteItem). Knowing the old item takes: PutItem, its item;
 *       UpdateItem, its {@code ALL_NEW} answer (asked for when the caller asked none; a GetItem after it when
 *       the caller asked for something else); DeleteItem, its {@code ALL_OLD} answer likewise; BatchWriteItem
 *       and TransactWriteItems, a consistent GetItem of each deleted item before and of each updated one after.
 *       When the single table refuses (its key rules, a failed request), a {@link Divergence} is reported to the
 *       sink and the caller still gets the old design's answer: the old design is the truth until the switch.
 *   <li>{@code NEW_ONLY}: a write to an old table is refused ({@link IllegalStateException}) and reported.
 * </ul>
 *
 * <p>Reads (GetItem, Query, BatchGetItem) and writes of other tables pass through; a Scan is refused, as
 * everywhere in application code. Two concurrent writes of one old item may reach
 * the single table in the other order than the old one; {@code scripts/migrate verify} finds such an item.
 */
public final class DualWriteClient implements DynamoDbClient {

  private final DynamoDbClient delegate;
  private final MigrationPlan plan;
  private final MigrationMode mode;
  private final Consumer<Divergence> divergences;

  /**
   * @param delegate the client both designs are written through
   * @param divergences receives every write the two sides did not take alike (called from the writing thread)
   */
  public DualWriteClient(DynamoDbClient delegate, MigrationPlan plan, MigrationMode mode,
      Consumer<Divergence> divergences) {
    this.delegate = delegate;
    this.plan = plan;
    this.mode = mode;
    this.divergences = divergences;
  }

  public MigrationMode mode() {
    return mode;
  }

  @Override
  public PutItemResponse putItem(PutItemRequest r) {
    LegacyMapping m = guard("PutItem", r.tableName(), r.item());
    if (m == null) {
      return delegate.putItem(r);
    }
    PutItemResponse out = delegate.putItem(r);
    mirrorPut("PutItem", r.tableName(), m, r.item());
    return out;
  }

  @Override
  public UpdateItemResponse updateItem(UpdateItemRequest r) {
    LegacyMapping m = guard("UpdateItem", r.tableName(), r.key());
    if (m == null) {
      return delegate.updateItem(r);
    }
    ReturnValue asked = r.returnValues();
    boolean answerHoldsItem = asked == null || asked == ReturnValue.NONE || asked == ReturnValue.ALL_NEW;
    UpdateItemResponse out = delegate.updateItem(answerHoldsItem
        ? r.toBuilder().returnValues(ReturnValue.ALL_NEW).build() : r);
    Map<String, AttributeValue> after = answerHoldsItem ? out.attributes() : consistentGet(r.tableName(), r.key());
    if (after != null && !after.isEmpty()) {
      mirrorPut("UpdateItem", r.tableName(), m, after);
    }
    return asked == null || asked == ReturnValue.NONE ? out.toBuilder().attributes(null).build() : out;
  }

  @Override
  public DeleteItemResponse deleteItem(DeleteItemRequest r) {
    LegacyMapping m = guard("DeleteItem", r.tableName(), r.key());
    if (m == null) {
      return delegate.deleteItem(r);
    }
    ReturnValue asked = r.returnValues();
    boolean answerHoldsItem = asked == null || asked == ReturnValue.NONE || asked == ReturnValue.ALL_OLD;
    Map<String, AttributeValue> before = answerHoldsItem ? null : consistentGet(r.tableName(), r.key());
    DeleteItemResponse out = delegate.deleteItem(answerHoldsItem
        ? r.toBuilder().returnValues(ReturnValue.ALL_OLD).build() : r);
    if (answerHoldsItem) {
      before = out.attributes();
    }
    if (before != null && !before.isEmpty()) {
      mirrorDelete("DeleteItem", r.tableName(), m, before);
    }
    return asked == null || asked == ReturnValue.NONE ? out.toBuilder().attributes(null).build() : out;
  }

  @Override
  public BatchWriteItemResponse batchWriteItem(BatchWriteItemRequest r) {
    Map<WriteRequest, Map<String, AttributeValue>> deleted = new HashMap<>();
    boolean mapped = false;
    for (Map.Entry<String, List<WriteRequest>> e : r.requestItems().entrySet()) {
      for (WriteRequest w : e.getValue()) {
        Map<String, AttributeValue> key = w.putRequest() != null ? w.putRequest().item() : w.deleteRequest().key();
        if (guard("BatchWriteItem", e.getKey(), key) != null) {
          mapped = true;
          if (w.deleteRequest() != null) {
            deleted.put(w, consistentGet(e.getKey(), w.deleteRequest().key()));
          }
        }
      }
    }
    BatchWriteItemResponse out = delegate.batchWriteItem(r);
    if (!mapped) {
      return out;
    }
    for (Map.Entry<String, List<WriteRequest>> e : r.requestItems().entrySet()) {
      LegacyMapping m = plan.mapping(e.getKey());
      if (m == null) {
        continue;
      }
      List<WriteRequest> unprocessed = out.hasUnprocessedItems()
          ? out.unprocessedItems().getOrDefault(e.getKey(), List.of()) : List.of();
      for (WriteRequest w : e.getValue()) {
        if (unprocessed.contains(w)) {
          continue;
        }
        if (w.putRequest() != null) {
          mirrorPut("BatchWriteItem", e.getKey(), m, w.putRequest().item());
        } else if (deleted.get(w) != null) {
          mirrorDelete("BatchWriteItem", e.getKey(), m, deleted.get(w));
        }
      }
    }
    return out;
  }

  @Override
  public TransactWriteItemsResponse transactWriteItems(TransactWriteItemsRequest r) {
    List<Map<String, AttributeValue>> before = new ArrayList<>();
    boolean mapped = false;
    for (TransactWriteItem t : r.transactItems()) {
      Map<String, AttributeValue> old = null;
      if (t.put() != null) {
        mapped |= guard("TransactWriteItems", t.put().tableName(), t.put().item()) != null;
      } else if (t.update() != null) {
        mapped |= guard("TransactWriteItems", t.update().tableName(), t.update().key()) != null;
      } else if (t.delete() != null && guard("TransactWriteItems", t.delete().tableName(), t.delete().key()) != null) {
        mapped = true;
        old = consistentGet(t.delete().tableName(), t.delete().key());
      }
      before.add(old);
    }
    TransactWriteItemsResponse out = delegate.transactWriteItems(r);
    if (!mapped) {
      return out;
    }
    for (int i = 0; i < r.transactItems().size(); i++) {
      TransactWriteItem t = r.transactItems().get(i);
      if (t.put() != null && plan.mapping(t.put().tableName()) != null) {
        mirrorPut("TransactWriteItems", t.put().tableName(), plan.mapping(t.put().tableName()), t.put().item());
      } else if (t.update() != null && plan.mapping(t.update().tableName()) != null) {
        Map<String, AttributeValue> after = consistentGet(t.update().tableName(), t.update().key());
        if (after != null) {
          mirrorPut("TransactWriteItems", t.update().tableName(), plan.mapping(t.update().tableName()), after);
        }
      } else if (t.delete() != null && before.get(i) != null) {
        mirrorDelete("TransactWriteItems", t.delete().tableName(), plan.mapping(t.delete().tableName()), before.get(i));
      }
    }
    return out;
  }

  /** The mapping of a write's table when it is an old table of the plan; refuses it under NEW_ONLY. */
  private LegacyMapping guard(String operation, String table, Map<String, AttributeValue> key) {
    LegacyMapping m = plan.mapping(table);
    if (m == null || mode == MigrationMode.OLD_ONLY) {
      return null;
    }
    if (mode == MigrationMode.NEW_ONLY) {
      Divergence d = new Divergence(operation, table, text(m, key), "none",
          "the old tables are retired for writes (MIGRATION_MODE=NEW_ONLY)");
      divergences.accept(d);
      throw new IllegalStateException(d.toString());
    }
    return m;
  }

  private void mirrorPut(String operation, String table, LegacyMapping m, Map<String, AttributeValue> old) {
    try {
      delegate.updateItem(ConditionalWrites.mirror(plan.newTable(), m.toItem(old)));
    } catch (RuntimeException e) {
      divergences.accept(new Divergence(operation, table, text(m, old), "old", "the single table refused it: "
          + e.getMessage()));
    }
  }

  private void mirrorDelete(String operation, String table, LegacyMapping m, Map<String, AttributeValue> old) {
    try {
      delegate.deleteItem(DeleteItemRequest.builder().tableName(plan.newTable()).key(m.newKey(old).toMap()).build());
    } catch (RuntimeException e) {
      divergences.accept(new Divergence(operation, table, text(m, old), "old", "the single table kept it: "
          + e.getMessage()));
    }
  }

  private Map<String, AttributeValue> consistentGet(String table, Map<String, AttributeValue> key) {
    GetItemResponse g = delegate.getItem(GetItemRequest.builder().tableName(table).key(key).consistentRead(true)
        .build());
    return g.hasItem() && !g.item().isEmpty() ? g.item() : null;
  }

  private static String text(LegacyMapping m, Map<String, AttributeValue> item) {
    Map<String, String> key = new LinkedHashMap<>();
    for (String k : m.oldKey()) {
      AttributeValue v = item.get(k);
      key.put(k, v == null ? null : v.s() != null ? v.s() : v.n() != null ? v.n() : v.toString());
    }
    return key.toString();
  }

  // ---- everything else passes through ----------------------------------------------------------

  @Override
  public GetItemResponse getItem(GetItemRequest r) {
    return delegate.getItem(r);
  }

  @Override
  public QueryResponse query(QueryRequest r) {
    return delegate.query(r);
  }

  @Override
  public BatchGetItemResponse batchGetItem(BatchGetItemRequest r) {
    return delegate.batchGetItem(r);
  }

  @Override
  public DescribeTableResponse describeTable(DescribeTableRequest r) {
    return delegate.describeTable(r);
  }

  @Override
  public CreateTableResponse createTable(CreateTableRequest r) {
    return delegate.createTable(r);
  }

  @Override
  public String serviceName() {
    return delegate.serviceName();
  }

  /** Leaves the delegate open: its owner closes it. */
  @Override
  public void close() {}
}
