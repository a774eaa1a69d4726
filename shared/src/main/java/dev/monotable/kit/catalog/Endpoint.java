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
 * @param body the fields its JSON body may hold ({@link BodyField}); empty when it reads no body
 * @param access whose call it serves beyond its auth: anyone, the owner a path parameter names, or a
 *     group's members ({@link Access})
 */
public record Endpoint(
    String method,
    String path,
    String handlerClass,
    Auth auth,
    List<AccessPatternSpec> patterns,
    Set<DynamoAction> actions,
    Set<Gsi> indexes,
    List<BodyField> body,
    Access access) {

  public Endpoint {
    patterns = List.copyOf(patterns);
    java.util.Objects.requireNonNull(access, "access");
    if (access.kind() != Access.Kind.ANYONE && auth != Auth.REQUIRED) {
      throw new IllegalArgumentException(method + " " + path + ": an owner or group route requires Auth.REQUIRED");
    }
    if (access.kind() == Access.Kind.OWNER && !path.contains("{" + access.name() + "}")) {
      throw new IllegalArgumentException(method + " " + path + ": no path parameter {" + access.name() + "}");
    }
    body = List.copyOf(body);
    actions = Set.copyOf(actions);
    indexes = Set.copyOf(indexes);
    if (!indexes.isEmpty() && !actions.contains(DynamoAction.QUERY)) {
      throw new IllegalArgumentException(method + " " + path + ": indexes without Query");
    }
  }

  /** A route served to anyone its auth admits. */
  public Endpoint(String method, String path, String handlerClass, Auth auth, List<AccessPatternSpec> patterns,
      Set<DynamoAction> actions, Set<Gsi> indexes, List<BodyField> body) {
    this(method, path, handlerClass, auth, patterns, actions, indexes, body, Access.ANYONE);
  }

  /** A route that reads no JSON body. */
  public Endpoint(String method, String path, String handlerClass, Auth auth, List<AccessPatternSpec> patterns,
      Set<DynamoAction> actions, Set<Gsi> indexes) {
    this(method, path, handlerClass, auth, patterns, actions, indexes, List.of());
  }

  /** The same route, taking a JSON body of these fields. */
  public Endpoint withBody(BodyField... fields) {
    return new Endpoint(method, path, handlerClass, auth, patterns, actions, indexes, List.of(fields), access);
  }

  /** The same route, served only to the user its path parameter {@code pathParameter} names. */
  public Endpoint ownedBy(String pathParameter) {
    return new Endpoint(method, path, handlerClass, auth, patterns, actions, indexes, body,
        Access.owner(pathParameter));
  }

  /** The same route, served only to members of user pool group {@code group}. */
  public Endpoint forGroup(String group) {
    return new Endpoint(method, path, handlerClass, auth, patterns, actions, indexes, body, Access.group(group));
  }

  /** The names of its path parameters, in order ({@code {owner}}, {@code {repo}} ...). */
  public List<String> pathParameters() {
    List<String> names = new java.util.ArrayList<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{([^}]+)}").matcher(path);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  /** API Gateway route key, for example {@code GET /users/{username}}. */
  public String routeKey() {
    return method + " " + path;
  }

  /** Simple class name of the handler, used to name its function. */
  public String handlerName() {
    return handlerClass.substring(handlerClass.lastIndexOf('.') + 1);
  }

  /**
   * The {@code accessPattern} dimension of the route's metrics: its pattern's name, or the names
   * joined with {@code +} when one handler serves several (AP24+AP25+AP26); the handler's name for
   * a route without a pattern. Two routes of one pattern share its metrics.
   */
  public String metricPattern() {
    if (patterns.isEmpty()) {
      return handlerName();
    }
    return String.join("+", patterns.stream().map(AccessPatternSpec::name).toList());
  }

  /** The largest of its patterns' {@link AccessPatternSpec#latencyTargetP99Ms()}: one handler serves them all. */
  public int latencyTargetP99Ms() {
    return patterns.stream().mapToInt(AccessPatternSpec::latencyTargetP99Ms).max()
        .orElse(AccessPatternSpec.DEFAULT_LATENCY_TARGET_P99_MS);
  }

  /** True when the function only reads the table. */
  public boolean readOnly() {
    return actions.stream().noneMatch(a -> a.isWrite() || a == DynamoAction.CONDITION_CHECK_ITEM);
  }
}
