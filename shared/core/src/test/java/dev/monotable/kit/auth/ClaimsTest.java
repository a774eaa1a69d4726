package dev.monotable.kit.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Set;
import org.junit.jupiter.api.Test;

class ClaimsTest {

  @Test
  void groupsOf_shouldReadTheArrayClaim_asApiGatewayAndTheLocalServicePassIt() {
    assertEquals(Set.of("operators", "admins"), Claims.groupsOf("[operators admins]")); // API Gateway's JWT authorizer
    assertEquals(Set.of("operators", "admins"), Claims.groupsOf("[operators, admins]")); // the local service
    assertEquals(Set.of("operators"), Claims.groupsOf("operators"));
    assertEquals(Set.of(), Claims.groupsOf("[]"));
    assertEquals(Set.of(), Claims.groupsOf(null));
    // guards: a group whose name contains another's is not that group
    assertEquals(Set.of("not-operators"), Claims.groupsOf("[not-operators]"));
  }
}
