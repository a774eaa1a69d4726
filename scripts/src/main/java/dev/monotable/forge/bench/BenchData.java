package dev.monotable.forge.bench;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.tools.Seed;
import dev.monotable.forge.keys.TicketKind;

/**
 * The benchmark's table contents: the local demo data ({@link Seed#demo}) that the read fixtures
 * use, plus accounts and a repository that only the write fixtures touch, so the lists being
 * measured keep the same size however many writes ran before them.
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

  public static void load(Services s) {
    Seed.demo(s);
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
