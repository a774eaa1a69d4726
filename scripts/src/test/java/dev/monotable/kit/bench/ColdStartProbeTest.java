package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.forge.bench.ForgeBench;
import dev.monotable.forge.functions.Services;
import java.nio.file.Files;
import java.nio.file.Path;
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
    Path jar = ROOT.resolve("functions/target/monotable-functions-lambda.jar");
    assertTrue(Files.isRegularFile(jar), "the functions module packages the Lambda jar before scripts' tests: " + jar);
    BenchCase<Services> health = new ForgeBench().cases().stream().filter(c -> c.endpoint().path().equals("/health")).findFirst().orElseThrow();
    // GET /health touches no table, so no engine is needed; the endpoint is never called.
    ColdStart<Services> cold = new ColdStart<>(jar, ROOT.resolve("scripts/target/classes"), "http://127.0.0.1:9", "unused",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", "us-east-1", null);

    ColdStart.Result result = cold.measure(ProcessHandle.current().info().command().orElse("java"), health, 1);

    assertNull(result.failure());
    assertEquals(200, result.runs().get(0).status());
  }
}
