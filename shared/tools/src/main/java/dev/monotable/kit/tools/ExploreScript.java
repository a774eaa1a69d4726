package dev.monotable.kit.tools;

import dev.monotable.kit.internal.explorer.ExplorerWeb;
import dev.monotable.kit.ops.ExploreTool;
import java.util.Arrays;

/**
 * {@code scripts/explore}: {@link ExploreTool} on the chosen domain; {@code --web} serves the
 * explorer page instead ({@link ExplorerWeb}).
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class ExploreScript {
  private ExploreScript() {}

  public static void main(String[] args) {
    if (Arrays.asList(args).contains("--web")) {
      ExplorerWeb.main(args, ExplorerSetup.domains(), id -> DevDomains.fromCommandLine(id).id(), id -> DevDomains.fromCommandLine(id).localTable());
      return;
    }
    ExploreTool.main(args, id -> DevDomains.fromCommandLine(id).ops(), id -> DevDomains.fromCommandLine(id).localTable());
  }
}
