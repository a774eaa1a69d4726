package dev.monotable.kit.cli;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository root for tests that read files outside this module (docs, source trees). */
public final class RepoRoot {

  private RepoRoot() {}

  /** Surefire sets {@code monotable.root}; an IDE run falls back to the parent of the module. */
  public static Path get() {
    String configured = System.getProperty("monotable.root");
    Path root = (configured != null ? Path.of(configured) : Path.of("..")).toAbsolutePath().normalize();
    if (!Files.isDirectory(root.resolve("shared")) || !Files.isDirectory(root.resolve("scripts"))) {
      throw new IllegalStateException(root + " is not the repository root");
    }
    return root;
  }
}
