package dev.monotable.kit.internal.scaffold;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.cli.RepoRoot;
import dev.monotable.kit.engine.LocalEngine;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.release.ReleaseVersions;
import dev.monotable.kit.cli.UsageException;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23's proof that the kit is a library: {@code scripts/new-domain solo --standalone DIR}
 * writes a Maven project outside the repository that depends only on the kit's installed
 * artifacts, and in it, offline, one command each builds it and passes its scaffolded tests,
 * synthesizes its stack, serves it locally (its engine unpacked from the kit's jar, on a free port
 * when 8000 is taken) and prints a token (issue 35: the script itself runs, as the README writes
 * it; it exited 2 while the test called the class). Runs against the artifacts in the local Maven
 * repository, so it first checks they are this build's (README's test command, {@code mvn install},
 * puts them there before this module's tests run).
 */
class StandaloneDomainTest {

  /** The kit's artifacts a standalone domain resolves (jar, and test-jar where the kit has one). */
  static final List<String> KIT = List.of("engine", "core", "dev", "lambda", "cdk", "local", "tools");
  static final List<String> KIT_TEST_JARS = List.of("core", "lambda", "tools");

  @TempDir
  Path dir;

  @Test
  void standaloneDomain_asTheReadmeWritesIt_buildsTestsSynthesizesServesAndSignsTokens_onTheInstalledKit()
      throws Exception {
    Path root = RepoRoot.get();
    theInstalledKitIsThisBuild(root);

    // The README's command, run as a user runs it: the script itself, DIR relative to where they stand.
    Run scaffold = script(root, dir, "new-domain", "solo", "--standalone", "solo");
    assertEquals(0, scaffold.exit(), scaffold.toString());
    Path project = dir.resolve("solo");
    assertTrue(scaffold.out().contains("wrote pom.xml"), scaffold.toString());
    List<Path> written;
    try (Stream<Path> files = Files.walk(project)) {
      written = files.filter(Files::isRegularFile).toList();
    }
    assertTrue(written.contains(project.resolve("pom.xml")) && written.contains(project.resolve(".gitignore")),
        written.toString());
    assertFalse(Files.exists(root.resolve("functions/solo")), "nothing written into the repository");
    String pom = Files.readString(project.resolve("pom.xml"));
    assertFalse(pom.contains("<parent>"), "no parent: it depends on the kit, it is not part of the repository");
    assertFalse(java.util.regex.Pattern.compile("@[a-z.]+@").matcher(pom).find(), "every version filled in:\n" + pom);
    assertTrue(pom.contains("<monotable.version>" + kitVersion(root) + "</monotable.version>"), pom);
    assertEquals(List.of(), moduleFolders(project), "one module, no repository layout");

    // One command: build, test (the scaffold's data test and HTTP journey, and the kit's domain-wide
    // checks from its test-jar, kit.testing.DomainChecks, through a one-line subclass), Lambda jar.
    run(project, Map.of(), "mvn", "-B", "-o", "-q", "verify");
    assertEquals("12 tests, 0 failures, 0 errors", surefire(project.resolve("target/surefire-reports")));
    assertTrue(Files.readString(project.resolve("src/test/java/dev/monotable/solo/SoloChecksTest.java"))
        .contains("class SoloChecksTest extends DomainChecks"), "the scaffold writes the checks' subclass");
    assertEquals("7 tests, 0 failures, 0 errors", surefire(project.resolve("target/surefire-reports"), "SoloChecksTest"),
        "the kit's checks ran there, unchanged");
    try (ZipFile jar = new ZipFile(project.resolve("target/solo-lambda.jar").toFile())) {
      List<String> names = jar.stream().map(e -> e.getName()).toList();
      for (String needed : List.of("dev/monotable/solo/functions/SoloServices.class", "dev/monotable/solo/Solo.class",
          "dev/monotable/kit/http/PlainHandler.class", "dev/monotable/kit/http/RouteHandler.class", "dev/monotable/kit/data/TableGateway.class", "simplelogger.properties")) {
        assertTrue(names.contains(needed), "the Lambda jar has " + needed);
      }
      for (String devOnly : List.of("dev/monotable/solo/tools/", "dev/monotable/solo/charts/", "dev/monotable/solo/stack/",
          "dev/monotable/kit/tools/", "dev/monotable/kit/local/", "dev/monotable/kit/cdk/", "dev/monotable/kit/engine/",
          "software/amazon/awscdk/", "org/junit/")) {
        assertTrue(names.stream().noneMatch(n -> n.startsWith(devOnly)), "nothing dev-time in the Lambda jar: " + devOnly);
      }
    }

    // One command: the stack, synthesized by the CDK app with cdk-nag's checks.
    run(project, Map.of(), "mvn", "-B", "-o", "-q", "exec:exec@synth");
    assertTrue(Files.isRegularFile(project.resolve("cdk.out/SoloStack.template.json")), "the stack's template");
    StringBuilder templates = new StringBuilder();
    try (Stream<Path> files = Files.list(project.resolve("cdk.out"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".template.json")).toList()) {
        templates.append(Files.readString(f));
      }
    }
    String template = templates.toString();
    for (String resource : List.of("AWS::DynamoDB::GlobalTable", "AWS::Lambda::Function", "AWS::ApiGatewayV2::Api")) {
      assertTrue(template.contains(resource), "the stack has " + resource);
    }

    // One command: served locally on the engine the kit's jar carries, which it starts itself; with
    // 8000 taken (another checkout's scripts/dev, say), on a free port it names.
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    ServerSocket holder = LocalEngine.listening(8000) ? null
        : new ServerSocket(8000, 1, java.net.InetAddress.getLoopbackAddress());
    Process serve = start(project, Map.of("PORT", Integer.toString(port), "DYNAMODB_ENDPOINT", ""), "mvn", "-B", "-o",
        "-q", "compile", "exec:exec@serve");
    try {
      HttpResponse<String> hello = poll(URI.create("http://127.0.0.1:" + port + "/entries/hello"), serve);
      assertEquals(200, hello.statusCode(), hello.body());
      assertTrue(hello.body().contains("Hello from Solo"), hello.body());
      String banner = Files.readString(project.resolve("process-exec-exec@serve.log"));
      java.util.regex.Matcher engine = java.util.regex.Pattern.compile("DynamoDB http://127\\.0\\.0\\.1:(\\d+) ").matcher(banner);
      assertTrue(engine.find(), banner);
      assertTrue(!engine.group(1).equals("8000") && banner.contains("(port 8000 was in use, so the engine took a free one;"
          + " MONOTABLE_ENGINE_PORT chooses one; the tools need DYNAMODB_ENDPOINT=http://127.0.0.1:" + engine.group(1) + ")"),
          banner);
    } finally {
      serve.descendants().forEach(ProcessHandle::destroy);
      serve.destroy();
      serve.waitFor(30, TimeUnit.SECONDS);
      if (holder != null) {
        holder.close();
      }
    }

    // One command: a token of the local issuer, whose key the service above serves in its JWKS; only
    // the token on stdout, so $(./token ann) fits a header.
    assertTrue(Files.isExecutable(project.resolve("token")), "./token runs as written");
    Process tokenCommand = new ProcessBuilder(project.resolve("token").toString(), "ann", "--group", "operators")
        .directory(dir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String printed = new String(tokenCommand.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(tokenCommand.waitFor(1, TimeUnit.MINUTES) && tokenCommand.exitValue() == 0, printed);
    assertTrue(printed.matches("[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\n"), printed);
    String token = printed.strip();
    var claims = new JwtVerifier(LocalKeys.ISSUER, LocalKeys.AUDIENCE, new LocalKeys(project.resolve(".local")).signer()::jwks,
        java.time.Clock.systemUTC()).verify(token);
    assertEquals("ann", claims.username());
    assertEquals(List.of("operators"), claims.all().get(dev.monotable.kit.auth.Claims.GROUPS));
  }

  @Test
  void theScript_writesIntoTheRepository_whereverItRuns_unlessGivenARootOrAStandaloneFolder() throws Exception {
    Run existing = script(RepoRoot.get(), dir, "new-domain", "forge");
    assertEquals(2, existing.exit(), existing.toString());
    assertTrue(existing.err().startsWith("error: domain 'forge' exists already: functions/forge/"), existing.toString());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(), files.toList(), "nothing written where it ran");
    }
  }

  @Test
  void theScript_refusesAStandaloneFolderWithFiles_writingNothing() throws Exception {
    Files.writeString(dir.resolve("keep.txt"), "mine");
    Run taken = script(RepoRoot.get(), dir, "new-domain", "solo", "--standalone", ".");
    assertEquals(2, taken.exit(), taken.toString());
    assertTrue(taken.err().startsWith("error: --standalone needs a new or empty folder: " + dir), taken.toString());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("keep.txt")), files.toList(), "nothing written");
    }
  }

  @Test
  void standalone_refusesAFolderWithFiles_andAnInvalidId_beforeWritingAnything() throws Exception {
    assertThrows(UsageException.class, () -> NewDomainTool.standalone(dir.resolve("new"), "Bad-Id"));
    assertFalse(Files.exists(dir.resolve("new")));
    Files.writeString(dir.resolve("keep.txt"), "mine");
    UsageException taken = assertThrows(UsageException.class, () -> NewDomainTool.standalone(dir, "solo"));
    assertTrue(taken.getMessage().contains("empty"), taken.getMessage());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(List.of(dir.resolve("keep.txt")), files.toList(), "nothing written");
    }
  }

  @Test
  void folded_putsEveryModulesSourcesIntoOneProject() {
    assertEquals("src/main/java/x/A.java", NewDomainTool.folded("functions/__id__/src/main/java/x/A.java"));
    assertEquals("src/test/java/x/B.java", NewDomainTool.folded("functions/__id__/src/test/java/x/B.java"));
    assertThrows(IllegalStateException.class, () -> NewDomainTool.folded("pom.xml"));
  }

  record Run(int exit, String out, String err) {}

  /**
   * Runs {@code scripts/<name>} from {@code cwd} as a user does, on this test's class path instead of
   * its own build ({@code MONOTABLE_CLASSPATH}, scripts/lib.sh): the script's own argument handling.
   */
  static Run script(Path root, Path cwd, String name, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", root.resolve("scripts/" + name).toString()));
    command.addAll(List.of(args));
    Path out = Files.createTempFile("script-", ".out");
    Path err = Files.createTempFile("script-", ".err");
    try {
      ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile())
          .redirectOutput(out.toFile()).redirectError(err.toFile());
      pb.environment().put("MONOTABLE_CLASSPATH", System.getProperty("java.class.path"));
      Process p = pb.start();
      assertTrue(p.waitFor(2, TimeUnit.MINUTES), "scripts/" + name + " did not end");
      return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** The kit's jars in the local Maven repository are byte for byte those this build made. */
  static void theInstalledKitIsThisBuild(Path root) throws IOException {
    String version = kitVersion(root);
    Path repo = localRepository().resolve("dev/monotable");
    List<String> stale = new ArrayList<>();
    for (String m : KIT) {
      List<String> files = new ArrayList<>(List.of("monotable-kit-" + m + "-" + version + ".jar"));
      if (KIT_TEST_JARS.contains(m)) {
        files.add("monotable-kit-" + m + "-" + version + "-tests.jar");
      }
      for (String f : files) {
        Path built = root.resolve("shared/" + m + "/target/" + f);
        Path installed = repo.resolve("monotable-kit-" + m + "/" + version + "/" + f);
        if (!Files.isRegularFile(built)) {
          stale.add(f + " was not built");
        } else if (!Files.isRegularFile(installed) || !java.util.Arrays.equals(Files.readAllBytes(built), Files.readAllBytes(installed))) {
          stale.add(f);
        }
      }
    }
    assertEquals(List.of(), stale, "the kit in " + repo + " is not this build's: run README's test command"
        + " (mvn -B install) or shared/install first");
    assertArrayEquals(Files.readAllBytes(root.resolve("shared/bom/target/flattened-pom.xml")),
        Files.readAllBytes(repo.resolve("monotable-kit-bom/" + version + "/monotable-kit-bom-" + version + ".pom")),
        "the kit's BOM, which a standalone domain imports, is installed too");
  }

  static String kitVersion(Path root) throws IOException {
    return ReleaseVersions.current(root);
  }

  private static Path localRepository() {
    String configured = System.getProperty("maven.repo.local");
    return configured != null && !configured.isBlank() ? Path.of(configured)
        : Path.of(System.getProperty("user.home"), ".m2", "repository");
  }

  private static List<Path> moduleFolders(Path dir) throws IOException {
    try (Stream<Path> poms = Files.walk(dir)) {
      return poms.filter(p -> p.getFileName().toString().equals("pom.xml")).filter(p -> !p.getParent().equals(dir)).toList();
    }
  }

  private static Process start(Path dir, Map<String, String> env, String... command) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(withRepo(command)).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("process-" + command[command.length - 1].replace(':', '-') + ".log").toFile());
    pb.environment().putAll(env);
    // An empty value unsets the variable: serve must start its own engine even where the suite's run
    // (.ci/run) has exported DYNAMODB_ENDPOINT for the tests.
    env.forEach((k, v) -> {
      if (v.isEmpty()) {
        pb.environment().remove(k);
      }
    });
    return pb.start();
  }

  static void run(Path dir, Map<String, String> env, String... command) throws Exception {
    Process p = start(dir, env, command);
    boolean done = p.waitFor(10, TimeUnit.MINUTES);
    if (!done) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    String log = Files.readString(dir.resolve("process-" + command[command.length - 1].replace(':', '-') + ".log"));
    assertTrue(done && p.exitValue() == 0, String.join(" ", command) + " failed in " + dir + ":\n"
        + log.substring(Math.max(0, log.length() - 6000)));
  }

  /** The command, with the local repository this build uses when it is not the default one. */
  private static List<String> withRepo(String... command) {
    List<String> out = new ArrayList<>(List.of(command));
    String configured = System.getProperty("maven.repo.local");
    if (configured != null && !configured.isBlank()) {
      out.add(1, "-Dmaven.repo.local=" + configured);
    }
    return out;
  }

  private static HttpResponse<String> poll(URI uri, Process serve) throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (System.nanoTime() < deadline) {
      if (!serve.isAlive()) {
        throw new AssertionError("the service stopped with " + serve.exitValue());
      }
      try {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(5)).build(),
            HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 503) {
          return r;
        }
      } catch (IOException notYet) {
        // not listening yet
      }
      Thread.sleep(500);
    }
    throw new AssertionError("nothing answered on " + uri + " in 3 minutes");
  }

  /** "N tests, F failures, E errors" over every Surefire report of a run. */
  static String surefire(Path reports) throws IOException {
    return surefire(reports, "");
  }

  /** {@link #surefire(Path)} over the reports of the test classes whose name ends with {@code suffix}. */
  static String surefire(Path reports, String suffix) throws IOException {
    int tests = 0;
    int failures = 0;
    int errors = 0;
    try (Stream<Path> files = Files.list(reports)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("TEST-")
          && p.getFileName().toString().endsWith(suffix + ".xml")).toList()) {
        String head = Files.readString(f);
        tests += attr(head, "tests");
        failures += attr(head, "failures");
        errors += attr(head, "errors");
      }
    }
    return tests + " tests, " + failures + " failures, " + errors + " errors";
  }

  private static int attr(String xml, String name) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<testsuite[^>]*\\s" + name + "=\"(\\d+)\"").matcher(xml);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }
}
