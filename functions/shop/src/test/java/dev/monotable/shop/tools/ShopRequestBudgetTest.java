package dev.monotable.shop.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchTable;
import dev.monotable.kit.bench.Invoker;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.shop.Shop;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Shop's request budget: the exact DynamoDB requests of each route's bench case, pinned. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class ShopRequestBudgetTest {

  @Test
  void everyRoute_shouldMakeExactlyItsPinnedRequests(TestTable table) {
    Map<String, List<String>> budget = new LinkedHashMap<>();
    budget.put("PUT /customers/{username}", List.of("TransactWriteItems"));
    budget.put("GET /customers/{username}", List.of("GetItem"));
    budget.put("GET /emails/{email}/customer", List.of("Query"));
    budget.put("POST /products", List.of("TransactWriteItems"));
    budget.put("GET /products/{product}", List.of("GetItem"));
    budget.put("GET /categories/{category}/products", List.of("Query"));
    budget.put("PUT /customers/{username}/cart/{product}", List.of("UpdateItem"));
    budget.put("DELETE /customers/{username}/cart/{product}", List.of("UpdateItem"));
    budget.put("GET /customers/{username}/cart", List.of("GetItem"));
    budget.put("POST /customers/{username}/orders", List.of("BatchGetItem", "BatchGetItem", "TransactWriteItems"));
    budget.put("GET /customers/{username}/orders/{order}", List.of("Query"));
    budget.put("GET /customers/{username}/orders", List.of("Query"));
    budget.put("PATCH /customers/{username}", List.of("GetItem", "TransactWriteItems"));
    budget.put("GET /customers", List.of("Query"));
    budget.put("GET /categories", List.of("Query"));
    budget.put("GET /search", List.of("Query"));
    budget.put("POST /products/{product}/reviews", List.of("TransactWriteItems"));
    budget.put("GET /products/{product}/reviews", List.of("Query"));
    budget.put("POST /customers/{username}/orders/{order}/status", List.of("UpdateItem"));
    budget.put("POST /orders/{order}/status", List.of("UpdateItem"));
    budget.put("GET /statuses/{status}/orders", List.of("Query"));
    budget.put("GET /sales/days", List.of("Query"));
    budget.put("GET /sales/months/{month}/products", List.of("Query"));
    budget.put("GET /health", List.of());

    ShopDev dev = new ShopDev();
    @SuppressWarnings("unchecked")
    BenchDomain<ShopServices> bench = (BenchDomain<ShopServices>) dev.bench();
    RequestRecorder recorder = new RequestRecorder();
    var client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
        new DynamoDbLimitGuard(), recorder);
    Invoker<ShopServices> invoker = new Invoker<>(BenchTable.wire(dev.local(), bench,
        new TableGateway(client, table.name(), table.cursors(), Clock.systemUTC())).load(bench), recorder);
    Map<String, List<String>> measured = new LinkedHashMap<>();
    for (BenchCase<ShopServices> c : bench.cases()) {
      Invoker.Sample s = invoker.invoke(c);
      assertTrue(s.ok(), c.label() + " answered " + s.status() + ": " + s.body());
      measured.put(c.endpoint().routeKey(), s.calls().operations());
    }
    assertEquals(budget, measured);
  }
}
