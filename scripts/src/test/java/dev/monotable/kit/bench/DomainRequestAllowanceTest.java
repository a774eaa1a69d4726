package dev.monotable.kit.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.kit.tools.DevDomains;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;

/**
 * The request budget of every registered domain, from its declarations alone: each route has a
 * bench case (given or derived), each case answers successfully twice in a row, no read route makes more DynamoDB
 * requests than its access patterns allow ({@code AccessPatternSpec.requestAllowance()}) and no
 * route scans. A new domain is held to this without writing a test; Forge's exact per-route and
 * per-caller requests are pinned further in {@code ForgeRequestBudgetTest}, Devices' in
 * {@code DevicesRequestBudgetTest}.
 */
@ExtendWith(DynamoDbExtension.class)
class DomainRequestAllowanceTest {

  static Stream<String> domains() {
    return DevDomains.all().stream().map(DevDomain::id);
  }

  @ParameterizedTest
  @MethodSource("domains")
  void everyRoute_shouldAnswerWithinItsPatternsAllowance_givenOnlyTheDomainsDeclarations(String id, TestTable any)
      throws Exception {
    DevDomain domain = DevDomains.select(id);
    assertEquals(List.of(), BenchCase.uncovered(domain.domain(), domain.bench().cases(domain.domain())),
        "every route of " + id + " has a bench case");
    assertEquals(List.of(), measure(domain.local(), domain.bench(), any));
  }

  /** Each case invoked twice on a table of the domain's own schema: what went wrong, empty when nothing. */
  private static <S extends DomainServices> List<String> measure(LocalDomain local, BenchDomain<S> bench,
      TestTable any) {
    String name = "monotable-allowance-" + System.nanoTime();
    CreateTableRequest create = local.domain().schema().createTableRequest(name);
    any.client().createTable(create);
    List<String> problems = new ArrayList<>();
    PrintStream out = System.out;
    try {
      RequestRecorder recorder = new RequestRecorder();
      var client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
          new DynamoDbLimitGuard(), recorder);
      BenchTable<S> table = BenchTable.wire(local, bench,
          new TableGateway(client, name, any.cursors(), Clock.systemUTC())).load(bench);
      Invoker<S> invoker = new Invoker<>(table, recorder);
      // The handlers' log lines would drown the test output.
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      for (BenchCase<S> c : bench.cases(local.domain())) {
        for (int i = 0; i < 2; i++) {
          Invoker.Sample s = invoker.invoke(c);
          if (!s.ok()) {
            problems.add(c.label() + " answered " + s.status() + ": " + s.body());
          }
          // Reads are held to their allowance; a write may read first where its domain documents why.
          if (c.endpoint().readOnly() && s.calls().count() > c.allowance().requests()) {
            problems.add(c.label() + ": " + s.calls().count() + " requests " + s.calls().operations()
                + ", its patterns allow " + c.allowance().requests() + " (" + c.allowance().basis() + ")");
          }
          assertFalse(s.calls().operations().contains("Scan"), c.label() + " scans");
        }
      }
    } finally {
      System.setOut(out);
      any.client().deleteTable(DeleteTableRequest.builder().tableName(name).build());
    }
    return problems;
  }
}
