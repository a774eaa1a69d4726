package dev.monotable.shop.functions.streams;

import static dev.monotable.testing.ExpectedItems.item;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent.DynamodbStreamRecord;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.stream.JsonLinesOutlet;
import dev.monotable.kit.stream.Outlet;
import dev.monotable.shop.Shop;
import dev.monotable.shop.functions.ShopServices;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TableOf;
import dev.monotable.testing.TestTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** ST3 against the local engine: each new order handed to the outlet once, however often its record comes. */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Shop.class)
class ConfirmationHandlerTest {
  private static final String T0 = "2094-02-03T04:05:06.000Z";

  private final TestTable table;
  private final MutableClock clock = MutableClock.at(T0);
  private final ShopServices services;

  ConfirmationHandlerTest(TestTable table) {
    this.table = table;
    this.services = new ShopServices(table.gateway(clock), null);
  }

  private String order(String username, long quantity) {
    String p = (String) services.products().create("confirm-test", "Pen", null, 100, 50).get("product");
    dev.monotable.shop.TestCustomers.ensure(services.table(), username);
    services.carts().put(username, p, quantity);
    return (String) services.orders().checkout(username, null).get("order");
  }

  private DynamodbStreamRecord insert(String order) {
    return SalesHandlerTest.record("INSERT", null, table.item(new Key("ORDER#" + order, "ORDER#" + order))
        .orElseThrow());
  }

  @Test
  void eachNewOrder_shouldReachTheOutletOnce_whenItsRecordsComeTwice_withItsReceipt(@TempDir Path dir) {
    String a = order("amy", 2);
    String b = order("bob", 3);
    JsonLinesOutlet outlet = new JsonLinesOutlet(dir.resolve("OrderConfirmations.jsonl"));
    ConfirmationHandler handler = new ConfirmationHandler(services, outlet);
    List<DynamodbStreamRecord> batch = List.of(insert(a), insert(b));

    assertEquals(List.of(), failures(handler.handleRequest(event(batch), null)));
    assertEquals(List.of(), failures(handler.handleRequest(event(batch), null)), "the batch again");
    assertEquals(List.of(), failures(handler.handleRequest(event(List.of(insert(b))), null)), "b once more");

    List<Map<String, Object>> lines = outlet.lines();
    assertEquals(List.of(a, b), lines.stream().map(l -> l.get("id")).toList(), "one message per order");
    assertEquals(Map.of("order", a, "username", "amy", "totalCents", 200, "lineCount", 1, "placedAt", T0),
        lines.get(0).get("message"));
    assertEquals("amy", lines.get(0).get("group"));
    assertEquals(item("PK", "ORDER#" + a, "SK", "CONFIRMATION", "Type", "OrderConfirmation", "OrderId", a,
        "Outlet", "OrderConfirmations", "CreatedAt", T0, "UpdatedAt", T0, "SchemaVersion", 1),
        table.item(new Key("ORDER#" + a, "CONFIRMATION")).orElseThrow());
    assertEquals(1, ((List<?>) services.orders().byId("amy", a).get("lines")).size(), "S11 reads the order and its line, not the receipt");
  }

  @Test
  void aFailedSend_shouldBeReportedAndLeaveNoReceipt_soTheRedeliverySendsIt(@TempDir Path dir) {
    String c = order("cid", 1);
    JsonLinesOutlet file = new JsonLinesOutlet(dir.resolve("OrderConfirmations.jsonl"));
    List<String> attempts = new ArrayList<>();
    Outlet flaky = (id, group, json) -> {
      attempts.add(id);
      if (attempts.size() == 1) {
        throw new IllegalStateException("the queue is unreachable");
      }
      file.send(id, group, json);
    };
    ConfirmationHandler handler = new ConfirmationHandler(services, flaky);
    DynamodbStreamRecord record = insert(c);

    assertEquals(List.of(record.getDynamodb().getSequenceNumber()),
        failures(handler.handleRequest(event(List.of(record)), null)), "reported: Lambda delivers it again");
    assertTrue(table.item(new Key("ORDER#" + c, "CONFIRMATION")).isEmpty(), "no receipt without a send");
    assertEquals(List.of(), failures(handler.handleRequest(event(List.of(record)), null)));
    assertEquals(List.of(c), file.lines().stream().map(l -> l.get("id")).toList());
    assertEquals(Timestamps.format(clock.instant()), table.item(new Key("ORDER#" + c, "CONFIRMATION"))
        .orElseThrow().get("CreatedAt").s());
  }

  private static List<String> failures(StreamsEventResponse r) {
    return r.getBatchItemFailures().stream().map(StreamsEventResponse.BatchItemFailure::getItemIdentifier).toList();
  }

  private static DynamodbEvent event(List<DynamodbStreamRecord> records) {
    DynamodbEvent e = new DynamodbEvent();
    e.setRecords(new ArrayList<>(records));
    return e;
  }
}
