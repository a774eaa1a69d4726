package dev.monotable.kit.data;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.schema.TableSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.IdempotentParameterMismatchException;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * One TransactWriteItems request under construction: the one way the data-access classes write
 * transactions. Each add method returns the action's index, which is also its index in the
 * cancellation reasons, so callers map a failed condition to a domain exception by position with
 * {@link TransactionFailures}, the one reader of cancellation reasons. Every condition asks for the old item on failure, which tells
 * "missing" from "present but in the wrong state" without another read, except a {@link #require}d check. A caller commits with the
 * mapping of its refusals ({@link #commit(Object, Refusal)}, {@link #commit(java.util.function.Consumer)});
 * what no mapping expects is thrown here, in one way.
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
    return check(key, condition, names, values, ReturnValuesOnConditionCheckFailure.ALL_OLD);
  }

  /**
   * A ConditionCheck whose refusal the caller only needs to know of ({@link TransactionFailures#failed}),
   * not explain: no old item is asked for, so {@link TransactionFailures#oldItem} is null for it. The
   * request is that much shorter to marshal and sign (the caller's profile check of every write).
   */
  public int require(Key key, String condition, Map<String, String> names, Map<String, AttributeValue> values) {
    return check(key, condition, names, values, null);
  }

  private int check(Key key, String condition, Map<String, String> names, Map<String, AttributeValue> values,
      ReturnValuesOnConditionCheckFailure onFailure) {
    ConditionCheck.Builder c = ConditionCheck.builder().tableName(table.tableName()).key(key.toMap())
        .conditionExpression(condition)
        .returnValuesOnConditionCheckFailure(onFailure);
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

  /**
   * What a refused transaction means to its caller, read from the failed conditions: the answer
   * to return, a thrown domain exception, or null when no failed condition is one the caller
   * expects.
   */
  @FunctionalInterface
  public interface Refusal<T> {
    T explain(TransactionFailures failures);
  }

  /**
   * Sends the request and returns {@code committed}; when a condition fails, returns what
   * {@code refused} makes of the failures, or lets its domain exception through. A cancellation
   * without a failed condition (TransactionConflict, throttling) is rethrown as the
   * {@link TransactionCanceledException} it is; a refusal {@code refused} answers with null is a
   * bug or corrupted data ({@link TransactionFailures#unexpected}).
   */
  public <T> T commit(T committed, Refusal<T> refused) {
    try {
      send();
      return committed;
    } catch (TransactionCanceledException e) {
      TransactionFailures failures = TransactionFailures.of(e);
      T answer = refused.explain(failures);
      if (answer == null) {
        throw failures.unexpected();
      }
      return answer;
    }
  }

  /**
   * {@link #commit(Object, Refusal)} for a write that answers nothing: {@code refused} throws the
   * domain exception of each failure it expects; one it returns from is unexpected.
   */
  public void commit(java.util.function.Consumer<TransactionFailures> refused) {
    commit(Boolean.TRUE, failures -> {
      refused.accept(failures);
      return null;
    });
  }

  /**
   * The request goes with this write's {@link WriteTokens token}: the SDK's retry of an attempt
   * whose answer was lost, and a client's retry with the same Idempotency-Key, are answered as the
   * first attempt was, without applying it again. When the token already served a different
   * request (a client's retry whose writes carry new ids or times), the conditions decide: the
   * request is sent again under a token of its own.
   */
  private void send() {
    try {
      table.transactWrite(items, WriteTokens.next());
    } catch (IdempotentParameterMismatchException e) {
      table.transactWrite(items, WriteTokens.random());
    }
  }

  private int add(TransactWriteItem item) {
    items.add(item);
    return items.size() - 1;
  }
}
