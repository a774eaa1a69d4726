package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.forge.bench.ForgeBench;
import dev.monotable.forge.functions.Services;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One real cold start on the shaded Lambda jar, as {@code scripts/bench} makes them: the probe must
 * find everything it needs (the handler in the jar, the event builder outside it). A bench run
 * whose cold starts all fail still writes a report, so nothing but this test notices.
 */
class ColdStartProbeTest {
  private static final Path ROOT = Path.of(System.getProperty("user.dir")).getParent();

  @Test
  void coldStart_shouldAnswerFromTheLambdaJar_whenTheProbeBuildsItsEventOutsideIt() {
    Path jar = ROOT.resolve(dev.monotable.forge.Forge.DOMAIN.lambdaJar());
    assertTrue(Files.isRegularFile(jar), "Forge's module packages its Lambda jar before scripts' tests: " + jar);
    BenchCase<Services> health = new ForgeBench().cases().stream().filter(c -> c.endpoint().path().equals("/health")).findFirst().orElseThrow();
    // GET /health touches no table, so no engine is needed; the endpoint is never called.
    ColdStart<Services> cold = new ColdStart<Services>(jar, ColdStart.probeClasses(), "http://127.0.0.1:9", "unused",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "us-east-1", null).servedBy(dev.monotable.forge.Forge.DOMAIN);

    ColdStart.Result result = cold.measure(List.of(new ColdStart.Jvm(ProcessHandle.current().info().command()
        .orElse("java"), false)), health, 1).get(0);

    assertNull(result.failure());
    assertEquals(200, result.runs().get(0).status());
  }

  /**
   * With a Java 25 JVM: the training run writes an AOT cache although the probe's classes come from
   * a folder (the bench packs folders into jars, without which the JVM writes no cache), and the
   * timed run starts with it ({@code -XX:AOTMode=on} fails a run whose cache the JVM rejects).
   */
  @Test
  void coldStart_shouldTrainAndUseAnAotCache_whenTheJvmIsJava25() {
    Path java25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
    assumeTrue(Files.isExecutable(java25) && ColdStart.featureVersion(java25.toString()) >= 25, "no Java 25 here");
    Path jar = ROOT.resolve(dev.monotable.forge.Forge.DOMAIN.lambdaJar());
    BenchCase<Services> health = new ForgeBench().cases().stream().filter(c -> c.endpoint().path().equals("/health")).findFirst().orElseThrow();
    ColdStart<Services> cold = new ColdStart<Services>(jar, ColdStart.probeClasses(), "http://127.0.0.1:9", "unused",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "us-east-1", null).servedBy(dev.monotable.forge.Forge.DOMAIN);
    try {
      List<ColdStart.Result> results = cold.measure(List.of(new ColdStart.Jvm(java25.toString(), false),
          new ColdStart.Jvm(java25.toString(), true)), health, 1);

      assertNull(results.get(1).failure(), results.get(1).failure());
      assertTrue(results.get(1).training().bytes() > 0);
      assertEquals(200, results.get(1).runs().get(0).status());
      assertNull(results.get(0).training());
    } finally {
      cold.deleteCaches();
    }
  }
}
