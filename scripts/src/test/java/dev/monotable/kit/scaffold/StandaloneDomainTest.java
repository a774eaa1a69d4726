package dev.monotable.kit.scaffold;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import dev.monotable.kit.cli.UsageException;
import dev.monotable.testing.LocalDynamoDb;
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
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 23's proof that the kit is a library: {@code scripts/new-domain solo --standalone DIR}
 * writes a Maven project outside the repository that depends only on the kit's installed
 * artifacts, and in it, offline, one command each builds it and passes its scaffolded tests,
 * synthesizes its stack, and serves it locally. Runs against the artifacts in the local Maven
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
  void standaloneDomain_buildsTestsSynthesizesAndServes_onTheInstalledKit() throws Exception {
    Path root = RepoRoot.get();
    theInstalledKitIsThisBuild(root);

    List<Path> written = NewDomainTool.standalone(dir, "solo");
    assertTrue(written.contains(dir.resolve("pom.xml")) && written.contains(dir.resolve(".gitignore")), written.toString());
    String pom = Files.readString(dir.resolve("pom.xml"));
    assertFalse(pom.contains("<parent>"), "no parent: it depends on the kit, it is not part of the repository");
    assertFalse(java.util.regex.Pattern.compile("@[a-z.]+@").matcher(pom).find(), "every version filled in:\n" + pom);
    assertTrue(pom.contains("<monotable.version>" + kitVersion(root) + "</monotable.version>"), pom);
    assertEquals(List.of(), moduleFolders(dir), "one module, no repository layout");

    // One command: build, test (the scaffold's data test and HTTP journey), Lambda jar.
    run(dir, Map.of(), "mvn", "-B", "-o", "-q", "verify");
    assertEquals("5 tests, 0 failures, 0 errors", surefire(dir.resolve("target/surefire-reports")));
    try (ZipFile jar = new ZipFile(dir.resolve("target/solo-lambda.jar").toFile())) {
      List<String> names = jar.stream().map(e -> e.getName()).toList();
      for (String needed : List.of("dev/monotable/solo/functions/PutEntryHandler.class", "dev/monotable/solo/Solo.class",
          "dev/monotable/kit/http/PlainHandler.class", "dev/monotable/kit/data/TableGateway.class", "simplelogger.properties")) {
        assertTrue(names.contains(needed), "the Lambda jar has " + needed);
      }
      for (String devOnly : List.of("dev/monotable/solo/tools/", "dev/monotable/solo/charts/", "dev/monotable/solo/stack/",
          "dev/monotable/kit/tools/", "dev/monotable/kit/local/", "dev/monotable/kit/cdk/", "dev/monotable/kit/engine/",
          "software/amazon/awscdk/", "org/junit/")) {
        assertTrue(names.stream().noneMatch(n -> n.startsWith(devOnly)), "nothing dev-time in the Lambda jar: " + devOnly);
      }
    }

    // One command: the stack, synthesized by the CDK app with cdk-nag's checks.
    run(dir, Map.of(), "mvn", "-B", "-o", "-q", "exec:exec@synth");
    assertTrue(Files.isRegularFile(dir.resolve("cdk.out/SoloStack.template.json")), "the stack's template");
    StringBuilder templates = new StringBuilder();
    try (Stream<Path> files = Files.list(dir.resolve("cdk.out"))) {
      for (Path f : files.filter(p -> p.toString().endsWith(".template.json")).toList()) {
        templates.append(Files.readString(f));
      }
    }
    String template = templates.toString();
    for (String resource : List.of("AWS::DynamoDB::GlobalTable", "AWS::Lambda::Function", "AWS::ApiGatewayV2::Api")) {
      assertTrue(template.contains(resource), "the stack has " + resource);
    }

    // One command: served locally, the demo entry answered over HTTP.
    int port;
    try (ServerSocket free = new ServerSocket(0)) {
      port = free.getLocalPort();
    }
    URI endpoint = LocalDynamoDb.endpoint();
    Process serve = start(dir, Map.of("PORT", Integer.toString(port), "DYNAMODB_ENDPOINT", endpoint.toString(),
        "TABLE_NAME", "monotable-solo-" + UUID.randomUUID().toString().substring(0, 8)),
        "mvn", "-B", "-o", "-q", "compile", "exec:exec@serve");
    try {
      HttpResponse<String> hello = poll(URI.create("http://127.0.0.1:" + port + "/entries/hello"), serve);
      assertEquals(200, hello.statusCode(), hello.body());
      assertTrue(hello.body().contains("Hello from Solo"), hello.body());
    } finally {
      serve.descendants().forEach(ProcessHandle::destroy);
      serve.destroy();
      serve.waitFor(30, TimeUnit.SECONDS);
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

  /** The kit's jars in the local Maven repository are byte for byte those this build made. */
  private static void theInstalledKitIsThisBuild(Path root) throws IOException {
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
    assertArrayEquals(Files.readAllBytes(root.resolve("shared/pom.xml")),
        Files.readAllBytes(repo.resolve("monotable-kit/" + version + "/monotable-kit-" + version + ".pom")),
        "the kit's pom, which a standalone domain imports, is installed too");
  }

  private static String kitVersion(Path root) throws IOException {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<artifactId>monotable-kit</artifactId>\\s*<version>([^<]+)</version>")
        .matcher(Files.readString(root.resolve("shared/tools/pom.xml")));
    assertTrue(m.find(), "shared/tools/pom.xml names its parent's version");
    return m.group(1);
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
    return pb.start();
  }

  private static void run(Path dir, Map<String, String> env, String... command) throws Exception {
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
  private static String surefire(Path reports) throws IOException {
    int tests = 0;
    int failures = 0;
    int errors = 0;
    try (Stream<Path> files = Files.list(reports)) {
      for (Path f : files.filter(p -> p.getFileName().toString().startsWith("TEST-")).toList()) {
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
