package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** `mvn verify` fails when a registry changed and the committed docs were not regenerated. */
class DocsUpToDateTest {

  @Test
  void committedDocs_shouldEqualGeneratorOutput_whenRegistriesUnchanged() {
    List<String> problems = DocsGenerator.check(RepoRoot.get());
    assertTrue(problems.isEmpty(), "docs drifted from the registries; run scripts/docs and commit:\n"
        + String.join("\n", problems));
  }
}
