package dev.monotable.kit.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchDomain;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.bench.BenchTable;
import dev.monotable.kit.bench.Invoker;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.DynamoAction;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.Operation;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.catalog.Writes;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.internal.lambda.Priming;
import dev.monotable.kit.internal.lambda.Priming.Grant;
import dev.monotable.kit.local.LocalDomain;
import dev.monotable.kit.tools.DevDomain;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;

/**
 * The domain-wide checks of one domain's declarations, for a project of its own: subclass it with
 * the domain's {@link DevDomain} ({@code class NotesChecksTest extends DomainChecks { NotesChecksTest()
 * { super(new NotesDev()); } }}, which the standalone scaffold writes) and every check below runs
 * there unchanged. The repository's checks (PatternDeclarationsTest, IndexKeyAttributesTest,
 * EndpointCatalogTest, DomainRequestAllowanceTest) run the same static methods for every registered
 * domain.
 *
 * <p>Fixture lifetimes: the declaration checks read the typed declarations only (no table, no
 * DynamoDB call). The request budget makes a table of the domain's schema for itself and deletes
 * it. The priming and sample checks share one {@link ServedDomain} per class (a table of its own
 * holding the demo and bench data, the domain served over HTTP on a free port), started by the
 * first of them and deleted after the last; each compares what it needs before and after itself.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class DomainChecks {

  private final DevDomain domain;
  private ServedDomain<?> served;

  protected DomainChecks(DevDomain domain) {
    this.domain = domain;
  }

  private ServedDomain<?> served() {
    if (served == null) {
      served = ServedDomain.start(domain);
    }
    return served;
  }

  @AfterAll
  void closeServed() {
    if (served != null) {
      served.close();
    }
  }

  /**
   * SnapStart priming (kit.internal.lambda.Priming), for every handler class Lambda runs: each
   * priming request is answered (reads find nothing, writes fail their condition), every route the
   * kit serves answers its priming invocation below 500, and the table holds exactly what it held.
   */
  @Test
  void priming_shouldAnswerEveryRequest_andWriteNothing() {
    ServedDomain<?> s = served();
    Domain d = domain.domain();
    List<Map<String, AttributeValue>> before = s.snapshot();
    List<String> out = new ArrayList<>();
    Stream.concat(d.endpoints().stream().map(Endpoint::handlerClass).distinct(),
        d.streams().stream().map(StreamHandlerDeclaration::handlerClass)).forEach(h -> {
          Grant grant = Grant.ofHandler(d, h + "::handleRequest");
          int expected = Priming.requests(s.table().name(), grant).size();
          int answered = new Priming(s.services(), grant).prime();
          if (answered != expected) {
            out.add(h + ": " + answered + " of " + expected + " priming requests answered");
          }
        });
    d.endpoints().stream().filter(Endpoint::servedByKit).forEach(route -> {
      int status = new Priming(s.services(), Grant.of(route), Priming.plainRoute(s.services(), route.routeKey()))
          .primeHandler();
      if (status <= 0 || status >= 500) {
        out.add(route.routeKey() + ": its priming invocation answered " + status);
      }
    });
    assertEquals(List.of(), out);
    assertEquals(before, s.snapshot(), "priming wrote to the table");
  }

  /**
   * Every route has a valid sample (its first bench case) that succeeds, and its answer is one the
   * domain's generated openapi.json documents ({@link ServedDomain} checks every answer it gets).
   */
  @Test
  void everyRoutesSample_shouldSucceed_withAnAnswerTheOpenApiDocuments() {
    ServedDomain<?> s = served();
    List<String> out = new ArrayList<>();
    Map<Endpoint, ? extends ServedDomain<?>.Sample> samples = s.samples();
    for (Endpoint e : domain.domain().endpoints()) {
      ServedDomain<?>.Sample sample = samples.get(e);
      if (sample == null) {
        out.add(e.routeKey() + ": no bench case, so no valid sample");
        continue;
      }
      BenchRequest r = sample.next();
      ServedDomain.Reply reply = s.send(e.method(), e.path(), r);
      sample.observe(reply);
      if (reply.status() >= 300) {
        out.add(e.routeKey() + ": answered " + reply.status() + " " + reply.body());
      }
    }
    assertEquals(List.of(), out);
  }

  @Test
  void everyPatternAndRoute_shouldHoldTogether() {
    assertEquals(List.of(), patternProblems(domain.domain()));
  }

  @Test
  void noRoute_shouldBeGrantedAReadItsPatternsDoNotMake() {
    assertEquals(List.of(), unusedReads(domain.domain()));
  }

  @Test
  void tableSchema_shouldGiveEveryIndexItsOwnKeyAttributes() {
    CreateTableRequest table = domain.domain().schema().createTableRequest("check");
    assertEquals(domain.domain().schema().gsis().size(), table.globalSecondaryIndexes().size());
    assertEquals(List.of(), indexKeyProblems(table));
  }

  @Test
  void catalog_shouldServeEveryAccessPattern_withOneHandlerPerRoute() {
    assertEquals(List.of(), catalogProblems(domain.domain().endpoints(), domain.domain().accessPatterns()));
  }

  @Test
  void everyRoute_shouldAnswerWithinItsPatternsAllowance() {
    assertEquals(List.of(), allowanceProblems(domain, served().table()));
  }

  /**
   * The request budget of a domain, from its declarations alone: each route has a bench case
   * (given or derived), each case answers successfully twice in a row on a new table of the
   * domain's schema (created with {@code any}'s client, deleted after), no read route makes more
   * DynamoDB requests than its access patterns allow ({@code AccessPatternSpec.requestAllowance()})
   * and no route scans.
   */
  public static List<String> allowanceProblems(DevDomain domain, TestTable any) {
    List<String> problems = new ArrayList<>(BenchCase.uncovered(domain.domain(), domain.bench().cases(domain.domain()))
        .stream().map(route -> route + ": no bench case").toList());
    problems.addAll(measure(domain.local(), domain.bench(), any));
    return problems;
  }

  /** Each case invoked twice on a table of the domain's own schema: what went wrong, empty when nothing. */
  private static <S extends DomainServices> List<String> measure(LocalDomain local, BenchDomain<S> bench,
      TestTable any) {
    String name = "monotable-allowance-" + System.nanoTime();
    any.client().createTable(local.domain().schema().createTableRequest(name));
    List<String> problems = new ArrayList<>();
    PrintStream out = System.out;
    try {
      RequestRecorder recorder = new RequestRecorder();
      var client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(),
          new DynamoDbLimitGuard(), recorder);
      BenchTable<S> table = BenchTable.wire(local, bench,
          new TableGateway(client, name, any.cursors(), Clock.systemUTC())).load(bench);
      Invoker<S> invoker = new Invoker<>(table, recorder);
      // The handlers' log lines would drown the test output.
      System.setOut(new PrintStream(OutputStream.nullOutputStream()));
      for (BenchCase<S> c : bench.cases(local.domain())) {
        for (int i = 0; i < 2; i++) {
          Invoker.Sample s = invoker.invoke(c);
          if (!s.ok()) {
            problems.add(c.label() + " answered " + s.status() + ": " + s.body());
          }
          // Reads are held to their allowance; a write may read first where its domain documents why.
          if (c.endpoint().readOnly() && s.calls().count() > c.allowance().requests()) {
            problems.add(c.label() + ": " + s.calls().count() + " requests " + s.calls().operations()
                + ", its patterns allow " + c.allowance().requests() + " (" + c.allowance().basis() + ")");
          }
          if (s.calls().operations().contains("Scan")) {
            problems.add(c.label() + " scans");
          }
        }
      }
    } finally {
      System.setOut(out);
      any.client().deleteTable(DeleteTableRequest.builder().tableName(name).build());
    }
    return problems;
  }

  /**
   * Problems of one domain's patterns and routes; empty when they hold together: an index pattern
   * is one Query of an index of the table, a key of one item is read by GetItem (BatchGetItem with
   * its members), a partition by Query, and a route is granted every action its patterns'
   * operations need (the IAM policy is derived from these) and every index they query.
   */
  public static List<String> patternProblems(Domain domain) {
    List<String> out = new ArrayList<>();
    for (AccessPatternSpec ap : domain.accessPatterns()) {
      KeyCondition key = ap.key();
      if (key.index() != null) {
        if (!(key instanceof KeyCondition.QueryKey) || !ap.calls().includes(Operation.QUERY)) {
          out.add(ap.name() + ": an index pattern must be a Query of " + key.index());
        }
        if (!domain.schema().gsis().contains(key.index())) {
          out.add(ap.name() + ": " + key.index() + " is not an index of the table");
        }
      }
      // A members' Get reads the membership item with the item: one BatchGetItem.
      boolean members = ap instanceof DeclaredPattern d && d.members() != null;
      if (key instanceof KeyCondition.GetKey && !ap.calls().includes(members ? Operation.BATCH_GET_ITEM
          : Operation.GET_ITEM)) {
        out.add(ap.name() + ": a key of one item is read by GetItem, not " + ap.calls());
      }
      if (key instanceof KeyCondition.QueryKey && !ap.calls().includes(Operation.QUERY)) {
        out.add(ap.name() + ": a partition is read by Query, not " + ap.calls());
      }
    }
    for (Endpoint e : domain.endpoints()) {
      Set<DynamoAction> needed = EnumSet.noneOf(DynamoAction.class);
      for (AccessPatternSpec ap : e.patterns()) {
        for (Operation op : ap.calls().all()) {
          needed.addAll(op.grants());
          if (op == Operation.TRANSACT_WRITE_ITEMS && e.actions().stream().noneMatch(a -> a.isWrite()
              || a == DynamoAction.CONDITION_CHECK_ITEM)) {
            out.add(e.routeKey() + ": " + ap.name() + " writes a transaction but the route is granted no write");
          }
        }
        if (ap.key() instanceof Writes w) {
          // a declared write names the action of each of its parts: none can be missing from the route
          needed.addAll(w.actions());
        }
        if (ap.key().index() != null && !e.indexes().contains(ap.key().index())) {
          out.add(e.routeKey() + ": " + ap.name() + " queries " + ap.key().index() + ", which the route is not granted");
        }
      }
      for (DynamoAction a : needed) {
        if (!e.actions().contains(a)) {
          out.add(e.routeKey() + ": its patterns call " + a.iamName() + ", which the route is not granted");
        }
      }
    }
    return out;
  }

  /** Read actions a route is granted that none of its patterns' operations make. */
  public static List<String> unusedReads(Domain domain) {
    List<String> out = new ArrayList<>();
    for (Endpoint e : domain.endpoints()) {
      Set<DynamoAction> needed = EnumSet.noneOf(DynamoAction.class);
      e.patterns().forEach(ap -> ap.calls().all().forEach(op -> needed.addAll(op.grants())));
      boolean transacts = e.patterns().stream().anyMatch(ap -> ap.calls().includes(Operation.TRANSACT_WRITE_ITEMS));
      for (DynamoAction a : e.actions()) {
        boolean read = a == DynamoAction.QUERY || a == DynamoAction.GET_ITEM || a == DynamoAction.BATCH_GET_ITEM;
        if (read && !needed.contains(a) && !transacts) {
          out.add(e.routeKey() + " is granted " + a.iamName() + ", which no pattern of it calls");
        }
      }
    }
    return out;
  }

  /**
   * Key attributes an index shares with the table or another index. The table's SK is never a GSI
   * key (an index on SK would tie index order to the table's), and no key attribute is shared
   * between indexes, so each index can be written and evolved on its own.
   */
  public static List<String> indexKeyProblems(CreateTableRequest table) {
    List<String> out = new ArrayList<>();
    Map<String, String> owner = new HashMap<>();
    for (KeySchemaElement k : table.keySchema()) {
      owner.put(k.attributeName(), "table");
    }
    for (GlobalSecondaryIndex gsi : table.globalSecondaryIndexes()) {
      for (KeySchemaElement k : gsi.keySchema()) {
        String before = owner.putIfAbsent(k.attributeName(), gsi.indexName());
        if (before != null) {
          out.add(gsi.indexName() + " reuses " + k.attributeName() + " of " + before);
        }
      }
    }
    return out;
  }

  /**
   * Problems of a catalog: every route key has one endpoint and one handler; a handler class
   * serves one set of access patterns (it may sit on several routes); handler simple names, which
   * name the functions, are unique; every access pattern is served; and, since a domain lists its
   * declared patterns by hand, each pattern's name is listed once and every pattern a route serves
   * is listed (else the docs would miss it).
   */
  public static List<String> catalogProblems(List<Endpoint> endpoints, List<? extends AccessPatternSpec> patterns) {
    List<String> out = new ArrayList<>();
    Map<String, Endpoint> byRoute = new LinkedHashMap<>();
    Map<String, List<AccessPatternSpec>> patternsByHandler = new LinkedHashMap<>();
    Map<String, String> classBySimpleName = new LinkedHashMap<>();
    Set<String> names = new HashSet<>();
    for (AccessPatternSpec ap : patterns) {
      if (!names.add(ap.name())) {
        out.add(ap.name() + ": declared twice");
      }
    }
    for (Endpoint e : endpoints) {
      if (byRoute.putIfAbsent(e.routeKey(), e) != null) {
        out.add(e.routeKey() + ": route declared twice");
      }
      // One function serves the same patterns: a handler class's routes, or one plain route alone.
      List<AccessPatternSpec> before = patternsByHandler.putIfAbsent(e.functionKey(), e.patterns());
      if (before != null && !before.equals(e.patterns())) {
        out.add(e.handlerName() + ": serves " + names(before) + " and " + names(e.patterns()));
      }
      String fqcn = classBySimpleName.putIfAbsent(e.handlerName(), e.handlerClass());
      if (fqcn != null && !fqcn.equals(e.handlerClass())) {
        out.add(e.handlerName() + ": names both " + fqcn + " and " + e.handlerClass());
      }
      if (e.patterns().isEmpty()) {
        out.add(e.routeKey() + ": serves no access pattern");
      }
      for (AccessPatternSpec ap : e.patterns()) {
        if (!patterns.contains(ap)) {
          out.add(e.routeKey() + ": serves " + ap.name() + ", which the domain's access patterns do not list");
        }
      }
    }
    for (AccessPatternSpec ap : patterns) {
      if (endpoints.stream().noneMatch(e -> e.patterns().contains(ap))) {
        out.add(ap.name() + ": served by no endpoint");
      }
    }
    return out;
  }

  private static List<String> names(List<AccessPatternSpec> patterns) {
    return patterns.stream().map(AccessPatternSpec::name).toList();
  }
}
