package dev.monotable.kit.local;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.cli.OpsMain;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;

/** What scripts/dev and scripts/token say and do around a start, against the test server. */
@ExtendWith(DynamoDbExtension.class)
class LocalServiceStartTest {
  /**
   * The kit's test domain served locally: every route answers the caller the local authorizer
   * handed it, and the demo data is one note, so a start that seeds shows in the table.
   */
  private static final LocalDomain NOTES = new LocalDomain() {
    @Override
    public Domain domain() {
      return TestDomain.DOMAIN;
    }

    @Override
    public Wiring wire(TableGateway table, JwtVerifier verifier) {
      return new Wiring() {
        @Override
        public RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> route(String handlerClass) {
          return (event, context) -> {
            var jwt = event.getRequestContext().getAuthorizer() == null ? null
                : event.getRequestContext().getAuthorizer().getJwt();
            return APIGatewayV2HTTPResponse.builder().withStatusCode(200)
                .withBody("caller " + (jwt == null ? null : jwt.getClaims().get("username"))).build();
          };
        }

        @Override
        public void seedDemo() {
          Key note = TestDomain.note("1");
          table.putIfAbsent(Map.of(TableSchema.PK, AttributeValue.fromS(note.pk()),
              TableSchema.SK, AttributeValue.fromS(note.sk()), TableSchema.TYPE, AttributeValue.fromS("Note")));
        }
      };
    }

    @Override
    public String demoSummary() {
      return "note 1";
    }

    @Override
    public List<String> examples(String baseUrl) {
      return List.of();
    }
  };

  @TempDir
  Path keysDir;

  private final ByteArrayOutputStream said = new ByteArrayOutputStream();
  private final PrintStream log = new PrintStream(said, true, StandardCharsets.UTF_8);

  private LocalService.Options options(int port, URI engine, TestTable table, String tableName, boolean seed) {
    return new LocalService.Options(port, engine, false, tableName, seed, new LocalKeys(keysDir), table.client());
  }

  @Test
  void token_shouldBeAccepted_byAServiceOnAnyPort(TestTable table) throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    assertEquals(0, TokenCli.run(new String[] {"alice"}, new LocalKeys(keysDir),
        new PrintStream(printed, true, StandardCharsets.UTF_8)));
    String token = printed.toString(StandardCharsets.UTF_8).strip();

    // GIVEN a service on a random port (not 3000), sharing only the key folder with scripts/token
    try (LocalService service = new LocalService(NOTES).start(options(0, LocalDynamoDb.endpoint(), table, table.name(),
        false))) {
      assertNotEquals(LocalService.DEFAULT_PORT, service.api().port());
      // WHEN alice calls a REQUIRED route with the token
      HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
              URI.create(service.api().baseUrl() + "/notes/n1"))
          .header("authorization", "Bearer " + token).PUT(HttpRequest.BodyPublishers.ofString("{}")).build(),
          HttpResponse.BodyHandlers.ofString());
      // THEN the authorizer lets her through to the handler with her claims, not a 401
      assertEquals(200, r.statusCode(), r.body());
      assertEquals("caller alice", r.body());
    }
    // and the token names the port-independent issuer, signed by the key in the folder
    assertEquals("alice", new JwtVerifier(LocalKeys.ISSUER, LocalKeys.AUDIENCE,
        new LocalKeys(keysDir).signer()::jwks, Clock.systemUTC()).verify(token).username());
  }

  @Test
  void token_shouldCarryTheGroupsAsked_inCognitosClaim_andRefuseAMalformedGroup() {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    assertEquals(0, TokenCli.run(new String[] {"ops", "--group", "operators"}, new LocalKeys(keysDir),
        new PrintStream(printed, true, StandardCharsets.UTF_8)));
    var claims = new JwtVerifier(LocalKeys.ISSUER, LocalKeys.AUDIENCE, new LocalKeys(keysDir).signer()::jwks,
        Clock.systemUTC()).verify(printed.toString(StandardCharsets.UTF_8).strip());
    assertEquals("ops", claims.username());
    assertEquals(java.util.List.of("operators"), claims.all().get(dev.monotable.kit.auth.Claims.GROUPS));
    assertThrows(dev.monotable.kit.cli.UsageException.class, () -> TokenCli.run(new String[] {"ops", "--group", "a b"},
        new LocalKeys(keysDir), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
    assertThrows(dev.monotable.kit.cli.UsageException.class, () -> TokenCli.run(new String[] {"ops", "--group"},
        new LocalKeys(keysDir), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
  }

  @Test
  void start_shouldRefuseABusyPort_beforeCreatingTheTable(TestTable table) throws Exception {
    String fresh = "monotable-never-" + UUID.randomUUID().toString().substring(0, 8);
    try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      OpsMain.Failure f = assertThrows(OpsMain.Failure.class, () -> new LocalService(NOTES, log)
          .start(options(busy.getLocalPort(), LocalDynamoDb.endpoint(), table, fresh, true)));
      assertTrue(f.getMessage().startsWith("port " + busy.getLocalPort() + " is in use"), f.getMessage());
    }
    assertThrows(ResourceNotFoundException.class, () -> table.client().describeTable(b -> b.tableName(fresh)));
  }

  @Test
  void start_shouldSaySeedingIsSkipped_whenTheTableAlreadyExists(TestTable table) throws Exception {
    try (LocalService service = new LocalService(NOTES, log).start(options(0, LocalDynamoDb.endpoint(), table, table.name(),
        true))) {
      assertTrue(said().contains("table " + table.name() + " already exists: keeping its items, not seeding "
          + "(scripts/seed --reset starts it over)"), said());
      assertTrue(table.scanAll().isEmpty(), "a restart writes nothing");
    }
  }

  @Test
  void start_shouldSaySeedingIsOff_withNoSeed(TestTable table) throws Exception {
    try (LocalService service = new LocalService(NOTES, log).start(options(0, LocalDynamoDb.endpoint(), table, table.name(),
        false))) {
      assertTrue(said().contains("table " + table.name() + " exists; not seeding (--no-seed)"), said());
    }
  }

  @Test
  void start_shouldSayTheEngineMustRun_andFail_whenNothingAnswersThere(TestTable table) throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort();
    }
    URI engine = URI.create("http://127.0.0.1:" + port);
    OpsMain.Failure f = assertThrows(OpsMain.Failure.class,
        () -> new LocalService(NOTES, log).start(options(0, engine, table, table.name(), true)));
    assertTrue(said().contains("using the DynamoDB engine at " + engine + " (DYNAMODB_ENDPOINT); it must already be "
        + "running"), said());
    assertTrue(f.getMessage().startsWith("nothing answers at " + engine), f.getMessage());
  }

  @Test
  void enginePort_is8000_elseAFreeOneSaidSo_orTheOneChosen_whichMustBeFree() {
    assertEquals(new LocalService.EnginePort(8000, null), LocalService.enginePort(null, port -> false));
    LocalService.EnginePort taken = LocalService.enginePort(" ", port -> port == 8000);
    assertEquals(0, taken.port(), "the engine takes a free port itself, with no race");
    assertEquals("port 8000 was in use, so the engine took a free one; MONOTABLE_ENGINE_PORT chooses one", taken.why());
    assertEquals(new LocalService.EnginePort(8123, "MONOTABLE_ENGINE_PORT"), LocalService.enginePort("8123", port -> port == 8000));
    assertEquals(new LocalService.EnginePort(8000, null), LocalService.enginePort("8000", port -> false));
    OpsMain.Failure busy = assertThrows(OpsMain.Failure.class, () -> LocalService.enginePort("8123", port -> true));
    assertEquals("port 8123 (MONOTABLE_ENGINE_PORT) is in use; stop what runs there, choose another port, "
        + "or set DYNAMODB_ENDPOINT=http://127.0.0.1:8123 to use that engine", busy.getMessage());
    assertThrows(dev.monotable.kit.cli.UsageException.class, () -> LocalService.enginePort("http", port -> false));
  }

  @Test
  void start_shouldLaunchTheEngineOnAFreePort_andSaySo_when8000IsTaken() throws Exception {
    ServerSocket holder = null;
    if (!dev.monotable.kit.engine.LocalEngine.listening(LocalService.ENGINE_PORT)) {
      holder = new ServerSocket(LocalService.ENGINE_PORT, 1, InetAddress.getLoopbackAddress());
    }
    String fresh = "monotable-free-port-" + UUID.randomUUID().toString().substring(0, 8);
    try (LocalService service = new LocalService(NOTES, log).start(new LocalService.Options(0, null, true, fresh, true,
        new LocalKeys(keysDir), null))) {
      int port = URI.create(service.endpoint()).getPort();
      assertNotEquals(LocalService.ENGINE_PORT, port);
      assertTrue(said().contains("starting the local engine (scripts/engine) on a free port (8000 is in use)"), said());
      assertTrue(said().contains("created table " + fresh + "; seeding the demo data (note 1)"), said());
      assertEquals("(port 8000 was in use, so the engine took a free one; MONOTABLE_ENGINE_PORT chooses one; "
          + "the tools need DYNAMODB_ENDPOINT=http://127.0.0.1:" + port + ")", service.engineNote());
    } finally {
      if (holder != null) {
        holder.close();
      }
    }
  }

  private String said() {
    return said.toString(StandardCharsets.UTF_8);
  }
}
