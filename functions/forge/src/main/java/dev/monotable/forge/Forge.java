package dev.monotable.forge;

import static dev.monotable.kit.schema.TableSchema.Gsi.GSI1;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI2;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI3;
import static dev.monotable.kit.schema.TableSchema.Gsi.GSI4;

import dev.monotable.forge.catalog.EndpointCatalog;
import dev.monotable.forge.catalog.StreamCatalog;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Index;
import java.util.List;

/**
 * Forge, the GitHub-like domain (contract: docs/api-contract.md), as the kit sees it: one table with
 * four overloaded indexes, the access patterns of {@link ForgePattern}, the routes of
 * {@link EndpointCatalog} and the stream consumers of {@link StreamCatalog}.
 */
public final class Forge implements Domain {

  /** The Forge table: four overloaded indexes (docs/relationship-decisions.md). */
  public static final TableSchema SCHEMA = TableSchema.of(
      new Index(GSI1, "collections"),
      new Index(GSI2, "forks"),
      new Index(GSI3, "repositories of an account by last update"),
      new Index(GSI4, "issue and pull request state"));

  public static final Forge DOMAIN = new Forge();

  private Forge() {}

  @Override
  public String name() {
    return "Forge";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<ForgePattern> accessPatterns() {
    return List.of(ForgePattern.values());
  }

  @Override
  public List<Endpoint> endpoints() {
    return EndpointCatalog.endpoints();
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return StreamCatalog.declarations();
  }
}
