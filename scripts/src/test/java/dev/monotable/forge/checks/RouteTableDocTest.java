package dev.monotable.forge.checks;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.cli.RepoRoot;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.forge.Forge;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** docs/forge/forge.md documents every route; this keeps its route table from drifting from the catalog. */
class RouteTableDocTest {

  @Test
  void forgeDoc_shouldDocumentEveryRouteOfTheCatalog() throws Exception {
    String doc = Files.readString(RepoRoot.get().resolve("docs/forge/forge.md"));
    for (Endpoint e : Forge.DOMAIN.endpoints()) {
      assertTrue(doc.contains("`" + e.method() + " " + e.path() + "`"),
          "docs/forge/forge.md does not document " + e.routeKey());
    }
  }
}
