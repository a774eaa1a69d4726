package dev.monotable.forge.checks;

import static org.junit.jupiter.api.Assertions.*;

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
    Path shared = root.resolve("shared/src/main/java");
    assertTrue(Files.isDirectory(shared), "the check must read something");
    assertEquals(List.of(), scanUsages(shared));
    Path functions = root.resolve("functions/src/main/java");
    if (Files.isDirectory(functions)) {
      assertEquals(List.of(), scanUsages(functions));
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
