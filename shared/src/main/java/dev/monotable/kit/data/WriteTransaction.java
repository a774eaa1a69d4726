package dev.monotable.kit.data;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * One TransactWriteItems request under construction: the one way the data-access classes write
 * transactions. Each add method returns the action's index, which is also its index in the
 * cancellation reasons, so callers map a failed condition to a domain exception by position with
 * {@link TransactionFailures}, the one reader of cancellation reasons. Every condition asks for the old item on failure, which tells
 * "missing" from "present but in the wrong state" without another read.
 */
public final class WriteTransaction {
  private final TableGateway table;
  private final List<TransactWriteItem> items = new ArrayList<>();

  public WriteTransaction(TableGateway table) {
    this.table = table;
  }

  /** Put with a condition (for example {@code attribute_not_exists(PK)}); names and values may be empty. */
  public int put(Map<String, AttributeValue> item, String condition, Map<String, String> names,
      Map<String, AttributeValue> values) {
    Put.Builder p = Put.builder().tableName(table.tableName()).item(item).conditionExpression(condition)
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    if (!names.isEmpty()) {
      p.expressionAttributeNames(names);
    }
    if (!values.isEmpty()) {
      p.expressionAttributeValues(values);
    }
    return add(TransactWriteItem.builder().put(p.build()).build());
  }

  public int check(Key key, String condition, Map<String, String> names, Map<String, AttributeValue> values) {
    ConditionCheck.Builder c = ConditionCheck.builder().tableName(table.tableName()).key(key.toMap())
        .conditionExpression(condition)
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    if (!names.isEmpty()) {
      c.expressionAttributeNames(names);
    }
    if (!values.isEmpty()) {
      c.expressionAttributeValues(values);
    }
    return add(TransactWriteItem.builder().conditionCheck(c.build()).build());
  }

  public int update(Key key, String updateExpression, String condition, Map<String, String> names,
      Map<String, AttributeValue> values) {
    return add(TransactWriteItem.builder().update(Update.builder().tableName(table.tableName()).key(key.toMap())
        .updateExpression(updateExpression).conditionExpression(condition)
        .expressionAttributeNames(names).expressionAttributeValues(values)
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
  }

  public int delete(Key key, String condition, Map<String, String> names) {
    return delete(key, condition, names, Map.of());
  }

  public int delete(Key key, String condition, Map<String, String> names, Map<String, AttributeValue> values) {
    Delete.Builder d = Delete.builder().tableName(table.tableName()).key(key.toMap()).conditionExpression(condition)
        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD);
    if (!names.isEmpty()) {
      d.expressionAttributeNames(names);
    }
    if (!values.isEmpty()) {
      d.expressionAttributeValues(values);
    }
    return add(TransactWriteItem.builder().delete(d.build()).build());
  }

  /** A Put that fails when an item with its key exists (ALL_OLD on failure). */
  public int putIfAbsent(Map<String, AttributeValue> item) {
    return put(item, "attribute_not_exists(#pk)", Map.of("#pk", TableSchema.PK), Map.of());
  }

  /** Sends the request; a failed condition surfaces as {@link TransactionCanceledException}. */
  public void commit() {
    table.client().transactWriteItems(TransactWriteItemsRequest.builder().transactItems(items).build());
  }

  private int add(TransactWriteItem item) {
    items.add(item);
    return items.size() - 1;
  }
}
