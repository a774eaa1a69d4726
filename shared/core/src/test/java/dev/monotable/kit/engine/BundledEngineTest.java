package dev.monotable.kit.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine travels in the kit-engine artifact: a project outside the repository (a standalone
 * domain) unpacks and runs the same engine the repository's {@code scripts/engine} runs.
 */
class BundledEngineTest {

  @Test
  void theArtifactCarries_theLauncherAndEveryModuleOfTheEngine_byteForByte() throws IOException {
    Path scripts = RepoRoot.get().resolve("scripts");
    Map<String, byte[]> bundled = BundledEngine.files();
    List<Path> modules;
    try (Stream<Path> files = Files.list(scripts.resolve("monotable_engine"))) {
      modules = files.filter(f -> f.toString().endsWith(".py")).sorted().toList();
    }
    assertTrue(modules.size() >= 9, modules.toString());
    for (Path m : modules) {
      String name = "monotable_engine/" + m.getFileName();
      assertTrue(bundled.containsKey(name), "missing from the artifact: " + name);
      assertArrayEquals(Files.readAllBytes(m), bundled.get(name), name);
    }
    for (String shared : List.of("engine", "monotable_cli.py", "requirements.txt")) {
      assertArrayEquals(Files.readAllBytes(scripts.resolve(shared)), bundled.get(shared), shared);
    }
    assertEquals(modules.size() + 3, bundled.size(), "the launcher, its command line, requirements.txt and the modules: "
        + bundled.keySet());
  }

  @Test
  void theUnpackedLauncher_runsByItself_evenWhereAnEarlierKitLeftItWithoutItsExecuteBit() throws Exception {
    Path launcher = BundledEngine.unpacked();
    assertTrue(Files.isExecutable(launcher), "a jar keeps no execute bit: the unpacked launcher gets it");
    assertTrue(launcher.toFile().setExecutable(false, false));
    assertEquals(launcher, BundledEngine.unpacked());
    assertTrue(Files.isExecutable(launcher), "an unpacked copy without the bit gets it");
    // As a team runs it by hand: no python3 in front, the shebang runs it ("Permission denied" before).
    Process help = new ProcessBuilder(launcher.toString(), "--help").redirectErrorStream(true).start();
    String out = new String(help.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(help.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), out);
    assertEquals(0, help.exitValue(), out);
    assertTrue(out.contains("--port"), out);
  }

  @Test
  void theUnpackedCopy_startsAndAnswersDynamoDb() throws Exception {
    Path launcher = BundledEngine.unpacked();
    assertTrue(launcher.getParent().getFileName().toString().startsWith("monotable-engine-"), launcher.toString());
    assertEquals(launcher, BundledEngine.unpacked(), "unpacked once per version");
    try (LocalEngine engine = LocalEngine.start(launcher, 0)) {
      HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(engine.endpoint().toString()))
          .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
          .header("Content-Type", "application/x-amz-json-1.0")
          .header("Authorization", "AWS4-HMAC-SHA256 Credential=test/20261127/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0")
          .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(200, answer.statusCode(), answer.body());
      assertTrue(answer.body().contains("TableNames"), answer.body());
    }
  }
}
