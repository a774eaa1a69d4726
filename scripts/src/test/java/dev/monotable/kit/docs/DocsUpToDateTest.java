package dev.monotable.kit.docs;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** `mvn verify` fails when a domain's declarations changed and its committed docs were not regenerated. */
class DocsUpToDateTest {

  @Test
  void committedDocs_shouldEqualGeneratorOutput_whenRegistriesUnchanged() {
    List<String> problems = new ArrayList<>();
    for (DevDomain d : DevDomains.all()) {
      problems.addAll(DocsGenerator.check(RepoRoot.get(), d.docs()));
    }
    assertTrue(problems.isEmpty(), "docs drifted from the registries; run scripts/docs and commit:\n"
        + String.join("\n", problems));
  }
}
