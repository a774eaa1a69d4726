package dev.monotable.kit.internal.scaffold;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import dev.monotable.kit.release.ReleaseVersions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 35's upgrade test: a standalone project written against the last release (the project the
 * scaffold of that release wrote, kept as it was under {@code scripts/src/test/upgrade/<release>/}) is
 * moved to this build's kit the way its pom says, by its {@code monotable.version} alone, and builds
 * and passes its own tests, offline, on the kit installed by this build. With the API check
 * (docs/releasing.md) it is what a team upgrading within a version line relies on.
 */
class UpgradeTest {

  @TempDir
  Path dir;

  @Test
  void aProjectWrittenAgainstTheLastRelease_buildsAndPassesItsTests_onThisKit() throws Exception {
    Path root = RepoRoot.get();
    StandaloneDomainTest.theInstalledKitIsThisBuild(root);
    String previous = ReleaseVersions.baseline(root);
    String current = ReleaseVersions.current(root);
    Path written = root.resolve("scripts/src/test/upgrade/" + previous + "/carry");
    assertTrue(Files.isRegularFile(written.resolve("pom.xml")), "the project written against " + previous + " is kept in " + written);

    Path project = dir.resolve("carry");
    try (Stream<Path> files = Files.walk(written)) {
      for (Path f : files.toList()) {
        Path to = project.resolve(written.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(to);
        } else {
          Files.copy(f, to, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
    String pom = Files.readString(project.resolve("pom.xml"));
    String pinned = "<monotable.version>" + previous + "</monotable.version>";
    assertTrue(pom.contains(pinned), "written against " + previous + ":\n" + pom);
    Files.writeString(project.resolve("pom.xml"), pom.replace(pinned, "<monotable.version>" + current + "</monotable.version>"));

    StandaloneDomainTest.run(project, Map.of(), "mvn", "-B", "-o", "-q", "verify");
    String result = StandaloneDomainTest.surefire(project.resolve("target/surefire-reports"));
    assertTrue(result.matches("[1-9]\\d* tests, 0 failures, 0 errors"), result);
    assertTrue(Files.isRegularFile(project.resolve("target/carry-lambda.jar")), "its Lambda jar");
  }
}
