package dev.monotable.forge.checks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.catalog.EndpointCatalog;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** README.md documents every route; this keeps its route table from drifting from the catalog. */
class ReadmeRoutesTest {

  @Test
  void readme_shouldDocumentEveryRouteOfTheCatalog() throws Exception {
    String readme = Files.readString(RepoRoot.get().resolve("README.md"));
    for (Endpoint e : EndpointCatalog.endpoints()) {
      assertTrue(readme.contains("`" + e.method() + " " + e.path() + "`"),
          "README.md does not document " + e.routeKey());
    }
  }
}
