package dev.monotable.kit.data;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.testing.TestDomain;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.MutableClock;
import dev.monotable.testing.TestTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

@ExtendWith(DynamoDbExtension.class)
class TableGatewayTest {
  private final TestTable table;
  private final MutableClock clock = MutableClock.at("2026-01-01T00:00:00Z");

  TableGatewayTest(TestTable table) {
    this.table = table;
  }

  private static Map<String, AttributeValue> item(String pk, String sk) {
    return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS(sk), "Type", AttributeValue.fromS("Probe"));
  }

  /**
   * Real server, altered answer: the first BatchGetItem response hands every key but the first back
   * as UnprocessedKeys (what DynamoDB does under throttling, and moto never does).
   */
  static final class HoldBackOnce implements ExecutionInterceptor {
    final AtomicInteger calls = new AtomicInteger();

    @Override
    public SdkResponse modifyResponse(Context.ModifyResponse context, ExecutionAttributes attributes) {
      if (!(context.response() instanceof BatchGetItemResponse r) || calls.incrementAndGet() > 1) {
        return context.response();
      }
      String tableName = r.responses().keySet().iterator().next();
      List<Map<String, AttributeValue>> items = r.responses().get(tableName);
      List<Map<String, AttributeValue>> heldBack = new ArrayList<>();
      for (Map<String, AttributeValue> i : items.subList(1, items.size())) {
        heldBack.add(Map.of("PK", i.get("PK"), "SK", i.get("SK")));
      }
      return r.toBuilder()
          .responses(Map.of(tableName, items.subList(0, 1)))
          .unprocessedKeys(Map.of(tableName, KeysAndAttributes.builder().keys(heldBack).build()))
          .build();
    }
  }

  @Test
  void batchGet_shouldRetryUnprocessedKeys_untilEveryItemIsRead() {
    // GIVEN three items and a client whose first BatchGetItem leaves two keys unprocessed
    for (int i = 0; i < 3; i++) {
      table.put(item("PROBE#batch", "ITEM#" + i));
    }
    HoldBackOnce holdBack = new HoldBackOnce();
    try (DynamoDbClient client = dev.monotable.kit.data.DynamoDbClients.create(
        LocalDynamoDb.endpoint(), DynamoDbExtension.region(), new DynamoDbLimitGuard(), holdBack)) {
      TableGateway gateway = new TableGateway(client, table.name(), table.cursors(), clock);

      // WHEN
      Map<Key, Map<String, AttributeValue>> found = gateway.batchGet(List.of(
          new Key("PROBE#batch", "ITEM#0"), new Key("PROBE#batch", "ITEM#1"), new Key("PROBE#batch", "ITEM#2"),
          new Key("PROBE#batch", "ITEM#missing")));

      // THEN all three were read, in two requests
      assertEquals(3, found.size());
      assertEquals(2, holdBack.calls.get());
    }
  }

  @Test
  void query_shouldPageThroughEveryItemOnce_andEndWithANullCursor() {
    for (int i = 0; i < 7; i++) {
      table.put(item("PROBE#pages", "ITEM#" + i));
    }
    TableGateway gateway = table.gateway(clock);
    List<String> seen = new ArrayList<>();
    String cursor = null;
    int pages = 0;
    do {
      Page<Map<String, AttributeValue>> page = gateway.query(QuerySpec.table("PROBE#pages", "ITEM#"),
          new PageRequest(3, cursor), "TEST");
      page.items().forEach(i -> seen.add(i.get("SK").s()));
      cursor = page.nextCursor();
      pages++;
    } while (cursor != null && pages < 10);
    assertEquals(List.of("ITEM#0", "ITEM#1", "ITEM#2", "ITEM#3", "ITEM#4", "ITEM#5", "ITEM#6"), seen);
    assertEquals(3, pages);
  }

  @Test
  void query_shouldRejectACursor_ofAnotherScopePartitionOrPrefix() {
    for (int i = 0; i < 3; i++) {
      table.put(item("PROBE#a", "X#" + i));
      table.put(item("PROBE#a", "Y#" + i));
      table.put(item("PROBE#b", "X#" + i));
    }
    TableGateway gateway = table.gateway(clock);
    String cursor = gateway.query(QuerySpec.table("PROBE#a", "X#"), new PageRequest(1, null), "S1").nextCursor();
    assertNotNull(cursor);
    for (Runnable misuse : List.<Runnable>of(
        () -> gateway.query(QuerySpec.table("PROBE#a", "X#"), new PageRequest(1, cursor), "S2"),
        () -> gateway.query(QuerySpec.table("PROBE#b", "X#"), new PageRequest(1, cursor), "S1"),
        () -> gateway.query(QuerySpec.table("PROBE#a", "Y#"), new PageRequest(1, cursor), "S1"),
        () -> gateway.query(QuerySpec.table("PROBE#a", "X#").newestFirst(), new PageRequest(1, cursor + "x"), "S1"))) {
      ValidationException e = assertThrows(ValidationException.class, misuse::run);
      assertEquals("cursor", e.field());
    }
    assertEquals(1, gateway.query(QuerySpec.table("PROBE#a", "X#"), new PageRequest(1, cursor), "S1").items().size());
  }

  @Test
  void get_shouldReturnEmpty_whenTheItemIsAbsent() {
    assertTrue(table.gateway(clock).get(TestDomain.note("nobody")).isEmpty());
  }
}
