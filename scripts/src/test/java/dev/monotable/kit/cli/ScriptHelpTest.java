package dev.monotable.kit.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code scripts/<name> --help} as a newcomer types it (issue 35): its usage at once, with no build
 * and no JVM, so nothing but the usage (scripts/new-domain --help built the repository first, 107 s;
 * scripts/dev --help printed an "AOTConfiguration recorded" line). The Java scripts print
 * {@code scripts/usage/<name>}, held here to the very text their main class prints; the Python ones
 * are argparse's.
 *
 * <p>{@code scripts/usage/} is written from the main classes by this test with
 * {@code -Dmonotable.usage.write=true} after a usage changes.
 */
class ScriptHelpTest {

  /** Python's own start (about 0.1 s) and a loaded machine's; a build took 30-107 s, a JVM 0.3-1 s more. */
  private static final long QUICK_MILLIS = 5_000;

  @TempDir
  static Path noTools;

  static Stream<String> scriptNames() throws IOException {
    return CommandLineTest.scriptNames();
  }

  static Stream<String> javaScripts() throws IOException {
    return CommandLineTest.scripts().entrySet().stream().filter(e -> !e.getValue().startsWith("python3:")).map(Map.Entry::getKey);
  }

  @ParameterizedTest
  @MethodSource("scriptNames")
  void help_printsOnlyTheUsage_atOnce_withNoBuildAndNoJvm(String script) throws Exception {
    for (String flag : List.of("--help", "-h")) {
      Bash r = bash(script, flag);
      assertEquals(0, r.exit(), r.toString());
      assertEquals("", r.err(), "nothing but the usage: " + r);
      assertTrue(r.out().startsWith("usage: scripts/" + script), r.toString());
      assertFalse(Files.exists(noTools.resolve("called")), "no Maven, no java: " + r);
      assertTrue(r.millis() < QUICK_MILLIS, "scripts/" + script + " " + flag + " took " + r.millis() + " ms");
    }
  }

  @ParameterizedTest
  @MethodSource("javaScripts")
  void usageFile_isWhatTheMainClassPrints(String script) throws Exception {
    CommandLineTest.Run fromClass = CommandLineTest.run(CommandLineTest.scripts().get(script), Map.of(), "--help");
    assertEquals(0, fromClass.exit(), fromClass.toString());
    Path file = RepoRoot.get().resolve("scripts/usage/" + script);
    if (Boolean.getBoolean("monotable.usage.write")) {
      Files.createDirectories(file.getParent());
      Files.writeString(file, fromClass.out());
    }
    assertTrue(Files.isRegularFile(file), file + " is missing: run this test with -Dmonotable.usage.write=true");
    assertEquals(fromClass.out(), Files.readString(file), file + " is not " + CommandLineTest.scripts().get(script)
        + "'s usage: run this test with -Dmonotable.usage.write=true");
  }

  @Test
  void everyUsageFile_isAScripts() throws IOException {
    try (Stream<Path> files = Files.list(RepoRoot.get().resolve("scripts/usage"))) {
      assertEquals(javaScripts().sorted().toList(), files.map(f -> f.getFileName().toString()).sorted().toList());
    }
  }

  record Bash(int exit, String out, String err, long millis) {}

  /**
   * Runs {@code scripts/<script>} from the repository root as a user does, with an {@code mvn} and a
   * {@code java} first on the PATH (and as the Java 25 the scripts prefer) that only note they were
   * called: a help that built or started a JVM fails, even where this build's class path stamp is fresh.
   */
  private static Bash bash(String script, String... args) throws Exception {
    Files.deleteIfExists(noTools.resolve("called"));
    for (String tool : List.of("mvn", "java")) {
      Path fake = noTools.resolve(tool);
      if (!Files.exists(fake)) {
        Files.writeString(fake, "#!/usr/bin/env bash\necho " + tool + " >> " + noTools.resolve("called") + "\nexit 97\n");
        assertTrue(fake.toFile().setExecutable(true));
      }
    }
    List<String> command = new java.util.ArrayList<>(List.of(RepoRoot.get().resolve("scripts/" + script).toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(RepoRoot.get().toFile());
    pb.environment().put("PATH", noTools + ":" + pb.environment().get("PATH"));
    pb.environment().remove("MONOTABLE_CLASSPATH");
    pb.environment().put("MONOTABLE_JAVA25", noTools.resolve("java").toString());
    pb.environment().remove("MONOTABLE_AOT");
    Path out = Files.createTempFile("help-out", ".txt");
    Path err = Files.createTempFile("help-err", ".txt");
    try {
      long started = System.nanoTime();
      Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!p.waitFor(2, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        fail("scripts/" + script + " --help did not end in 2 minutes");
      }
      long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
      return new Bash(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8),
          millis);
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }
}
