package dev.monotable.kit.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.kit.Env;
import dev.monotable.kit.http.DomainServices;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ContainerServicesTest {

  @Test
  void get_shouldBuildNothing_andNameTheVariable_whenTheEnvironmentLacksTheTable() {
    assumeTrue(Env.get(Env.TABLE_NAME) == null, "the test JVM has no TABLE_NAME");
    AtomicInteger built = new AtomicInteger();
    ContainerServices<DomainServices> container = new ContainerServices<>((table, verifier) -> {
      built.incrementAndGet();
      return null;
    });
    // A container without its table fails its first invocation loudly, and again on the next one
    // (nothing half-built is kept).
    for (int i = 0; i < 2; i++) {
      IllegalStateException e = assertThrows(IllegalStateException.class, container::get);
      assertEquals("environment variable TABLE_NAME is not set", e.getMessage());
    }
    assertEquals(0, built.get());
  }
}
