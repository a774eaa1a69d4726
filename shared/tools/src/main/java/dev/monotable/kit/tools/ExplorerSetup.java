package dev.monotable.kit.tools;

import dev.monotable.kit.Env;
import dev.monotable.kit.internal.explorer.Explorer;
import dev.monotable.kit.internal.explorer.ExplorerPages;
import dev.monotable.kit.local.LocalService;
import dev.monotable.kit.ops.OpsDomain;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The explorer page over every registered domain ({@link DevDomains#all}): nothing per domain is
 * written for it, a domain appears because it is registered.
 */
public final class ExplorerSetup {
  private ExplorerSetup() {}

  /** Every registered domain's operator facet by id. */
  public static Map<String, OpsDomain> domains() {
    Map<String, OpsDomain> out = new LinkedHashMap<>();
    DevDomains.all().forEach(d -> out.put(d.id(), d.ops()));
    return out;
  }

  /**
   * The explorer beside a local service, opening on the domain {@code id} (null: the default),
   * with a tab for each view another local page serves (added to the service with its own
   * {@link LocalService#withPages}).
   */
  public static LocalService.PagesFactory pages(String id, Explorer.View... views) {
    String opens = DevDomains.select(id).id();
    return (endpoint, table, cursors) -> {
      Explorer explorer = new Explorer(domains(), opens, endpoint, Env.region(), table, cursors);
      for (Explorer.View v : views) {
        explorer.addView(v);
      }
      return new ExplorerPages(explorer);
    };
  }
}
