package dev.monotable.kit.tools;

import dev.monotable.kit.Env;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import dev.monotable.kit.local.MetricsLog;
import dev.monotable.kit.local.MetricsPage;

/**
 * {@code scripts/dev}: the local service ({@link LocalService}) of every domain, or of the chosen one, with the
 * explorer page at {@code /explorer} ({@link ExplorerSetup}) and this run's metrics per access
 * pattern at {@code /_local/metrics} ({@link MetricsPage}).
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class DevScript {
  private DevScript() {}

  public static void main(String[] args) {
    LocalService.main(args, id -> DevDomains.fromCommandLine(id).local(),
        (id, service) -> service.withPages(ExplorerSetup.pages(id))
            .withPages((endpoint, table, cursors) -> new MetricsPage(
                LocalKeys.inWorkingDirectory().directory().resolve(MetricsLog.FILE))),
        // Every registered domain unless one is chosen (MONOTABLE_DOMAIN chooses one too).
        Env.get(DevDomains.MONOTABLE_DOMAIN) == null
            ? DevDomains.registered().stream().map(DevDomain::id).toList() : java.util.List.of(),
        id -> DevDomains.fromCommandLine(id).localTable());
  }
}
