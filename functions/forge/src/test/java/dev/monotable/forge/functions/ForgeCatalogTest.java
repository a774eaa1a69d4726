package dev.monotable.forge.functions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.forge.Forge;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Forge's own facts next to the kit's domain-wide handler checks (kit.http.CatalogHandlersTest and
 * kit.packaging.LambdaJarTest run those for every domain).
 */
class ForgeCatalogTest {

  @Test
  void forge_shouldConsumeItsStreamWithFourHandlers() {
    assertEquals(List.of("ST1", "ST2", "ST3", "ST4"),
        Forge.DOMAIN.streams().stream().map(StreamHandlerDeclaration::stream).toList());
  }
}
