package dev.monotable.forge.bench;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.TicketKind;

/**
 * The benchmark's table contents beyond the local demo data ({@code Seed.demo}, written first by
 * the kit through {@code ForgeLocal}'s wiring) that the read fixtures use: accounts and a
 * repository that only the write fixtures touch, so the lists being measured keep the same size
 * however many writes ran before them.
 */
public final class BenchData {
  /** Owner of the write targets: org {@value #ORG}, repository {@value #REPO} (issue 1, PR 2). */
  public static final String WRITER = "dave";
  /** A user the member fixtures add to and remove from {@value #ORG}. */
  public static final String MEMBER = "erin";
  public static final String ORG = "benchorg";
  public static final String REPO = "bench";
  public static final int ISSUE = 1;
  public static final int PULL = 2;

  private BenchData() {}

  /** Writes the write targets into a table that holds the demo data. */
  public static void add(Services s) {
    s.accounts().createUser(WRITER, WRITER, WRITER + "@example.com", "Dave Writer", null);
    s.accounts().createUser(MEMBER, MEMBER, MEMBER + "@example.com", "Erin Member", null);
    s.organizations().createOrg(WRITER, ORG, "Benchmark Org", "Write target of scripts/bench");
    s.repositories().createRepo(WRITER, WRITER, REPO, "Write target of scripts/bench", false);
    s.tickets().create(TicketKind.ISSUE, "bob", WRITER, REPO, "Benchmark issue", "Edited by the benchmark",
        null, null);
    s.tickets().create(TicketKind.PULL_REQUEST, "bob", WRITER, REPO, "Benchmark pull request",
        "Edited by the benchmark", "bob:bench", "main");
  }
}
