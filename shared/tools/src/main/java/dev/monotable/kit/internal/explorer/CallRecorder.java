package dev.monotable.kit.internal.explorer;

import dev.monotable.kit.ops.ItemFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.SdkResponse;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Capacity;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * SDK interceptor of the explorer's client: asks every read for its consumed capacity
 * ({@code ReturnConsumedCapacity=INDEXES}, which changes nothing else of the request) and records
 * each call as the page shows it: operation, index, key condition and filter with their names and
 * values, direction, Limit, Count and ScannedCount, the consumed capacity as the engine answered
 * it, whether a LastEvaluatedKey came back, and the time of the call. Every call counts, so a test
 * can prove that refused input made no request ({@link #total()}).
 */
public final class CallRecorder implements ExecutionInterceptor {
  private static final ExecutionAttribute<Long> STARTED = new ExecutionAttribute<>("explorer.started");
  private static final Pattern PLACEHOLDER = Pattern.compile("[#:][A-Za-z0-9_]+");

  private final List<Map<String, Object>> calls = new ArrayList<>();
  private long total;

  @Override
  public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
    SdkRequest r = context.request();
    if (r instanceof QueryRequest q && q.returnConsumedCapacity() == null) {
      return q.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof GetItemRequest g && g.returnConsumedCapacity() == null) {
      return g.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof BatchGetItemRequest b && b.returnConsumedCapacity() == null) {
      return b.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    if (r instanceof ScanRequest s && s.returnConsumedCapacity() == null) {
      return s.toBuilder().returnConsumedCapacity(ReturnConsumedCapacity.INDEXES).build();
    }
    return r;
  }

  @Override
  public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
    attributes.putAttribute(STARTED, System.nanoTime());
    synchronized (this) {
      total++;
    }
  }

  @Override
  public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
    Map<String, Object> call = describe(context.request());
    SdkResponse response = context.response();
    if (response instanceof QueryResponse q) {
      call.put("count", q.count());
      call.put("scannedCount", q.scannedCount());
      call.put("consumedCapacity", capacity(q.consumedCapacity()));
      call.put("lastEvaluatedKey", q.hasLastEvaluatedKey() && !q.lastEvaluatedKey().isEmpty()
          ? ItemFormat.dynamoJson(q.lastEvaluatedKey()) : null);
    } else if (response instanceof ScanResponse s) {
      call.put("count", s.count());
      call.put("scannedCount", s.scannedCount());
      call.put("consumedCapacity", capacity(s.consumedCapacity()));
      call.put("lastEvaluatedKey", s.hasLastEvaluatedKey() && !s.lastEvaluatedKey().isEmpty()
          ? ItemFormat.dynamoJson(s.lastEvaluatedKey()) : null);
    } else if (response instanceof GetItemResponse g) {
      call.put("count", g.hasItem() && !g.item().isEmpty() ? 1 : 0);
      call.put("consumedCapacity", capacity(g.consumedCapacity()));
    } else if (response instanceof BatchGetItemResponse b) {
      call.put("count", b.responses().values().stream().mapToInt(List::size).sum());
      call.put("consumedCapacity", b.consumedCapacity().isEmpty() ? null : capacity(b.consumedCapacity().get(0)));
    }
    finish(call, attributes);
  }

  @Override
  public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
    Map<String, Object> call = describe(context.request());
    call.put("error", context.exception().getClass().getSimpleName() + ": " + context.exception().getMessage());
    finish(call, attributes);
  }

  private void finish(Map<String, Object> call, ExecutionAttributes attributes) {
    Long started = attributes.getAttribute(STARTED);
    call.put("millis", started == null ? null : Math.round((System.nanoTime() - started) / 10_000.0) / 100.0);
    synchronized (this) {
      calls.add(call);
    }
  }

  /** Forgets the recorded calls (not the total). */
  synchronized void reset() {
    calls.clear();
  }

  /** The calls since the last reset, in order. */
  synchronized List<Map<String, Object>> calls() {
    return List.copyOf(calls);
  }

  /** Every request the explorer's client has made since it was built. */
  synchronized long total() {
    return total;
  }

  /** The request as the page shows it. */
  static Map<String, Object> describe(SdkRequest request) {
    Map<String, Object> out = new LinkedHashMap<>();
    String name = request.getClass().getSimpleName();
    out.put("operation", name.endsWith("Request") ? name.substring(0, name.length() - "Request".length()) : name);
    if (request instanceof QueryRequest q) {
      out.put("table", q.tableName());
      out.put("index", q.indexName());
      out.put("keyCondition", q.keyConditionExpression());
      out.put("filter", q.filterExpression());
      out.put("resolved", resolve(q.keyConditionExpression(), q.expressionAttributeNames(),
          q.expressionAttributeValues()));
      out.put("resolvedFilter", q.filterExpression() == null ? null
          : resolve(q.filterExpression(), q.expressionAttributeNames(), q.expressionAttributeValues()));
      out.put("names", q.hasExpressionAttributeNames() ? q.expressionAttributeNames() : Map.of());
      out.put("values", q.hasExpressionAttributeValues() ? ItemFormat.dynamoJson(q.expressionAttributeValues())
          : Map.of());
      out.put("scanIndexForward", q.scanIndexForward() == null || q.scanIndexForward());
      out.put("limit", q.limit());
      out.put("consistentRead", Boolean.TRUE.equals(q.consistentRead()));
      out.put("exclusiveStartKey", q.hasExclusiveStartKey() ? ItemFormat.dynamoJson(q.exclusiveStartKey()) : null);
    } else if (request instanceof ScanRequest s) {
      out.put("table", s.tableName());
      out.put("index", s.indexName());
      out.put("filter", s.filterExpression());
      out.put("resolvedFilter", s.filterExpression() == null ? null
          : resolve(s.filterExpression(), s.expressionAttributeNames(), s.expressionAttributeValues()));
      out.put("limit", s.limit());
    } else if (request instanceof GetItemRequest g) {
      out.put("table", g.tableName());
      out.put("key", ItemFormat.dynamoJson(g.key()));
      out.put("resolved", keyText(g.key()));
      out.put("consistentRead", Boolean.TRUE.equals(g.consistentRead()));
    } else if (request instanceof BatchGetItemRequest b) {
      List<String> keys = new ArrayList<>();
      b.requestItems().forEach((table, ka) -> ka.keys().forEach(k -> keys.add(table + ": " + keyText(k))));
      out.put("resolved", String.join("; ", keys));
    }
    return out;
  }

  private static String keyText(Map<String, AttributeValue> key) {
    StringBuilder sb = new StringBuilder();
    key.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ").append(k).append(" = ").append(text(v)));
    return sb.toString();
  }

  /** The expression with its placeholders replaced by the names and values they stand for. */
  static String resolve(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    if (expression == null) {
      return null;
    }
    Matcher m = PLACEHOLDER.matcher(expression);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      String token = m.group();
      String replacement = token;
      if (token.startsWith("#") && names != null && names.containsKey(token)) {
        replacement = names.get(token);
      } else if (token.startsWith(":") && values != null && values.containsKey(token)) {
        replacement = text(values.get(token));
      }
      m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  private static String text(AttributeValue v) {
    if (v.s() != null) {
      return "\"" + v.s() + "\"";
    }
    return v.n() != null ? v.n() : ItemFormat.compact(v);
  }

  /** Consumed capacity as answered: total, table and per-index units; null when none came back. */
  static Map<String, Object> capacity(ConsumedCapacity c) {
    if (c == null) {
      return null;
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("capacityUnits", c.capacityUnits());
    out.put("readCapacityUnits", c.readCapacityUnits());
    out.put("table", c.table() == null ? null : units(c.table()));
    Map<String, Object> gsis = new LinkedHashMap<>();
    if (c.hasGlobalSecondaryIndexes()) {
      c.globalSecondaryIndexes().forEach((k, v) -> gsis.put(k, units(v)));
    }
    out.put("indexes", gsis);
    return out;
  }

  private static Double units(Capacity c) {
    return c.capacityUnits() != null ? c.capacityUnits() : c.readCapacityUnits();
  }
}
