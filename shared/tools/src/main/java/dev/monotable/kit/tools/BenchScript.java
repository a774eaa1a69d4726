package dev.monotable.kit.tools;

import dev.monotable.kit.bench.Bench;

/**
 * {@code scripts/bench}: {@link Bench} on the chosen domain (its local, operator and bench facets).
 * The domain comes from {@code --domain} ({@link DevDomains#fromCommandLine}).
 */
public final class BenchScript {
  private BenchScript() {}

  public static void main(String[] args) {
    Bench.main(args, id -> DevDomains.fromCommandLine(id).local(), id -> DevDomains.fromCommandLine(id).ops(),
        id -> DevDomains.fromCommandLine(id).bench(), id -> DevDomains.fromCommandLine(id).docs().folder());
  }
}
