package dev.monotable.kit.tools;

import dev.monotable.kit.local.LocalService;

/**
 * {@code scripts/dev}: the local service ({@link LocalService}) of the chosen domain.
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class DevScript {
  private DevScript() {}

  public static void main(String[] args) {
    LocalService.main(args, id -> DevDomains.fromCommandLine(id).local());
  }
}
