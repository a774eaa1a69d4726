package dev.monotable.kit.internal.lambda;

import dev.monotable.kit.log.Emf;
import dev.monotable.kit.http.DomainServices;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.http.ApiEvent;
import dev.monotable.kit.internal.log.JsonLog;
import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.Env;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.crac.Context;
import org.crac.Core;
import org.crac.Resource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.PutItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/**
 * SnapStart priming. Before the snapshot, the function makes one request of each kind its role
 * allows (the catalog's actions for its handler, the same list infra grants), on a key that never
 * exists: reads find nothing, and writes carry a condition that fails, so nothing is ever written.
 * That loads and JIT-compiles the SDK's request path (marshalling, signing, HTTP, unmarshalling)
 * for the calls the handler will make, so restored copies skip that cost. A request the role does
 * not allow would be refused (AccessDenied) and prime only the error path.
 *
 * <p>The function then invokes its own handler once, so the first real request after a restore
 * finds the handler's code loaded and compiled too (docs/performance-levers.md). A GET route gets
 * path parameters naming nothing that exists: the request is parsed, the caller identified, the
 * table read (nothing found), the 404 mapped and written as JSON (measured: 27 classes left to
 * load instead of 285); its function is granted reads only, so the invocation cannot write
 * whatever the handler does. A route that takes a body gets one with a field no route takes: the
 * body is parsed and refused with a 400 before the handler's own code runs, so nothing is read or
 * written. Other routes (DELETE, PUT without a body) get the SDK requests alone. After restore,
 * the ULID generator is re-seeded so copies of one snapshot never share entropy.
 */
public final class Priming implements Resource {
  /** Partition and sort key of the requests: no entity uses this prefix, so no item ever has it. */
  static final String KEY = "SNAPSTART_PRIMING";
  private static final String NEVER_EXISTS = "attribute_exists(" + TableSchema.PK + ")";

  /**
   * Path parameter value of the priming invocation: a name no account or repository is expected
   * to hold (were one to, priming would only read it: GET routes are granted reads only).
   */
  public static final String MISSING_NAME = "snapstart-priming-0";
  /** Any valid number: no repository named {@link #MISSING_NAME} exists to hold it. */
  public static final String MISSING_NUMBER = "1";
  /** The body field of a write route's priming invocation: no route takes it, so it is a 400. */
  public static final String UNKNOWN_FIELD = "snapstartPriming";

  private static Priming registered;
  private final DomainServices services;
  private final Grant grant;
  private final Endpoint route;

  /** What a function may call: the catalog's actions and queryable indexes of its handler. */
  public record Grant(Set<DynamoAction> actions, Set<Gsi> indexes, boolean queriesTable) {
    /** GetItem only: what a function outside the catalogs (a local run, a test) primes with. */
    public static final Grant DEFAULT = new Grant(Set.of(DynamoAction.GET_ITEM), Set.of(), false);

    /** The grant of one route's function: what a plain route's function is given. */
    public static Grant of(Endpoint e) {
      return new Grant(Set.copyOf(e.actions()), Set.copyOf(e.indexes()), e.patterns().stream()
          .anyMatch(p -> p.calls().includes(dev.monotable.kit.catalog.Operation.QUERY) && p.index() == null));
    }

    /**
     * The grant of the handler class Lambda runs (the {@code _HANDLER} variable, "class::method"),
     * from the domain's endpoints (the union over the routes it serves) or its stream consumers.
     */
    public static Grant ofHandler(Domain domain, String handler) {
      if (handler == null) {
        return DEFAULT;
      }
      String handlerClass = handlerClassOf(handler);
      Set<DynamoAction> actions = EnumSet.noneOf(DynamoAction.class);
      Set<Gsi> indexes = EnumSet.noneOf(Gsi.class);
      boolean queriesTable = false;
      boolean known = false;
      for (Endpoint e : domain.endpoints()) {
        if (e.handlerClass().equals(handlerClass)) {
          known = true;
          actions.addAll(e.actions());
          indexes.addAll(e.indexes());
          queriesTable |= e.patterns().stream()
              .anyMatch(p -> p.calls().includes(dev.monotable.kit.catalog.Operation.QUERY) && p.index() == null);
        }
      }
      StreamHandlerDeclaration stream = domain.stream(handlerClass);
      if (stream != null) {
        known = true;
        actions.addAll(stream.actions());
        indexes.addAll(stream.indexes());
      }
      return known ? new Grant(Set.copyOf(actions), Set.copyOf(indexes), queriesTable) : DEFAULT;
    }
  }

  public Priming(DomainServices services, Grant grant) {
    this(services, grant, null);
  }

  /** @param route the route whose handler is invoked once before the snapshot, or null */
  public Priming(DomainServices services, Grant grant, Endpoint route) {
    this.services = services;
    this.grant = grant;
    this.route = route;
  }

  /**
   * Registers the priming of this container's handler with CRaC, once per JVM; called by the
   * domain's services when the runtime builds them (the services class's {@code fromEnvironment()}).
   */
  public static synchronized void register(DomainServices services) {
    if (registered == null) {
      String handler = Env.get(Env.LAMBDA_HANDLER);
      Endpoint plain = plainRoute(services, Env.get(Env.MONOTABLE_ROUTE));
      registered = plain != null
          ? new Priming(services, Grant.of(plain), plain)
          : new Priming(services, Grant.ofHandler(services.domain(), handler), primingRoute(services, handler));
      Core.getGlobalContext().register(registered);
    }
  }

  /**
   * The route the kit's handler serves in this function ({@code MONOTABLE_ROUTE}, set by infra on the
   * function of each plain route and each {@link Endpoint#route}: they share the kit's handler classes,
   * so the class cannot tell them apart), or null.
   */
  public static Endpoint plainRoute(DomainServices services, String routeKey) {
    if (routeKey == null) {
      return null;
    }
    Endpoint e = services.domain().endpoint(routeKey);
    return e != null && e.servedByKit() ? e : null;
  }

  /** "class::method" (Lambda's handler string) to "class". */
  static String handlerClassOf(String handler) {
    int i = handler.indexOf("::");
    return i < 0 ? handler : handler.substring(0, i);
  }

  /**
   * The route of this handler ("class::method") to invoke before the snapshot: its first GET route,
   * else its first route that takes a body; null when it has neither (or is not the domain's).
   */
  public static Endpoint primingRoute(DomainServices services, String handler) {
    if (handler == null) {
      return null;
    }
    String handlerClass = handlerClassOf(handler);
    List<Endpoint> routes = services.domain().endpoints().stream()
        .filter(e -> e.handlerClass().equals(handlerClass)).toList();
    return routes.stream().filter(e -> e.method().equals("GET")).findFirst()
        .or(() -> routes.stream().filter(e -> services.bodyRoutes().contains(e.routeKey())).findFirst())
        .orElse(null);
  }

  /**
   * The priming invocation of a route: every path parameter names something that does not exist,
   * a route that requires a caller gets one without a profile, and a route other than GET gets a
   * body holding only {@link #UNKNOWN_FIELD}.
   */
  public static APIGatewayV2HTTPEvent primingEvent(Endpoint route) {
    ApiEvent event = ApiEvent.request(route.method(), route.path()).requestId("snapstart-priming");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{(\\w+)}").matcher(route.path());
    while (m.find()) {
      event.path(m.group(1), m.group(1).equals("number") ? MISSING_NUMBER : MISSING_NAME);
    }
    if (route.auth() == Auth.REQUIRED) {
      event.as(MISSING_NAME);
    }
    if (!route.method().equals("GET")) {
      event.header("content-type", "application/json").body("{\"" + UNKNOWN_FIELD + "\":\"x\"}");
    }
    return event.build();
  }

  /**
   * Invokes a new instance of the route's handler (built on these same services, through its
   * constructor taking the services' class) with {@link #primingEvent}; returns its status, or 0
   * when there is no such route.
   */
  @SuppressWarnings("unchecked")
  public int primeHandler() {
    if (route == null) {
      return 0;
    }
    try {
      // The constructor taking the services: the domain's class, or DomainServices for the kit's PlainHandler.
      java.lang.reflect.Constructor<?> constructor = null;
      for (java.lang.reflect.Constructor<?> c : Class.forName(route.handlerClass()).getConstructors()) {
        if (c.getParameterCount() == 1 && c.getParameterTypes()[0].isInstance(services)) {
          constructor = c;
        }
      }
      if (constructor == null) {
        throw new NoSuchMethodException(route.handlerClass() + "(" + services.getClass().getSimpleName() + ")");
      }
      RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler =
          (RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>) constructor.newInstance(services);
      int status = handler.handleRequest(primingEvent(route), null).getStatusCode();
      if (status >= 500) {
        warn("handler", new IllegalStateException("answered " + status));
      }
      return status;
    } catch (ReflectiveOperationException | RuntimeException e) {
      warn("handler", e instanceof RuntimeException r ? r : new IllegalStateException(e.getClass().getSimpleName()));
      return 0;
    }
  }

  /** The priming requests for this grant, in the order they are made; none can write. */
  public static List<DynamoDbRequest> requests(String table, Grant grant) {
    Map<String, AttributeValue> key = Map.of(TableSchema.PK, s(KEY), TableSchema.SK, s(KEY));
    List<DynamoDbRequest> out = new ArrayList<>();
    Set<DynamoAction> a = grant.actions();
    if (a.contains(DynamoAction.GET_ITEM)) {
      out.add(GetItemRequest.builder().tableName(table).key(key).consistentRead(true).build());
    }
    if (a.contains(DynamoAction.BATCH_GET_ITEM)) {
      out.add(BatchGetItemRequest.builder()
          .requestItems(Map.of(table, KeysAndAttributes.builder().keys(List.of(key)).consistentRead(true).build()))
          .build());
    }
    if (a.contains(DynamoAction.QUERY) && grant.queriesTable()) {
      out.add(QueryRequest.builder().tableName(table).keyConditionExpression("#pk = :pk")
          .expressionAttributeNames(Map.of("#pk", TableSchema.PK))
          .expressionAttributeValues(Map.of(":pk", s(KEY))).limit(1).build());
    }
    if (a.contains(DynamoAction.QUERY) && !grant.indexes().isEmpty()) {
      Gsi gsi = EnumSet.copyOf(grant.indexes()).iterator().next();
      out.add(QueryRequest.builder().tableName(table).indexName(gsi.indexName())
          .keyConditionExpression("#pk = :pk")
          .expressionAttributeNames(Map.of("#pk", gsi.pk()))
          .expressionAttributeValues(Map.of(":pk", s(KEY))).limit(1).scanIndexForward(false).build());
    }
    if (a.contains(DynamoAction.UPDATE_ITEM)) {
      out.add(UpdateItemRequest.builder().tableName(table).key(key)
          .updateExpression("SET #v = :v").conditionExpression(NEVER_EXISTS)
          .expressionAttributeNames(Map.of("#v", TableSchema.VERSION))
          .expressionAttributeValues(Map.of(":v", AttributeValue.fromN("1"))).build());
    }
    if (a.contains(DynamoAction.PUT_ITEM)) {
      out.add(PutItemRequest.builder().tableName(table).item(key).conditionExpression(NEVER_EXISTS).build());
    }
    if (a.contains(DynamoAction.DELETE_ITEM)) {
      out.add(DeleteItemRequest.builder().tableName(table).key(key).conditionExpression(NEVER_EXISTS).build());
    }
    // Most writes are transactions: prime that path too, with the one item kind the role allows.
    TransactWriteItem item = null;
    if (a.contains(DynamoAction.CONDITION_CHECK_ITEM)) {
      item = TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table).key(key)
          .conditionExpression(NEVER_EXISTS).build()).build();
    } else if (a.contains(DynamoAction.PUT_ITEM)) {
      item = TransactWriteItem.builder().put(Put.builder().tableName(table).item(key)
          .conditionExpression(NEVER_EXISTS).build()).build();
    } else if (a.contains(DynamoAction.UPDATE_ITEM)) {
      item = TransactWriteItem.builder().update(Update.builder().tableName(table).key(key)
          .updateExpression("SET #v = :v").conditionExpression(NEVER_EXISTS)
          .expressionAttributeNames(Map.of("#v", TableSchema.VERSION))
          .expressionAttributeValues(Map.of(":v", AttributeValue.fromN("1"))).build()).build();
    } else if (a.contains(DynamoAction.DELETE_ITEM)) {
      item = TransactWriteItem.builder().delete(Delete.builder().tableName(table).key(key)
          .conditionExpression(NEVER_EXISTS).build()).build();
    }
    if (item != null) {
      out.add(TransactWriteItemsRequest.builder().transactItems(item).build());
    }
    return out;
  }

  /** Makes the priming requests; returns how many answered as expected. Never throws. */
  public int prime() {
    int ok = 0;
    DynamoDbClient client = services.table().client();
    for (DynamoDbRequest request : requests(services.table().tableName(), grant)) {
      try {
        call(client, request);
        ok++;
      } catch (ConditionalCheckFailedException expected) {
        ok++; // the condition on a key that never exists failed: nothing was written
      } catch (TransactionCanceledException e) {
        if (TransactionFailures.conditionFailed(e)) {
          ok++; // likewise, in a transaction
        } else {
          warn(request.getClass().getSimpleName(), e);
        }
      } catch (RuntimeException e) {
        warn(request.getClass().getSimpleName(), e);
      }
    }
    return ok;
  }

  // Priming is an optimisation: a failure must never block the snapshot, but it must show
  // (a refused request primes only the error path).
  private static void warn(String request, RuntimeException e) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("level", "WARN");
    line.put("message", "priming request failed");
    line.put("request", request);
    line.put("error", e.getClass().getSimpleName());
    JsonLog.write(line);
  }

  private static void call(DynamoDbClient client, DynamoDbRequest request) {
    if (request instanceof GetItemRequest r) {
      client.getItem(r);
    } else if (request instanceof BatchGetItemRequest r) {
      client.batchGetItem(r);
    } else if (request instanceof QueryRequest r) {
      client.query(r);
    } else if (request instanceof UpdateItemRequest r) {
      client.updateItem(r);
    } else if (request instanceof PutItemRequest r) {
      client.putItem(r);
    } else if (request instanceof DeleteItemRequest r) {
      client.deleteItem(r);
    } else if (request instanceof TransactWriteItemsRequest r) {
      client.transactWriteItems(r);
    } else {
      throw new IllegalArgumentException("not a priming request: " + request.getClass().getSimpleName());
    }
  }

  private static AttributeValue s(String value) {
    return AttributeValue.fromS(value);
  }

  @Override
  public void beforeCheckpoint(Context<? extends Resource> context) {
    try {
      prime();
      // Its line carries no metrics, and the first invocation after the restore is the cold one.
      Emf.priming(this::primeHandler);
    } catch (RuntimeException e) {
      // Priming is an optimisation: a failure here must never block the snapshot.
    }
    Ulid.next(Instant.now());
  }

  @Override
  public void afterRestore(Context<? extends Resource> context) {
    Ulid.reseed();
  }
}
