package dev.monotable.forge.tools;

import dev.monotable.forge.Forge;
import dev.monotable.forge.bench.ForgeBench;
import dev.monotable.forge.charts.EntityCharts;
import dev.monotable.forge.docs.ForgeDocs;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.DomainTables;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.tools.DevDomain;

/** Forge as the kit's dev-time programs see it; registered in META-INF/services. */
public final class ForgeDev implements DevDomain {

  @Override
  public Domain domain() {
    return Forge.DOMAIN;
  }

  /** Forge keeps the table it has always had locally: {@code monotable-local}. */
  @Override
  public String localTable() {
    return DomainTables.LOCAL_PREFIX;
  }

  @Override
  public EntityModel entities() {
    return EntityCharts.MODEL;
  }

  @Override
  public LocalDomain local() {
    return new ForgeLocal();
  }

  @Override
  public OpsDomain ops() {
    return new ForgeOps(this);
  }

  @Override
  public DocsDomain docs() {
    return new ForgeDocs(this);
  }

  @Override
  public BenchDomain<?> bench() {
    return new ForgeBench();
  }
}
