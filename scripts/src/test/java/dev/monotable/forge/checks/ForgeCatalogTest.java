package dev.monotable.forge.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.forge.Forge;
import dev.monotable.forge.ForgePattern;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Forge's own numbers under the kit's domain-wide checks (kit.checks: EndpointCatalogTest,
 * AccessPatternOperationsTest, IndexKeyAttributesTest run them for every registered domain):
 * 42 access patterns, four indexes, and the health check (AP42) the only pattern touching no table.
 */
class ForgeCatalogTest {

  @Test
  void forge_shouldDeclare42Patterns_andFourIndexes() {
    assertEquals(42, ForgePattern.ALL.size());
    assertEquals(42, Forge.DOMAIN.accessPatterns().size());
    assertEquals(4, Forge.SCHEMA.createTableRequest("check").globalSecondaryIndexes().size());
  }

  @Test
  void onlyTheHealthCheck_shouldTouchNoTable() {
    assertEquals(List.of(ForgePattern.AP42),
        ForgePattern.ALL.stream().filter(ap -> ap.operation().equals("none")).toList());
  }
}
