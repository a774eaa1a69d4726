package dev.monotable.kit.tools;

import dev.monotable.kit.ops.ValidateTool;

/**
 * {@code scripts/validate}: {@link ValidateTool} on the chosen domain.
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class ValidateScript {
  private ValidateScript() {}

  public static void main(String[] args) {
    ValidateTool.main(args, id -> DevDomains.fromCommandLine(id).ops(), id -> DevDomains.fromCommandLine(id).localTable());
  }
}
