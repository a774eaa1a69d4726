package dev.monotable.kit.tools;

import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.domain.Domain;
import java.util.Objects;

/**
 * Base of a domain's dev-time facets ({@code LocalDomain}, {@code OpsDomain}, {@code DocsDomain}):
 * each answers {@code domain()} and {@code entities()} from the {@link DevDomain} it belongs to, so
 * a domain declares them once, on its {@code DevDomain}, not again in every facet. Makes no
 * DynamoDB call.
 */
public abstract class DevFacet {

  private final DevDomain dev;

  protected DevFacet(DevDomain dev) {
    this.dev = Objects.requireNonNull(dev, "dev");
  }

  /** The declarations of the domain this facet belongs to: {@link DevDomain#domain()}. */
  public Domain domain() {
    return dev.domain();
  }

  /** The entities of the domain this facet belongs to: {@link DevDomain#entities()}. */
  public EntityModel entities() {
    return dev.entities();
  }
}
