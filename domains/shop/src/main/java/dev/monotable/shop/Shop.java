package dev.monotable.shop;

import dev.monotable.shop.model.Entry;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import java.util.List;

/**
 * Shop as the kit sees it: its table, its access patterns and its routes. Written by
 * {@code scripts/new-domain shop}; grow it one access pattern at a time (docs/new-domain.md).
 */
public final class Shop implements Domain {

  /** The table: no index yet; add {@code new Index(GSI1, "purpose")} when a pattern needs one. */
  public static final TableSchema SCHEMA = TableSchema.of();

  public static final Shop DOMAIN = new Shop();

  private static final String HANDLERS = "dev.monotable.shop.functions.";

  private Shop() {}

  @Override
  public String name() {
    return "Shop";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return ShopPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    // Each route is granted what its pattern's declaration says it calls; its body is declared here once.
    return List.of(
        Endpoint.of("PUT", "/entries/{entry}", HANDLERS + "PutEntryHandler", Auth.NONE, ShopPattern.P01)
            .withBody(BodyField.text("text", 1, Entry.TEXT_MAX).required()),
        Endpoint.plain("GET", "/entries/{entry}", Auth.NONE, ShopPattern.P02));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of();
  }
}
