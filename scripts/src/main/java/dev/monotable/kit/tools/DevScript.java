package dev.monotable.kit.tools;

import dev.monotable.kit.local.LocalService;

/**
 * {@code scripts/dev}: the local service ({@link LocalService}) of the chosen domain, with the
 * explorer page at {@code /explorer} ({@link ExplorerSetup}).
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class DevScript {
  private DevScript() {}

  public static void main(String[] args) {
    LocalService.main(args, id -> DevDomains.fromCommandLine(id).local(),
        (id, service) -> service.withPages(ExplorerSetup.pages(id)));
  }
}
