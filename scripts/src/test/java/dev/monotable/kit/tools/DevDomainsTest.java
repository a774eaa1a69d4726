package dev.monotable.kit.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class DevDomainsTest {

  @Test
  void select_shouldFindForgeByIdInAnyCase() {
    assertEquals("Forge", DevDomains.select("FORGE").domain().name());
  }

  @Test
  void select_shouldNameTheKnownDomains_whenTheIdIsUnknown() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DevDomains.select("nope"));
    assertTrue(e.getMessage().contains("forge"), e.getMessage());
  }

  @Test
  void fromCommandLine_shouldMakeAnUnknownIdBadUsage() {
    assertEquals("unknown domain 'nope'; known: " + DevDomains.all().stream().map(DevDomain::id).toList(),
        assertThrows(dev.monotable.kit.cli.UsageException.class, () -> DevDomains.fromCommandLine("nope")).getMessage());
  }

  @Test
  void facets_shouldDeclareTheSameDomainAsTheRegistration() {
    for (DevDomain d : DevDomains.all()) {
      assertSame(d.domain(), d.local().domain(), d.id());
      assertSame(d.domain(), d.ops().domain(), d.id());
      assertSame(d.domain().schema(), d.ops().entities().schema(), d.id());
    }
  }

  @Test
  void everyDomain_shouldServeGetHealth_becauseScriptsDevPrintsItInEachBanner() throws Exception {
    // GIVEN each registered domain (Devices' /health was a 404 under a banner that printed it)
    for (DevDomain d : DevDomains.all()) {
      // WHEN its liveness route is looked up
      var health = d.domain().endpoint(dev.monotable.kit.catalog.Endpoint.HEALTH_ROUTE);

      // THEN it is declared, anonymous, without table access, by a handler of the kit's liveness
      assertTrue(health != null, d.id() + " declares no GET /health");
      assertEquals(dev.monotable.kit.catalog.Auth.NONE, health.auth(), d.id());
      assertEquals(java.util.Set.of(), health.actions(), d.id());
      assertTrue(health.patterns().stream().allMatch(p -> p.requestAllowance().requests() == 0), d.id());
      assertTrue(dev.monotable.kit.http.LivenessHandler.class.isAssignableFrom(Class.forName(health.handlerClass())),
          d.id() + ": " + health.handlerClass());
    }
  }

  @Test
  void all_shouldListEachRegisteredDomainOnce() {
    assertEquals(DevDomains.all().stream().map(DevDomain::id).distinct().toList(),
        DevDomains.all().stream().map(DevDomain::id).toList());
  }

  @Test
  void localTable_shouldBeEachDomainsOwn_forgeKeepingMonotableLocal() {
    assertEquals("monotable-local", DevDomains.select("forge").localTable());
    assertEquals("monotable-local-devices", DevDomains.select("devices").localTable());
    assertEquals(DevDomains.all().size(), DevDomains.all().stream().map(DevDomain::localTable).distinct().count(),
        "no two domains share a local table");
  }

  @Test
  void localTable_shouldBeMonotableLocalDashId_forADomainThatNamesNone() {
    DevDomain later = new DevDomain() {
      @Override
      public String id() {
        return "blog";
      }

      @Override
      public dev.monotable.kit.domain.Domain domain() {
        return null;
      }

      @Override
      public dev.monotable.kit.charts.EntityModel entities() {
        return null;
      }

      @Override
      public dev.monotable.kit.local.LocalDomain local() {
        return null;
      }

      @Override
      public dev.monotable.kit.ops.OpsDomain ops() {
        return null;
      }

      @Override
      public dev.monotable.kit.docs.DocsDomain docs() {
        return null;
      }

      @Override
      public dev.monotable.kit.bench.BenchDomain<?> bench() {
        return null;
      }
    };
    assertEquals("monotable-local-blog", later.localTable());
  }
}
