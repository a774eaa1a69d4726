package dev.monotable.saas;

import dev.monotable.saas.model.Entry;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import java.util.List;

/**
 * Saas as the kit sees it: its table, its access patterns and its routes. Written by
 * {@code scripts/new-domain saas}; grow it one access pattern at a time (docs/new-domain.md).
 */
public final class Saas implements Domain {

  /** The table: no index yet; add {@code new Index(GSI1, "purpose")} when a pattern needs one. */
  public static final TableSchema SCHEMA = TableSchema.of();

  public static final Saas DOMAIN = new Saas();

  private Saas() {}

  @Override
  public String name() {
    return "Saas";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return SaasPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    // Each route is granted what its pattern's declaration says it calls; its body is declared here once.
    // A custom route (Endpoint.route) is served by the method SaasServices binds to its pattern.
    return List.of(
        Endpoint.route("PUT", "/entries/{entry}", Auth.NONE, SaasPattern.P01)
            .withBody(BodyField.text("text", 1, Entry.TEXT_MAX).required()),
        Endpoint.plain("GET", "/entries/{entry}", Auth.NONE, SaasPattern.P02));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of();
  }
}
