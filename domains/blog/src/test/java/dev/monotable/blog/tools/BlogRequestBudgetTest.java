package dev.monotable.blog.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.blog.functions.BlogServices;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchTable;
import dev.monotable.kit.bench.Invoker;
import dev.monotable.kit.bench.RequestRecorder;
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

/** The blog's request budget: the exact DynamoDB requests of each route's bench case, pinned. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Blog.class)
class BlogRequestBudgetTest {

  @Test
  void everyRoute_shouldMakeExactlyItsPinnedRequests(TestTable table) {
    Map<String, List<String>> budget = new LinkedHashMap<>();
    budget.put("PUT /users/{username}", List.of("TransactWriteItems"));
    budget.put("GET /users/{username}", List.of("GetItem"));
    budget.put("GET /emails/{email}/user", List.of("Query"));
    budget.put("POST /users/{username}/posts", List.of("PutItem"));
    budget.put("GET /users/{username}/posts", List.of("Query"));
    budget.put("GET /users/{username}/posts/{post}", List.of("GetItem"));
    budget.put("PATCH /users/{username}/posts/{post}", List.of("UpdateItem"));
    budget.put("DELETE /users/{username}/posts/{post}", List.of("DeleteItem"));
    budget.put("GET /health", List.of());

    BlogDev dev = new BlogDev();
    @SuppressWarnings("unchecked")
    BenchDomain<BlogServices> bench = (BenchDomain<BlogServices>) dev.bench();
    RequestRecorder recorder = new RequestRecorder();
    var client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
        new DynamoDbLimitGuard(), recorder);
    Invoker<BlogServices> invoker = new Invoker<>(BenchTable.wire(dev.local(), bench,
        new TableGateway(client, table.name(), table.cursors(), Clock.systemUTC())).load(bench), recorder);
    Map<String, List<String>> measured = new LinkedHashMap<>();
    for (BenchCase<BlogServices> c : bench.cases()) {
      Invoker.Sample s = invoker.invoke(c);
      assertTrue(s.ok(), c.label() + " answered " + s.status() + ": " + s.body());
      measured.put(c.endpoint().routeKey(), s.calls().operations());
    }
    assertEquals(budget, measured);
  }
}
