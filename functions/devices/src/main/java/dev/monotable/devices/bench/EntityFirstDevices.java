package dev.monotable.devices.bench;

import dev.monotable.devices.EntityFirstTables;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Seed 002's entity-first design, the "before" of its table, as a team of that design would write
 * it: three tables keyed by entity id (Users by {@code userId}, Devices by {@code deviceId}, Events
 * by {@code eventId}) and the six GSIs the seed added ("GSIs for every query"): Devices-ByUserId,
 * Devices-ByStatus, Devices-ByType, Events-ByDeviceId, Events-ByType and Events-ByUserId (the
 * event carries its device's {@code userId}, the seed's denormalization). The seed names only
 * each index's partition key; the time-ordered ones sort by {@code timestamp} here, as a competent
 * team would, so a time range is a key condition and not a filter. Every index projects ALL.
 *
 * <p>Each pattern makes the requests its Javadoc lists, paginating every Query and Scan to the
 * end: an index where the seed has one, a Scan with a filter where it has none (active users),
 * and the seed's per-device loop for the dashboard. {@link #dashboardAsSeedShows} is the seed's
 * dashboard code verbatim (Scans only), kept to measure the "2-3 s" it reports.
 *
 * <p>Bench code only: never deployed, not in a Lambda jar. The tables, their indexes and the requests of the
 * patterns a route can read from them are {@link EntityFirstTables}', which the routes use while they migrate.
 */
public final class EntityFirstDevices {

  /** The statuses a device reports, as the single-table domain has them. */
  public static final List<String> STATUSES = List.of("online", "offline", "error");

  /** A dashboard: the profile, and each of the user's devices with its newest events. */
  public record Dashboard(Map<String, AttributeValue> profile, List<DeviceWithRecent> devices) {}

  /** A device item and the items of its {@link #RECENT} newest events, newest first. */
  public record DeviceWithRecent(Map<String, AttributeValue> device, List<Map<String, AttributeValue>> recent) {}

  /** Events per device on the dashboard: the seed's "last 10 events per device". */
  public static final int RECENT = 10;

  private final DynamoDbClient client;
  private final EntityFirstTables tables;

  public EntityFirstDevices(DynamoDbClient client, EntityFirstTables tables) {
    this.client = client;
    this.tables = tables;
  }

  public EntityFirstTables tables() {
    return tables;
  }

  // ---- schema and items ------------------------------------------------------------------------

  /** A Users item: the seed's {@code userId, name, email, createdAt}. */
  public static Map<String, AttributeValue> userItem(String userId, String name, String email, String createdAt) {
    return Map.of("userId", s(userId), "name", s(name), "email", s(email), "createdAt", s(createdAt));
  }

  /** A Devices item: the seed's {@code deviceId, userId, name, type, status}. */
  public static Map<String, AttributeValue> deviceItem(String deviceId, String userId, String name, String type,
      String status) {
    return Map.of("deviceId", s(deviceId), "userId", s(userId), "name", s(name), "type", s(type), "status", s(status));
  }

  /** An Events item: the seed's {@code eventId, deviceId, timestamp, type, value}, plus {@code userId} for its index. */
  public static Map<String, AttributeValue> eventItem(String eventId, String deviceId, String userId, String timestamp,
      String type, String value) {
    return Map.of("eventId", s(eventId), "deviceId", s(deviceId), "userId", s(userId), "timestamp", s(timestamp),
        "type", s(type), "value", AttributeValue.fromN(value));
  }

  // ---- the seed's eleven patterns and its dashboard --------------------------------------------

  /** 1. User profile: one GetItem of Users. Null when absent. */
  public Map<String, AttributeValue> profile(String userId) {
    GetItemResponse r = client.getItem(tables.profile(userId));
    return r.hasItem() && !r.item().isEmpty() ? r.item() : null;
  }

  /** 2. A user's devices: Query of Devices-ByUserId, every page. */
  public List<Map<String, AttributeValue>> devices(String userId) {
    return queryAll(tables.devicesOf(userId));
  }

  /** 3. Device details: one GetItem of Devices (device ids are global in this design). Null when absent. */
  public Map<String, AttributeValue> device(String deviceId) {
    GetItemResponse r = client.getItem(tables.device(deviceId));
    return r.hasItem() && !r.item().isEmpty() ? r.item() : null;
  }

  /** 4. A device's events from {@code from} to {@code to}, newest first: Query of Events-ByDeviceId, every page. */
  public List<Map<String, AttributeValue>> deviceEvents(String deviceId, String from, String to) {
    return queryAll(tables.deviceEvents(deviceId, from, to));
  }

  /** 5. A user's events across devices from {@code from} to {@code to}, newest first: Query of Events-ByUserId. */
  public List<Map<String, AttributeValue>> userEvents(String userId, String from, String to) {
    return queryAll(tables.userEvents(userId, from, to));
  }

  /** 6. Device status update: one UpdateItem of Devices, conditioned on the device existing; returns it after. */
  public Map<String, AttributeValue> updateStatus(String deviceId, String status) {
    return client.updateItem(UpdateItemRequest.builder().tableName(tables.devices())
        .key(Map.of("deviceId", s(deviceId))).updateExpression("SET #s = :s")
        .conditionExpression("attribute_exists(deviceId)")
        .expressionAttributeNames(Map.of("#s", "status")).expressionAttributeValues(Map.of(":s", s(status)))
        .returnValues(ReturnValue.ALL_NEW).build()).attributes();
  }

  /**
   * 7. Add a device: one TransactWriteItems over two tables, a ConditionCheck that the user exists
   * and a Put of the device, {@code attribute_not_exists(deviceId)}; a new device is offline.
   */
  public Map<String, AttributeValue> addDevice(String deviceId, String userId, String name, String type) {
    Map<String, AttributeValue> item = deviceItem(deviceId, userId, name, type, "offline");
    client.transactWriteItems(TransactWriteItemsRequest.builder().transactItems(
        TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(tables.users())
            .key(Map.of("userId", s(userId))).conditionExpression("attribute_exists(userId)").build()).build(),
        TransactWriteItem.builder().put(Put.builder().tableName(tables.devices()).item(item)
            .conditionExpression("attribute_not_exists(deviceId)").build()).build()).build());
    return item;
  }

  /**
   * 8. Delete a device and its events: Query of Events-ByDeviceId (every page), BatchWriteItem of
   * 25 deletes per request (unprocessed ones sent again), then one DeleteItem of the device.
   * Returns the number of events deleted.
   */
  public int deleteDevice(String deviceId) {
    List<Map<String, AttributeValue>> events = queryAll(QueryRequest.builder().tableName(tables.events())
        .indexName(EntityFirstTables.EVENTS_BY_DEVICE).keyConditionExpression("deviceId = :d")
        .expressionAttributeValues(Map.of(":d", s(deviceId))).build());
    for (int from = 0; from < events.size(); from += 25) {
      List<WriteRequest> batch = new ArrayList<>();
      for (Map<String, AttributeValue> e : events.subList(from, Math.min(events.size(), from + 25))) {
        batch.add(WriteRequest.builder().deleteRequest(DeleteRequest.builder()
            .key(Map.of("eventId", e.get("eventId"))).build()).build());
      }
      Map<String, List<WriteRequest>> pending = Map.of(tables.events(), batch);
      for (int attempt = 0; !pending.isEmpty(); attempt++) {
        if (attempt > 10) {
          throw new IllegalStateException("BatchWriteItem left deletes after 10 retries");
        }
        BatchWriteItemResponse r = client.batchWriteItem(BatchWriteItemRequest.builder().requestItems(pending).build());
        pending = r.hasUnprocessedItems() ? r.unprocessedItems() : Map.of();
      }
    }
    client.deleteItem(DeleteItemRequest.builder().tableName(tables.devices()).key(Map.of("deviceId", s(deviceId)))
        .build());
    return events.size();
  }

  /** 9. Events of a type since a time, newest first, at most {@code limit}: one Query of Events-ByType. */
  public List<Map<String, AttributeValue>> eventsOfType(String type, String since, int limit) {
    // "~" sorts after every timestamp: no upper bound.
    return client.query(tables.eventsOfType(type, since, "~").toBuilder().limit(limit).build()).items();
  }

  /** 10. Device counts by status: a {@code Select=COUNT} Query of Devices-ByStatus per status, every page. */
  public Map<String, Long> countByStatus() {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (String status : STATUSES) {
      long n = 0;
      Map<String, AttributeValue> start = null;
      do {
        QueryResponse r = client.query(QueryRequest.builder().tableName(tables.devices()).indexName(EntityFirstTables.BY_STATUS)
            .keyConditionExpression("#s = :s").expressionAttributeNames(Map.of("#s", "status"))
            .expressionAttributeValues(Map.of(":s", s(status))).select(Select.COUNT).exclusiveStartKey(start).build());
        n += r.count();
        start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
      } while (start != null);
      counts.put(status, n);
    }
    return counts;
  }

  /**
   * 11. Users active since a time (a user is active when one of its devices reported an event):
   * no index serves it, so a Scan of Events filtered on {@code timestamp >= since}, projecting
   * {@code userId}, every page; the distinct users in id order.
   */
  public List<String> activeUsers(String since) {
    TreeSet<String> users = new TreeSet<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanResponse r = client.scan(ScanRequest.builder().tableName(tables.events())
          .filterExpression("#ts >= :since").projectionExpression("userId")
          .expressionAttributeNames(Map.of("#ts", "timestamp")).expressionAttributeValues(Map.of(":since", s(since)))
          .exclusiveStartKey(start).build());
      r.items().forEach(i -> users.add(i.get("userId").s()));
      start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return List.copyOf(users);
  }

  /**
   * The dashboard with the seed's indexes: one GetItem of the profile, a Query of Devices-ByUserId
   * (every page), then the seed's loop: per device one Query of Events-ByDeviceId, newest first,
   * {@code Limit 10}. 2 + N requests for N devices.
   */
  public Dashboard dashboard(String userId) {
    Map<String, AttributeValue> profile = profile(userId);
    List<DeviceWithRecent> out = new ArrayList<>();
    for (Map<String, AttributeValue> d : devices(userId)) {
      List<Map<String, AttributeValue>> recent = client.query(QueryRequest.builder().tableName(tables.events())
          .indexName(EntityFirstTables.EVENTS_BY_DEVICE).keyConditionExpression("deviceId = :d")
          .expressionAttributeValues(Map.of(":d", d.get("deviceId"))).scanIndexForward(false).limit(RECENT).build())
          .items();
      out.add(new DeviceWithRecent(d, recent));
    }
    return new Dashboard(profile, out);
  }

  /**
   * The dashboard as the seed's code shows it (its "Problem 2"): a Scan of Devices filtered on
   * {@code userId}, then per device a Scan of Events filtered on {@code deviceId} and
   * {@code timestamp > since}, every page of each; the profile by one GetItem. The newest 10 of a
   * device's events are its recent ones. Kept to measure the seed's "2-3 second page load".
   */
  public Dashboard dashboardAsSeedShows(String userId, String since) {
    Map<String, AttributeValue> profile = profile(userId);
    List<Map<String, AttributeValue>> devices = scanAll(ScanRequest.builder().tableName(tables.devices())
        .filterExpression("userId = :u").expressionAttributeValues(Map.of(":u", s(userId))).build());
    devices.sort((a, b) -> a.get("deviceId").s().compareTo(b.get("deviceId").s()));
    List<DeviceWithRecent> out = new ArrayList<>();
    for (Map<String, AttributeValue> d : devices) {
      List<Map<String, AttributeValue>> events = scanAll(ScanRequest.builder().tableName(tables.events())
          .filterExpression("deviceId = :d AND #ts > :since").expressionAttributeNames(Map.of("#ts", "timestamp"))
          .expressionAttributeValues(Map.of(":d", d.get("deviceId"), ":since", s(since))).build());
      events.sort((a, b) -> b.get("timestamp").s().compareTo(a.get("timestamp").s()));
      out.add(new DeviceWithRecent(d, List.copyOf(events.subList(0, Math.min(RECENT, events.size())))));
    }
    return new Dashboard(profile, out);
  }

  private List<Map<String, AttributeValue>> queryAll(QueryRequest first) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      QueryResponse r = client.query(first.toBuilder().exclusiveStartKey(start).build());
      items.addAll(r.items());
      start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return items;
  }

  private List<Map<String, AttributeValue>> scanAll(ScanRequest first) {
    List<Map<String, AttributeValue>> items = new ArrayList<>();
    Map<String, AttributeValue> start = null;
    do {
      ScanResponse r = client.scan(first.toBuilder().exclusiveStartKey(start).build());
      items.addAll(r.items());
      start = r.hasLastEvaluatedKey() && !r.lastEvaluatedKey().isEmpty() ? r.lastEvaluatedKey() : null;
    } while (start != null);
    return items;
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }
}
