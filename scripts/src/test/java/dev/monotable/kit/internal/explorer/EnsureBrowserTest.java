package dev.monotable.kit.internal.explorer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The browser install of the build ({@code src/test/browser/ensure-browser}, run by {@code mvn -B
 * install} and so by {@code .ci/run}) waits for the package manager's lock another install holds,
 * instead of failing with "Could not get lock" (issue 35: a fresh clone's CI run failed so). Run
 * against an {@code apt-get} of this test's that refuses with apt's own words, as root.
 */
class EnsureBrowserTest {

  @TempDir
  Path dir;

  @Test
  void aLockHeldByAnotherInstall_isWaitedFor_andBothCallsAskAptToWait() throws Exception {
    Run r = ensureBrowser("E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)", 2, "300");
    assertEquals(0, r.exit(), r.toString());
    assertEquals(List.of("-o DPkg::Lock::Timeout=300 update -qq", "-o DPkg::Lock::Timeout=300 update -qq",
        "-o DPkg::Lock::Timeout=300 update -qq", "-o DPkg::Lock::Timeout=300 install -y -qq chromium chromium-driver"),
        r.calls(), "two refusals, then update and install, each waiting for dpkg's lock itself");
    assertTrue(r.err().contains("another install holds the package manager's lock; waiting"), r.err());
    assertTrue(Files.isExecutable(dir.resolve("chromium")) && Files.isExecutable(dir.resolve("chromedriver")));
  }

  @Test
  void anotherFailure_failsAtOnce_sayingWhatToInstall() throws Exception {
    Run r = ensureBrowser("E: Unable to locate package chromium", 1, "300");
    assertEquals(1, r.exit(), r.toString());
    assertEquals(List.of("-o DPkg::Lock::Timeout=300 update -qq"), r.calls(), "no retry of what no wait mends");
    assertTrue(r.err().contains("E: Unable to locate package chromium"), r.err());
    assertTrue(r.err().contains("install them with: sudo apt-get update && sudo apt-get install -y chromium chromium-driver"),
        r.err());
    assertFalse(r.err().contains("waiting"), r.err());
  }

  @Test
  void aLockHeldPastTheDeadline_failsSayingSo() throws Exception {
    Run r = ensureBrowser("E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt)", 1000, "1");
    assertEquals(1, r.exit(), r.toString());
    assertTrue(r.err().contains("Could not get lock /var/lib/dpkg/lock-frontend"), r.err());
    assertTrue(r.calls().size() >= 2, r.calls().toString());
    assertTrue(r.calls().stream().allMatch(c -> c.equals("-o DPkg::Lock::Timeout=1 update -qq")), r.calls().toString());
  }

  record Run(int exit, String err, List<String> calls) {}

  /**
   * Runs the script as root with no browser installed, on an {@code apt-get} that refuses the first
   * {@code refusals} calls with {@code refusal} and then installs (executable files under the temp folder).
   */
  private Run ensureBrowser(String refusal, int refusals, String waitSeconds) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    script(bin.resolve("id"), "#!/usr/bin/env bash\necho 0\n");
    script(bin.resolve("apt-get"), """
        #!/usr/bin/env bash
        echo "$*" >> "$FAKE_APT_DIR/calls"
        if (( $(grep -c . "$FAKE_APT_DIR/calls") <= FAKE_APT_REFUSALS )); then echo "$FAKE_APT_REFUSAL" >&2; exit 100; fi
        if [[ " $* " == *" install "* ]]; then
          printf '#!/bin/sh\\n' > "$MONOTABLE_CHROMIUM"; printf '#!/bin/sh\\n' > "$MONOTABLE_CHROMEDRIVER"
          chmod +x "$MONOTABLE_CHROMIUM" "$MONOTABLE_CHROMEDRIVER"
        fi
        """);
    ProcessBuilder pb = new ProcessBuilder("bash", RepoRoot.get().resolve("scripts/src/test/browser/ensure-browser").toString())
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(dir.resolve("err").toFile());
    Map<String, String> env = pb.environment();
    env.put("PATH", bin + ":" + env.get("PATH"));
    env.put("MONOTABLE_CHROMIUM", dir.resolve("chromium").toString());
    env.put("MONOTABLE_CHROMEDRIVER", dir.resolve("chromedriver").toString());
    env.put("MONOTABLE_APT_WAIT", waitSeconds);
    env.put("MONOTABLE_APT_RETRY", "0.2");
    env.put("FAKE_APT_DIR", dir.toString());
    env.put("FAKE_APT_REFUSAL", refusal);
    env.put("FAKE_APT_REFUSALS", Integer.toString(refusals));
    Process p = pb.start();
    assertTrue(p.waitFor(1, TimeUnit.MINUTES), "ensure-browser did not end");
    Path calls = dir.resolve("calls");
    return new Run(p.exitValue(), Files.readString(dir.resolve("err")),
        Files.exists(calls) ? Files.readAllLines(calls) : List.of());
  }

  private static void script(Path file, String text) throws IOException {
    Files.writeString(file, text);
    assertTrue(file.toFile().setExecutable(true));
  }
}
