package dev.monotable.kit.tools;

import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.DomainTables;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.migrate.tool.MigrationDomain;
import dev.monotable.kit.ops.OpsDomain;

/**
 * Everything the kit's dev-time programs know of one domain: its runtime declarations plus one
 * facet per program (local service, operator tools, docs generator, bench). A domain registers its
 * implementation in {@code META-INF/services/dev.monotable.kit.tools.DevDomain}; the programs find
 * it through {@link DevDomains}, so the kit names no domain.
 */
public interface DevDomain {

  /** The runtime declarations: table, access patterns, routes, stream consumers. */
  Domain domain();

  /** Short lower-case name the command line selects the domain by ({@code --domain forge}). */
  default String id() {
    return domain().name().toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The table the dev-time programs use for this domain when {@code TABLE_NAME} is not set:
   * {@code monotable-local-<id>} ({@link DomainTables#localName}). Each domain has its own, so
   * one domain's tools never meet another's items ({@link DomainTables#requireHolds}).
   */
  default String localTable() {
    return DomainTables.localName(id());
  }

  /** The entities: one chart per entity (or variant) with its key templates, and placeholder rules. */
  EntityModel entities();

  LocalDomain local();

  OpsDomain ops();

  DocsDomain docs();

  BenchDomain<?> bench();

  /**
   * The domain's migration from an older design onto its table ({@code scripts/migrate}), or null
   * when it has none.
   */
  default MigrationDomain migration() {
    return null;
  }
}
