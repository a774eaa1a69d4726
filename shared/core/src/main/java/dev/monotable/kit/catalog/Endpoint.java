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
 * @param name the name of a route the kit serves ({@link #named}), which names its function, metrics and docs'
 *     operation; null: derived ({@link #handlerName()})
 * @param area the API area of a route the kit serves ({@link #named}): its functions' nested stack and its docs'
 *     tag; null: derived from the handler's package
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
    Access access,
    String name,
    String area) {

  public Endpoint {
    patterns = List.copyOf(patterns);
    java.util.Objects.requireNonNull(access, "access");
    if (access.kind() != Access.Kind.ANYONE && auth != Auth.REQUIRED) {
      throw new IllegalArgumentException(method + " " + path + ": an owner, group or member route requires "
          + "Auth.REQUIRED");
    }
    if ((access.kind() == Access.Kind.OWNER || access.kind() == Access.Kind.MEMBER)
        && !path.contains("{" + access.name() + "}")) {
      throw new IllegalArgumentException(method + " " + path + ": no path parameter {" + access.name() + "}");
    }
    body = List.copyOf(body);
    actions = Set.copyOf(actions);
    indexes = Set.copyOf(indexes);
    if (!indexes.isEmpty() && !actions.contains(DynamoAction.QUERY)) {
      throw new IllegalArgumentException(method + " " + path + ": indexes without Query");
    }
    if ((name != null || area != null) && !(ROUTE_HANDLER.equals(handlerClass) || PLAIN_HANDLER.equals(handlerClass))) {
      throw new IllegalArgumentException(method + " " + path + ": only a route the kit serves is named; "
          + handlerClass + " names its function");
    }
  }

  /** A route served by its handler class, its name and area derived. */
  public Endpoint(String method, String path, String handlerClass, Auth auth, List<AccessPatternSpec> patterns,
      Set<DynamoAction> actions, Set<Gsi> indexes, List<BodyField> body, Access access) {
    this(method, path, handlerClass, auth, patterns, actions, indexes, body, access, null, null);
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

  /**
   * A route whose grants are derived from its patterns' declarations: the IAM actions of every
   * operation they may make ({@link Calls#all()}) and every index they query. A transaction names no
   * action of its own (IAM authorises its Put, Update, Delete and ConditionCheck parts): a pattern
   * declared as {@link Writes} is granted exactly the actions of its parts; a route with another
   * {@code TransactWriteItems} pattern declares its actions with the canonical constructor.
   *
   * @throws IllegalArgumentException a pattern writes a transaction not declared as {@link Writes}
   */
  public static Endpoint of(String method, String path, String handlerClass, Auth auth, AccessPatternSpec... patterns) {
    Set<DynamoAction> actions = java.util.EnumSet.noneOf(DynamoAction.class);
    Set<Gsi> indexes = java.util.EnumSet.noneOf(Gsi.class);
    Access access = Access.ANYONE;
    for (AccessPatternSpec p : patterns) {
      if (p instanceof DeclaredPattern d && d.members() != null) {
        // Who may call it is the pattern's: its request reads or checks the caller's membership.
        if (access != Access.ANYONE && !access.membership().equals(d.members())) {
          throw new IllegalArgumentException(method + " " + path + ": its patterns are for different members");
        }
        access = Access.member(d.members());
      }
      if (p.key() instanceof Writes w) {
        actions.addAll(w.actions());
      } else if (p.entity() != null && access.kind() == Access.Kind.MEMBER
          && p.calls().includes(Operation.TRANSACT_WRITE_ITEMS)) {
        // a members' plain update: the membership's ConditionCheck and the Update
        actions.addAll(java.util.List.of(DynamoAction.CONDITION_CHECK_ITEM, DynamoAction.UPDATE_ITEM));
      } else if (p.calls().includes(Operation.TRANSACT_WRITE_ITEMS)) {
        throw new IllegalArgumentException(method + " " + path + ": " + p.name() + " writes a transaction: declare "
            + "the actions of its parts");
      }
      p.calls().all().forEach(op -> actions.addAll(op.grants()));
      if (p.key().index() != null) {
        indexes.add(p.key().index());
      }
    }
    return new Endpoint(method, path, handlerClass, auth, List.of(patterns), actions, indexes, List.of(), access);
  }

  /**
   * The Lambda handler class of plain routes ({@code functions}' {@code kit.http.PlainHandler}): a
   * name for infra and the local service, as a domain names its handlers, not a dependency on it.
   */
  public static final String PLAIN_HANDLER = "dev.monotable.kit.http." + "PlainHandler";

  /**
   * A route of one plain pattern ({@link DeclaredPattern#get}, {@code list}, {@code create},
   * {@code remove}): served by the kit's {@link #PLAIN_HANDLER}, still one Lambda function of its
   * own ({@link #functionKey()}), granted what the pattern calls. Its path parameters name the
   * placeholders the pattern's keys are filled by; a create also takes the entity's other
   * attributes as the body fields declared with {@link #withBody}.
   *
   * @throws IllegalArgumentException the pattern serves no entity, or a key placeholder has no path parameter
   */
  public static Endpoint plain(String method, String path, Auth auth, AccessPatternSpec pattern) {
    if (pattern.entity() == null) {
      throw new IllegalArgumentException(method + " " + path + ": " + pattern.name() + " is not a plain pattern");
    }
    Endpoint e = of(method, path, PLAIN_HANDLER, auth, pattern);
    List<String> keyNames = new java.util.ArrayList<>();
    if (pattern.key() instanceof KeyCondition.QueryKey q) {
      keyNames.addAll(q.pk().parameters());
    } else {
      keyNames.addAll(pattern.entity().table().pk().names());
      keyNames.addAll(pattern.entity().table().sk().names());
    }
    for (String name : keyNames) {
      if (!e.pathParameters().contains(name)) {
        throw new IllegalArgumentException(e.routeKey() + ": {" + name + "} of " + pattern.name()
            + "'s key needs a path parameter of that name");
      }
    }
    return e;
  }

  /**
   * The Lambda handler class of routes declared with {@link #route} ({@code kit.http.RouteHandler}):
   * a name for infra and the local service, as a domain names its handlers, not a dependency on it.
   */
  public static final String ROUTE_HANDLER = "dev.monotable.kit.http." + "RouteHandler";

  /**
   * A custom route served by a method of the domain's services, with no handler class of the domain's:
   * the services bind the method to the route's pattern ({@code Routes.of(...).serve(P01, MyServices::put)}),
   * the kit's {@link #ROUTE_HANDLER} calls it. Still a Lambda function of its own ({@link #functionKey()}),
   * granted what its patterns call as {@link #of} derives it; its declared access is checked and its
   * declared body ({@link #withBody}) held to its fields before the method runs.
   *
   * @throws IllegalArgumentException as {@link #of}
   */
  public static Endpoint route(String method, String path, Auth auth, AccessPatternSpec... patterns) {
    return of(method, path, ROUTE_HANDLER, auth, patterns);
  }

  /** True for a route the kit's {@link #PLAIN_HANDLER} serves. */
  public boolean isPlain() {
    return PLAIN_HANDLER.equals(handlerClass);
  }

  /** True for a route a method of the domain's services serves ({@link #route}). */
  public boolean isRoute() {
    return ROUTE_HANDLER.equals(handlerClass);
  }

  /**
   * True for a route one of the kit's handler classes serves (a plain route, a {@link #route}): the routes
   * share that class, so each has a function of its own, told its route.
   */
  public boolean servedByKit() {
    return isPlain() || isRoute();
  }

  /**
   * What makes the route's Lambda function its own: its handler class, whose routes share one
   * function; for a route the kit serves, its name when {@link #named} (two routes of one name share a
   * function, as two routes of one handler class did), else the route itself (each has a function of its own).
   */
  public String functionKey() {
    if (name != null) {
      return name;
    }
    return servedByKit() ? routeKey() : handlerClass;
  }

  /** The same route, taking a JSON body of these fields. */
  public Endpoint withBody(BodyField... fields) {
    return new Endpoint(method, path, handlerClass, auth, patterns, actions, indexes, List.of(fields), access, name,
        area);
  }

  /** The same route, served only to the user its path parameter {@code pathParameter} names. */
  public Endpoint ownedBy(String pathParameter) {
    return new Endpoint(method, path, handlerClass, auth, patterns, actions, indexes, body,
        Access.owner(pathParameter), name, area);
  }

  /** The same route, served only to members of user pool group {@code group}. */
  public Endpoint forGroup(String group) {
    return new Endpoint(method, path, handlerClass, auth, patterns, actions, indexes, body, Access.group(group),
        name, area);
  }

  /**
   * The same route the kit serves, its function named {@code name} in API area {@code area} (the nested stack
   * its function is in, its docs' tag): a route that was served by a handler class of the domain's keeps that
   * function's name and stack, so moving it to a method replaces no deployed function and renames no metric.
   * Routes of one name share one function (as the routes of one handler class did): give them the same grants.
   *
   * @throws IllegalArgumentException the route is served by a handler class of the domain's
   */
  public Endpoint named(String name, String area) {
    return new Endpoint(method, path, handlerClass, auth, patterns, actions, indexes, body, access,
        java.util.Objects.requireNonNull(name, "name"), java.util.Objects.requireNonNull(area, "area"));
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

  /** The route key of every domain's liveness route ({@link #health}). */
  public static final String HEALTH_ROUTE = "GET /health";

  /**
   * {@code GET /health}: liveness with the table name and endpoint, anonymous, no table access. Every domain
   * declares it ({@code scripts/dev} prints it in each domain's banner); the kit's {@link #ROUTE_HANDLER}
   * answers it, no method of the domain's: a function of its own named {@code HealthHandler} in area
   * {@code platform}, as the handler class every domain had.
   *
   * @param pattern the domain's access pattern for it (operation "none", no request allowed)
   */
  public static Endpoint health(AccessPatternSpec pattern) {
    return new Endpoint("GET", "/health", ROUTE_HANDLER, Auth.NONE, List.of(pattern), Set.of(), Set.of())
        .named(HEALTH_FUNCTION, "platform");
  }

  /** The name of every domain's liveness function ({@link #health}). */
  public static final String HEALTH_FUNCTION = "HealthHandler";

  /** True for the liveness route ({@link #health}), which the kit answers. */
  public boolean isHealth() {
    return isRoute() && HEALTH_ROUTE.equals(routeKey());
  }

  /** API Gateway route key, for example {@code GET /users/{username}}. */
  public String routeKey() {
    return method + " " + path;
  }

  /**
   * True when {@code routeKey} is this endpoint's {@link #routeKey()}, compared without building
   * it: every invocation looks its route up among the domain's endpoints.
   */
  public boolean hasRouteKey(String routeKey) {
    return routeKey != null && routeKey.length() == method.length() + 1 + path.length()
        && routeKey.startsWith(method) && routeKey.charAt(method.length()) == ' ' && routeKey.endsWith(path);
  }

  /** Simple class name of the handler, used to name its function. */
  public String handlerName() {
    if (name != null) {
      return name;
    }
    if (servedByKit()) {
      // Unique per route: names its function, its metrics and its docs' operation.
      return patterns.get(0).name() + "Route";
    }
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
