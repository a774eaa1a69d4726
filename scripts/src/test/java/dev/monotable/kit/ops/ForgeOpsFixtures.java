package dev.monotable.kit.ops;

import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.OpsFixtures.FreshTable;
import dev.monotable.kit.tools.DevDomains;
import dev.monotable.testing.TestTable;
import java.time.Clock;
import java.util.Map;

/** The operator tools' tests that run on Forge's declarations and demo data (the kit's fixtures are in OpsFixtures). */
public final class ForgeOpsFixtures {
  /** Forge's operator declarations, as the scripts find them. */
  public static final OpsDomain FORGE = DevDomains.select("forge").ops();

  /** Forge's local service declarations (its demo data), as the scripts find them. */
  public static final LocalDomain FORGE_LOCAL = DevDomains.select("forge").local();

  /** Items per Type of Forge's demo data; a change to the demo data shows up here first. */
  public static final Map<String, Long> DEMO_COUNTS = Map.ofEntries(Map.entry("AccountEmail", 3L),
      Map.entry("Activity", 3L), Map.entry("Counter", 5L), Map.entry("Invitation", 1L), Map.entry("Issue", 4L),
      Map.entry("IssueComment", 1L), Map.entry("Membership", 2L), Map.entry("Organization", 1L),
      Map.entry("PRComment", 1L), Map.entry("PullRequest", 2L), Map.entry("Reaction", 2L),
      Map.entry("Repository", 5L), Map.entry("Star", 3L), Map.entry("User", 3L));

  private ForgeOpsFixtures() {}

  /** A fresh table of Forge's schema. */
  public static FreshTable fresh(String label) {
    return new FreshTable(label, FORGE.domain().schema());
  }

  /** Writes Forge's demo data through the data-access layer, as scripts/seed does. */
  public static void seed(TestTable table) {
    FORGE_LOCAL.wire(table.gateway(Clock.systemUTC()), null).seedDemo();
  }
}
