package dev.monotable.carry;

import dev.monotable.carry.model.Entry;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import java.util.List;

/**
 * Carry as the kit sees it: its table, its access patterns and its routes. Written by
 * {@code scripts/new-domain carry}; grow it one access pattern at a time (docs/new-domain.md).
 */
public final class Carry implements Domain {

  /** The table: no index yet; add {@code new Index(GSI1, "purpose")} when a pattern needs one. */
  public static final TableSchema SCHEMA = TableSchema.of();

  public static final Carry DOMAIN = new Carry();

  private Carry() {}

  @Override
  public String name() {
    return "Carry";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return CarryPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    // Each route is granted what its pattern's declaration says it calls; its body is declared here once.
    // A custom route (Endpoint.route) is served by the method CarryServices binds to its pattern.
    return List.of(
        Endpoint.route("PUT", "/entries/{entry}", Auth.NONE, CarryPattern.P01)
            .withBody(BodyField.text("text", 1, Entry.TEXT_MAX).required()),
        Endpoint.plain("GET", "/entries/{entry}", Auth.NONE, CarryPattern.P02),
        Endpoint.health(CarryPattern.P00));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of();
  }
}
