package dev.monotable.kit.data;

import dev.monotable.kit.internal.data.Backoff;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.items.Items;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The table as the data-access classes see it: one client, the table name, the cursor codec and
 * the clock, plus the few request shapes every access pattern shares (GetItem, paginated Query,
 * BatchGetItem with UnprocessedKeys retries, conditional PutItem and UpdateItem,
 * TransactWriteItems). The data-access classes make every request through these methods, never
 * through the client.
 */
public final class TableGateway {
  private final DynamoDbClient client;
  private final String tableName;
  private final CursorCodec cursors;
  private final Clock clock;

  public TableGateway(DynamoDbClient client, String tableName, CursorCodec cursors, Clock clock) {
    this.client = client;
    this.tableName = tableName;
    this.cursors = cursors;
    this.clock = clock;
  }

  /**
   * The client itself, for what is not data access: SnapStart priming's requests of every kind,
   * the health route's endpoint, benchmark fixtures. Data-access classes use the methods below.
   */
  public DynamoDbClient client() {
    return client;
  }

  public String tableName() {
    return tableName;
  }

  /**
   * The codec of this table's cursors, for a list merged from several queries (a sharded
   * partition), whose cursor is not one query's LastEvaluatedKey.
   */
  public CursorCodec cursors() {
    return cursors;
  }

  public Clock clock() {
    return clock;
  }

  /** One strongly consistent GetItem. */
  public Optional<Map<String, AttributeValue>> get(Key key) {
    var response = client.getItem(GetItemRequest.builder()
        .tableName(tableName).key(key.toMap()).consistentRead(true).returnConsumedCapacity(CallMeter.asked()).build());
    return response.hasItem() && !response.item().isEmpty() ? Optional.of(response.item()) : Optional.empty();
  }

  /**
   * One PutItem conditioned on {@code attribute_not_exists(PK)}.
   *
   * @throws ConditionalCheckFailedException an item with the key exists (nothing written)
   */
  public void putIfAbsent(Map<String, AttributeValue> item) {
    client.putItem(PutItemRequest.builder()
        .tableName(tableName)
        .item(item)
        .conditionExpression("attribute_not_exists(#pk)")
        .expressionAttributeNames(Map.of("#pk", TableSchema.PK))
        .returnConsumedCapacity(CallMeter.asked())
        .build());
  }

  /**
   * {@link #putIfAbsent} of a create that must answer its retry as its first attempt: the item
   * carries this write's {@link WriteTokens token} ({@link TableSchema#WRITE_TOKEN}) and a refusal
   * returns the stored item (ALL_OLD). When that item carries the same token, the refusal met this
   * write's own first attempt, applied but whose answer was lost (the SDK's retry): a success.
   *
   * @throws ConditionalCheckFailedException another item with the key exists (nothing written)
   */
  public void putIfAbsentOnce(Map<String, AttributeValue> item) {
    String token = WriteTokens.next();
    Map<String, AttributeValue> tokened = new java.util.HashMap<>(item);
    tokened.put(TableSchema.WRITE_TOKEN, AttributeValue.fromS(token));
    try {
      client.putItem(PutItemRequest.builder()
          .tableName(tableName)
          .item(tokened)
          .conditionExpression("attribute_not_exists(#pk)")
          .expressionAttributeNames(Map.of("#pk", TableSchema.PK))
          .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
          .returnConsumedCapacity(CallMeter.asked())
          .build());
    } catch (ConditionalCheckFailedException e) {
      if (!isOwnWrite(e.hasItem() ? e.item() : null, token)) {
        throw e;
      }
    }
  }

  /**
   * One conditional UpdateItem that returns nothing (ReturnValues NONE).
   *
   * @throws ConditionalCheckFailedException the condition failed (nothing written)
   */
  public void update(Key key, String updateExpression, String condition, Map<String, String> names,
      Map<String, AttributeValue> values) {
    client.updateItem(updateRequest(key, updateExpression, condition, names, values).build());
  }

  /**
   * One conditional UpdateItem that returns the item as it was before (ReturnValues ALL_OLD), as
   * an increment that hands out the old value needs; a failed condition carries the item as it is
   * (ReturnValuesOnConditionCheckFailure ALL_OLD).
   *
   * @throws ConditionalCheckFailedException the condition failed (nothing written)
   */
  public Map<String, AttributeValue> getAndUpdate(Key key, String updateExpression, String condition,
      Map<String, String> names, Map<String, AttributeValue> values) {
    return client.updateItem(updateRequest(key, updateExpression, condition, names, values)
        .returnValues(ReturnValue.ALL_OLD)
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).attributes();
  }

  /**
   * One conditional UpdateItem that returns the item as it is after (ReturnValues ALL_NEW); a
   * failed condition carries the item as it was (ReturnValuesOnConditionCheckFailure ALL_OLD).
   *
   * @throws ConditionalCheckFailedException the condition failed (nothing written); its item is
   *     the stored one, empty when there is none
   */
  public Map<String, AttributeValue> updateAndGet(Key key, String updateExpression, String condition,
      Map<String, String> names, Map<String, AttributeValue> values) {
    return client.updateItem(updateRequest(key, updateExpression, condition, names, values)
        .returnValues(ReturnValue.ALL_NEW)
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).attributes();
  }

  /**
   * One UpdateItem of an item of a versioned {@code entity}: {@code SET} each changed attribute and
   * {@code UpdatedAt}, {@code ADD Version 1}, conditioned on the item being of the entity's
   * {@code Type} and, when {@code expectedVersion} is given (If-Match), at that version. Returns the
   * item's values after the update ({@link dev.monotable.kit.entity.Entity#values}).
   *
   * @param key the values of the key's placeholders (held to their rules: a 400 naming the field)
   * @param changes the new value of each changed attribute, by field; only strings, numbers and
   *     booleans the entity declares {@code VERSIONED}
   * @throws ValidationException nothing to change (nothing written)
   * @throws NotFoundException no item of the entity at the key, named by the entity's type in lower case
   * @throws VersionMismatchException {@code expectedVersion} is stale (nothing written; 412 with the current ETag)
   */
  public Map<String, Object> updateVersioned(dev.monotable.kit.entity.Entity entity, Map<String, ?> key,
      Map<String, ?> changes, Long expectedVersion) {
    VersionedUpdate u = versionedUpdate(entity, key, changes, expectedVersion);
    try {
      return Expiry.values(entity, updateAndGet(u.key(), u.expression(), u.condition(), u.names(), u.values()));
    } catch (ConditionalCheckFailedException e) {
      // The SDK's retry of this update, whose first attempt applied and lost its answer: the item
      // is this update's result, as the first attempt would have answered.
      return Expiry.values(entity, u.refused(entity, e.hasItem() ? e.item() : Map.of(), expectedVersion, clock.instant()));
    }
  }

  /**
   * {@link #updateVersioned} made only when {@code check} holds: one TransactWriteItems of the
   * ConditionCheck {@code check} adds (a caller's membership) and the versioned Update, then one
   * GetItem of the item for the answer (a transaction answers no item).
   *
   * @param check adds the ConditionCheck to the transaction, answering its index
   * @param refused the exception of a refused check (nothing written)
   * @throws NotFoundException as {@link #updateVersioned}
   * @throws VersionMismatchException as {@link #updateVersioned}
   */
  public Map<String, Object> updateVersioned(dev.monotable.kit.entity.Entity entity, Map<String, ?> key,
      Map<String, ?> changes, Long expectedVersion, java.util.function.ToIntFunction<WriteTransaction> check,
      java.util.function.Supplier<RuntimeException> refused) {
    VersionedUpdate u = versionedUpdate(entity, key, changes, expectedVersion);
    WriteTransaction tx = new WriteTransaction(this);
    int checked = check.applyAsInt(tx);
    int updated = tx.update(u.key(), u.expression(), u.condition(), u.names(), u.values());
    tx.commit(Boolean.TRUE, f -> {
      if (f.failed(checked)) {
        throw refused.get();
      }
      return f.failed(updated) && u.refused(entity, f.oldItem(updated), expectedVersion, clock.instant()) != null
          ? Boolean.TRUE : null;
    });
    return Expiry.values(entity, get(u.key()).orElseThrow(() -> new NotFoundException(noun(entity))));
  }

  private static String noun(dev.monotable.kit.entity.Entity entity) {
    return entity.type().substring(0, 1).toLowerCase(java.util.Locale.ROOT) + entity.type().substring(1);
  }

  /** A versioned UpdateItem's parts, and the token that tells its own retry from another's write. */
  private record VersionedUpdate(Key key, String expression, String condition, Map<String, String> names,
      Map<String, AttributeValue> values, String token) {

    /** The item when {@code old} is this update's own result; else the 404 or 412 it means. */
    Map<String, AttributeValue> refused(dev.monotable.kit.entity.Entity entity, Map<String, AttributeValue> old,
        Long expectedVersion, java.time.Instant now) {
      Map<String, AttributeValue> was = old == null ? Map.of() : old;
      if (isOwnWrite(was, token)) {
        return was;
      }
      if (was.isEmpty() || !entity.type().equals(Items.type(was)) || Expiry.expired(entity, was, now)) {
        throw new NotFoundException(noun(entity));
      }
      throw new VersionMismatchException(expectedVersion, Items.n(was, TableSchema.VERSION));
    }
  }

  private VersionedUpdate versionedUpdate(dev.monotable.kit.entity.Entity entity, Map<String, ?> key,
      Map<String, ?> changes, Long expectedVersion) {
    if (!entity.versioned()) {
      throw new IllegalArgumentException(entity.type() + " is not versioned");
    }
    Key k = entity.key(key);
    Map<String, String> names = new java.util.HashMap<>(Map.of("#type", TableSchema.TYPE, "#v", TableSchema.VERSION,
        "#updated", TableSchema.UPDATED_AT, "#wt", TableSchema.WRITE_TOKEN));
    String token = WriteTokens.next();
    Map<String, AttributeValue> values = new java.util.HashMap<>(Map.of(":type", AttributeValue.fromS(entity.type()),
        ":one", AttributeValue.fromN("1"), ":now", AttributeValue.fromS(Timestamps.format(clock.instant())),
        ":wt", AttributeValue.fromS(token)));
    StringBuilder set = new StringBuilder("SET #updated = :now, #wt = :wt");
    int i = 0;
    for (Map.Entry<String, ?> c : changes.entrySet()) {
      if (c.getValue() == null) {
        continue;
      }
      dev.monotable.kit.entity.Attr a = entity.attr(c.getKey());
      if (a == null || a.change() != dev.monotable.kit.entity.Attr.Change.VERSIONED) {
        throw new IllegalArgumentException(entity.type() + "." + c.getKey() + " is no versioned attribute");
      }
      Object v = c.getValue();
      names.put("#a" + i, a.name());
      values.put(":a" + i, switch (a.kind()) {
        case S -> AttributeValue.fromS(v.toString());
        // An exact decimal (a body's number) keeps every digit: never through a double.
        case N -> AttributeValue.fromN(v instanceof java.math.BigDecimal d ? dev.monotable.kit.items.Numbers.toN(d)
            : Long.toString(((Number) v).longValue()));
        case BOOL -> AttributeValue.fromBool((Boolean) v);
        default -> throw new IllegalArgumentException(entity.type() + "." + c.getKey() + ": " + a.kind()
            + " attributes are changed by the domain's own code");
      });
      set.append(", #a").append(i).append(" = :a").append(i);
      i++;
    }
    if (i == 0) {
      throw new ValidationException(null, "give at least one of " + String.join(", ", entity.attributes().stream()
          .filter(a -> a.change() == dev.monotable.kit.entity.Attr.Change.VERSIONED).map(a -> a.field()).toList()));
    }
    // A retry of this very update (same token) is refused even without If-Match, so it never applies twice.
    String condition = "#type = :type AND (attribute_not_exists(#wt) OR #wt <> :wt)";
    if (expectedVersion != null) {
      condition += " AND #v = :expected";
      values.put(":expected", AttributeValue.fromN(Long.toString(expectedVersion)));
    }
    if (entity.ttl()) {
      // an expired item is absent before DynamoDB deletes it: not updated, a 404
      condition += " AND " + Expiry.unexpired(names, values, clock.instant());
    }
    return new VersionedUpdate(k, set + " ADD #v :one", condition, names, values, token);
  }

  /**
   * Whether {@code oldItem}, the item a conditional write was refused on (ALL_OLD), is that write's
   * own result: it carries the write's {@link WriteTokens token} in {@link TableSchema#WRITE_TOKEN},
   * so the refusal met the write's own first attempt, applied but whose answer was lost.
   */
  public static boolean isOwnWrite(Map<String, AttributeValue> oldItem, String token) {
    AttributeValue stored = oldItem == null ? null : oldItem.get(TableSchema.WRITE_TOKEN);
    return stored != null && token.equals(stored.s());
  }

  /**
   * One TransactWriteItems of {@code items} with {@code token} as its ClientRequestToken; build them
   * with {@link WriteTransaction}.
   *
   * @throws TransactionCanceledException a condition failed or another transaction held an item
   * @throws software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException the
   *     token was used in the last ten minutes by another request
   */
  void transactWrite(List<TransactWriteItem> items, String token) {
    client.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(items).clientRequestToken(token)
        .returnConsumedCapacity(CallMeter.asked()).build());
  }

  private UpdateItemRequest.Builder updateRequest(Key key, String updateExpression, String condition,
      Map<String, String> names, Map<String, AttributeValue> values) {
    return UpdateItemRequest.builder()
        .tableName(tableName)
        .key(key.toMap())
        .updateExpression(updateExpression)
        .conditionExpression(condition)
        .expressionAttributeNames(names)
        .expressionAttributeValues(values)
        .returnConsumedCapacity(CallMeter.asked());
  }

  /**
   * One BatchGetItem (strongly consistent) for up to 100 keys, retrying UnprocessedKeys with
   * {@link Backoff}. Returns the items found, keyed by their table key.
   */
  public Map<Key, Map<String, AttributeValue>> batchGet(List<Key> keys) {
    if (keys.size() > 100) {
      throw new IllegalArgumentException("BatchGetItem takes at most 100 keys");
    }
    Map<Key, Map<String, AttributeValue>> found = new HashMap<>();
    List<Map<String, AttributeValue>> all = new ArrayList<>();
    for (Key k : new java.util.LinkedHashSet<>(keys)) {
      all.add(k.toMap());
    }
    Backoff.untilDone(all, pending -> {
      BatchGetItemResponse response = client.batchGetItem(BatchGetItemRequest.builder()
          .requestItems(Map.of(tableName, KeysAndAttributes.builder().keys(pending).consistentRead(true).build()))
          .returnConsumedCapacity(CallMeter.asked())
          .build());
      for (Map<String, AttributeValue> item : response.responses().getOrDefault(tableName, List.of())) {
        found.put(new Key(item.get(TableSchema.PK).s(), item.get(TableSchema.SK).s()), item);
      }
      KeysAndAttributes unprocessed = response.unprocessedKeys().get(tableName);
      return unprocessed == null ? List.of() : new ArrayList<>(unprocessed.keys());
    }, List::isEmpty, "BatchGetItem left keys");
    return found;
  }

  /** One conditional DeleteItem. */
  public void delete(Key key, String condition, Map<String, String> names) {
    client.deleteItem(DeleteItemRequest.builder().tableName(tableName).key(key.toMap()).conditionExpression(condition)
        .expressionAttributeNames(names).returnConsumedCapacity(CallMeter.asked()).build());
  }

  /**
   * One DeleteItem whose condition compares values (for example {@code #author = :caller}).
   *
   * @throws ConditionalCheckFailedException the condition failed (nothing deleted)
   */
  public void delete(Key key, String condition, Map<String, String> names, Map<String, AttributeValue> values) {
    client.deleteItem(DeleteItemRequest.builder().tableName(tableName).key(key.toMap()).conditionExpression(condition)
        .expressionAttributeNames(names).expressionAttributeValues(values)
        .returnConsumedCapacity(CallMeter.asked()).build());
  }

  /**
   * Puts up to 25 items with one BatchWriteItem, then again with its UnprocessedItems after a
   * jittered pause ({@link Backoff#jitteredPauseMillis}), at most {@code attempts} requests in all.
   * Unconditional puts: a caller whose keys are derived from the data can send the same batch
   * again and write the same items. Returns the items still unprocessed after the last attempt
   * (empty when every item was written), so the caller can answer per item.
   */
  public List<Map<String, AttributeValue>> batchPut(List<Map<String, AttributeValue>> items, int attempts) {
    if (items.isEmpty() || items.size() > 25) {
      throw new IllegalArgumentException("BatchWriteItem takes 1 to 25 requests");
    }
    List<WriteRequest> pending = new ArrayList<>();
    for (Map<String, AttributeValue> item : items) {
      pending.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
    }
    for (int attempt = 0; attempt < attempts && !pending.isEmpty(); attempt++) {
      Backoff.sleep(Backoff.jitteredPauseMillis(attempt, java.util.concurrent.ThreadLocalRandom.current().nextDouble()));
      BatchWriteItemResponse response = client.batchWriteItem(BatchWriteItemRequest.builder()
          .requestItems(Map.of(tableName, pending)).build());
      pending = new ArrayList<>(response.unprocessedItems().getOrDefault(tableName, List.of()));
    }
    List<Map<String, AttributeValue>> left = new ArrayList<>();
    for (WriteRequest w : pending) {
      left.add(w.putRequest().item());
    }
    return left;
  }

  /**
   * Deletes up to 25 items by key with one BatchWriteItem, retrying UnprocessedItems with
   * {@link Backoff} until none is left.
   */
  public void batchDelete(List<Key> keys) {
    if (keys.isEmpty() || keys.size() > 25) {
      throw new IllegalArgumentException("BatchWriteItem takes 1 to 25 requests");
    }
    List<WriteRequest> all = new ArrayList<>();
    for (Key k : keys) {
      all.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(k.toMap()).build()).build());
    }
    Backoff.untilDone(all, pending -> new ArrayList<>(client.batchWriteItem(BatchWriteItemRequest.builder()
        .requestItems(Map.of(tableName, pending)).build()).unprocessedItems().getOrDefault(tableName, List.of())),
        List::isEmpty, "BatchWriteItem left deletes");
  }

  /** One Query page; the cursor is bound to {@code scope} and the query's partition. */
  public Page<Map<String, AttributeValue>> query(QuerySpec spec, PageRequest page, String scope) {
    String boundScope = boundScope(spec, scope);
    QueryResponse response = client.query(request(spec, page.limit(), page.cursor(), boundScope));
    String next = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
        ? cursors.encode(boundScope, response.lastEvaluatedKey()) : null;
    return new Page<>(response.items(), next);
  }

  /**
   * One Query page of a list whose key range also covers its head: the item next to the list in
   * the same index partition that proves the parent exists and carries its visibility (a
   * profile item ahead of the user's notes; a container ahead of the items it holds).
   * The head sits at one end of the range: first in the query's direction ({@code headFirst}), so
   * the first page returns it; or last, so any page that is not full returns it. The Query asks
   * for {@code limit + 1} items, so a page that is not full also reaches a last head; the head
   * is taken out of the page, and the cursor continues after the last item returned.
   *
   * @param isHead tells the head from the list's items
   */
  public HeadedPage queryWithHead(QuerySpec spec, Predicate<Map<String, AttributeValue>> isHead, boolean headFirst,
      PageRequest page, String scope) {
    String boundScope = boundScope(spec, scope);
    QueryResponse response = client.query(request(spec, page.limit() + 1, page.cursor(), boundScope));
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> head = null;
    for (Map<String, AttributeValue> item : response.items()) {
      if (isHead.test(item)) {
        head = item;
      } else {
        items.add(item);
      }
    }
    boolean more;
    if (items.size() > page.limit()) {
      items = items.subList(0, page.limit());
      more = true;
    } else {
      // A head at the end of the range closes the list; otherwise DynamoDB says whether it stopped early.
      more = !(head != null && !headFirst) && response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty();
    }
    String next = more && !items.isEmpty()
        ? cursors.encode(boundScope, startKey(spec, items.get(items.size() - 1))) : null;
    return new HeadedPage(new Page<>(items, next), head);
  }

  /**
   * A page and the head its query returned, or null when the head was outside this page.
   *
   * @param page the list's items only
   * @param head the head item, or null
   */
  public record HeadedPage(Page<Map<String, AttributeValue>> page, Map<String, AttributeValue> head) {}

  /** The ExclusiveStartKey that continues after {@code item}: table keys plus the index's keys. */
  private static Map<String, AttributeValue> startKey(QuerySpec spec, Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = new LinkedHashMap<>();
    key.put(TableSchema.PK, item.get(TableSchema.PK));
    key.put(TableSchema.SK, item.get(TableSchema.SK));
    if (spec.index() != null) {
      key.put(spec.index().pk(), item.get(spec.index().pk()));
      key.put(spec.index().sk(), item.get(spec.index().sk()));
    }
    return key;
  }

  private static String boundScope(QuerySpec spec, String scope) {
    // The cursor is bound to everything that selects the list: a cursor of issue 1's comments must
    // not page through issue 3's, though both live in one partition.
    return scope + "|" + (spec.index() == null ? "table" : spec.index().indexName()) + "|"
        + spec.partition() + "|" + (spec.from() == null ? spec.sortPrefix() : spec.from() + ".." + spec.to());
  }

  private QueryRequest request(QuerySpec spec, int limit, String cursor, String boundScope) {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    String pkName = spec.index() == null ? TableSchema.PK : spec.index().pk();
    String skName = spec.index() == null ? TableSchema.SK : spec.index().sk();
    names.put("#pk", pkName);
    values.put(":pk", AttributeValue.fromS(spec.partition()));
    StringBuilder condition = new StringBuilder("#pk = :pk");
    if (spec.from() != null) {
      names.put("#sk", skName);
      values.put(":from", AttributeValue.fromS(spec.from()));
      values.put(":to", AttributeValue.fromS(spec.to()));
      condition.append(" AND #sk BETWEEN :from AND :to");
    } else if (spec.sortPrefix() != null) {
      names.put("#sk", skName);
      values.put(":prefix", AttributeValue.fromS(spec.sortPrefix()));
      condition.append(" AND begins_with(#sk, :prefix)");
    }
    names.putAll(spec.filterNames());
    values.putAll(spec.filterValues());
    QueryRequest.Builder q = QueryRequest.builder()
        .tableName(tableName)
        .keyConditionExpression(condition.toString())
        .expressionAttributeNames(names)
        .expressionAttributeValues(values)
        .scanIndexForward(!spec.descending())
        .limit(limit)
        .returnConsumedCapacity(CallMeter.asked());
    if (spec.index() != null) {
      q.indexName(spec.index().indexName());
    } else {
      q.consistentRead(true);
    }
    if (spec.filter() != null) {
      q.filterExpression(spec.filter());
    }
    if (cursor != null) {
      Map<String, AttributeValue> start = cursors.decode(boundScope, cursor);
      AttributeValue cursorPartition = start.get(pkName);
      if (cursorPartition == null || !spec.partition().equals(cursorPartition.s())) {
        throw new dev.monotable.kit.errors.ValidationException("invalid_cursor", "cursor",
            "cursor is malformed, altered or belongs to another list");
      }
      q.exclusiveStartKey(start);
    }
    return q.build();
  }

  /**
   * A Query on the table or one index: partition equals, optional begins_with on the sort key or
   * a BETWEEN range ({@code from}..{@code to}, inclusive), direction, and an optional filter with
   * its own names and values.
   */
  public record QuerySpec(Gsi index, String partition, String sortPrefix, String from, String to, boolean descending,
      String filter, Map<String, String> filterNames, Map<String, AttributeValue> filterValues) {

    public static QuerySpec table(String partition, String sortPrefix) {
      return new QuerySpec(null, partition, sortPrefix, null, null, false, null, Map.of(), Map.of());
    }

    public static QuerySpec index(Gsi index, String partition, String sortPrefix) {
      return new QuerySpec(index, partition, sortPrefix, null, null, false, null, Map.of(), Map.of());
    }

    /** Sort keys from {@code from} to {@code to}, both inclusive. */
    public static QuerySpec between(Gsi index, String partition, String from, String to) {
      return new QuerySpec(index, partition, null, from, to, false, null, Map.of(), Map.of());
    }

    public QuerySpec newestFirst() {
      return new QuerySpec(index, partition, sortPrefix, from, to, true, filter, filterNames, filterValues);
    }

    public QuerySpec filter(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
      return new QuerySpec(index, partition, sortPrefix, from, to, descending, expression, names, values);
    }
  }
}
