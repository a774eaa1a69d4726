package dev.monotable.kit.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.docs.DocsDomain;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.json.Json;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;

/**
 * The kit's local runtime serves a domain it knows only by its declarations: a tiny domain of one
 * entity (Note) and one route ({@code GET /notes/{id}}) answered by a test handler, started through
 * {@link LocalService} on its own table and called over real HTTP. Nothing here is Forge.
 */
@ExtendWith(DynamoDbExtension.class)
class TinyDomainServiceTest {

  /** The tiny domain's one access pattern. */
  static final DeclaredPattern NP01 = DeclaredPattern.of("NP01", "get a note", Calls.of(Operation.GET_ITEM),
      KeyCondition.get(Template.of("NOTE#{id}"), Template.of("NOTE#{id}")), "id");

  static final String HANDLER = "tiny.GetNoteHandler";

  static final Domain TINY = new Domain() {
    @Override
    public String name() {
      return "Tiny";
    }

    @Override
    public TableSchema schema() {
      return TableSchema.of();
    }

    @Override
    public List<DeclaredPattern> accessPatterns() {
      return List.of(NP01);
    }

    @Override
    public List<Endpoint> endpoints() {
      return List.of(new Endpoint("GET", "/notes/{id}", HANDLER, Auth.NONE, List.of(NP01),
          Set.of(DynamoAction.GET_ITEM), Set.of()));
    }

    @Override
    public List<StreamHandlerDeclaration> streams() {
      return List.of();
    }
  };

  /** {@code GET /notes/{id}}: the Note item through the table gateway, or 404. */
  static final class GetNoteHandler implements RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> {
    private final TableGateway table;

    GetNoteHandler(TableGateway table) {
      this.table = table;
    }

    @Override
    public APIGatewayV2HTTPResponse handleRequest(APIGatewayV2HTTPEvent event, Context context) {
      String id = event.getPathParameters().get("id");
      return table.get(new Key("NOTE#" + id, "NOTE#" + id))
          .map(item -> APIGatewayV2HTTPResponse.builder().withStatusCode(200)
              .withHeaders(Map.of("content-type", "application/json"))
              .withBody(Json.write(Map.of("id", id, "text", item.get("Text").s(),
                  "route", event.getRouteKey()))).build())
          .orElseGet(() -> APIGatewayV2HTTPResponse.builder().withStatusCode(404).withBody("{}").build());
    }
  }

  /** The tiny domain as the kit's dev-time programs would find it; only its local facet is used here. */
  static final class TinyDev implements DevDomain {
    @Override
    public Domain domain() {
      return TINY;
    }

    @Override
    public LocalDomain local() {
      return new LocalDomain() {
        @Override
        public Domain domain() {
          return TINY;
        }

        @Override
        public Wiring wire(TableGateway table, JwtVerifier verifier) {
          return new Wiring() {
            @Override
            public RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> route(String handlerClass) {
              if (!handlerClass.equals(HANDLER)) {
                throw new IllegalArgumentException("no handler " + handlerClass);
              }
              return new GetNoteHandler(table);
            }

            @Override
            public RequestHandler<DynamodbEvent, StreamsEventResponse> stream(String handlerClass) {
              throw new IllegalArgumentException("no stream handler " + handlerClass);
            }

            @Override
            public void seedDemo() {
              table.putIfAbsent(Map.of("PK", AttributeValue.fromS("NOTE#1"), "SK", AttributeValue.fromS("NOTE#1"),
                  "Type", AttributeValue.fromS("Note"), "Text", AttributeValue.fromS("hello, kit")));
            }
          };
        }

        @Override
        public String demoSummary() {
          return "note 1";
        }

        @Override
        public List<String> examples(String baseUrl) {
          return List.of("curl -s " + baseUrl + "/notes/1");
        }
      };
    }

    @Override
    public EntityModel entities() {
      return null; // not used by the local service
    }

    @Override
    public OpsDomain ops() {
      return null; // not used by the local service
    }

    @Override
    public DocsDomain docs() {
      return null; // not used by the local service
    }

    @Override
    public BenchDomain<?> bench() {
      return null; // not used by the local service
    }
  }

  @TempDir
  Path keysDir;

  @Test
  void localService_shouldServeATinyDomainsRoute_givenOnlyItsDeclarations(TestTable testTable) throws Exception {
    // GIVEN the tiny domain's service on a new table of its own (created from its schema, seeded with its note)
    String table = "monotable-tiny-" + UUID.randomUUID().toString().substring(0, 8);
    DevDomain tiny = new TinyDev();
    try (LocalService service = new LocalService(tiny.local()).start(new LocalService.Options(0,
        LocalDynamoDb.endpoint(), false, table, true, new LocalKeys(keysDir), testTable.client()))) {
      HttpClient http = HttpClient.newHttpClient();

      // WHEN a client GETs the note over HTTP
      HttpResponse<String> found = http.send(HttpRequest.newBuilder(URI.create(service.api().baseUrl() + "/notes/1"))
          .build(), HttpResponse.BodyHandlers.ofString());

      // THEN the tiny handler answers it from the table, with the route key API Gateway would send
      assertEquals(200, found.statusCode(), found.body());
      assertEquals(Map.of("id", "1", "text", "hello, kit", "route", "GET /notes/{id}"), Json.readObject(found.body()));
      // and the kit's routing applies to the tiny routes as to any domain's
      assertEquals(404, http.send(HttpRequest.newBuilder(URI.create(service.api().baseUrl() + "/notes/2")).build(),
          HttpResponse.BodyHandlers.ofString()).statusCode());
      assertEquals(404, http.send(HttpRequest.newBuilder(URI.create(service.api().baseUrl() + "/repos/a/b/issues"))
          .build(), HttpResponse.BodyHandlers.ofString()).statusCode(), "no Forge route is served");
      assertEquals(405, http.send(HttpRequest.newBuilder(URI.create(service.api().baseUrl() + "/notes/1"))
          .DELETE().build(), HttpResponse.BodyHandlers.ofString()).statusCode());
      assertTrue(testTable.client().describeTable(DescribeTableRequest.builder().tableName(table).build())
          .table().globalSecondaryIndexes().isEmpty(), "the table has the tiny schema: no index");
    } finally {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }
  }

  // The local service built its client with the handler's deadlines (2 s an attempt, 3 s a call): on a
  // loaded machine the engine answered later and the service said 503 "retry" while the write applied.
  @Test
  void localService_shouldWaitForASlowEngine_insteadOfAnswering503(TestTable testTable) throws Exception {
    String table = "monotable-tiny-" + UUID.randomUUID().toString().substring(0, 8);
    try (dev.monotable.kit.testing.FaultProxy slow = new dev.monotable.kit.testing.FaultProxy(LocalDynamoDb.endpoint());
        LocalService service = new LocalService(new TinyDev().local()).start(new LocalService.Options(0,
            slow.endpoint(), false, table, true, new LocalKeys(keysDir), null))) {
      // GIVEN an engine that takes 4 s to answer each GetItem (more than the handler's 3 s call deadline)
      slow.rule((op, n) -> op.equals("GetItem")
          ? dev.monotable.kit.testing.FaultProxy.Fault.DELAY : dev.monotable.kit.testing.FaultProxy.Fault.PASS, 4_000);
      // WHEN a client GETs the note through the service's own client
      HttpResponse<String> found = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
          URI.create(service.api().baseUrl() + "/notes/1")).build(), HttpResponse.BodyHandlers.ofString());
      // THEN the service waited for the answer
      assertEquals(200, found.statusCode(), found.body());
      assertEquals("hello, kit", Json.readObject(found.body()).get("text"));
    } finally {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }
  }

  @Test
  void start_shouldTagTheTableItCreates_andRefuseATableHoldingAnotherDomainsItems(TestTable testTable)
      throws Exception {
    String table = "monotable-tiny-" + UUID.randomUUID().toString().substring(0, 8);
    try {
      // GIVEN the table scripts/dev made for another domain (tagged with that domain's name)
      Domain other = new Domain() {
        @Override
        public String name() {
          return "Other";
        }

        @Override
        public TableSchema schema() {
          return TableSchema.of();
        }

        @Override
        public List<DeclaredPattern> accessPatterns() {
          return List.of();
        }

        @Override
        public List<Endpoint> endpoints() {
          return List.of();
        }

        @Override
        public List<StreamHandlerDeclaration> streams() {
          return List.of();
        }
      };
      DomainTables.create(testTable.client(), other, table);
      // WHEN the tiny domain's service starts on it (scripts/dev --domain tiny with TABLE_NAME=<it>)
      dev.monotable.kit.cli.OpsMain.Failure refused = assertThrows(dev.monotable.kit.cli.OpsMain.Failure.class,
          () -> new LocalService(new TinyDev().local()).start(new LocalService.Options(0, LocalDynamoDb.endpoint(),
              false, table, true, new LocalKeys(keysDir), testTable.client())));
      // THEN it refuses before seeding or serving, naming whose the table is
      assertTrue(refused.getMessage().startsWith("table " + table + " holds Other's items"), refused.getMessage());
      assertFalse(testTable.client().getItem(b -> b.tableName(table).key(new Key("NOTE#1", "NOTE#1").toMap()))
          .hasItem(), "nothing seeded");
    } finally {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }
    // and a table the service creates carries the tiny domain's tag
    String own = "monotable-tiny-" + UUID.randomUUID().toString().substring(0, 8);
    try (LocalService service = new LocalService(new TinyDev().local()).start(new LocalService.Options(0,
        LocalDynamoDb.endpoint(), false, own, false, new LocalKeys(keysDir), testTable.client()))) {
      assertEquals(java.util.Optional.of("Tiny"), DomainTables.holder(testTable.client(), own));
    } finally {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(own).build());
    }
  }

  @Test
  void table_shouldBeTheDomainsOwn_unlessTableNameIsSet() {
    assertEquals("monotable-local-tiny", LocalService.table(null, true, "tiny", DomainTables::localName));
    assertEquals("monotable-local-tiny", LocalService.table(null, false, "tiny", DomainTables::localName));
    assertEquals("mine", LocalService.table("mine", true, "tiny", DomainTables::localName));
    assertEquals("mine-tiny", LocalService.table("mine", false, "tiny", DomainTables::localName));
  }

  @Test
  void start_shouldFail_whenTheDomainHasNoHandlerForARoute(TestTable testTable) {
    String table = "monotable-tiny-" + UUID.randomUUID().toString().substring(0, 8);
    LocalDomain broken = new LocalDomain() {
      @Override
      public Domain domain() {
        return TINY;
      }

      @Override
      public Wiring wire(TableGateway gateway, JwtVerifier verifier) {
        Wiring real = new TinyDev().local().wire(gateway, verifier);
        return new Wiring() {
          @Override
          public RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> route(String handlerClass) {
            return real.route(handlerClass + "Missing");
          }

          @Override
          public RequestHandler<DynamodbEvent, StreamsEventResponse> stream(String handlerClass) {
            return real.stream(handlerClass);
          }

          @Override
          public void seedDemo() {
            real.seedDemo();
          }
        };
      }

      @Override
      public String demoSummary() {
        return "";
      }

      @Override
      public List<String> examples(String baseUrl) {
        return List.of();
      }
    };
    try {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new LocalService(broken)
          .start(new LocalService.Options(0, LocalDynamoDb.endpoint(), false, table, false, new LocalKeys(keysDir),
              testTable.client())));
      assertTrue(e.getMessage().contains(HANDLER), e.getMessage());
      assertFalse(e.getMessage().isBlank());
    } finally {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }
  }
}
