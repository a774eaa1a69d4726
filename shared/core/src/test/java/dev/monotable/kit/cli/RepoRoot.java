package dev.monotable.kit.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository root for tests that read files outside this module (docs, source trees). */
public final class RepoRoot {

  private RepoRoot() {}

  /**
   * Surefire sets {@code monotable.root}; an IDE run walks up from the working directory to the
   * folder holding the kit's modules ({@code shared/pom.xml}).
   */
  public static Path get() {
    String configured = System.getProperty("monotable.root");
    Path root = configured != null ? Path.of(configured).toAbsolutePath().normalize() : found();
    if (!Files.isRegularFile(root.resolve("shared/pom.xml")) || !Files.isDirectory(root.resolve("scripts"))) {
      throw new IllegalStateException(root + " is not the repository root");
    }
    return root;
  }

  private static Path found() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("shared/pom.xml"))) {
        return dir;
      }
    }
    return Path.of("").toAbsolutePath();
  }
}
