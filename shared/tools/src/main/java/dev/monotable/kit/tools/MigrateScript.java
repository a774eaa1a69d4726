package dev.monotable.kit.tools;

import dev.monotable.kit.internal.migrate.MigrateTool;

/**
 * {@code scripts/migrate}: {@link MigrateTool} on the chosen domain's migration ({@link DevDomain#migration()}).
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class MigrateScript {
  private MigrateScript() {}

  public static void main(String[] args) {
    MigrateTool.main(args, id -> DevDomains.fromCommandLine(id).migration(),
        id -> DevDomains.fromCommandLine(id).localTable(), id -> DevDomains.fromCommandLine(id).domain().schema());
  }
}
