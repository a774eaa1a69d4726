package dev.monotable.kit.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.ops.AccessPatternCheck.Result;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.streams.DynamoDbStreamsClient;

/**
 * Every registered domain's demo data, as {@code scripts/seed} loads it (the stream functions
 * run over it once, as {@code scripts/dev}'s do): each item is true to its entity's chart ({@code scripts/validate}), and every read access pattern
 * ({@code scripts/test-access-patterns}) answers its sample with at least one item, within its
 * request budget. A sample that misses the demo data would check nothing: a read pattern that
 * answers nothing here is a failure, so a domain's samples and demo data stay in step.
 */
class DemoDataTest {

  @ParameterizedTest
  @MethodSource("dev.monotable.kit.checks.RegisteredDomains#devDomains")
  void demoData_shouldBeTrueToTheCharts_andAnswerEveryReadPattern(DevDomain dev) {
    String name = "monotable-test-demo-" + dev.id() + "-" + UUID.randomUUID().toString().substring(0, 8);
    try (DynamoDbClient admin = DynamoDbExtension.newClient();
        DynamoDbStreamsClient streams = DynamoDbClients.streams(LocalDynamoDb.endpoint(), DynamoDbExtension.region())) {
      ByteArrayOutputStream seeded = new ByteArrayOutputStream();
      try {
        DynamoDbLimitGuard.allowScan(true); // seed is an operator tool: it counts what it wrote with a Scan
        int exit;
        try {
          exit = SeedTool.run(dev.local(), dev.ops(), admin, streams, name,
              new PrintStream(seeded, true, StandardCharsets.UTF_8), SeedTool.parse());
        } finally {
          DynamoDbLimitGuard.allowScan(false);
        }
        assertEquals(0, exit, seeded.toString(StandardCharsets.UTF_8));
        TestTable table = new TestTable(admin, name);
        assertValid(dev.ops(), table);
        assertEveryReadAnswers(dev.ops(), name);
      } finally {
        admin.deleteTable(DeleteTableRequest.builder().tableName(name).build());
      }
    }
  }

  private static void assertValid(OpsDomain ops, TestTable table) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    DynamoDbLimitGuard.allowScan(true); // the validator is an operator tool: it scans
    try {
      int exit = ValidateTool.run(ops, table.client(), table.name(), new PrintStream(out, true, StandardCharsets.UTF_8),
          ValidateTool.parse());
      assertEquals(0, exit, out.toString(StandardCharsets.UTF_8));
    } finally {
      DynamoDbLimitGuard.allowScan(false);
    }
  }

  private static void assertEveryReadAnswers(OpsDomain ops, String table) {
    RequestCounter counter = new RequestCounter();
    try (DynamoDbClient client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
        new DynamoDbLimitGuard(), counter)) {
      List<Result> results = AccessPatternCheck.check(ops, client, counter, table, AccessPatternCheck.parse(ops));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int exit = AccessPatternCheck.report(ops, results, new PrintStream(out, true, StandardCharsets.UTF_8));
      String report = out.toString(StandardCharsets.UTF_8);
      assertEquals(0, exit, report);
      assertFalse(results.isEmpty(), report);
      List<String> empty = results.stream().filter(r -> r.items() == 0).map(r -> r.ap().name()).toList();
      assertTrue(empty.isEmpty(), "read patterns whose sample answers nothing on the demo data: " + empty
          + "; give them samples the demo data holds\n" + report);
    }
  }
}
