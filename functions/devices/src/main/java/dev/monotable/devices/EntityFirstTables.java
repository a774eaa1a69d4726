package dev.monotable.devices;

import dev.monotable.kit.migrate.OldDesign;
import dev.monotable.kit.migrate.OldDesign.Index;
import dev.monotable.kit.migrate.OldDesign.Read;
import dev.monotable.kit.migrate.OldDesign.Table;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Seed 002's entity-first tables, the design Devices migrates from, named {@code <prefix>-Users},
 * {@code <prefix>-Devices}, {@code <prefix>-Events}: Users by {@code userId}, Devices by {@code deviceId}, Events
 * by {@code eventId}, and the seed's six GSIs (the time-ordered ones sort by {@code timestamp}; all project ALL).
 * {@link #DESIGN} declares them once, with the one old call of each pattern the routes can switch
 * ({@link OldReads}); the requests of those calls are built here, for the routes and for the seed's peer
 * ({@code bench/EntityFirstDevices}) alike. Makes no DynamoDB call.
 *
 * @param prefix the tables' name prefix
 */
public record EntityFirstTables(String prefix) {

  public static final String USERS = "Users";
  public static final String DEVICES = "Devices";
  public static final String EVENTS = "Events";
  public static final String BY_USER = "Devices-ByUserId";
  public static final String BY_STATUS = "Devices-ByStatus";
  public static final String BY_KIND = "Devices-ByType";
  public static final String EVENTS_BY_DEVICE = "Events-ByDeviceId";
  public static final String EVENTS_BY_TYPE = "Events-ByType";
  public static final String EVENTS_BY_USER = "Events-ByUserId";

  /** The old tables, and the old call of each pattern a route can read from them. */
  public static final OldDesign DESIGN = OldDesign.of(
          new Table(USERS, "userId", List.of()),
          new Table(DEVICES, "deviceId", List.of(new Index(BY_USER, "userId", "deviceId"),
              new Index(BY_STATUS, "status", "deviceId"), new Index(BY_KIND, "type", "deviceId"))),
          new Table(EVENTS, "eventId", List.of(new Index(EVENTS_BY_DEVICE, "deviceId", "timestamp"),
              new Index(EVENTS_BY_TYPE, "type", "timestamp"), new Index(EVENTS_BY_USER, "userId", "timestamp"))))
      .reads(DevicesPattern.AP01, Read.get(USERS))
      .reads(DevicesPattern.AP02, Read.query(DEVICES, BY_USER))
      .reads(DevicesPattern.AP03, Read.get(DEVICES))
      .reads(DevicesPattern.AP04, Read.query(EVENTS, EVENTS_BY_DEVICE))
      .reads(DevicesPattern.AP05, Read.query(EVENTS, EVENTS_BY_USER))
      .reads(DevicesPattern.AP09, Read.query(EVENTS, EVENTS_BY_TYPE));

  /** The tables named {@code <prefix>-Users}, {@code <prefix>-Devices}, {@code <prefix>-Events}. */
  public static EntityFirstTables prefixed(String prefix) {
    return new EntityFirstTables(prefix);
  }

  public String users() {
    return OldDesign.tableName(prefix, USERS);
  }

  public String devices() {
    return OldDesign.tableName(prefix, DEVICES);
  }

  public String events() {
    return OldDesign.tableName(prefix, EVENTS);
  }

  public List<String> all() {
    return List.of(users(), devices(), events());
  }

  /** The three CreateTable requests, on-demand, with the seed's six GSIs. */
  public List<CreateTableRequest> createTableRequests() {
    return DESIGN.createTableRequests(prefix);
  }

  /** Each table's indexes as [partition key, sort key], by table name. */
  public Map<String, List<List<String>>> indexKeys() {
    return Map.of(users(), keys(USERS), devices(), keys(DEVICES), events(), keys(EVENTS));
  }

  private static List<List<String>> keys(String table) {
    return DESIGN.table(table).indexes().stream().map(i -> List.of(i.partitionKey(), i.sortKey())).toList();
  }

  // ---- the requests of the read patterns (1-5, 9), one each --------------------------------------

  /** 1. A user's profile: GetItem of Users. */
  public GetItemRequest profile(String userId) {
    return GetItemRequest.builder().tableName(users()).key(Map.of("userId", s(userId))).build();
  }

  /** 2. A user's devices in device order: Query of Devices-ByUserId. */
  public QueryRequest devicesOf(String userId) {
    return QueryRequest.builder().tableName(devices()).indexName(BY_USER)
        .keyConditionExpression("userId = :u").expressionAttributeValues(Map.of(":u", s(userId))).build();
  }

  /** 3. A device (device ids are global in this design): GetItem of Devices. */
  public GetItemRequest device(String deviceId) {
    return GetItemRequest.builder().tableName(devices()).key(Map.of("deviceId", s(deviceId))).build();
  }

  /** 4. A device's events from {@code from} to {@code to}, both inclusive, newest first: Query of Events-ByDeviceId. */
  public QueryRequest deviceEvents(String deviceId, String from, String to) {
    return QueryRequest.builder().tableName(events()).indexName(EVENTS_BY_DEVICE)
        .keyConditionExpression("deviceId = :d AND #ts BETWEEN :from AND :to")
        .expressionAttributeNames(Map.of("#ts", "timestamp"))
        .expressionAttributeValues(Map.of(":d", s(deviceId), ":from", s(from), ":to", s(to)))
        .scanIndexForward(false).build();
  }

  /** 5. A user's events across devices from {@code from} to {@code to}, newest first: Query of Events-ByUserId. */
  public QueryRequest userEvents(String userId, String from, String to) {
    return QueryRequest.builder().tableName(events()).indexName(EVENTS_BY_USER)
        .keyConditionExpression("userId = :u AND #ts BETWEEN :from AND :to")
        .expressionAttributeNames(Map.of("#ts", "timestamp"))
        .expressionAttributeValues(Map.of(":u", s(userId), ":from", s(from), ":to", s(to)))
        .scanIndexForward(false).build();
  }

  /** 9. Events of a type from {@code since} to {@code until}, newest first: Query of Events-ByType. */
  public QueryRequest eventsOfType(String type, String since, String until) {
    return QueryRequest.builder().tableName(events()).indexName(EVENTS_BY_TYPE)
        .keyConditionExpression("#type = :t AND #ts BETWEEN :since AND :until")
        .expressionAttributeNames(Map.of("#type", "type", "#ts", "timestamp"))
        .expressionAttributeValues(Map.of(":t", s(type), ":since", s(since), ":until", s(until)))
        .scanIndexForward(false).build();
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }
}
