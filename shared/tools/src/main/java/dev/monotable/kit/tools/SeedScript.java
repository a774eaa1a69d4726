package dev.monotable.kit.tools;

import dev.monotable.kit.ops.SeedTool;

/**
 * {@code scripts/seed}: {@link SeedTool} on the chosen domain.
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class SeedScript {
  private SeedScript() {}

  public static void main(String[] args) {
    SeedTool.main(args, id -> DevDomains.fromCommandLine(id).local(), id -> DevDomains.fromCommandLine(id).ops(),
        id -> DevDomains.fromCommandLine(id).localTable());
  }
}
