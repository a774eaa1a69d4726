package dev.monotable.blog.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.blog.functions.BlogServices;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchTable;
import dev.monotable.kit.bench.Invoker;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import dev.monotable.testing.TableOf;
import dev.monotable.blog.Blog;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The blog's request budget: each route's bench case (given or derived) makes exactly the requests
 * its pattern declares, so a new pattern is held to its declaration without an edit here. Every
 * blog pattern declares one call in sequence or none, which the expected list reads as it is.
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Blog.class)
class BlogRequestBudgetTest {

  @Test
  void everyRoute_shouldMakeExactlyItsDeclaredRequests(TestTable table) {
    BlogDev dev = new BlogDev();
    @SuppressWarnings("unchecked")
    BenchDomain<BlogServices> bench = (BenchDomain<BlogServices>) dev.bench();
    RequestRecorder recorder = new RequestRecorder();
    var client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
        new DynamoDbLimitGuard(), recorder);
    Invoker<BlogServices> invoker = new Invoker<>(BenchTable.wire(dev.local(), bench,
        new TableGateway(client, table.name(), table.cursors(), Clock.systemUTC())).load(bench), recorder);
    Map<String, List<String>> declared = new LinkedHashMap<>();
    Map<String, List<String>> measured = new LinkedHashMap<>();
    for (Endpoint e : Blog.DOMAIN.endpoints()) {
      declared.put(e.routeKey(), e.patterns().stream().flatMap(p -> p.calls().operations().stream())
          .map(Operation::apiName).toList());
    }
    for (BenchCase<BlogServices> c : bench.cases(Blog.DOMAIN)) {
      Invoker.Sample s = invoker.invoke(c);
      assertTrue(s.ok(), c.label() + " answered " + s.status() + ": " + s.body());
      measured.put(c.endpoint().routeKey(), s.calls().operations());
    }
    assertEquals(declared, measured);
    assertEquals(List.of("TransactWriteItems"), measured.get("PUT /users/{username}"));
  }
}
