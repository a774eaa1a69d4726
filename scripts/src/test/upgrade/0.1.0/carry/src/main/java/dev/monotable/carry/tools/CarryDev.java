package dev.monotable.carry.tools;

import dev.monotable.carry.Carry;
import dev.monotable.carry.charts.CarryCharts;
import dev.monotable.carry.functions.CarryServices;
import dev.monotable.carry.model.Entry;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.docs.JsonSchema;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.tools.DevDomain;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Carry for the kit's dev-time programs (registered in META-INF/services): its demo data and what
 * the kit cannot derive from the declarations. The handlers, the read patterns, the backfill, the
 * reads' bench cases and most of the docs come from {@link Carry} and the entities.
 */
public final class CarryDev implements DevDomain {

  private static final String DEMO_TIME = "2026-01-01T00:00:00.000Z";

  /** Key values of the demo data: the kit derives the read patterns and the reads' bench cases from them. */
  static final Map<String, String> SAMPLES = Map.of("entry", "hello");

  @Override
  public Domain domain() {
    return Carry.DOMAIN;
  }

  @Override
  public EntityModel entities() {
    return CarryCharts.MODEL;
  }

  @Override
  public LocalDomain local() {
    return new Local();
  }

  @Override
  public OpsDomain ops() {
    return new Ops();
  }

  @Override
  public DocsDomain docs() {
    return new Docs();
  }

  @Override
  public BenchDomain<?> bench() {
    return new Bench();
  }

  /** The services over one table (the handlers come from the routes' declarations), and the demo entry. */
  static final class Local implements LocalDomain {
    @Override
    public Domain domain() {
      return Carry.DOMAIN;
    }

    @Override
    public Wiring wire(TableGateway table, JwtVerifier verifier) {
      CarryServices services = new CarryServices(table, verifier);
      return new Wiring() {
        @Override
        public CarryServices services() {
          return services;
        }

        @Override
        public void seedDemo() {
          services.entries().create("hello", "Hello from Carry");
        }
      };
    }

    @Override
    public String demoSummary() {
      return "entry hello";
    }

    @Override
    public List<String> examples(String baseUrl) {
      return List.of("curl -s " + baseUrl + "/entries/hello",
          "curl -s -X PUT " + baseUrl + "/entries/second -H 'content-type: application/json' -d '{\"text\":\"Hi\"}'");
    }
  }

  /** Scale data for the operator tools (the kit derives read patterns from the samples, backfill from the entities). */
  static final class Ops implements OpsDomain {
    @Override
    public Domain domain() {
      return Carry.DOMAIN;
    }

    @Override
    public EntityModel entities() {
      return CarryCharts.MODEL;
    }

    @Override
    public Map<String, String> samples() {
      return SAMPLES;
    }

    @Override
    public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
      for (int i = 0; i < n; i++) {
        sink.accept(new Entry("scale-" + seed + "-" + i, "entry " + i, DEMO_TIME).toItem());
      }
    }
  }

  /** Carry's docs (docs/carry/): the custom route's answer; the rest is derived. */
  static final class Docs implements DocsDomain {
    @Override
    public Domain domain() {
      return Carry.DOMAIN;
    }

    @Override
    public EntityModel entities() {
      return CarryCharts.MODEL;
    }

    @Override
    public ApiShape shape(Endpoint endpoint) {
      return switch (endpoint.routeKey()) {
        case "PUT /entries/{entry}" -> ApiShape.create("create an entry", "Entry", JsonSchema.body(endpoint.body()));
        default -> DocsDomain.super.shape(endpoint);
      };
    }

    @Override
    public String contractIntro() {
      return "Carry stores entries by name: create one, read it back.";
    }
  }

  /** The write's case for scripts/bench (the kit derives the reads' from the samples); no conventional peer. */
  static final class Bench implements BenchDomain<CarryServices> {
    @Override
    public CarryServices services(TableGateway table) {
      return new CarryServices(table, null);
    }

    @Override
    public Map<String, String> samples() {
      return SAMPLES;
    }

    @Override
    public List<BenchCase<CarryServices>> cases() {
      return List.of(BenchCase.route(Carry.DOMAIN, "PUT /entries/{entry}",
          i -> BenchRequest.anonymous().path("entry", "bench-" + i).body("{\"text\":\"bench\"}")));
    }

    @Override
    public Set<String> coldSubset() {
      return Set.of("P01Route");
    }

    @Override
    public List<String> scalePatterns() {
      return List.of("P02");
    }
  }
}
