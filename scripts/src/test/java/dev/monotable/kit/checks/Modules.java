package dev.monotable.kit.checks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The Maven modules of the repository, found rather than listed: a module added later (a kit
 * artifact under {@code shared/}, a domain) is checked without editing the checks.
 */
public final class Modules {

  private Modules() {}

  /** Every module's {@code src/main/java} under {@code root}, sorted (build output never counts). */
  public static List<Path> mainSources(Path root) {
    try (Stream<Path> dirs = Files.walk(root, 5)) {
      return dirs.filter(Files::isDirectory)
          .filter(d -> d.endsWith(Path.of("src", "main", "java")))
          .filter(d -> Files.isRegularFile(d.getParent().getParent().getParent().resolve("pom.xml")))
          .filter(d -> {
            String rel = root.relativize(d).toString();
            return !rel.contains("target/") && !rel.contains("node_modules/") && !rel.startsWith("cdk.out");
          })
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
