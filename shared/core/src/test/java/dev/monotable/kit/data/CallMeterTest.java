package dev.monotable.kit.data;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.kit.Env;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/** The one place that counts DynamoDB requests, against the real server. */
@ExtendWith(DynamoDbExtension.class)
class CallMeterTest {
  private final TestTable table;

  CallMeterTest(TestTable table) {
    this.table = table;
  }

  @AfterEach
  void closeTally() {
    CallTally.close();
  }

  /** Keeps every request as the SDK sent it, after the meter changed it. */
  static final class Sent implements ExecutionInterceptor {
    final List<SdkRequest> requests = new ArrayList<>();

    @Override
    public void beforeTransmission(Context.BeforeTransmission context, ExecutionAttributes attributes) {
      requests.add(context.request());
    }
  }

  /** Answers the first {@code n} attempts with HTTP 500 (the body stays DynamoDB's): the SDK retries them. */
  static final class FailFirst implements ExecutionInterceptor {
    final AtomicInteger left;

    FailFirst(int n) {
      left = new AtomicInteger(n);
    }

    @Override
    public SdkHttpResponse modifyHttpResponse(Context.ModifyHttpResponse context, ExecutionAttributes attributes) {
      return left.getAndDecrement() > 0 ? context.httpResponse().toBuilder().statusCode(500).build()
          : context.httpResponse();
    }
  }

  private static Map<String, AttributeValue> item(String pk) {
    return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("#META"),
        "Type", AttributeValue.fromS("Probe"));
  }

  private static Map<String, AttributeValue> key(String pk) {
    return Map.of("PK", AttributeValue.fromS(pk), "SK", AttributeValue.fromS("#META"));
  }

  private DynamoDbClient client(ExecutionInterceptor... interceptors) {
    return DynamoDbClients.create(LocalDynamoDb.endpoint(), Env.region(), interceptors);
  }

  @Test
  void meter_shouldLeaveRequestsUnchanged_andCountNothing_whenNoTallyIsOpen() {
    Sent sent = new Sent();
    try (DynamoDbClient client = client(sent)) {
      client.getItem(GetItemRequest.builder().tableName(table.name()).key(Map.of(
          "PK", AttributeValue.fromS("none"), "SK", AttributeValue.fromS("none"))).build());
    }
    assertNull(((GetItemRequest) sent.requests.get(0)).returnConsumedCapacity());
    assertEquals(0, CallTally.close().requests());
  }

  @Test
  void meter_shouldCountRequestsCapacityAndRefusals_ofTheOpenTally() {
    Sent sent = new Sent();
    try (DynamoDbClient client = client(sent)) {
      CallTally.open();
      client.putItem(PutItemRequest.builder().tableName(table.name()).item(item("meter-1")).build());
      client.getItem(GetItemRequest.builder().tableName(table.name()).key(key("meter-1")).consistentRead(true)
          .build());
      client.query(QueryRequest.builder().tableName(table.name()).keyConditionExpression("PK = :pk")
          .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS("meter-1"))).build());
      assertThrows(ConditionalCheckFailedException.class, () -> client.putItem(PutItemRequest.builder()
          .tableName(table.name()).item(item("meter-1")).conditionExpression("attribute_not_exists(PK)").build()));
      assertThrows(TransactionCanceledException.class, () -> client.transactWriteItems(
          TransactWriteItemsRequest.builder().transactItems(TransactWriteItem.builder().put(Put.builder()
              .tableName(table.name()).item(item("meter-1")).conditionExpression("attribute_not_exists(PK)")
              .build()).build()).build()));
      CallTally tally = CallTally.close();

      // Every request asked for the capacity it consumed.
      assertEquals(5, sent.requests.size());
      for (SdkRequest r : sent.requests) {
        assertEquals(ReturnConsumedCapacity.INDEXES.toString(),
            r.getValueForField("ReturnConsumedCapacity", String.class).orElse(null), r.getClass().getSimpleName());
      }
      assertEquals(5, tally.requests());
      assertEquals(0, tally.retries());
      assertEquals(3, tally.capacityReports());
      // One write, then a GetItem and a Query of one small item: DynamoDB's rules give 1 and 1 + 1
      // (strongly consistent); an engine that answers flat figures still answers more than zero.
      assertTrue(tally.writeCapacity() >= 1, "write " + tally.writeCapacity());
      assertTrue(tally.readCapacity() >= 1, "read " + tally.readCapacity());
      assertEquals(2, tally.conditionalRefusals());
      assertEquals(0, tally.transactionConflicts());
      assertEquals(0, tally.throttles());
    }
  }

  @Test
  void meter_shouldCountTheSdksRetries_asAttemptsBeyondTheFirst() {
    try (DynamoDbClient client = client(new FailFirst(2))) {
      CallTally.open();
      client.getItem(GetItemRequest.builder().tableName(table.name()).key(key("meter-2")).build());
      CallTally tally = CallTally.close();
      assertEquals(1, tally.requests());
      assertEquals(2, tally.retries());
    }
  }

  @Test
  void close_shouldEndCounting_onThisThread() {
    try (DynamoDbClient client = client()) {
      CallTally.open();
      CallTally.close();
      client.getItem(GetItemRequest.builder().tableName(table.name()).key(key("meter-3")).build());
      assertEquals(0, CallTally.close().requests());
    }
  }

  /**
   * TableGateway asks for capacity itself while a tally is open, so the meter passes its requests
   * on as they are (no copy per call, which the warm profile showed); outside a tally it asks for
   * nothing, as before.
   */
  @Test
  void asked_shouldBeIndexesOnlyWhileATallyIsOpen_soGatewayRequestsNeedNoCopy() {
    assertNull(CallMeter.asked());
    CallTally.open();
    assertEquals(ReturnConsumedCapacity.INDEXES, CallMeter.asked());
    GetItemRequest built = GetItemRequest.builder().tableName("t").returnConsumedCapacity(CallMeter.asked()).build();
    assertSame(built, new CallMeter().modifyRequest(() -> built, new ExecutionAttributes()));
    CallTally.close();
    assertNull(CallMeter.asked());
  }
}
