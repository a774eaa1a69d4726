package dev.monotable.kit.tools;

import dev.monotable.kit.ops.AccessPatternCheck;

/**
 * {@code scripts/test-access-patterns}: {@link AccessPatternCheck} on the chosen domain.
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class TestAccessPatternsScript {
  private TestAccessPatternsScript() {}

  public static void main(String[] args) {
    AccessPatternCheck.main(args, id -> DevDomains.fromCommandLine(id).ops(),
        id -> DevDomains.fromCommandLine(id).localTable());
  }
}
