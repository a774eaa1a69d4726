package dev.monotable.forge.checks;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.checks.Modules;
import dev.monotable.kit.cli.RepoRoot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Environment variables have one home, {@code dev.monotable.kit.Env}: names, defaults (the
 * region) and the reading. Main code of every module reads them there and spells no region default.
 */
class NoRawGetenvTest {

  static final String ENV = "shared/core/src/main/java/dev/monotable/kit/Env.java";

  static List<String> offenders(Path root) {
    List<String> out = new ArrayList<>();
    // The benchmark peer (bench/) is conventional code on purpose: it knows nothing of Monotable.
    for (Path dir : Modules.mainSources(root).stream().filter(d -> !root.relativize(d).startsWith("bench")).toList()) {
      try (Stream<Path> files = Files.walk(dir)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          if (root.relativize(f).toString().equals(ENV)) {
            continue;
          }
          List<String> lines = Files.readAllLines(f);
          for (int i = 0; i < lines.size(); i++) {
            for (String token : List.of("System.getenv", "\"us-east-1\"", "EnvNames")) {
              if (lines.get(i).contains(token)) {
                out.add(root.relativize(f) + ":" + (i + 1) + ": " + token);
              }
            }
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return out;
  }

  @Test
  void mainCode_shouldReadTheEnvironmentOnlyThroughEnv() {
    Path root = RepoRoot.get();
    assertTrue(Files.isRegularFile(root.resolve(ENV)), "the check must know the holder");
    assertEquals(List.of(), offenders(root));
  }
}
