package dev.monotable.carry;

import static dev.monotable.kit.catalog.KeyCondition.none;
import static dev.monotable.kit.catalog.KeyCondition.plan;
import static dev.monotable.kit.catalog.Operation.PUT_ITEM;

import dev.monotable.carry.model.Entry;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import java.util.List;

/** The access patterns of Carry, each with the one DynamoDB request that serves it. */
public final class CarryPattern {
  private CarryPattern() {}

  /** A custom pattern: its method (CarryServices.putEntry) and data method (Entries.create) are the domain's. */
  public static final DeclaredPattern P01 = DeclaredPattern.of("P01", "create an entry", Calls.of(PUT_ITEM),
      plan("Put Entry attribute_not_exists(PK)"), "entry, body: text");
  /** A plain pattern: one GetItem of the declared entity, served by the kit (no handler of its own). */
  public static final DeclaredPattern P02 = DeclaredPattern.get("P02", "get an entry", Entry.ENTITY);

  /** GET /health: no request, answered by the kit (Endpoint.health). */
  public static final DeclaredPattern P00 = DeclaredPattern.of("P00", "liveness of the API", Calls.none(), none(), "")
      .allowing(0, "no table access");

  /** Every pattern, in catalog order. */
  public static final List<DeclaredPattern> ALL = List.of(P00, P01, P02);
}
