package dev.monotable.kit.tools;

import dev.monotable.kit.ops.ExploreTool;

/**
 * {@code scripts/explore}: {@link ExploreTool} on the chosen domain.
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class ExploreScript {
  private ExploreScript() {}

  public static void main(String[] args) {
    ExploreTool.main(args, id -> DevDomains.fromCommandLine(id).ops());
  }
}
