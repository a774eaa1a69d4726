package dev.monotable.scripts.local;

import dev.monotable.functions.Services;

/** The small demo dataset of the local service (users, an org, repositories, issues, PRs, stars). */
public final class Seed {
  private Seed() {}

  public static void demo(Services services) {
    // Filled in once the data-access layer lands (see scripts/seed).
  }
}
