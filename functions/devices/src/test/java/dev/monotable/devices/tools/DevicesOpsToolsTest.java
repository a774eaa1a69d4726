package dev.monotable.devices.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.devices.Devices;
import dev.monotable.testing.TableOf;
import dev.monotable.devices.DevicesPattern;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.ops.AccessPatternCheck;
import dev.monotable.kit.ops.AccessPatternCheck.Result;
import dev.monotable.kit.ops.OpsDomain;
import dev.monotable.kit.ops.ReadPatternSet;
import dev.monotable.kit.ops.RequestCounter;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The kit's operator tools on Devices' demo data: test-access-patterns runs each read pattern with
 * exactly the requests its route makes (DemoDataTest holds every domain's demo data to its charts).
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Devices.class)
class DevicesOpsToolsTest {
  private static final OpsDomain OPS = new DevicesDev().ops();

  private final TestTable table;

  DevicesOpsToolsTest(TestTable table) {
    this.table = table;
  }

  @BeforeAll
  static void seed(TestTable table) {
    new DevicesDev().local().wire(table.gateway(Clock.systemUTC()), null).seedDemo();
  }

  @Test
  void testAccessPatterns_shouldRunEveryReadPattern_withTheRequestsItsRouteMakes() {
    RequestCounter counter = new RequestCounter();
    try (DynamoDbClient client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
        new DynamoDbLimitGuard(), counter)) {
      List<Result> results = AccessPatternCheck.check(OPS, client, counter, table.name(), AccessPatternCheck.parse(OPS));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int exit = AccessPatternCheck.report(OPS, results, new PrintStream(out, true, StandardCharsets.UTF_8));
      assertEquals(0, exit, out.toString(StandardCharsets.UTF_8));
      Map<AccessPatternSpec, String> calls = new LinkedHashMap<>();
      for (Result r : results) {
        calls.put(r.ap(), ReadPatternSet.operations(r.calls()) + " x" + r.calls().size());
      }
      Map<AccessPatternSpec, String> expected = new LinkedHashMap<>();
      expected.put(DevicesPattern.AP01, "GetItem x1");
      expected.put(DevicesPattern.AP02, "Query(GSI1) x1");
      expected.put(DevicesPattern.AP03, "GetItem x1");
      expected.put(DevicesPattern.AP04, "Query x1");
      expected.put(DevicesPattern.AP05, "Query(GSI1) x1");
      expected.put(DevicesPattern.AP09, "Query(GSI2) x8");
      expected.put(DevicesPattern.AP10, "BatchGetItem x1");
      expected.put(DevicesPattern.AP11, "Query(GSI2) x1");
      expected.put(DevicesPattern.AP14, "Query(GSI1) x1");
      expected.put(DevicesPattern.AP17, "Query(GSI2) x1");
      assertEquals(expected, calls);
    }
  }
}
