package dev.monotable.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every template of the production-like stage against its committed snapshot in
 * src/test/resources/snapshots. After an intended change, regenerate them with
 * {@code mvn -B verify -pl infra -am -Dsnapshot.update=true} and review the diff.
 *
 * <p>Asset hashes (S3 keys, asset paths, nested template URLs) and the code hash in the logical
 * id of each Lambda version change with every build of the jar, so they are masked.
 */
class SnapshotTest {

  static final Path SNAPSHOTS = SynthesizedForge.moduleDir().resolve("src/test/resources/snapshots");
  private static final boolean UPDATE = Boolean.getBoolean("snapshot.update");
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT)
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  static Stream<String> templateNames() {
    return SynthesizedForge.get().templates().keySet().stream();
  }

  static String normalise(Map<String, Object> template) throws JsonProcessingException {
    return MAPPER.writeValueAsString(template)
        .replaceAll("[0-9a-f]{64}", "<asset-hash>")
        .replaceAll("(CurrentVersion[0-9A-F]{8})[0-9a-f]{32}", "$1<code-hash>")
        + "\n";
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("templateNames")
  void template_shouldMatchSnapshot_whenSynthesized(String name) throws IOException {
    String actual = normalise(SynthesizedForge.get().json().get(name));
    Path file = SNAPSHOTS.resolve(name + ".json");
    if (UPDATE) {
      Files.createDirectories(SNAPSHOTS);
      Files.writeString(file, actual, StandardCharsets.UTF_8);
      return;
    }
    if (!Files.exists(file)) {
      fail("no snapshot " + file + ": run mvn verify -pl infra -am -Dsnapshot.update=true and commit it");
    }
    String expected = Files.readString(file, StandardCharsets.UTF_8);
    if (!expected.equals(actual)) {
      List<String> e = expected.lines().toList();
      List<String> a = actual.lines().toList();
      int line = 0;
      while (line < Math.min(e.size(), a.size()) && e.get(line).equals(a.get(line))) {
        line++;
      }
      fail(name + " differs from its snapshot at line " + (line + 1) + ":\n  snapshot: "
          + (line < e.size() ? e.get(line).trim() : "<end>") + "\n  actual:   "
          + (line < a.size() ? a.get(line).trim() : "<end>")
          + "\nIf the change is intended: mvn verify -pl infra -am -Dsnapshot.update=true");
    }
  }

  @Test
  void snapshotDirectory_shouldHoldOnlyCurrentTemplates_whenCompared() throws IOException {
    List<String> expected = templateNames().map(n -> n + ".json").sorted().toList();
    if (UPDATE) {
      for (String name : templateNames().toList()) {
        template_shouldMatchSnapshot_whenSynthesized(name);
      }
      try (Stream<Path> files = Files.list(SNAPSHOTS)) {
        for (Path stale : files.filter(p -> !expected.contains(p.getFileName().toString())).toList()) {
          Files.delete(stale);
        }
      }
    }
    try (Stream<Path> files = Files.list(SNAPSHOTS)) {
      assertEquals(expected, files.map(p -> p.getFileName().toString()).sorted().toList(),
          "stale or missing snapshots");
    }
  }

  @Test
  void normalise_shouldMaskAssetAndCodeHashes_whenTemplateReferencesTheJar() throws IOException {
    String hash = "35531578cd64c2c744640002935b27017e845feac1d4a36cfd253a2e7be8f243";
    String normalised = normalise(Map.of(
        "S3Key", hash + ".jar",
        "Id", "GetUserHandlerFunctionCurrentVersionB3AA999Fce667c715565bd80a349490383225f33"));

    assertTrue(normalised.contains("\"<asset-hash>.jar\""), normalised);
    assertTrue(normalised.contains("GetUserHandlerFunctionCurrentVersionB3AA999F<code-hash>"), normalised);
  }
}
