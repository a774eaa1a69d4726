package dev.monotable.kit.cli;

import dev.monotable.kit.ops.OpsEnvironment;
import dev.monotable.kit.ops.SeedTool;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.ops.OpsFixtures.Output;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsTest {
  private static final Set<String> FLAGS = Set.of("--json");
  private static final Set<String> OPTIONS = Set.of("--limit");

  @Test
  void parse_shouldReadFlagsOptionsAndPositionals_inAnyOrder() {
    Args a = Args.parse(new String[] {"partition", "--limit=5", "NOTE#n1", "--json", "--", "--not-an-option"},
        FLAGS, OPTIONS);

    assertTrue(a.flag("--json"));
    assertEquals(5, a.intOption("--limit", 50, 1, 100));
    assertEquals(List.of("partition", "NOTE#n1", "--not-an-option"), a.positional());
  }

  @Test
  void parse_shouldRejectUnknownMissingAndRepeatedOptions() {
    assertEquals("unknown option --limt", assertThrows(UsageException.class,
        () -> Args.parse(new String[] {"--limt", "5"}, FLAGS, OPTIONS)).getMessage());
    assertEquals("--limit needs a value", assertThrows(UsageException.class,
        () -> Args.parse(new String[] {"--limit"}, FLAGS, OPTIONS)).getMessage());
    assertEquals("--limit given twice", assertThrows(UsageException.class,
        () -> Args.parse(new String[] {"--limit", "1", "--limit", "2"}, FLAGS, OPTIONS)).getMessage());
    assertEquals("--limit must be a whole number, not x", assertThrows(UsageException.class,
        () -> Args.parse(new String[] {"--limit", "x"}, FLAGS, OPTIONS).intOption("--limit", 1, 1, 9)).getMessage());
  }

  @Test
  void opsMain_shouldPrintUsageAndExitZero_onHelp_andExitTwo_onBadUsage() {
    Output out = new Output();
    Output err = new Output();
    OpsMain.Body<OpsEnvironment> failing = env -> {
      throw new AssertionError("must not run");
    };

    assertEquals(0, OpsMain.run(SeedTool.USAGE, new String[] {"--reset", "--help"}, failing, out.stream, err.stream,
        () -> new OpsEnvironment(null, "t", "us-east-1")));
    assertEquals(SeedTool.USAGE, out.text().stripTrailing());

    Output err2 = new Output();
    assertEquals(2, OpsMain.run(SeedTool.USAGE, new String[] {"--bogus"}, (OpsEnvironment env) -> {
      SeedTool.parse("--bogus");
      return 0;
    }, new Output().stream, err2.stream, () -> new OpsEnvironment(null, "t", "us-east-1")));
    assertEquals(List.of("error: unknown option --bogus (scripts/seed --help for usage)"), err2.lines());
  }

  @Test
  void opsEnvironment_shouldDescribeLocalAndAwsTargets() {
    assertEquals("table t at AWS eu-west-1", new OpsEnvironment(null, "t", "eu-west-1").describe());
    assertTrue(new OpsEnvironment(null, "t", "eu-west-1").aws());
    assertEquals("table t at http://127.0.0.1:9", new OpsEnvironment(java.net.URI.create("http://127.0.0.1:9"), "t",
        "us-east-1").describe());
  }
}
