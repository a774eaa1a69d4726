package dev.monotable.kit.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import dev.monotable.testing.Domains;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The domain-wide checks of the modules below scripts (functions: handlers, Lambda jars, priming)
 * find the domains themselves ({@link Domains}); the checks here take the registered ones
 * ({@link DevDomains}). Both lists must be the same, or a domain would escape one set of checks.
 */
class DomainRegistriesTest {

  @Test
  void foundDomains_shouldBeTheRegisteredDomains() {
    List<String> registered = DevDomains.all().stream().map(d -> d.domain().name()).sorted().toList();
    assertEquals(registered, Domains.all().stream().map(Domain::name).toList());
    for (DevDomain d : DevDomains.all()) {
      assertSame(d.domain(), Domains.named(d.domain().name()), d.id());
    }
  }
}
