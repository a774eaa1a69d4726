package dev.monotable.devices.ingest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.testing.TableOf;
import dev.monotable.devices.Devices;
import dev.monotable.devices.tools.DevicesDev;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.local.LocalService;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * scripts/ingest end to end, small: the Devices local service over HTTP, the fleet created through
 * the routes, every event written once, and the whole plan sent again writing nothing twice. Runs
 * once the domain serves the batch route ({@link Ingest#ROUTE}); until then it is skipped.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Devices.class)
class IngestServiceTest {

  @TempDir
  Path keysDir;

  @Test
  void ingest_shouldWriteEveryEventOnce_andARedeliveredPlanNothingTwice(TestTable testTable) throws Exception {
    assumeTrue(Devices.DOMAIN.endpoints().stream().anyMatch(e -> e.routeKey().equals(Ingest.ROUTE)),
        "the Devices domain does not serve " + Ingest.ROUTE + " yet");
    String table = "ingest-" + UUID.randomUUID().toString().substring(0, 8);
    LocalKeys keys = new LocalKeys(keysDir);
    long now = System.currentTimeMillis() / 1000;
    Function<String, String> tokens = u -> keys.signer().sign(LocalKeys.ISSUER, LocalKeys.AUDIENCE, u, now, now + 3600);
    IngestPlan plan = new IngestPlan(160, 3, Instant.now().truncatedTo(ChronoUnit.MILLIS));
    try (LocalService service = new LocalService(new DevicesDev().local()).start(new LocalService.Options(0,
        LocalDynamoDb.endpoint(), false, table, false, keys, testTable.client()))) {
      String base = service.api().baseUrl();
      Ingest.createFleet(plan, base, tokens, null);
      Ingest.Result first = Ingest.send(plan, 0, Ingest.http(base), tokens, null);
      assertEquals(160, first.written());
      assertEquals(0, first.failed(), first.firstFailure());
      assertEquals(Map.of(0, 54, 1, 53, 2, 53), eventsPerDevice(testTable, table));

      Ingest.Result again = Ingest.send(plan, 0, Ingest.http(base), tokens, null);
      assertEquals(0, again.failed(), again.firstFailure());
      assertEquals(Map.of(0, 54, 1, 53, 2, 53), eventsPerDevice(testTable, table), "nothing written twice");
    } finally {
      testTable.client().deleteTable(DeleteTableRequest.builder().tableName(table).build());
    }
  }

  private static Map<Integer, Integer> eventsPerDevice(TestTable t, String table) {
    Map<Integer, Integer> out = new java.util.TreeMap<>();
    for (int d = 0; d < 3; d++) {
      out.put(d, t.client().query(QueryRequest.builder().tableName(table)
          .keyConditionExpression("PK = :p AND begins_with(SK, :s)").expressionAttributeValues(Map.of(
              ":p", AttributeValue.fromS("USER#" + IngestPlan.user(0)),
              ":s", AttributeValue.fromS("DEVICE#" + IngestPlan.device(d) + "#EVENT#")))
          .select(Select.COUNT).build()).count());
    }
    return out;
  }
}
