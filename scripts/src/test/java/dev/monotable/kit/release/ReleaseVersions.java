package dev.monotable.kit.release;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The kit's versions as the repository states them: the one being built (the root pom's
 * {@code revision}, docs/releasing.md) and the last release, whose jars the binary compatibility
 * check compares against (the one folder under {@code shared/api-baseline/}).
 */
public final class ReleaseVersions {

  /** The kit's artifacts with classes, each compared to its baseline jar. */
  public static final List<String> KIT = List.of("engine", "core", "dev", "lambda", "cdk", "local", "tools");

  private ReleaseVersions() {}

  /** The version every module builds, from the root pom's {@code revision} property. */
  public static String current(Path root) throws IOException {
    Matcher m = Pattern.compile("<revision>([^<]+)</revision>").matcher(Files.readString(root.resolve("pom.xml")));
    if (!m.find()) {
      throw new IllegalStateException("the root pom has no <revision>");
    }
    return m.group(1);
  }

  /** The last release's version: the name of the one folder under shared/api-baseline/. */
  public static String baseline(Path root) throws IOException {
    try (Stream<Path> dirs = Files.list(root.resolve("shared/api-baseline"))) {
      List<String> versions = dirs.filter(Files::isDirectory).map(p -> p.getFileName().toString()).sorted().toList();
      if (versions.size() != 1) {
        throw new IllegalStateException("shared/api-baseline/ holds one release, not " + versions);
      }
      return versions.get(0);
    }
  }

  /** {major, minor, patch} of a release version such as 0.1.0 (no qualifier). */
  public static int[] parts(String version) {
    Matcher m = Pattern.compile("(\\d+)\\.(\\d+)\\.(\\d+)").matcher(version);
    if (!m.matches()) {
      throw new IllegalArgumentException("not a release version: " + version);
    }
    return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)), Integer.parseInt(m.group(3))};
  }
}
