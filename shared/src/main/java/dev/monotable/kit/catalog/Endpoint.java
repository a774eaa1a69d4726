package dev.monotable.kit.catalog;


import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.List;
import java.util.Set;

/**
 * One HTTP route: its handler class, how it authenticates, the access patterns it serves and the
 * exact DynamoDB actions and indexes its function is granted (least privilege is derived from
 * here by infra).
 *
 * @param method HTTP method
 * @param path API Gateway route path with {@code {param}} placeholders
 * @param handlerClass fully qualified class name in the functions module
 * @param auth how the caller is identified
 * @param patterns access patterns served
 * @param actions DynamoDB actions on the table; empty for routes that never touch it
 * @param indexes indexes the function may Query; empty when it queries none
 */
public record Endpoint(
    String method,
    String path,
    String handlerClass,
    Auth auth,
    List<AccessPatternSpec> patterns,
    Set<DynamoAction> actions,
    Set<Gsi> indexes) {

  public Endpoint {
    patterns = List.copyOf(patterns);
    actions = Set.copyOf(actions);
    indexes = Set.copyOf(indexes);
    if (!indexes.isEmpty() && !actions.contains(DynamoAction.QUERY)) {
      throw new IllegalArgumentException(method + " " + path + ": indexes without Query");
    }
  }

  /** API Gateway route key, for example {@code GET /users/{username}}. */
  public String routeKey() {
    return method + " " + path;
  }

  /** Simple class name of the handler, used to name its function. */
  public String handlerName() {
    return handlerClass.substring(handlerClass.lastIndexOf('.') + 1);
  }

  /** True when the function only reads the table. */
  public boolean readOnly() {
    return actions.stream().noneMatch(a -> a.isWrite() || a == DynamoAction.CONDITION_CHECK_ITEM);
  }
}
