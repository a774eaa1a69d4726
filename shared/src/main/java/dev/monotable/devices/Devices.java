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
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
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
public final class Devices implements Domain {

  /** The user group whose members may call the analytics routes (AP09, AP10, AP11). */
  public static final String OPERATORS = "operators";

  /** The table: the user partitions; GSI1 the user's collection, GSI2 the lookups that start elsewhere. */
  public static final TableSchema SCHEMA = TableSchema.of(
      new Index(Gsi.GSI1, "a user's profile, devices and events across devices (AP02, AP05, AP14)"),
      new Index(Gsi.GSI2, "events by type in write shards, active users (sparse), devices by tag (AP09, AP11, AP17)"));

  public static final Devices DOMAIN = new Devices();

  private static final String HANDLERS = "dev.monotable.devices.functions.";
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
  public List<DevicesPattern> accessPatterns() {
    return List.of(DevicesPattern.values());
  }

  @Override
  public List<Endpoint> endpoints() {
    String user = "/users/{user}";
    String device = user + "/devices/{device}";
    return List.of(
        ep("PUT", user, "PutUserHandler", DevicesPattern.AP12, Set.of(PUT_ITEM)),
        ep("GET", user, "GetUserHandler", DevicesPattern.AP01, Set.of(GET_ITEM)),
        ep("GET", user + "/devices", "ListDevicesHandler", DevicesPattern.AP02, Set.of(QUERY), Gsi.GSI1),
        ep("PUT", device, "AddDeviceHandler", DevicesPattern.AP07, Set.of(CONDITION_CHECK_ITEM, PUT_ITEM)),
        ep("GET", device, "GetDeviceHandler", DevicesPattern.AP03, Set.of(GET_ITEM)),
        ep("PATCH", device, "UpdateDeviceHandler", DevicesPattern.AP06, Set.of(UPDATE_ITEM)),
        ep("DELETE", device, "DeleteDeviceHandler", DevicesPattern.AP08,
            Set.of(UPDATE_ITEM, QUERY, BATCH_WRITE_ITEM, DELETE_ITEM)),
        ep("GET", device + "/events", "ListEventsHandler", DevicesPattern.AP04, Set.of(QUERY)),
        ep("POST", device + "/events", "RecordEventHandler", DevicesPattern.AP13, Set.of(GET_ITEM, PUT_ITEM)),
        ep("POST", device + "/events/batch", "RecordEventsHandler", DevicesPattern.AP15,
            Set.of(GET_ITEM, BATCH_WRITE_ITEM)),
        ep("PUT", device + "/tags", "SetTagsHandler", DevicesPattern.AP16,
            Set.of(GET_ITEM, UPDATE_ITEM, PUT_ITEM, DELETE_ITEM)),
        ep("GET", user + "/tags/{tag}/devices", "DevicesByTagHandler", DevicesPattern.AP17, Set.of(QUERY), Gsi.GSI2),
        ep("GET", user + "/events", "UserEventsHandler", DevicesPattern.AP05, Set.of(QUERY), Gsi.GSI1),
        ep("GET", user + "/dashboard", "DashboardHandler", DevicesPattern.AP14, Set.of(QUERY), Gsi.GSI1),
        ep("GET", "/analytics/events", "EventsOfTypeHandler", DevicesPattern.AP09, Set.of(QUERY), Gsi.GSI2),
        ep("GET", "/analytics/device-status", "CountsByStatusHandler", DevicesPattern.AP10, Set.of(BATCH_GET_ITEM)),
        ep("GET", "/analytics/active-users", "ActiveUsersHandler", DevicesPattern.AP11, Set.of(QUERY), Gsi.GSI2));
  }

  private static Endpoint ep(String method, String path, String handler, DevicesPattern pattern,
      Set<DynamoAction> actions, Gsi... indexes) {
    return new Endpoint(method, path, HANDLERS + handler, Auth.REQUIRED, List.<AccessPatternSpec>of(pattern), actions,
        Set.of(indexes));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return STREAM_HANDLERS;
  }
}
