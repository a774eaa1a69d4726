package dev.monotable.social;

import dev.monotable.social.model.Entry;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import java.util.List;

/**
 * Social as the kit sees it: its table, its access patterns and its routes. Written by
 * {@code scripts/new-domain social}; grow it one access pattern at a time (docs/new-domain.md).
 */
public final class Social implements Domain {

  /** The table: no index yet; add {@code new Index(GSI1, "purpose")} when a pattern needs one. */
  public static final TableSchema SCHEMA = TableSchema.of();

  public static final Social DOMAIN = new Social();

  private static final String HANDLERS = "dev.monotable.social.functions.";

  private Social() {}

  @Override
  public String name() {
    return "Social";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return SocialPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    // Each route is granted what its pattern's declaration says it calls; its body is declared here once.
    return List.of(
        Endpoint.of("PUT", "/entries/{entry}", HANDLERS + "PutEntryHandler", Auth.NONE, SocialPattern.P01)
            .withBody(BodyField.text("text", 1, Entry.TEXT_MAX).required()),
        Endpoint.plain("GET", "/entries/{entry}", Auth.NONE, SocialPattern.P02));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of();
  }
}
