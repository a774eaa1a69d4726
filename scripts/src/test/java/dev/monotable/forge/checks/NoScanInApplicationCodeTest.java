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
import org.junit.jupiter.api.io.TempDir;

/** Checklist: no Scan in application code; only operator tools in scripts/ may scan. */
class NoScanInApplicationCodeTest {

  static final List<String> FORBIDDEN = List.of("ScanRequest", "ScanResponse", "ScanIterable", ".scan(",
      "scanPaginator");

  /** {@code path:line: token} for every use of a Scan API in the Java files under {@code dir}. */
  static List<String> scanUsages(Path dir) {
    List<String> out = new ArrayList<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
        List<String> lines = Files.readAllLines(f);
        for (int i = 0; i < lines.size(); i++) {
          for (String token : FORBIDDEN) {
            if (lines.get(i).contains(token)) {
              out.add(dir.relativize(f) + ":" + (i + 1) + ": " + token);
            }
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  @Test
  void applicationCode_shouldNeverScan() {
    Path root = RepoRoot.get();
    // Application code: the kit's runtime and the domains' model, data access and handlers (the
    // operator tools under shared/tools and the scripts module are the named tools allowed to scan).
    List<Path> dirs = Modules.mainSources(root).stream()
        .filter(d -> !root.relativize(d).startsWith("scripts") && !root.relativize(d).startsWith("shared/tools")
            && !root.relativize(d).startsWith("shared/engine") && !root.relativize(d).startsWith("bench"))
        .toList();
    assertTrue(dirs.contains(root.resolve("functions/forge/src/main/java")), "the check must read the domains: " + dirs);
    assertTrue(dirs.contains(root.resolve("shared/core/src/main/java")), "the check must read the kit: " + dirs);
    for (Path dir : dirs) {
      // A domain's dev-time packages (its bench, tools and ingest: never in its Lambda jar) are
      // operator tools too; the comparison with the seed's design reads its peer's table whole.
      List<String> found = scanUsages(dir).stream()
          .filter(f -> !f.matches("dev/monotable/[a-z0-9]+/(bench|tools|ingest)/.*")).toList();
      assertEquals(List.of(), found, dir.toString());
    }
  }

  @Test
  void scanUsages_shouldFindScan_whenSourceScans_butNotScanIndexForward(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("Bad.java"), """
        class Bad {
          void list() {
            client.scan(ScanRequest.builder().tableName(t).build());
            client.query(q.scanIndexForward(false).build());
          }
        }
        """);
    assertEquals(List.of("Bad.java:3: ScanRequest", "Bad.java:3: .scan("), scanUsages(dir));
  }
}
