package dev.monotable.kit.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.http.PlainHandler;
import dev.monotable.testing.TestDomain;
import org.junit.jupiter.api.Test;

/** A route's declaration alone wires its handler: the class's constructor taking the domain's services. */
class WiringTest {

  private final DomainServices services = new DomainServices() {
    @Override
    public Domain domain() {
      return TestDomain.DOMAIN;
    }

    @Override
    public TableGateway table() {
      return null;
    }

    @Override
    public JwtVerifier verifier() {
      return null;
    }
  };

  private final LocalDomain.Wiring wiring = new LocalDomain.Wiring() {
    @Override
    public DomainServices services() {
      return services;
    }

    @Override
    public void seedDemo() {}
  };

  @Test
  void route_shouldBuildTheHandlerFromItsConstructorTakingTheServices() {
    assertInstanceOf(PlainHandler.class, wiring.route(Endpoint.PLAIN_HANDLER));
  }

  @Test
  void route_shouldNameAClassThatIsNoHandler() {
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> wiring.route("dev.monotable.nowhere.GoneHandler"));
    assertEquals("no handler dev.monotable.nowhere.GoneHandler", missing.getMessage());
    assertThrows(IllegalArgumentException.class, () -> wiring.route(String.class.getName()));
  }
}
