package dev.monotable.forge.data;

import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.forge.keys.ForgeSegments;

/** The one check that a data-access write has an authenticated caller. */
final class Callers {
  private Callers() {}

  /** The caller's lower-case key form; every write (and caller-scoped read) needs one. */
  static String require(String caller) {
    if (caller == null) {
      throw new UnauthorizedException("authentication required");
    }
    return ForgeSegments.account("caller", caller);
  }
}
