package dev.monotable.kit.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.AttributeValueUpdate;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.ComparisonOperator;
import software.amazon.awssdk.services.dynamodb.model.Condition;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.DescribeTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ExpectedAttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Get;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactGetItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Requests DynamoDB refuses, written from its API reference (parameter constraints, limits, the
 * legacy-parameter rules) and its answers as pinned by suites run against live DynamoDB (dynalite's
 * validations, independent error-message suites): each must be refused by the engine with
 * DynamoDB's {@code __type} (read from the raw answer: {@code com.amazon.coral.validate#} for
 * validation, {@code com.amazonaws.dynamodb.v20120810#} for the service's own errors) and its
 * message, and write nothing.
 *
 * <p>A case's message is DynamoDB's whole message, or, after {@code ~}, a part of it that live
 * DynamoDB answers the same in every region (the rest varies: collection rendering, the value
 * echoed). A case the engine still answers differently says so with {@link Case#departs}: the test
 * then checks that it still departs (so a fix makes it fail and the departure's row in
 * docs/local-engine.md can go), and {@link #suite_refusesAtLeastNinetyPercentWithDynamoDbsCode}
 * holds the share. Against the engine of main before issue 24 ({@code DYNAMODB_ENDPOINT} of that
 * engine) the figure test prints the "before" figure of docs/local-engine.md.
 */
class LocalEngineRefusalsTest {
  static final String VALIDATION = "com.amazon.coral.validate#ValidationException";
  static final String NOT_FOUND = "com.amazonaws.dynamodb.v20120810#ResourceNotFoundException";
  static final String CANCELLED = "com.amazonaws.dynamodb.v20120810#TransactionCanceledException";
  private static final Pattern TYPE = Pattern.compile("\"__type\"\\s*:\\s*\"([^\"]*)\"");
  private static final ThreadLocal<String> LAST_TYPE = new ThreadLocal<>();

  private static DynamoDbClient client;
  private static String table;

  /** One request DynamoDB refuses: its type and message, and what the engine answers if it still differs. */
  record Case(String name, String type, String message, Consumer<DynamoDbClient> call, String departure) {
    Case departs(String whatTheEngineDoes) {
      return new Case(name, type, message, call, whatTheEngineDoes);
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** The raw {@code __type} of each error answer (the SDK keeps only what follows the {@code #}). */
  static final class RawType implements ExecutionInterceptor {
    @Override
    public Optional<InputStream> modifyHttpResponseContent(Context.ModifyHttpResponse context,
        ExecutionAttributes attributes) {
      Optional<InputStream> body = context.responseBody();
      if (context.httpResponse().statusCode() < 400 || body.isEmpty()) {
        return body;
      }
      try {
        byte[] bytes = body.get().readAllBytes();
        Matcher m = TYPE.matcher(new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
        LAST_TYPE.set(m.find() ? m.group(1) : null);
        return Optional.of(new ByteArrayInputStream(bytes));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @BeforeAll
  static void connect() {
    assumeTrue(LocalEngine.control(LocalDynamoDb.endpoint()).available(), "describes the local engine");
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(), new RawType());
    table = "monotable-refusals-" + UUID.randomUUID().toString().substring(0, 8);
    client.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
        .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE))
        .attributeDefinitions(attr("PK"), attr("SK"), attr("G1"))
        .globalSecondaryIndexes(GlobalSecondaryIndex.builder().indexName("KeysOnly")
            .keySchema(key("G1", KeyType.HASH)).projection(Projection.builder()
                .projectionType(ProjectionType.KEYS_ONLY).build()).build()));
    client.waiter().waitUntilTableExists(DescribeTableRequest.builder().tableName(table).build());
  }

  @AfterAll
  static void drop() {
    if (client != null) {
      client.deleteTable(b -> b.tableName(table));
      client.close();
    }
  }

  private static KeySchemaElement key(String name, KeyType type) {
    return KeySchemaElement.builder().attributeName(name).keyType(type).build();
  }

  private static AttributeDefinition attr(String name) {
    return AttributeDefinition.builder().attributeName(name).attributeType(ScalarAttributeType.S).build();
  }

  private static AttributeValue s(String v) {
    return AttributeValue.fromS(v);
  }

  private static AttributeValue n(String v) {
    return AttributeValue.fromN(v);
  }

  private static Map<String, AttributeValue> item(String attr, AttributeValue value) {
    return Map.of("PK", s("R#1"), "SK", s("R#1"), attr, value);
  }

  private static Map<String, AttributeValue> key(int i) {
    return Map.of("PK", s("R#" + i), "SK", s("R#" + i));
  }

  private static final Map<String, AttributeValue> KEY = Map.of("PK", s("R#1"), "SK", s("R#1"));
  private static final Map<String, AttributeValue> ITEM = KEY;

  private static Case refused(String name, String message, Consumer<DynamoDbClient> call) {
    return new Case(name, VALIDATION, message, call, null);
  }

  private static Case refused(String name, String type, String message, Consumer<DynamoDbClient> call) {
    return new Case(name, type, message, call, null);
  }

  private static WriteRequest put(Map<String, AttributeValue> item) {
    return WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build();
  }

  private static Condition condition(ComparisonOperator op, AttributeValue... values) {
    return Condition.builder().comparisonOperator(op).attributeValueList(values).build();
  }

  private static final String INVALID = "One or more parameter values were invalid: ";
  private static final String MIX = "Can not use both expression and non-expression parameters in the same request: ";

  static Stream<Case> cases() {
    List<Case> all = new ArrayList<>();
    String bigString = "x".repeat(400 * 1024);
    // ---- table names (API reference: TableName required, 3-255 of [a-zA-Z0-9_.-])
    all.add(refused("GetItem, no TableName",
        "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null",
        c -> c.getItem(b -> b.key(KEY))));
    all.add(refused("PutItem, no TableName",
        "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null",
        c -> c.putItem(b -> b.item(ITEM))));
    all.add(refused("Query, no TableName",
        "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null",
        c -> c.query(b -> b.keyConditionExpression("PK = :p").expressionAttributeValues(Map.of(":p", s("x"))))));
    all.add(refused("DescribeTable, no TableName",
        "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null",
        c -> c.describeTable(b -> { })));
    all.add(refused("PutItem, empty TableName",
        "~failed to satisfy constraint: Member must have length greater than or equal to 1",
        c -> c.putItem(b -> b.tableName("").item(ITEM))));
    all.add(refused("GetItem, TableName of 256 characters",
        "1 validation error detected: Value '" + "a".repeat(256) + "' at 'tableName' failed to satisfy constraint: "
            + "Member must have length less than or equal to 255",
        c -> c.getItem(b -> b.tableName("a".repeat(256)).key(KEY))));
    all.add(refused("PutItem, TableName with invalid characters",
        "1 validation error detected: Value 'bad table!' at 'tableName' failed to satisfy constraint: "
            + "Member must satisfy regular expression pattern: [a-zA-Z0-9_.-]+",
        c -> c.putItem(b -> b.tableName("bad table!").item(ITEM))));
    all.add(refused("CreateTable, TableName of 2 characters",
        "1 validation error detected: Value 'ab' at 'tableName' failed to satisfy constraint: "
            + "Member must have length greater than or equal to 3",
        c -> c.createTable(b -> b.tableName("ab").billingMode(BillingMode.PAY_PER_REQUEST)
            .keySchema(key("PK", KeyType.HASH)).attributeDefinitions(attr("PK")))));
    all.add(refused("GetItem, a table that does not exist", NOT_FOUND, "Requested resource not found",
        c -> c.getItem(b -> b.tableName("monotable-no-such-table").key(KEY))));
    all.add(refused("DescribeTable, a table that does not exist", NOT_FOUND,
        "Requested resource not found: Table: monotable-no-such-table not found",
        c -> c.describeTable(b -> b.tableName("monotable-no-such-table"))));
    all.add(refused("UpdateTimeToLive, a table that does not exist", NOT_FOUND, "Requested resource not found",
        c -> c.updateTimeToLive(b -> b.tableName("monotable-no-such-table")
            .timeToLiveSpecification(t -> t.attributeName("ttl").enabled(true)))));
    // ---- keys
    all.add(refused("GetItem, no Key",
        "1 validation error detected: Value null at 'key' failed to satisfy constraint: Member must not be null",
        c -> c.getItem(b -> b.tableName(table))));
    all.add(refused("PutItem, no Item",
        "1 validation error detected: Value null at 'item' failed to satisfy constraint: Member must not be null",
        c -> c.putItem(b -> b.tableName(table))));
    all.add(refused("GetItem, an empty string key",
        INVALID + "The AttributeValue for a key attribute cannot contain an empty string value. Key: PK",
        c -> c.getItem(b -> b.tableName(table).key(Map.of("PK", s(""), "SK", s("x"))))));
    all.add(refused("PutItem, an empty string key",
        "One or more parameter values are not valid. The AttributeValue for a key attribute cannot contain an "
            + "empty string value. Key: SK",
        c -> c.putItem(b -> b.tableName(table).item(Map.of("PK", s("x"), "SK", s(""))))));
    all.add(refused("PutItem, a partition key over 2048 bytes",
        INVALID + "Size of hashkey has exceeded the maximum size limit of2048 bytes",
        c -> c.putItem(b -> b.tableName(table).item(Map.of("PK", s("k".repeat(2049)), "SK", s("x"))))));
    all.add(refused("PutItem, a sort key over 1024 bytes",
        INVALID + "Aggregated size of all range keys has exceeded the size limit of 1024 bytes",
        c -> c.putItem(b -> b.tableName(table).item(Map.of("PK", s("x"), "SK", s("k".repeat(1025)))))));
    all.add(refused("PutItem, an index key of the wrong type",
        INVALID + "Type mismatch for Index Key G1 Expected: S Actual: N IndexName: KeysOnly",
        c -> c.putItem(b -> b.tableName(table).item(item("G1", n("1"))))));
    all.add(refused("UpdateItem, SET of a key attribute",
        INVALID + "Cannot update attribute SK. This attribute is part of the key",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET SK = :v")
            .expressionAttributeValues(Map.of(":v", s("y"))))));
    // ---- attribute values (numbers, sets, NULL, the union)
    all.add(refused("PutItem, a number of 39 significant digits",
        "Attempting to store more than 38 significant digits in a Number",
        c -> c.putItem(b -> b.tableName(table).item(item("n", n("1234567890123456789012345678901234567891"))))));
    all.add(refused("PutItem, a number below 1e-130",
        "Number underflow. Attempting to store a number with magnitude smaller than supported range",
        c -> c.putItem(b -> b.tableName(table).item(item("n", n("1e-131"))))));
    all.add(refused("PutItem, a number of 1e126",
        "Number overflow. Attempting to store a number with magnitude larger than supported range",
        c -> c.putItem(b -> b.tableName(table).item(item("n", n("1e126"))))));
    all.add(refused("PutItem, a number that is not one",
        "The parameter cannot be converted to a numeric value: abc",
        c -> c.putItem(b -> b.tableName(table).item(item("n", n("abc"))))));
    all.add(refused("PutItem, an empty number",
        "The parameter cannot be converted to a numeric value",
        c -> c.putItem(b -> b.tableName(table).item(item("n", n(""))))));
    all.add(refused("PutItem, a number set with an underflow",
        "Number underflow. Attempting to store a number with magnitude smaller than supported range",
        c -> c.putItem(b -> b.tableName(table).item(item("ns", AttributeValue.fromNs(List.of("1", "1e-131")))))));
    all.add(refused("PutItem, a number of 39 digits in a map",
        "Attempting to store more than 38 significant digits in a Number",
        c -> c.putItem(b -> b.tableName(table).item(item("m", AttributeValue.fromM(
            Map.of("x", n("1234567890123456789012345678901234567891"))))))));
    all.add(refused("UpdateItem, a value with a number overflow",
        "ExpressionAttributeValues contains invalid value: Number overflow. Attempting to store a number with "
            + "magnitude larger than supported range for key :v",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET n = :v")
            .expressionAttributeValues(Map.of(":v", n("9e200"))))));
    all.add(refused("PutItem, an empty string set", INVALID + "An string set  may not be empty",
        c -> c.putItem(b -> b.tableName(table).item(item("ss", AttributeValue.fromSs(List.of()))))));
    all.add(refused("PutItem, an empty number set", INVALID + "An number set  may not be empty",
        c -> c.putItem(b -> b.tableName(table).item(item("ns", AttributeValue.fromNs(List.of()))))));
    all.add(refused("PutItem, an empty binary set", INVALID + "Binary sets should not be empty",
        c -> c.putItem(b -> b.tableName(table).item(item("bs", AttributeValue.fromBs(List.of()))))));
    all.add(refused("PutItem, a string set with a duplicate", "~" + INVALID + "Input collection",
        c -> c.putItem(b -> b.tableName(table).item(item("ss", AttributeValue.fromSs(List.of("a", "a")))))));
    all.add(refused("PutItem, a number set with a duplicate", "Input collection contains duplicates",
        c -> c.putItem(b -> b.tableName(table).item(item("ns", AttributeValue.fromNs(List.of("1", "1")))))));
    all.add(refused("PutItem, a binary set with a duplicate", "~of type BS contains duplicates",
        c -> c.putItem(b -> b.tableName(table).item(item("bs", AttributeValue.fromBs(List.of(
            SdkBytes.fromUtf8String("a"), SdkBytes.fromUtf8String("a"))))))));
    all.add(refused("UpdateItem, an empty string set value",
        "ExpressionAttributeValues contains invalid value: " + INVALID + "An string set  may not be empty for key :v",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("ADD ss :v")
            .expressionAttributeValues(Map.of(":v", AttributeValue.fromSs(List.of()))))));
    all.add(refused("PutItem, NULL false", INVALID + "Null attribute value types must have the value of true",
        c -> c.putItem(b -> b.tableName(table).item(item("z", AttributeValue.builder().nul(false).build())))));
    all.add(refused("PutItem, an empty AttributeValue",
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes",
        c -> c.putItem(b -> b.tableName(table).item(item("e", AttributeValue.builder().build())))));
    all.add(refused("PutItem, an AttributeValue of two types",
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        c -> c.putItem(b -> b.tableName(table).item(item("t", AttributeValue.builder().s("a").n("1").build())))));
    all.add(refused("GetItem, a key value of two types",
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the supported datatypes",
        c -> c.getItem(b -> b.tableName(table).key(Map.of("PK", AttributeValue.builder().s("a").n("1").build(),
            "SK", s("x"))))));
    // ---- item size
    all.add(refused("PutItem, an item over 400 KB", "Item size has exceeded the maximum allowed size",
        c -> c.putItem(b -> b.tableName(table).item(item("big", s(bigString))))));
    all.add(refused("BatchWriteItem, an item over 400 KB", "Item size has exceeded the maximum allowed size",
        c -> c.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(put(item("big", s(bigString)))))))));
    all.add(refused("TransactWriteItems, an item over 400 KB", "Item size has exceeded the maximum allowed size",
        c -> c.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().put(Put.builder()
            .tableName(table).item(item("big", s(bigString))).build()).build()))));
    // ---- ReturnValues, enums, Limit, segments
    all.add(refused("PutItem, ReturnValues ALL_NEW", "ReturnValues can only be ALL_OLD or NONE",
        c -> c.putItem(b -> b.tableName(table).item(ITEM).returnValues("ALL_NEW"))));
    all.add(refused("DeleteItem, ReturnValues UPDATED_NEW", "ReturnValues can only be ALL_OLD or NONE",
        c -> c.deleteItem(b -> b.tableName(table).key(KEY).returnValues("UPDATED_NEW"))));
    all.add(refused("UpdateItem, ReturnValues not in the enum",
        "1 validation error detected: Value 'EVERYTHING' at 'returnValues' failed to satisfy constraint: "
            + "Member must satisfy enum value set: [ALL_NEW, UPDATED_OLD, ALL_OLD, NONE, UPDATED_NEW]",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).returnValues("EVERYTHING"))));
    all.add(refused("PutItem, ReturnConsumedCapacity not in the enum",
        "1 validation error detected: Value 'ALL' at 'returnConsumedCapacity' failed to satisfy constraint: "
            + "Member must satisfy enum value set: [INDEXES, TOTAL, NONE]",
        c -> c.putItem(b -> b.tableName(table).item(ITEM).returnConsumedCapacity("ALL"))));
    all.add(refused("Query, Select not in the enum",
        "1 validation error detected: Value 'SOME' at 'select' failed to satisfy constraint: Member must satisfy "
            + "enum value set: [SPECIFIC_ATTRIBUTES, COUNT, ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES]",
        c -> c.query(b -> b.tableName(table).select("SOME").keyConditionExpression("PK = :p")
            .expressionAttributeValues(Map.of(":p", s("x"))))));
    all.add(refused("Scan, Limit 0",
        "1 validation error detected: Value '0' at 'limit' failed to satisfy constraint: Member must have value "
            + "greater than or equal to 1",
        c -> c.scan(b -> b.tableName(table).limit(0))));
    all.add(refused("Scan, Segment without TotalSegments",
        "The TotalSegments parameter is required but was not present in the request when Segment parameter is present",
        c -> c.scan(b -> b.tableName(table).segment(1))));
    all.add(refused("Scan, TotalSegments without Segment",
        "The Segment parameter is required but was not present in the request when parameter TotalSegments is present",
        c -> c.scan(b -> b.tableName(table).totalSegments(2))));
    all.add(refused("Scan, Segment not below TotalSegments",
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: Segment: 2 is not less "
            + "than TotalSegments: 2",
        c -> c.scan(b -> b.tableName(table).segment(2).totalSegments(2))));
    all.add(refused("Scan, TotalSegments 0",
        "1 validation error detected: Value '0' at 'totalSegments' failed to satisfy constraint: Member must have "
            + "value greater than or equal to 1",
        c -> c.scan(b -> b.tableName(table).segment(0).totalSegments(0))));
    // ---- Select and projections
    all.add(refused("Query, Select ALL_ATTRIBUTES with a ProjectionExpression",
        "Cannot specify the ProjectionExpression when choosing to get ALL_ATTRIBUTES",
        c -> c.query(b -> b.tableName(table).select("ALL_ATTRIBUTES").projectionExpression("a")
            .keyConditionExpression("PK = :p").expressionAttributeValues(Map.of(":p", s("x"))))));
    all.add(refused("Scan, Select COUNT with a ProjectionExpression",
        "Cannot specify the ProjectionExpression when choosing to get only the Count",
        c -> c.scan(b -> b.tableName(table).select("COUNT").projectionExpression("a"))));
    all.add(refused("Scan, Select ALL_PROJECTED_ATTRIBUTES without an index",
        "ALL_PROJECTED_ATTRIBUTES can be used only when Querying using an IndexName",
        c -> c.scan(b -> b.tableName(table).select("ALL_PROJECTED_ATTRIBUTES"))));
    all.add(refused("Query, Select SPECIFIC_ATTRIBUTES without a projection",
        "~Must specify the AttributesToGet or ProjectionExpression when choosing to get SPECIFIC_ATTRIBUTES",
        c -> c.query(b -> b.tableName(table).select("SPECIFIC_ATTRIBUTES").keyConditionExpression("PK = :p")
            .expressionAttributeValues(Map.of(":p", s("x"))))));
    all.add(refused("Query, Select ALL_ATTRIBUTES on a KEYS_ONLY index",
        INVALID + "Select type ALL_ATTRIBUTES is not supported for global secondary index KeysOnly because its "
            + "projection type is not ALL",
        c -> c.query(b -> b.tableName(table).indexName("KeysOnly").select("ALL_ATTRIBUTES")
            .keyConditionExpression("G1 = :g").expressionAttributeValues(Map.of(":g", s("x"))))));
    all.add(refused("Query, an index that does not exist",
        "The table does not have the specified index: Nope",
        c -> c.query(b -> b.tableName(table).indexName("Nope").keyConditionExpression("G1 = :g")
            .expressionAttributeValues(Map.of(":g", s("x"))))));
    all.add(refused("Query, ConsistentRead on a global secondary index",
        "Consistent reads are not supported on global secondary indexes",
        c -> c.query(b -> b.tableName(table).indexName("KeysOnly").consistentRead(true)
            .keyConditionExpression("G1 = :g").expressionAttributeValues(Map.of(":g", s("x"))))));
    // ---- expressions
    all.add(refused("Query, neither KeyConditions nor KeyConditionExpression",
        "Either the KeyConditions or KeyConditionExpression parameter must be specified in the request.",
        c -> c.query(b -> b.tableName(table))));
    all.add(refused("Query, a key condition with OR",
        "Invalid operator used in KeyConditionExpression: OR",
        c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p OR PK = :q")
            .expressionAttributeValues(Map.of(":p", s("x"), ":q", s("y"))))));
    all.add(refused("Query, a key condition of the wrong type",
        INVALID + "Condition parameter type does not match schema type",
        c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p")
            .expressionAttributeValues(Map.of(":p", n("1"))))));
    all.add(refused("Query, a filter on a key attribute",
        "Filter Expression can only contain non-primary key attributes: Primary key attribute: SK",
        c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p").filterExpression("SK = :s")
            .expressionAttributeValues(Map.of(":p", s("x"), ":s", s("y"))))));
    all.add(refused("PutItem, an empty ConditionExpression",
        "Invalid ConditionExpression: The expression can not be empty;",
        c -> c.putItem(b -> b.tableName(table).item(ITEM).conditionExpression(""))));
    all.add(refused("UpdateItem, an empty UpdateExpression",
        "Invalid UpdateExpression: The expression can not be empty;",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression(""))));
    all.add(refused("GetItem, an empty ProjectionExpression",
        "Invalid ProjectionExpression: The expression can not be empty;",
        c -> c.getItem(b -> b.tableName(table).key(KEY).projectionExpression(""))));
    all.add(refused("UpdateItem, empty ExpressionAttributeNames",
        "ExpressionAttributeNames must not be empty",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET a = :v")
            .expressionAttributeNames(Map.of()).expressionAttributeValues(Map.of(":v", s("x"))))));
    all.add(refused("UpdateItem, empty ExpressionAttributeValues",
        "ExpressionAttributeValues must not be empty",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("REMOVE a")
            .expressionAttributeValues(Map.of()))));
    all.add(refused("UpdateItem, an invalid name key",
        "ExpressionAttributeNames contains invalid key: Syntax error; key: \"a\"",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET #a = :v")
            .expressionAttributeNames(Map.of("#a", "a", "a", "b")).expressionAttributeValues(Map.of(":v", s("x"))))));
    all.add(refused("UpdateItem, an invalid value key",
        "ExpressionAttributeValues contains invalid key: Syntax error; key: \"v\"",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET a = :v")
            .expressionAttributeValues(Map.of(":v", s("x"), "v", s("y"))))));
    all.add(refused("PutItem, values without an expression",
        "ExpressionAttributeValues can only be specified when using expressions: ConditionExpression is null",
        c -> c.putItem(b -> b.tableName(table).item(ITEM).expressionAttributeValues(Map.of(":v", s("x"))))));
    all.add(refused("UpdateItem, values without an expression",
        "ExpressionAttributeValues can only be specified when using expressions: UpdateExpression and "
            + "ConditionExpression are null",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).expressionAttributeValues(Map.of(":v", s("x"))))));
    all.add(refused("UpdateItem, a syntax error",
        "Invalid UpdateExpression: Syntax error; token: \"=\", near: \"= = :v\"",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET a = = :v")
            .expressionAttributeValues(Map.of(":v", s("x"))))));
    all.add(refused("UpdateItem, a reserved word",
        "Invalid UpdateExpression: Attribute name is a reserved keyword; reserved keyword: name",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET name = :v")
            .expressionAttributeValues(Map.of(":v", s("x"))))));
    all.add(refused("UpdateItem, one attribute in two clauses",
        "~Invalid UpdateExpression: Two document paths overlap with each other; must remove or rewrite one of these "
            + "paths; path one: [a], path two: [a]",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET a = :v REMOVE a")
            .expressionAttributeValues(Map.of(":v", s("x"))))));
    all.add(refused("UpdateItem, ADD of a string",
        "~Invalid UpdateExpression: Incorrect operand type for operator or function; operator: ADD, operand type: STRING",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("ADD a :v")
            .expressionAttributeValues(Map.of(":v", s("x")))))
        .departs("refused as a ValidationException in moto's words (An operand in the update expression has an incorrect data type)"));
    all.add(refused("PutItem, an unknown function",
        "Invalid ConditionExpression: Invalid function name; function: nope",
        c -> c.putItem(b -> b.tableName(table).item(ITEM).conditionExpression("nope(a)")))
        .departs("refused as a ValidationException in moto's words (an incomplete condition)"));
    all.add(refused("PutItem, a value undefined",
        "Invalid ConditionExpression: An expression attribute value used in expression is not defined; "
            + "attribute value: :v",
        c -> c.putItem(b -> b.tableName(table).item(ITEM).conditionExpression("a = :v"))));
    all.add(refused("DeleteItem, a name unused",
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {#b}",
        c -> c.deleteItem(b -> b.tableName(table).key(KEY).conditionExpression("attribute_exists(a)")
            .expressionAttributeNames(Map.of("#b", "b")))));
    // ---- legacy parameters mixed with expressions
    all.add(refused("PutItem, Expected with a ConditionExpression",
        MIX + "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}",
        c -> c.putItem(b -> b.tableName(table).item(ITEM).conditionExpression("attribute_not_exists(PK)")
            .expected(Map.of("PK", ExpectedAttributeValue.builder().exists(false).build())))));
    all.add(refused("DeleteItem, Expected with a ConditionExpression",
        MIX + "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}",
        c -> c.deleteItem(b -> b.tableName(table).key(KEY).conditionExpression("attribute_exists(PK)")
            .expected(Map.of("PK", ExpectedAttributeValue.builder().exists(false).build())))));
    all.add(refused("UpdateItem, AttributeUpdates with an UpdateExpression",
        MIX + "Non-expression parameters: {AttributeUpdates} Expression parameters: {UpdateExpression}",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET a = :v")
            .expressionAttributeValues(Map.of(":v", s("x")))
            .attributeUpdates(Map.of("b", AttributeValueUpdate.builder().value(s("y")).action("PUT").build())))));
    all.add(refused("UpdateItem, Expected with an UpdateExpression",
        MIX + "Non-expression parameters: {Expected} Expression parameters: {UpdateExpression}",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).updateExpression("SET a = :v")
            .expressionAttributeValues(Map.of(":v", s("x")))
            .expected(Map.of("a", ExpectedAttributeValue.builder().exists(false).build())))));
    all.add(refused("GetItem, AttributesToGet with a ProjectionExpression",
        MIX + "Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}",
        c -> c.getItem(b -> b.tableName(table).key(KEY).attributesToGet("a").projectionExpression("b"))));
    all.add(refused("Query, QueryFilter with a KeyConditionExpression",
        MIX + "Non-expression parameters: {QueryFilter} Expression parameters: {KeyConditionExpression}",
        c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p")
            .expressionAttributeValues(Map.of(":p", s("x")))
            .queryFilter(Map.of("a", condition(ComparisonOperator.EQ, s("y")))))));
    all.add(refused("Query, KeyConditions with a KeyConditionExpression",
        MIX + "Non-expression parameters: {KeyConditions} Expression parameters: {KeyConditionExpression}",
        c -> c.query(b -> b.tableName(table).keyConditionExpression("PK = :p")
            .expressionAttributeValues(Map.of(":p", s("x")))
            .keyConditions(Map.of("PK", condition(ComparisonOperator.EQ, s("x")))))));
    all.add(refused("Query, AttributesToGet with a FilterExpression",
        MIX + "Non-expression parameters: {AttributesToGet} Expression parameters: {FilterExpression}",
        c -> c.query(b -> b.tableName(table).keyConditions(Map.of("PK", condition(ComparisonOperator.EQ, s("x"))))
            .filterExpression("a = :v").expressionAttributeValues(Map.of(":v", s("y"))).attributesToGet("a"))));
    all.add(refused("Scan, ScanFilter with a FilterExpression",
        MIX + "Non-expression parameters: {ScanFilter} Expression parameters: {FilterExpression}",
        c -> c.scan(b -> b.tableName(table).filterExpression("a = :v").expressionAttributeValues(Map.of(":v", s("y")))
            .scanFilter(Map.of("a", condition(ComparisonOperator.EQ, s("y")))))));
    all.add(refused("Scan, ConditionalOperator with a FilterExpression",
        MIX + "Non-expression parameters: {ConditionalOperator} Expression parameters: {FilterExpression}",
        c -> c.scan(b -> b.tableName(table).filterExpression("a = :v").expressionAttributeValues(Map.of(":v", s("y")))
            .conditionalOperator("OR"))));
    all.add(refused("BatchGetItem, AttributesToGet with a ProjectionExpression",
        MIX + "Non-expression parameters: {AttributesToGet} Expression parameters: {ProjectionExpression}",
        c -> c.batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder().keys(KEY)
            .attributesToGet("a").projectionExpression("b").build())))));
    // ---- legacy parameters on their own, invalid as DynamoDB validates them
    all.add(refused("PutItem, Expected Exists true without a Value",
        INVALID + "Value must be provided when Exists is true for Attribute: a",
        c -> c.putItem(b -> b.tableName(table).item(ITEM)
            .expected(Map.of("a", ExpectedAttributeValue.builder().exists(true).build())))));
    all.add(refused("PutItem, Expected Exists false with a Value",
        INVALID + "Value cannot be used when Exists is false for Attribute: a",
        c -> c.putItem(b -> b.tableName(table).item(ITEM)
            .expected(Map.of("a", ExpectedAttributeValue.builder().exists(false).value(s("x")).build())))));
    all.add(refused("DeleteItem, Expected EQ without a value",
        INVALID + "Value or AttributeValueList must be used with ComparisonOperator: EQ for Attribute: a",
        c -> c.deleteItem(b -> b.tableName(table).key(KEY)
            .expected(Map.of("a", ExpectedAttributeValue.builder().comparisonOperator("EQ").build())))));
    all.add(refused("UpdateItem, Expected BETWEEN with one value",
        INVALID + "Invalid number of argument(s) for the BETWEEN ComparisonOperator",
        c -> c.updateItem(b -> b.tableName(table).key(KEY).expected(Map.of("a", ExpectedAttributeValue.builder()
            .comparisonOperator("BETWEEN").attributeValueList(n("1")).build())))));
    all.add(refused("UpdateItem, AttributeUpdates PUT without a value",
        INVALID + "Only DELETE action is allowed when no attribute value is specified",
        c -> c.updateItem(b -> b.tableName(table).key(KEY)
            .attributeUpdates(Map.of("a", AttributeValueUpdate.builder().action("PUT").build())))));
    all.add(refused("UpdateItem, AttributeUpdates ADD of a string",
        INVALID + "ADD action is not supported for the type S",
        c -> c.updateItem(b -> b.tableName(table).key(KEY)
            .attributeUpdates(Map.of("a", AttributeValueUpdate.builder().action("ADD").value(s("x")).build())))));
    all.add(refused("UpdateItem, AttributeUpdates DELETE of a string value",
        INVALID + "DELETE action with value is not supported for the type S",
        c -> c.updateItem(b -> b.tableName(table).key(KEY)
            .attributeUpdates(Map.of("a", AttributeValueUpdate.builder().action("DELETE").value(s("x")).build())))));
    all.add(refused("UpdateItem, AttributeUpdates on a key attribute",
        INVALID + "Cannot update attribute SK. This attribute is part of the key",
        c -> c.updateItem(b -> b.tableName(table).key(KEY)
            .attributeUpdates(Map.of("SK", AttributeValueUpdate.builder().action("PUT").value(s("x")).build())))));
    all.add(refused("Scan, ScanFilter BEGINS_WITH a number",
        INVALID + "ComparisonOperator BEGINS_WITH is not valid for N AttributeValue type",
        c -> c.scan(b -> b.tableName(table).scanFilter(Map.of("a", condition(ComparisonOperator.BEGINS_WITH, n("1")))))));
    all.add(refused("Scan, ScanFilter EQ with two values",
        INVALID + "Invalid number of argument(s) for the EQ ComparisonOperator",
        c -> c.scan(b -> b.tableName(table).scanFilter(Map.of("a", condition(ComparisonOperator.EQ, s("1"), s("2")))))));
    all.add(refused("Query, QueryFilter on a key attribute",
        "QueryFilter can only contain non-primary key attributes: Primary key attribute: SK",
        c -> c.query(b -> b.tableName(table).keyConditions(Map.of("PK", condition(ComparisonOperator.EQ, s("x"))))
            .queryFilter(Map.of("SK", condition(ComparisonOperator.EQ, s("y")))))));
    all.add(refused("Query, KeyConditions without the partition key",
        "Query condition missed key schema element: PK",
        c -> c.query(b -> b.tableName(table).keyConditions(Map.of("SK", condition(ComparisonOperator.EQ, s("x")))))));
    all.add(refused("Query, KeyConditions with a non-EQ partition key",
        "Query key condition not supported",
        c -> c.query(b -> b.tableName(table).keyConditions(Map.of("PK", condition(ComparisonOperator.BEGINS_WITH,
            s("x")))))));
    all.add(refused("GetItem, AttributesToGet with a duplicate",
        INVALID + "Duplicate value in attribute name: a",
        c -> c.getItem(b -> b.tableName(table).key(KEY).attributesToGet("a", "a"))));
    all.add(refused("Query, Select ALL_ATTRIBUTES with AttributesToGet",
        "~Cannot specify the AttributesToGet when choosing to get ALL_ATTRIBUTES",
        c -> c.query(b -> b.tableName(table).select("ALL_ATTRIBUTES").attributesToGet("a")
            .keyConditions(Map.of("PK", condition(ComparisonOperator.EQ, s("x")))))));
    // ---- batches
    all.add(refused("BatchWriteItem, 26 requests",
        "~failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or "
            + "equal to 25, Member must have length greater than or equal to 1]",
        c -> c.batchWriteItem(b -> b.requestItems(Map.of(table,
            IntStream.range(0, 26).mapToObj(i -> put(key(100 + i))).toList())))));
    all.add(refused("BatchWriteItem, no request for a table",
        "~failed to satisfy constraint: Map value must satisfy constraint: [Member must have length less than or "
            + "equal to 25, Member must have length greater than or equal to 1]",
        c -> c.batchWriteItem(b -> b.requestItems(Map.of(table, List.of())))));
    all.add(refused("BatchWriteItem, no RequestItems",
        "~at 'requestItems' failed to satisfy constraint: Member must have length greater than or equal to 1",
        c -> c.batchWriteItem(b -> b.requestItems(Map.of()))));
    all.add(refused("BatchWriteItem, one item twice", "Provided list of item keys contains duplicates",
        c -> c.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(put(KEY), put(KEY)))))));
    all.add(refused("BatchWriteItem, a later item with a number underflow",
        "Number underflow. Attempting to store a number with magnitude smaller than supported range",
        c -> c.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(put(key(7)), put(key(8)),
            put(Map.of("PK", s("R#9"), "SK", s("R#9"), "n", n("1e-131")))))))));
    all.add(refused("BatchWriteItem, a later item without its sort key",
        INVALID + "Missing the key SK in the item",
        c -> c.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(put(key(7)),
            put(Map.of("PK", s("R#9")))))))));
    all.add(refused("BatchWriteItem, a delete with a wrong key",
        "The provided key element does not match the schema",
        c -> c.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(put(key(7)),
            WriteRequest.builder().deleteRequest(DeleteRequest.builder().key(Map.of("PK", s("x"))).build())
                .build()))))));
    all.add(refused("BatchWriteItem, a table that does not exist", NOT_FOUND, "Requested resource not found",
        c -> c.batchWriteItem(b -> b.requestItems(Map.of("monotable-no-such-table", List.of(put(KEY)))))));
    all.add(refused("BatchGetItem, 101 keys", "Too many items requested for the BatchGetItem call",
        c -> c.batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder()
            .keys(IntStream.range(0, 101).mapToObj(LocalEngineRefusalsTest::key).toList()).build())))));
    all.add(refused("BatchGetItem, one key twice", "Provided list of item keys contains duplicates",
        c -> c.batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder().keys(KEY, KEY).build())))));
    all.add(refused("BatchGetItem, no keys",
        "~at 'requestItems." + "%s" + ".member.keys' failed to satisfy constraint: Member must have length greater "
            + "than or equal to 1",
        c -> c.batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder().keys(List.of()).build())))));
    all.add(refused("BatchGetItem, a key with a number overflow",
        "Number overflow. Attempting to store a number with magnitude larger than supported range",
        c -> c.batchGetItem(b -> b.requestItems(Map.of(table, KeysAndAttributes.builder()
            .keys(Map.of("PK", s("x"), "SK", s("y"), "n", n("1e999")))
            .build())))));
    // ---- transactions
    all.add(refused("TransactWriteItems, 101 actions",
        "~at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100",
        c -> c.transactWriteItems(b -> b.transactItems(IntStream.range(0, 101).mapToObj(i -> TransactWriteItem
            .builder().put(Put.builder().tableName(table).item(key(200 + i)).build()).build()).toList()))));
    all.add(refused("TransactWriteItems, no actions",
        "~at 'transactItems' failed to satisfy constraint: Member must have length greater than or equal to 1",
        c -> c.transactWriteItems(b -> b.transactItems(List.of()))));
    all.add(refused("TransactGetItems, 101 gets",
        "~at 'transactItems' failed to satisfy constraint: Member must have length less than or equal to 100",
        c -> c.transactGetItems(b -> b.transactItems(IntStream.range(0, 101).mapToObj(i -> TransactGetItem.builder()
            .get(Get.builder().tableName(table).key(key(i)).build()).build()).toList()))));
    all.add(refused("TransactWriteItems, a ConditionCheck without a condition",
        "~conditionExpression' failed to satisfy constraint: Member must not be null",
        c -> c.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().conditionCheck(ConditionCheck
            .builder().tableName(table).key(KEY).build()).build()))));
    all.add(refused("TransactWriteItems, an Update without an UpdateExpression",
        "~updateExpression' failed to satisfy constraint: Member must not be null",
        c -> c.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().update(Update.builder()
            .tableName(table).key(KEY).build()).build()))));
    all.add(refused("TransactWriteItems, a Put with a number of 39 digits",
        "Attempting to store more than 38 significant digits in a Number",
        c -> c.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().put(Put.builder().tableName(table)
            .item(item("n", n("1234567890123456789012345678901234567891")))
            .build()).build()))));
    all.add(refused("TransactWriteItems, a table that does not exist", NOT_FOUND, "Requested resource not found",
        c -> c.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().put(Put.builder()
            .tableName("monotable-no-such-table").item(ITEM).build()).build()))));
    all.add(refused("TransactWriteItems, a Put with ReturnValuesOnConditionCheckFailure not in the enum",
        "~Member must satisfy enum value set: [ALL_OLD, NONE]",
        c -> c.transactWriteItems(b -> b.transactItems(TransactWriteItem.builder().put(Put.builder().tableName(table)
            .item(ITEM).conditionExpression("attribute_not_exists(PK)").returnValuesOnConditionCheckFailure("ALL_NEW")
            .build()).build()))));
    // ---- table operations
    all.add(refused("CreateTable, a key attribute without a definition",
        INVALID + "Some index key attributes are not defined in AttributeDefinitions. Keys: [SK], "
            + "AttributeDefinitions: [PK]",
        c -> c.createTable(b -> b.tableName("monotable-refusal-new").billingMode(BillingMode.PAY_PER_REQUEST)
            .keySchema(key("PK", KeyType.HASH), key("SK", KeyType.RANGE)).attributeDefinitions(attr("PK"))))
        .departs("refused as a ValidationException in moto's words (Invalid KeySchema: Some index key attribute have no definition)"));
    all.add(refused("CreateTable, a table that exists", "com.amazonaws.dynamodb.v20120810#ResourceInUseException",
        "~Table already exists: ",
        c -> c.createTable(b -> b.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
            .keySchema(key("PK", KeyType.HASH)).attributeDefinitions(attr("PK")))));
    all.add(refused("UpdateTimeToLive, an empty attribute name",
        "~at 'timeToLiveSpecification.attributeName' failed to satisfy constraint: Member must have length greater "
            + "than or equal to 1",
        c -> c.updateTimeToLive(b -> b.tableName(table)
            .timeToLiveSpecification(t -> t.attributeName("").enabled(true)))));
    return all.stream();
  }

  private static List<Map<String, AttributeValue>> everything() {
    return client.scan(b -> b.tableName(table).consistentRead(true)).items();
  }

  private static void clear() {
    for (Map<String, AttributeValue> item : everything()) {
      client.deleteItem(b -> b.tableName(table).key(Map.of("PK", item.get("PK"), "SK", item.get("SK"))));
    }
  }

  /** What the engine answered: null when it refused as DynamoDB does, otherwise how it differed. */
  private static String difference(Case c) {
    List<Map<String, AttributeValue>> before = everything();
    try {
      LAST_TYPE.remove();
      try {
        c.call().accept(client);
        return "accepted";
      } catch (DynamoDbException e) {
        String type = LAST_TYPE.get();
        String message = e.awsErrorDetails().errorMessage();
        String expected = c.message().replace("%s", table);
        boolean messageMatches = expected.startsWith("~")
            ? message != null && message.contains(expected.substring(1)) : expected.equals(message);
        if (e.statusCode() != 400 || !c.type().equals(type)) {
          return "answered " + e.statusCode() + " " + type + ": " + message;
        }
        if (!messageMatches) {
          return "message: " + message;
        }
        if (!before.equals(everything())) {
          return "wrote despite the refusal";
        }
        return null;
      }
    } finally {
      clear();
      if (c.name().startsWith("CreateTable")) {
        // A table an engine wrongly created must not turn the next run's case into another error.
        for (String created : List.of("ab", "monotable-refusal-new")) {
          try {
            client.deleteTable(b -> b.tableName(created));
          } catch (DynamoDbException ignored) {
            // not created: as it should be
          }
        }
      }
    }
  }

  /** Whether the engine answered with DynamoDB's type (the message aside) and wrote nothing. */
  private static boolean sameCode(String difference) {
    return difference == null || difference.startsWith("message: ");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void aRequestDynamoDbRefuses_isRefusedWithItsTypeAndMessage_andWritesNothing(Case c) {
    String difference = difference(c);
    if (c.departure() == null) {
      assertEquals(null, difference, c.name());
    } else {
      assertNotNull(difference, c.name() + ": now answered as DynamoDB; remove its departure here and in "
          + "docs/local-engine.md");
    }
  }

  @Test
  void suite_refusesAtLeastNinetyPercentWithDynamoDbsCode() {
    List<Case> all = cases().toList();
    Map<String, String> differences = Collections.synchronizedMap(new HashMap<>());
    int code = 0;
    int exact = 0;
    for (Case c : all) {
      String d = difference(c);
      if (d != null) {
        differences.put(c.name(), d);
      }
      code += sameCode(d) ? 1 : 0;
      exact += d == null ? 1 : 0;
    }
    System.out.printf("LocalEngineRefusalsTest: %d of %d refused with DynamoDB's code, %d of %d with its message "
        + "too%n", code, all.size(), exact, all.size());
    differences.forEach((name, d) -> System.out.println("  differs: " + name + " -> " + d));
    assertTrue(code * 10 >= all.size() * 9, code + " of " + all.size() + " with DynamoDB's code");
  }

  @Test
  void batchWriteItem_withALaterInvalidItem_writesNothing() {
    // DynamoDB validates the whole request before it writes: the first two items must not be there.
    try {
      DynamoDbException e = org.junit.jupiter.api.Assertions.assertThrows(DynamoDbException.class,
          () -> client.batchWriteItem(b -> b.requestItems(Map.of(table, List.of(put(key(7)), put(key(8)),
              put(Map.of("PK", s("R#9"), "SK", s("R#9"), "n", n("1e-131"))))))));
      assertEquals("ValidationException", e.awsErrorDetails().errorCode());
      assertEquals(List.of(), everything(), "nothing written");
    } finally {
      clear();
    }
  }
}
