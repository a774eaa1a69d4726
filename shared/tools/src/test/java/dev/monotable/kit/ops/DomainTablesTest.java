package dev.monotable.kit.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.charts.ChartTypes.Chart;
import dev.monotable.kit.charts.EntityModel;
import dev.monotable.kit.cli.OpsMain;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.DomainTables;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;

/**
 * Each domain's tools work on the domain's own table, and refuse a table that holds another
 * domain's items: told by the table's {@value DomainTables#TAG} tag (DescribeTable and
 * ListTagsOfResource, no Scan). Two small domains of this test, Alpha and Beta; no registered domain.
 */
@ExtendWith(DynamoDbExtension.class)
class DomainTablesTest {

  static final Domain ALPHA = domain("Alpha");
  static final Domain BETA = domain("Beta");
  static final Map<String, OpsDomain> OPS = Map.of("alpha", ops(ALPHA), "beta", ops(BETA));

  /** Each domain's own table for this run (the tools' default when TABLE_NAME is unset). */
  static final String SUFFIX = UUID.randomUUID().toString().substring(0, 8);
  static final Function<String, String> LOCAL_TABLES = id -> DomainTables.localName((id == null ? "alpha" : id)
      + "-" + SUFFIX);

  @BeforeAll
  static void createEachDomainsTable(TestTable any) {
    DomainTables.create(any.client(), ALPHA, LOCAL_TABLES.apply("alpha"));
    DomainTables.create(any.client(), BETA, LOCAL_TABLES.apply("beta"));
  }

  @AfterAll
  static void deleteThem(TestTable any) {
    for (String id : List.of("alpha", "beta")) {
      any.client().deleteTable(DeleteTableRequest.builder().tableName(LOCAL_TABLES.apply(id)).build());
    }
  }

  @Test
  void create_shouldTagTheTableWithItsDomain_andHolderShouldReadTheTagBack(TestTable any) {
    assertEquals(Optional.of("Alpha"), DomainTables.holder(any.client(), LOCAL_TABLES.apply("alpha")));
    assertEquals(Optional.of("Beta"), DomainTables.holder(any.client(), LOCAL_TABLES.apply("beta")));
  }

  @Test
  void requireHolds_shouldAcceptTheDomainsOwnTable_andAnUntaggedOne(TestTable untagged) {
    DomainTables.requireHolds(untagged.client(), LOCAL_TABLES.apply("alpha"), ALPHA);
    assertEquals(Optional.empty(), DomainTables.holder(untagged.client(), untagged.name()));
    DomainTables.requireHolds(untagged.client(), untagged.name(), BETA);
  }

  @Test
  void requireHolds_shouldRefuseAnotherDomainsTable_namingBothDomainsAndTheWayOut(TestTable any) {
    OpsMain.Failure refused = assertThrows(OpsMain.Failure.class,
        () -> DomainTables.requireHolds(any.client(), LOCAL_TABLES.apply("alpha"), BETA));
    assertEquals("table " + LOCAL_TABLES.apply("alpha") + " holds Alpha's items (tag monotable:domain=Alpha), not "
        + "Beta's: use --domain alpha for it, or give Beta its own table (unset TABLE_NAME for Beta's default, or "
        + "name another)", refused.getMessage());
  }

  @Test
  void localName_shouldBeMonotableLocalDashId() {
    assertEquals("monotable-local-devices", DomainTables.localName("devices"));
    assertEquals("monotable-local-blog", DomainTables.localName("Blog"));
  }

  @Test
  void environment_shouldDefaultToTheDomainsOwnTable_andTakeTableNameWhenSet() {
    assertEquals("monotable-local-beta", OpsEnvironment.of(null, null, "monotable-local-beta", "eu-west-1").table());
    assertEquals("mine", OpsEnvironment.of(null, " mine ", "monotable-local-beta", "eu-west-1").table());
    assertEquals(OpsEnvironment.DEFAULT_ENDPOINT, OpsEnvironment.of(null, null, "t", "eu-west-1").endpoint().toString());
    assertTrue(OpsEnvironment.of("aws", null, "t", "eu-west-1").aws());
  }

  /** validate, explore and test-access-patterns, each by its command line as the scripts run it. */
  enum Tool {
    VALIDATE(ValidateTool::execute), EXPLORE(ExploreTool::execute), TEST_ACCESS_PATTERNS(AccessPatternCheck::execute);

    interface Execute {
      int run(String[] args, Function<String, OpsDomain> domains, Function<String, OpsEnvironment> environments,
          PrintStream out, PrintStream err);
    }

    final Execute execute;

    Tool(Execute execute) {
      this.execute = execute;
    }

    String[] args(String... more) {
      List<String> a = new java.util.ArrayList<>(this == EXPLORE ? List.of("item", "NOTE#1") : List.of());
      a.addAll(List.of(more));
      return a.toArray(String[]::new);
    }
  }

  /** What one run printed and returned. */
  record Run(int status, String out, String err) {}

  static Run run(Tool tool, Function<String, String> tableOf, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    // TABLE_NAME unset: the environment's table is the chosen domain's own (tableOf), at the test engine.
    int status = tool.execute.run(tool.args(args), id -> OPS.get(id == null ? "alpha" : id),
        id -> OpsEnvironment.of(LocalDynamoDb.endpoint().toString(), null, tableOf.apply(id), DynamoDbExtension.region()),
        new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void everyTool_shouldWorkOnTheChosenDomainsOwnTable_byDefault() {
    for (Tool tool : Tool.values()) {
      Run beta = run(tool, LOCAL_TABLES, "--domain", "beta");
      assertTrue(beta.out().contains("table " + LOCAL_TABLES.apply("beta") + " at "), tool + ": " + beta);
      assertTrue(!beta.err().contains("holds"), tool + ": " + beta);
      Run alpha = run(tool, LOCAL_TABLES);
      assertTrue(alpha.out().contains("table " + LOCAL_TABLES.apply("alpha") + " at "), tool + ": " + alpha);
    }
  }

  @Test
  void everyTool_shouldRefuseATableHoldingAnotherDomainsItems_withExitOneAndOneLine() {
    for (Tool tool : Tool.values()) {
      // GIVEN Beta's tool pointed at Alpha's table (TABLE_NAME=<alpha's table>, say)
      Run r = run(tool, id -> LOCAL_TABLES.apply("alpha"), "--domain", "beta");
      // THEN it stops before reading anything, naming both domains
      assertEquals(1, r.status(), tool + ": " + r);
      assertEquals("", r.out(), tool + ": nothing read, nothing printed");
      assertTrue(r.err().startsWith("error: table " + LOCAL_TABLES.apply("alpha") + " holds Alpha's items"), tool + ": " + r);
      assertEquals(1, r.err().strip().lines().count(), tool + ": " + r);
    }
  }

  private static Domain domain(String name) {
    return new Domain() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public TableSchema schema() {
        return TableSchema.of();
      }

      @Override
      public List<? extends AccessPatternSpec> accessPatterns() {
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
  }

  private static OpsDomain ops(Domain d) {
    EntityModel entities = new EntityModel() {
      @Override
      public TableSchema schema() {
        return d.schema();
      }

      @Override
      public List<Chart> charts() {
        return List.of();
      }

      @Override
      public Map<String, Predicate<String>> segmentRules() {
        return Map.of();
      }
    };
    return new OpsDomain() {
      @Override
      public Domain domain() {
        return d;
      }

      @Override
      public EntityModel entities() {
        return entities;
      }

      @Override
      public List<ReadPattern> readPatterns() {
        return List.of();
      }

      @Override
      public BackfillRules backfill() {
        return null;
      }

      @Override
      public List<CounterCheck> counters() {
        return List.of();
      }

      @Override
      public void scaleData(long seed, int n, Consumer<Map<String, AttributeValue>> sink) {
      }
    };
  }
}
