package dev.monotable.forge.tools;

import dev.monotable.forge.functions.Services;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.tools.DevFacet;
import java.util.List;

/**
 * Forge for the kit's local service: its routes served by the kit over one {@link Services}, its stream
 * handlers built around them (as a Lambda container builds them: the class's constructor taking the
 * services), and the demo dataset of {@link Seed}.
 */
public final class ForgeLocal extends DevFacet implements LocalDomain {

  public ForgeLocal() {
    super(new ForgeDev());
  }

  @Override
  public Wiring wire(TableGateway table, JwtVerifier verifier) {
    Services services = new Services(table, verifier);
    return new Wiring() {
      @Override
      public Services services() {
        return services;
      }

      @Override
      public void seedDemo() {
        Seed.demo(services);
      }
    };
  }

  @Override
  public String demoSummary() {
    return "users alice, bob, carol; org acme";
  }

  @Override
  public List<String> examples(String baseUrl) {
    return List.of(
        "curl -s " + baseUrl + "/repos/alice/hello-forge/issues",
        "curl -s -X POST " + baseUrl + "/repos/alice/hello-forge/issues \\",
        "     -H \"Authorization: Bearer $(scripts/token alice)\" -H 'content-type: application/json' \\",
        "     -d '{\"title\":\"My first issue\",\"body\":\"Hello\"}'");
  }
}
