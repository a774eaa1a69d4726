package dev.monotable.kit.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.kit.Env;
import org.junit.jupiter.api.Test;

/** What a domain's functions build from an environment that lacks what Lambda would set. */
class LambdaEnvironmentTest {

  @Test
  void verifier_shouldBeNull_whenNoIssuerIsConfigured() {
    assumeTrue(Env.get(Env.JWT_ISSUER) == null && Env.get(Env.JWT_AUDIENCE) == null, "the test JVM has no issuer");
    // A function without an issuer answers OPTIONAL routes anonymously instead of failing to start.
    assertNull(LambdaEnvironment.verifier());
  }

  @Test
  void table_shouldNameTheMissingVariable_whenTableNameIsUnset() {
    assumeTrue(Env.get(Env.TABLE_NAME) == null, "the test JVM has no TABLE_NAME");
    IllegalStateException e = assertThrows(IllegalStateException.class, LambdaEnvironment::table);
    assertEquals("environment variable TABLE_NAME is not set", e.getMessage());
  }
}
