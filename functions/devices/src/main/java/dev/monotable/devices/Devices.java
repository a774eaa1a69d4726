package dev.monotable.devices;

import static dev.monotable.kit.catalog.DynamoAction.BATCH_GET_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.BATCH_WRITE_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.CONDITION_CHECK_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.DELETE_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.GET_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.PUT_ITEM;
import static dev.monotable.kit.catalog.DynamoAction.QUERY;
import static dev.monotable.kit.catalog.DynamoAction.UPDATE_ITEM;

import dev.monotable.devices.model.Device;
import dev.monotable.devices.model.Event;
import dev.monotable.devices.keys.DevicesKeys;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.migrate.MigratingDomain;
import dev.monotable.kit.migrate.OldDesign;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import java.util.List;
import java.util.Set;

/**
 * Devices as the kit sees it: its table, its access patterns, its routes and its stream
 * functions. Written by {@code scripts/new-domain devices}; grow it one access pattern at a time
 * (docs/new-domain.md).
 */
public final class Devices implements Domain, MigratingDomain {

  /** The user group whose members may call the analytics routes (AP09, AP10, AP11). */
  public static final String OPERATORS = "operators";

  /** The table: the user partitions; GSI1 the user's collection, GSI2 the lookups that start elsewhere. */
  public static final TableSchema SCHEMA = TableSchema.of(
      new Index(Gsi.GSI1, "a user's profile, devices and events across devices (AP02, AP05, AP14)"),
      new Index(Gsi.GSI2, "events by type in write shards, active users (sparse), devices by tag (AP09, AP11, AP17)"));

  public static final Devices DOMAIN = new Devices();

  /** Longest user or device name, in characters. */
  public static final int NAME_MAX = 100;
  /** Longest device kind, in characters. */
  public static final int KIND_MAX = 40;
  /** The magnitude an event's value stays below, well inside DynamoDB's number range (declared: documented). */
  public static final long VALUE_LIMIT = 1_000_000_000_000_000L;

  private static final BodyField NAME = BodyField.text("name", 1, NAME_MAX).nonBlank();
  private static final BodyField EVENT = BodyField.object("event",
      BodyField.timestamp("at").required(), BodyField.integer("seq", 0, DevicesKeys.SEQ_MAX),
      BodyField.matching("type", DevicesKeys.LABEL.pattern()).keySegment("label").required(), BodyField.number("value", VALUE_LIMIT).required());

  /** The API area (nested stack, docs tag) of Devices' routes: their handler classes' before they were methods. */
  private static final String AREA = "platform";
  private static final String STREAMS = "dev.monotable.devices.functions.streams.";

  private static final List<StreamHandlerDeclaration> STREAM_HANDLERS = List.of(
      // ST1: new events into their devices' recent events and their users' activity (AP14, AP11), merged per
      // batch: one BatchGetItem of the devices and profiles, at most one UpdateItem per device and per user.
      StreamHandlerDeclaration.builder(STREAMS + "RecentEventsHandler").stream("ST1")
          .itemTypes(Event.TYPE)
          .eventNames("INSERT")
          .actions(BATCH_GET_ITEM, GET_ITEM, UPDATE_ITEM)
          .build(),
      // ST2: device counts by status (AP10), one transaction per shard and batch: a receipt per record + one ADD.
      StreamHandlerDeclaration.builder(STREAMS + "StatusCountsHandler").stream("ST2")
          .itemTypes(Device.TYPE)
          .eventNames("INSERT", "MODIFY", "REMOVE")
          .actions(PUT_ITEM, UPDATE_ITEM)
          .build(),
      // ST3: a renamed device's name onto its events (the seed's denormalization).
      StreamHandlerDeclaration.builder(STREAMS + "DeviceNameHandler").stream("ST3")
          .itemTypes(Device.TYPE)
          .eventNames("MODIFY")
          .actions(QUERY, UPDATE_ITEM)
          .build());

  private Devices() {}

  @Override
  public String name() {
    return "Devices";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<String> userGroups() {
    return List.of(OPERATORS);
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return DevicesPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    String user = "/users/{user}";
    String device = user + "/devices/{device}";
    return List.of(
        route("PUT", user, "PutUserHandler", DevicesPattern.AP12)
            .withBody(NAME.required(), BodyField.email("email").required()),
        route("GET", user, "GetUserHandler", DevicesPattern.AP01),
        route("GET", user + "/devices", "ListDevicesHandler", DevicesPattern.AP02),
        new Endpoint("PUT", device, Endpoint.ROUTE_HANDLER, Auth.REQUIRED, List.of(DevicesPattern.AP07),
            Set.of(CONDITION_CHECK_ITEM, PUT_ITEM), Set.of()).named("AddDeviceHandler", AREA).ownedBy("user")
            .withBody(NAME.required(), BodyField.text("kind", 1, KIND_MAX).nonBlank().required()),
        route("GET", device, "GetDeviceHandler", DevicesPattern.AP03),
        route("PATCH", device, "UpdateDeviceHandler", DevicesPattern.AP06)
            .withBody(BodyField.oneOf("status", Device.STATUSES), NAME),
        // AP08's final delete is a one-item transaction (its ClientRequestToken answers the SDK's retry after a lost
        // answer as the first attempt): IAM authorises its Delete part.
        new Endpoint("DELETE", device, Endpoint.ROUTE_HANDLER, Auth.REQUIRED, List.of(DevicesPattern.AP08),
            Set.of(UPDATE_ITEM, QUERY, BATCH_WRITE_ITEM, DELETE_ITEM), Set.of()).named("DeleteDeviceHandler", AREA)
            .ownedBy("user"),
        route("GET", device + "/events", "ListEventsHandler", DevicesPattern.AP04),
        route("POST", device + "/events", "RecordEventHandler", DevicesPattern.AP13)
            .withBody(EVENT.fields().toArray(BodyField[]::new)),
        route("POST", device + "/events/batch", "RecordEventsHandler", DevicesPattern.AP15)
            .withBody(BodyField.array("events", EVENT, Event.BATCH_MAX).required()),
        new Endpoint("PUT", device + "/tags", Endpoint.ROUTE_HANDLER, Auth.REQUIRED, List.of(DevicesPattern.AP16),
            Set.of(GET_ITEM, UPDATE_ITEM, PUT_ITEM, DELETE_ITEM), Set.of()).named("SetTagsHandler", AREA)
            .ownedBy("user")
            .withBody(BodyField.array("tags", BodyField.matching("tag", DevicesKeys.LABEL.pattern()).keySegment("label"), Device.TAGS_MAX)
                .required()),
        route("GET", user + "/tags/{tag}/devices", "DevicesByTagHandler", DevicesPattern.AP17),
        route("GET", user + "/events", "UserEventsHandler", DevicesPattern.AP05),
        route("GET", user + "/dashboard", "DashboardHandler", DevicesPattern.AP14),
        route("GET", "/analytics/events", "EventsOfTypeHandler", DevicesPattern.AP09),
        route("GET", "/analytics/device-status", "CountsByStatusHandler", DevicesPattern.AP10),
        route("GET", "/analytics/active-users", "ActiveUsersHandler", DevicesPattern.AP11),
        Endpoint.health(DevicesPattern.AP18));
  }

  /**
   * A route of one pattern served by a method of {@code DevicesServices}, granted what the pattern's declaration
   * says it calls: a route of one user's partition served to that user only ({@code {user}}), or an analytics
   * route across users served to {@link #OPERATORS} only. Its function keeps the name and stack of the handler
   * class that served it before ({@code name}), so no deployed function is replaced and no metric renamed.
   */
  private static Endpoint route(String method, String path, String name, DeclaredPattern pattern) {
    Endpoint e = Endpoint.route(method, path, Auth.REQUIRED, pattern).named(name, AREA);
    return path.startsWith("/users/{user}") ? e.ownedBy("user") : e.forGroup(OPERATORS);
  }

  /** Seed 002's entity-first tables, which Devices migrates from (docs/migration.md). */
  @Override
  public OldDesign oldDesign() {
    return EntityFirstTables.DESIGN;
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return STREAM_HANDLERS;
  }
}
