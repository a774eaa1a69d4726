package dev.monotable.kit.migrate;

import dev.monotable.kit.schema.TableSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * The migration's write rules on the single table, so that the live writes always win over the
 * backfill's copies:
 *
 * <ul>
 *   <li>the backfill creates, never replaces: {@link #putIfAbsent} ({@code attribute_not_exists(PK)}), so an item
 *       a dual write put there first (newer by construction: it mirrors the old item as written) is kept;
 *   <li>a dual write mirrors the old item's state over whatever is there: {@link #mirror}, an UpdateItem that SETs
 *       every mapped attribute and leaves the attributes only the single table has (copies kept by its stream
 *       functions) alone;
 *   <li>a backfilled copy whose old item was deleted meanwhile is removed only while it is still exactly the copy:
 *       {@link #deleteIfUnchanged}, so a newer dual write of the same key is never removed.
 * </ul>
 */
public final class ConditionalWrites {
  private ConditionalWrites() {}

  /** PutItem of {@code item} on condition {@code attribute_not_exists(PK)}. */
  public static PutItemRequest putIfAbsent(String table, Map<String, AttributeValue> item) {
    return PutItemRequest.builder().tableName(table).item(item)
        .conditionExpression("attribute_not_exists(#pk)").expressionAttributeNames(Map.of("#pk", TableSchema.PK))
        .build();
  }

  /** UpdateItem of {@code item}'s key that SETs each of its other attributes (creating the item when absent). */
  public static UpdateItemRequest mirror(String table, Map<String, AttributeValue> item) {
    Map<String, AttributeValue> key = Map.of(TableSchema.PK, item.get(TableSchema.PK), TableSchema.SK,
        item.get(TableSchema.SK));
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    List<String> sets = new ArrayList<>();
    int i = 0;
    for (String name : new TreeSet<>(item.keySet())) {
      if (key.containsKey(name)) {
        continue;
      }
      names.put("#a" + i, name);
      values.put(":a" + i, item.get(name));
      sets.add("#a" + i + " = :a" + i);
      i++;
    }
    UpdateItemRequest.Builder b = UpdateItemRequest.builder().tableName(table).key(key);
    if (!sets.isEmpty()) {
      b.updateExpression("SET " + String.join(", ", sets)).expressionAttributeNames(names)
          .expressionAttributeValues(values);
    }
    return b.build();
  }

  /** DeleteItem of {@code item}'s key on condition that each of its attributes is still equal. */
  public static DeleteItemRequest deleteIfUnchanged(String table, Map<String, AttributeValue> item) {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    List<String> terms = new ArrayList<>();
    int i = 0;
    for (String name : new TreeSet<>(item.keySet())) {
      names.put("#a" + i, name);
      values.put(":a" + i, item.get(name));
      terms.add("#a" + i + " = :a" + i);
      i++;
    }
    return DeleteItemRequest.builder().tableName(table)
        .key(Map.of(TableSchema.PK, item.get(TableSchema.PK), TableSchema.SK, item.get(TableSchema.SK)))
        .conditionExpression(String.join(" AND ", terms)).expressionAttributeNames(names)
        .expressionAttributeValues(values).build();
  }
}
