package dev.monotable.kit.tools;

import dev.monotable.kit.ops.BackfillTool;

/**
 * {@code scripts/backfill}: {@link BackfillTool} on the chosen domain.
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class BackfillScript {
  private BackfillScript() {}

  public static void main(String[] args) {
    BackfillTool.main(args, id -> DevDomains.fromCommandLine(id).ops(), id -> DevDomains.fromCommandLine(id).localTable());
  }
}
