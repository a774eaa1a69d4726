package dev.monotable.shop.tools;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.monotable.shop.Shop;
import dev.monotable.shop.keys.ShopKeys;
import dev.monotable.shop.ShopPattern;
import dev.monotable.shop.charts.ShopCharts;
import dev.monotable.shop.functions.PutEntryHandler;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.shop.model.Entry;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.docs.ApiShape;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.docs.JsonSchema;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.BackfillRules;
import dev.monotable.kit.ops.CounterCheck;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.ReadPattern;
import dev.monotable.kit.tools.DevDomain;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Shop for the kit's dev-time programs (registered in META-INF/services): how the local service
 * builds its handlers and demo data, what the operator tools, the docs generator and the bench need.
 */
public final class ShopDev implements DevDomain {

  private static final String DEMO_TIME = "2026-01-01T00:00:00.000Z";

  @Override
  public Domain domain() {
    return Shop.DOMAIN;
  }

  @Override
  public EntityModel entities() {
    return ShopCharts.MODEL;
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

  /** Handlers over one table, and the demo entry. */
  static final class Local implements LocalDomain {
    @Override
    public Domain domain() {
      return Shop.DOMAIN;
    }

    @Override
    public Wiring wire(TableGateway table, JwtVerifier verifier) {
      ShopServices services = new ShopServices(table, verifier);
      return new Wiring() {
        @Override
        public RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> route(String handlerClass) {
          if (handlerClass.equals(PutEntryHandler.class.getName())) {
            return new PutEntryHandler(services);
          }
          throw new IllegalArgumentException("Shop has no handler " + handlerClass);
        }

        @Override
        public ShopServices services() {
          return services;
        }

        @Override
        public RequestHandler<DynamodbEvent, StreamsEventResponse> stream(String handlerClass) {
          throw new IllegalArgumentException("Shop has no stream handler " + handlerClass);
        }

        @Override
        public void seedDemo() {
          services.entries().create("hello", "Hello from Shop");
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

  /** Read patterns, backfill and scale data for the operator tools. */
  static final class Ops implements OpsDomain {
    @Override
    public Domain domain() {
      return Shop.DOMAIN;
    }

    @Override
    public EntityModel entities() {
      return ShopCharts.MODEL;
    }

    @Override
    public List<ReadPattern> readPatterns() {
      return List.of(new ReadPattern(ShopPattern.P02, List.of("entry"), false, ReadPattern.Sample.of(null, "hello"),
          (table, caller, params, page) -> new Page<>(
              List.of(table.get(Entry.key(params.get(0))).orElseThrow()), null)));
    }

    @Override
    public BackfillRules backfill() {
      return new BackfillRules() {
        @Override
        public Set<String> types() {
          return Set.of(Entry.TYPE);
        }

        @Override
        public Optional<Map<String, AttributeValue>> remap(Map<String, AttributeValue> item) {
          return Entry.TYPE.equals(item.getOrDefault("Type", AttributeValue.fromS("")).s())
              ? Optional.of(Entry.fromItem(item).toItem()) : Optional.empty();
        }
      };
    }

    @Override
    public List<CounterCheck> counters() {
      return List.of();
    }

    @Override
    public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
      for (int i = 0; i < n; i++) {
        sink.accept(new Entry("scale-" + seed + "-" + i, "entry " + i, DEMO_TIME).toItem());
      }
    }
  }

  /** What the docs generator prints of Shop beyond its declarations; docs go to docs/shop/. */
  static final class Docs implements DocsDomain {
    @Override
    public Domain domain() {
      return Shop.DOMAIN;
    }

    @Override
    public EntityModel entities() {
      return ShopCharts.MODEL;
    }

    @Override
    public String folder() {
      return "docs/shop";
    }

    @Override
    public List<Relationship> relationships() {
      return List.of();
    }

    @Override
    public String keySegments() {
      return "`{entry}` is the entry's name: 1-64 lower-case letters, digits or hyphens.";
    }

    @Override
    public String erdNotes() {
      return "";
    }

    @Override
    public String routeSource() {
      return "`Shop.endpoints()`";
    }

    @Override
    public String optionalAuthUse() {
      return "nothing more";
    }

    @Override
    public ApiShape shape(Endpoint endpoint) {
      return switch (endpoint.routeKey()) {
        case "PUT /entries/{entry}" -> ApiShape.create("create an entry", "Entry",
            JsonSchema.body(endpoint.body()));
        default -> throw new IllegalArgumentException("no shape for " + endpoint.routeKey());
      };
    }

    @Override
    public Map<String, Map<String, Object>> schemas() {
      Map<String, Map<String, Object>> m = new LinkedHashMap<>();
      // The entity's answer, as the kit's plain routes give it (JsonSchema.entity reads the declaration).
      m.put("Entry", JsonSchema.entity(Entry.ENTITY));
      return m;
    }

    @Override
    public Map<String, Object> pathParameter(String name) {
      return JsonSchema.pattern(ShopKeys.ENTRY_NAME.pattern());
    }

    @Override
    public String openApiSources() {
      return "Shop's endpoint declarations";
    }

    @Override
    public String contractIntro() {
      return "Shop stores entries by name: create one, read it back.";
    }

    @Override
    public String requestBudget() {
      return "Every read and every write is one DynamoDB request.";
    }

    @Override
    public String notFoundCase() {
      return "no entry has that name";
    }

    @Override
    public String conflictCase() {
      return "an entry with that name exists";
    }

    @Override
    public String notFoundResponse() {
      return "no entry has that name";
    }

    @Override
    public String inputRulesIntro() {
      return "Entry names and texts:";
    }

    @Override
    public List<InputRule> inputRules() {
      return List.of(new InputRule("`entry`", "1-64 lower-case letters, digits or hyphens"),
          new InputRule("`text`", "1-1000 characters"));
    }

    @Override
    public String permissions() {
      return "Anyone may create and read entries.";
    }

    @Override
    public String streamEffects() {
      return "None.";
    }
  }

  /** One case per route for scripts/bench; no conventional peer. */
  static final class Bench implements BenchDomain<ShopServices> {
    @Override
    public ShopServices services(TableGateway table) {
      return new ShopServices(table, null);
    }

    @Override
    public void addBenchData(ShopServices services) {}

    @Override
    public List<BenchCase<ShopServices>> cases() {
      return List.of(
          BenchCase.route(Shop.DOMAIN, "GET /entries/{entry}", i -> BenchRequest.anonymous().path("entry", "hello")),
          BenchCase.route(Shop.DOMAIN, "PUT /entries/{entry}",
              i -> BenchRequest.anonymous().path("entry", "bench-" + i).body("{\"text\":\"bench\"}")));
    }

    @Override
    public Set<String> coldSubset() {
      return Set.of("PutEntryHandler");
    }

    @Override
    public List<String> scalePatterns() {
      return List.of("P02");
    }

    @Override
    public Peer peer() {
      return null;
    }
  }
}
