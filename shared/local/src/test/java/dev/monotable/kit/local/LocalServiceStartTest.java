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

  private String said() {
    return said.toString(StandardCharsets.UTF_8);
  }
}
