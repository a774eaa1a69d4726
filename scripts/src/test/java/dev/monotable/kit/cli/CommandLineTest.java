package dev.monotable.kit.cli;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The command line as a newcomer meets it (README, "Operator tools"): every {@code scripts/*}
 * entry point prints its usage on stdout and exits 0 on {@code --help}, and answers a bad command
 * line with one line on stderr and exit 2. Each script's main class runs in a fresh JVM on this
 * module's test classpath, exactly as {@code scripts/lib.sh} runs it (minus the Maven build).
 */
class CommandLineTest {

  private static final Pattern MAIN = Pattern.compile("monotable_java\\s+([\\w.]+)");
  private static final String PYTHON = "#!/usr/bin/env python3";
  /** Marks a Python entry point (the local engine and its tools) in {@link #scripts()}. */
  private static final String PYTHON_SCRIPT = "python3:";

  /**
   * Every executable in scripts/: script name to the main class its last line runs, or to
   * {@code python3:<path>} for the Python ones (the local engine and its tools).
   */
  static Map<String, String> scripts() throws IOException {
    Map<String, String> out = new TreeMap<>();
    try (Stream<Path> files = Files.list(RepoRoot.get().resolve("scripts"))) {
      for (Path f : files.filter(Files::isRegularFile).filter(Files::isExecutable).toList()) {
        String text = Files.readString(f);
        if (text.startsWith(PYTHON)) {
          out.put(f.getFileName().toString(), PYTHON_SCRIPT + f);
          continue;
        }
        Matcher m = MAIN.matcher(text);
        assertTrue(m.find(), f + " does not run a main class through lib.sh's monotable_java");
        out.put(f.getFileName().toString(), m.group(1));
      }
    }
    return out;
  }

  static Stream<String> scriptNames() throws IOException {
    return scripts().keySet().stream();
  }

  @Test
  void scripts_shouldBeTheDocumentedTwentyOne() throws IOException {
    assertEquals(List.of("backfill", "bench", "compare-designs", "dev", "docs", "engine", "engine-bench",
        "engine-difftest", "explore", "ingest", "levers-cold", "measure-fan-out", "metrics", "migrate", "new-domain", "seed",
        "shop-load", "soak",
        "test-access-patterns", "token", "validate"),
        List.copyOf(scripts().keySet()));
  }

  @ParameterizedTest
  @MethodSource("scriptNames")
  void help_shouldPrintUsageOnStdout_andExitZero(String script) throws Exception {
    Run r = run(scripts().get(script), Map.of(), "--help");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.startsWith("usage: scripts/" + script), r.toString());
    assertTrue(r.out.contains("Exit status: 0"), "usage documents the exit status: " + r);
    assertEquals("", r.err, r.toString());
  }

  @ParameterizedTest
  @MethodSource("scriptNames")
  void unknownOption_shouldPrintOneLineOnStderr_andExitTwo(String script) throws Exception {
    Run r = run(scripts().get(script), Map.of(), "--no-such-option");
    assertEquals(2, r.exit, r.toString());
    assertEquals(1, r.err.lines().count(), "one line, no stack trace: " + r);
    assertTrue(r.err.startsWith("error: ") && r.err.contains("--no-such-option")
        && r.err.contains("scripts/" + script + " --help"), r.toString());
  }

  /** The registered domains' ids, as an unknown id's error lists them. */
  static final String KNOWN = dev.monotable.kit.tools.DevDomains.all().stream()
      .map(dev.monotable.kit.tools.DevDomain::id).toList().toString();

  /** The scripts that work on one domain and take {@code --domain}. */
  static Stream<String> domainScripts() {
    return Stream.of("backfill", "dev", "explore", "seed", "test-access-patterns", "validate");
  }

  @ParameterizedTest
  @MethodSource("domainScripts")
  void help_shouldDocumentTheDomainOption(String script) throws Exception {
    Run r = run(scripts().get(script), Map.of(), "--help");
    assertEquals(0, r.exit, r.toString());
    assertTrue(r.out.contains("--domain"), r.toString());
    assertTrue(r.out.contains("MONOTABLE_DOMAIN"), r.toString());
  }

  @ParameterizedTest
  @MethodSource("domainScripts")
  void unknownDomain_shouldPrintOneLineNamingTheKnownDomains_andExitTwo(String script) throws Exception {
    Run r = run(scripts().get(script), Map.of(), "--domain", "nope");
    assertEquals(2, r.exit, r.toString());
    assertEquals("error: unknown domain 'nope'; known: " + KNOWN + " (scripts/" + script + " --help for usage)",
        r.err.strip(), r.toString());
  }

  @Test
  void unknownDomainInTheEnvironment_shouldBeBadUsageToo() throws Exception {
    Run r = run(scripts().get("validate"), Map.of("MONOTABLE_DOMAIN", "nope"));
    assertEquals(2, r.exit, r.toString());
    assertEquals("error: unknown domain 'nope'; known: " + KNOWN + " (scripts/validate --help for usage)", r.err.strip());
  }

  @Test
  void dev_shouldRefuseABusyPort_withOneLineSayingWhatToDo() throws Exception {
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = busy.getLocalPort();
      // The port is checked first: moto, the engine and the table are never touched.
      Run r = run(scripts().get("dev"), Map.of("PORT", Integer.toString(port),
          "DYNAMODB_ENDPOINT", "http://127.0.0.1:" + freePort()));
      assertEquals(1, r.exit, r.toString());
      assertEquals("error: port " + port + " is in use (another scripts/dev?): stop what runs there, "
          + "or choose another port: PORT=" + (port + 1) + " scripts/dev", r.err.strip());
    }
  }

  @Test
  void dev_shouldSayTheEngineMustRun_andFailInOneLine_whenDynamoDbEndpointDoesNotAnswer() throws Exception {
    String engine = "http://127.0.0.1:" + freePort();
    Run r = run(scripts().get("dev"), Map.of("PORT", Integer.toString(freePort()), "DYNAMODB_ENDPOINT", engine));
    assertEquals(1, r.exit, r.toString());
    assertTrue(r.out.contains("using the DynamoDB engine at " + engine + " (DYNAMODB_ENDPOINT); it must already be "
        + "running"), r.toString());
    assertEquals("error: nothing answers at " + engine + " (DYNAMODB_ENDPOINT): start that engine first, or unset "
        + "DYNAMODB_ENDPOINT to let scripts/dev start the local engine", r.err.strip());
  }

  @Test
  void dev_shouldExitTwo_whenPortIsNotANumber() throws Exception {
    Run r = run(scripts().get("dev"), Map.of("PORT", "http"));
    assertEquals(2, r.exit, r.toString());
    assertEquals("error: PORT must be a port number from 1 to 65535, not http (scripts/dev --help for usage)",
        r.err.strip());
  }

  @Test
  void token_shouldExitTwo_withOneLine_whenUsernameIsMissingOrMalformed() throws Exception {
    Run none = run(scripts().get("token"), Map.of());
    assertEquals(2, none.exit, none.toString());
    assertEquals("error: name the user: scripts/token <username> (scripts/token --help for usage)", none.err.strip());

    Run bad = run(scripts().get("token"), Map.of(), "a/b");
    assertEquals(2, bad.exit, bad.toString());
    assertEquals(1, bad.err.lines().count(), bad.toString());
    assertTrue(bad.err.startsWith("error: username must be"), bad.toString());
    assertEquals("", bad.out);
  }

  record Run(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout\n" + out + "--- stderr\n" + err;
    }
  }

  /**
   * Runs a main class in a fresh JVM with this test's classpath (or a Python entry point with
   * python3) and extra environment variables.
   */
  static Run run(String mainClass, Map<String, String> env, String... args) throws Exception {
    List<String> cmd = mainClass.startsWith(PYTHON_SCRIPT)
        ? new ArrayList<>(List.of("python3", mainClass.substring(PYTHON_SCRIPT.length())))
        : new ArrayList<>(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
            "-cp", System.getProperty("java.class.path"), mainClass));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(RepoRoot.get().toFile());
    pb.environment().remove("DYNAMODB_ENDPOINT");
    pb.environment().remove("PORT");
    pb.environment().put("MONOTABLE_LOCAL_DIR", Path.of("target", "cli-test-keys").toAbsolutePath().toString());
    pb.environment().putAll(env);
    Path out = Files.createTempFile("cli-out", ".txt");
    Path err = Files.createTempFile("cli-err", ".txt");
    try {
      Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        fail(mainClass + " did not finish within 60 s");
      }
      return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
