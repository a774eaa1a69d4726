package dev.monotable.devices;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import java.util.List;
import java.util.Set;

/**
 * Devices as the kit sees it: its table, its access patterns and its routes. Written by
 * {@code scripts/new-domain devices}; grow it one access pattern at a time (docs/new-domain.md).
 */
public final class Devices implements Domain {

  /** The table: no index yet; add {@code new Index(GSI1, "purpose")} when a pattern needs one. */
  public static final TableSchema SCHEMA = TableSchema.of();

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
    return List.of(
        new Endpoint("PUT", "/entries/{entry}", HANDLERS + "PutEntryHandler", Auth.NONE,
            List.<AccessPatternSpec>of(DevicesPattern.P01), Set.of(DynamoAction.PUT_ITEM), Set.of()),
        new Endpoint("GET", "/entries/{entry}", HANDLERS + "GetEntryHandler", Auth.NONE,
            List.<AccessPatternSpec>of(DevicesPattern.P02), Set.of(DynamoAction.GET_ITEM), Set.of()));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of();
  }
}
