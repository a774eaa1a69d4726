package dev.monotable.infra;

import dev.monotable.kit.cdk.RoutesStack;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Each template stays well under CloudFormation's 500-resource limit. */
class ResourceCountTest {

  private static final int CLOUDFORMATION_LIMIT = 500;
  private static final int ROOT_BUDGET = 100;

  @Test
  void everyTemplate_shouldStayWithinItsBudget_whenSynthesized() {
    SynthesizedForge forge = SynthesizedForge.get();
    Map<String, Integer> counts = new TreeMap<>();
    forge.json().forEach((name, template) -> counts.put(name, Json.resources(template).size()));
    counts.forEach((name, count) -> System.out.printf("resources %-40s %4d%n", name, count));

    String root = forge.stack.getStackName();
    assertTrue(counts.get(root) <= ROOT_BUDGET, root + ": " + counts.get(root));
    counts.forEach((name, count) -> {
      assertTrue(count < CLOUDFORMATION_LIMIT, name + ": " + count);
      if (!name.equals(root)) {
        assertTrue(count <= RoutesStack.RESOURCE_BUDGET, name + ": " + count);
      }
    });
    assertTrue(counts.size() > 1, "routes live in nested stacks: " + counts.keySet());
  }
}
