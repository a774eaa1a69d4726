package dev.monotable.devices;

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
 * Devices as the kit sees it: its table, its access patterns and its routes. Written by
 * {@code scripts/new-domain devices}; grow it one access pattern at a time (docs/new-domain.md).
 */
public final class Devices implements Domain {

  /** The table: the user partitions, and GSI1 holding profiles and devices, no event (AP02, AP14). */
  public static final TableSchema SCHEMA = TableSchema.of(
      new Index(Gsi.GSI1, "a user's profile and devices without their events"));

  public static final Devices DOMAIN = new Devices();

  private static final String HANDLERS = "dev.monotable.devices.functions.";

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
  public List<DevicesPattern> accessPatterns() {
    return List.of(DevicesPattern.values());
  }

  @Override
  public List<Endpoint> endpoints() {
    String user = "/users/{user}";
    String device = user + "/devices/{device}";
    return List.of(
        ep("PUT", user, "PutUserHandler", DevicesPattern.AP12, Set.of(DynamoAction.PUT_ITEM), Set.of()),
        ep("GET", user, "GetUserHandler", DevicesPattern.AP01, Set.of(DynamoAction.GET_ITEM), Set.of()),
        ep("GET", user + "/devices", "ListDevicesHandler", DevicesPattern.AP02, Set.of(DynamoAction.QUERY),
            Set.of(Gsi.GSI1)),
        ep("PUT", device, "AddDeviceHandler", DevicesPattern.AP07,
            Set.of(DynamoAction.CONDITION_CHECK_ITEM, DynamoAction.PUT_ITEM), Set.of()),
        ep("GET", device, "GetDeviceHandler", DevicesPattern.AP03, Set.of(DynamoAction.GET_ITEM), Set.of()),
        ep("PATCH", device, "UpdateDeviceStatusHandler", DevicesPattern.AP06, Set.of(DynamoAction.UPDATE_ITEM),
            Set.of()),
        ep("GET", device + "/events", "ListEventsHandler", DevicesPattern.AP04, Set.of(DynamoAction.QUERY), Set.of()),
        ep("POST", device + "/events", "RecordEventHandler", DevicesPattern.AP13,
            Set.of(DynamoAction.UPDATE_ITEM, DynamoAction.CONDITION_CHECK_ITEM, DynamoAction.PUT_ITEM), Set.of()),
        ep("GET", user + "/dashboard", "DashboardHandler", DevicesPattern.AP14, Set.of(DynamoAction.QUERY),
            Set.of(Gsi.GSI1)));
  }

  private static Endpoint ep(String method, String path, String handler, DevicesPattern pattern,
      Set<DynamoAction> actions, Set<Gsi> indexes) {
    return new Endpoint(method, path, HANDLERS + handler, Auth.REQUIRED, List.<AccessPatternSpec>of(pattern), actions,
        indexes);
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of();
  }
}
