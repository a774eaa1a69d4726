package dev.monotable.kit.docs;

import static dev.monotable.kit.schema.TableSchema.Gsi.GSI1;

import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.charts.ChartTypes.Attribute;
import dev.monotable.kit.charts.ChartTypes.AttributeType;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.ChartTypes.ChartKey;
import dev.monotable.kit.charts.ChartTypes.KeyPair;
import dev.monotable.kit.charts.ChartTypes.Mutability;
import dev.monotable.kit.charts.ChartTypes.Relationship;
import dev.monotable.kit.charts.ChartTypes.Selector;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import dev.monotable.kit.tools.DevDomain;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * A domain that is not Forge, as small as the docs generator allows: one entity (Widget), one
 * index, one access pattern, one route. Not registered with ServiceLoader (its docs are not
 * committed); tests hand it to the generator directly. The facets the docs do not read are null.
 */
final class TinyDomain implements DevDomain {

  /** The model record of the one entity. */
  record Widget(String id, String colour) {}

  static final TableSchema SCHEMA = TableSchema.of(new Index(GSI1, "widgets by colour"));

  private static final Template WIDGET = Template.of("WIDGET#{id}");
  private static final Template COLOUR = Template.of("COLOUR#{colour}");

  /** The one access pattern. */
  static final DeclaredPattern WP01 = DeclaredPattern.of("WP01", "list the widgets of a colour",
      Calls.of(Operation.QUERY), KeyCondition.query(COLOUR).on(GSI1), "colour");

  static final Endpoint ROUTE = new Endpoint("GET", "/colours/{colour}/widgets",
      "dev.example.tiny.functions.widgets.ListWidgetsHandler", Auth.NONE, List.of(WP01),
      Set.of(DynamoAction.QUERY), Set.of(GSI1));

  static final Chart CHART = new Chart("Widget", null, Widget.class, Selector.always(),
      new KeyPair(new ChartKey(WIDGET, Map.of()), new ChartKey(WIDGET, Map.of())),
      Map.of(GSI1, new KeyPair(new ChartKey(COLOUR, Map.of()), new ChartKey(WIDGET, Map.of()))), false, false,
      List.of("one item per widget"),
      List.of(new Attribute("Colour", AttributeType.S, true, Mutability.FIXED, "the widget's colour")));

  @Override
  public String id() {
    return "tiny";
  }

  @Override
  public Domain domain() {
    return new Domain() {
      @Override
      public String name() {
        return "Tiny";
      }

      @Override
      public TableSchema schema() {
        return SCHEMA;
      }

      @Override
      public List<DeclaredPattern> accessPatterns() {
        return List.of(WP01);
      }

      @Override
      public List<Endpoint> endpoints() {
        return List.of(ROUTE);
      }

      @Override
      public List<StreamHandlerDeclaration> streams() {
        return List.of();
      }
    };
  }

  @Override
  public EntityModel entities() {
    return new EntityModel() {
      @Override
      public TableSchema schema() {
        return SCHEMA;
      }

      @Override
      public List<Chart> charts() {
        return List.of(CHART);
      }

      @Override
      public Map<String, Predicate<String>> segmentRules() {
        return Map.of("id", s -> !s.isEmpty(), "colour", s -> s.matches("[a-z]+"));
      }
    };
  }

  @Override
  public DocsDomain docs() {
    TinyDomain tiny = this;
    return new DocsDomain() {
      @Override
      public Domain domain() {
        return tiny.domain();
      }

      @Override
      public EntityModel entities() {
        return tiny.entities();
      }

      @Override
      public String folder() {
        return "docs/tiny";
      }

      @Override
      public List<Relationship> relationships() {
        return List.of();
      }

      @Override
      public String keySegments() {
        return "Key segments: `{id}` a ULID, `{colour}` a lower-case colour name.";
      }

      @Override
      public String erdNotes() {
        return "";
      }

      @Override
      public String routeSource() {
        return "TinyRoutes";
      }

      @Override
      public String optionalAuthUse() {
        return "nothing more";
      }

      @Override
      public ApiShape shape(Endpoint endpoint) {
        return ApiShape.list("the widgets of a colour", "Widget");
      }

      @Override
      public Map<String, Map<String, Object>> schemas() {
        return Map.of("Widget", JsonSchema.record("id", JsonSchema.string(), "colour", JsonSchema.string()));
      }

      @Override
      public Map<String, Object> pathParameter(String name) {
        return JsonSchema.pattern("^[a-z]+$");
      }

      @Override
      public String openApiSources() {
        return "TinyRoutes";
      }

      @Override
      public String contractIntro() {
        return "What the Tiny API promises.";
      }

      @Override
      public String requestBudget() {
        return "- Reads are one Query.";
      }

      @Override
      public String notFoundCase() {
        return "no such widget";
      }

      @Override
      public String conflictCase() {
        return "never: the API only reads";
      }

      @Override
      public String notFoundResponse() {
        return "no such widget";
      }

      @Override
      public String inputRulesIntro() {
        return "Every path parameter is checked before any request.";
      }

      @Override
      public List<InputRule> inputRules() {
        return List.of(new InputRule("colour", "lower-case letters"));
      }

      @Override
      public String permissions() {
        return "- Anyone may list widgets.";
      }

      @Override
      public String streamEffects() {
        return "None: Tiny has no stream consumers.";
      }
    };
  }

  @Override
  public LocalDomain local() {
    return null;
  }

  @Override
  public OpsDomain ops() {
    return null;
  }

  @Override
  public BenchDomain bench() {
    return null;
  }
}
