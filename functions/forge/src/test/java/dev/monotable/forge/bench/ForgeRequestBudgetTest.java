package dev.monotable.forge.bench;

import static org.junit.jupiter.api.Assertions.*;

import dev.monotable.testing.TableOf;
import dev.monotable.forge.Forge;
import dev.monotable.forge.functions.Services;
import dev.monotable.forge.tools.ForgeLocal;
import dev.monotable.kit.bench.BenchCase;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.bench.BenchTable;
import dev.monotable.kit.bench.Invoker;
import dev.monotable.kit.bench.RequestRecorder;
import dev.monotable.kit.catalog.RequestAllowance;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.DynamoDbLimitGuard;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Forge's DynamoDB request budget of every route (kit.bench.RequestBudgetTest holds every domain
 * to its fixtures and allowances; this pins Forge's exact requests): each benchmark fixture ({@link ForgeBench#cases()}) is invoked
 * twice through its handler, and the requests it makes (operation names in call order, counted by
 * {@link RequestRecorder} on the client) must equal the table below exactly. A change that adds a
 * request to an access pattern, or changes which operation serves it, fails here; update the table
 * only together with the spec or catalog change that justifies it. Timings are never asserted
 * ({@code scripts/bench} reports them).
 */
@ExtendWith(DynamoDbExtension.class)
@TableOf(Forge.class)
class ForgeRequestBudgetTest {

  private static final String TX = "TransactWriteItems";
  private static final String GET = "GetItem";
  private static final String BATCH = "BatchGetItem";
  private static final String QUERY = "Query";
  private static final String UPDATE = "UpdateItem";

  /** Case (AP ids and route, with the list variant) to the exact requests of one invocation. */
  static final Map<String, List<String>> BUDGET = budget();

  private static Map<String, List<String>> budget() {
    Map<String, List<String>> b = new LinkedHashMap<>();
    b.put("AP01 POST /users", List.of(TX));
    b.put("AP02 GET /users/{username}", List.of(GET));
    b.put("AP03 PATCH /users/{username}", List.of(UPDATE));
    b.put("AP04 POST /orgs", List.of(TX));
    b.put("AP05 GET /orgs/{org}", List.of(GET));
    b.put("AP06 PUT /orgs/{org}/members/{username}", List.of(BATCH, TX));
    b.put("AP07 DELETE /orgs/{org}/members/{username}", List.of(GET, TX));
    b.put("AP08 GET /orgs/{org}/members", List.of(QUERY));
    b.put("AP09 GET /users/{username}/orgs", List.of(QUERY));
    b.put("AP10 POST /orgs/{org}/invitations", List.of(TX));
    b.put("AP11 GET /orgs/{org}/invitations", List.of(GET, QUERY));
    b.put("AP12 GET /users/{username}/events", List.of(QUERY));
    b.put("AP13 POST /repos", List.of(TX));
    b.put("AP14 GET /repos/{owner}/{repo}", List.of(BATCH));
    b.put("AP15 GET /users/{owner}/repos", List.of(QUERY));
    b.put("AP15 GET /orgs/{org}/repos", List.of(QUERY, GET));
    b.put("AP16 POST /repos/{owner}/{repo}/forks", List.of(BATCH, TX));
    b.put("AP17 GET /repos/{owner}/{repo}/forks", List.of(QUERY));
    b.put("AP18 PUT /user/starred/{owner}/{repo}", List.of(TX));
    b.put("AP19 DELETE /user/starred/{owner}/{repo}", List.of(TX));
    b.put("AP20 GET /users/{username}/starred", List.of(QUERY));
    b.put("AP21 GET /repos/{owner}/{repo}/stargazers", List.of(QUERY));
    b.put("AP22 POST /repos/{owner}/{repo}/issues", List.of(UPDATE, TX));
    b.put("AP23 GET /repos/{owner}/{repo}/issues/{number}", List.of(BATCH));
    b.put("AP25 GET /repos/{owner}/{repo}/issues", List.of(QUERY));
    b.put("AP24 GET /repos/{owner}/{repo}/issues?state=all", List.of(QUERY));
    b.put("AP26 GET /repos/{owner}/{repo}/issues?state=closed", List.of(QUERY));
    b.put("AP27 PATCH /repos/{owner}/{repo}/issues/{number}", List.of(BATCH, UPDATE));
    b.put("AP28 POST /repos/{owner}/{repo}/issues/{number}/comments", List.of(TX));
    b.put("AP29 GET /repos/{owner}/{repo}/issues/{number}/comments", List.of(QUERY));
    b.put("AP30 PUT /repos/{owner}/{repo}/issues/{number}/reactions/{type}", List.of(TX));
    b.put("AP31 DELETE /repos/{owner}/{repo}/issues/{number}/reactions/{type}", List.of(TX));
    b.put("AP32 POST /repos/{owner}/{repo}/pulls", List.of(UPDATE, TX));
    b.put("AP33 GET /repos/{owner}/{repo}/pulls/{number}", List.of(BATCH));
    b.put("AP35 GET /repos/{owner}/{repo}/pulls", List.of(QUERY));
    b.put("AP34 GET /repos/{owner}/{repo}/pulls?state=all", List.of(QUERY));
    b.put("AP36 GET /repos/{owner}/{repo}/pulls?state=closed", List.of(QUERY));
    b.put("AP37 PATCH /repos/{owner}/{repo}/pulls/{number}", List.of(BATCH, UPDATE));
    b.put("AP38 POST /repos/{owner}/{repo}/pulls/{number}/comments", List.of(TX));
    b.put("AP39 GET /repos/{owner}/{repo}/pulls/{number}/comments", List.of(QUERY));
    b.put("AP40 PUT /repos/{owner}/{repo}/pulls/{number}/reactions/{type}", List.of(TX));
    b.put("AP41 DELETE /repos/{owner}/{repo}/pulls/{number}/reactions/{type}", List.of(TX));
    b.put("AP42 GET /health", List.of());
    return b;
  }

  /**
   * Read routes per caller kind and repository kind (case label to the answer's status and the
   * exact requests): a public user repository (alice/hello-forge: anonymous, its owner, a
   * stranger), a private org repository (acme/roadmap: anonymous, admin alice and member bob, a
   * stranger) and a private user repository (alice/secret-plans). GetItem for anonymous callers
   * and the owner, BatchGetItem with the Membership for others; every list ONE Query, plus the
   * Membership GetItem only for a private org repository read by a signed-in non-owner. The
   * issue creates last (they add to the lists): no read before writing unless refused.
   */
  static final Map<String, String> BY_CALLER = byCaller();

  private static Map<String, String> byCaller() {
    Map<String, String> b = new LinkedHashMap<>();
    for (String t : List.of("issues", "pulls")) {
      String n = t.equals("issues") ? "2" : "4";
      String m = t.equals("issues") ? "1" : "2";
      // public user repository: one request for everyone
      b.put("GET " + t + "/" + n + " alice/hello-forge anonymous", "200 [GetItem]");
      b.put("GET " + t + "/" + n + " alice/hello-forge owner", "200 [GetItem]");
      b.put("GET " + t + "/" + n + " alice/hello-forge stranger", "200 [BatchGetItem]");
      for (String state : List.of("open", "all", "closed")) {
        b.put("GET " + t + "?state=" + state + " alice/hello-forge anonymous", "200 [Query]");
        b.put("GET " + t + "?state=" + state + " alice/hello-forge owner", "200 [Query]");
        b.put("GET " + t + "?state=" + state + " alice/hello-forge stranger", "200 [Query]");
        // private org repository: members pay the one Membership GetItem
        b.put("GET " + t + "?state=" + state + " acme/roadmap anonymous", "404 [Query]");
        b.put("GET " + t + "?state=" + state + " acme/roadmap admin", "200 [Query, GetItem]");
        b.put("GET " + t + "?state=" + state + " acme/roadmap member", "200 [Query, GetItem]");
        b.put("GET " + t + "?state=" + state + " acme/roadmap stranger", "404 [Query, GetItem]");
      }
      b.put("GET " + t + "/" + n + "/comments alice/hello-forge anonymous", "200 [Query]");
      b.put("GET " + t + "/" + n + "/comments alice/hello-forge stranger", "200 [Query]");
      b.put("GET " + t + "/" + m + " acme/roadmap anonymous", "404 [GetItem]");
      b.put("GET " + t + "/" + m + " acme/roadmap admin", "200 [BatchGetItem]");
      b.put("GET " + t + "/" + m + " acme/roadmap member", "200 [BatchGetItem]");
      b.put("GET " + t + "/" + m + " acme/roadmap stranger", "404 [BatchGetItem]");
      b.put("GET " + t + "/" + m + "/comments acme/roadmap anonymous", "404 [Query]");
      b.put("GET " + t + "/" + m + "/comments acme/roadmap member", "200 [Query, GetItem]");
      b.put("GET " + t + "/" + m + "/comments acme/roadmap stranger", "404 [Query, GetItem]");
    }
    b.put("GET repo alice/hello-forge anonymous", "200 [GetItem]");
    b.put("GET repo alice/hello-forge owner", "200 [GetItem]");
    b.put("GET repo alice/hello-forge stranger", "200 [BatchGetItem]");
    b.put("GET repo acme/roadmap anonymous", "404 [GetItem]");
    b.put("GET repo acme/roadmap member", "200 [BatchGetItem]");
    b.put("GET repo acme/roadmap stranger", "404 [BatchGetItem]");
    b.put("GET repo alice/secret-plans owner", "200 [GetItem]");
    b.put("GET repo alice/secret-plans stranger", "404 [BatchGetItem]");
    for (String list : List.of("forks", "stargazers")) {
      b.put("GET " + list + " alice/hello-forge anonymous", "200 [Query]");
      b.put("GET " + list + " alice/hello-forge stranger", "200 [Query]");
      b.put("GET " + list + " acme/roadmap anonymous", "404 [Query]");
      b.put("GET " + list + " acme/roadmap member", "200 [Query, GetItem]");
      b.put("GET " + list + " acme/roadmap stranger", "404 [Query, GetItem]");
      b.put("GET " + list + " alice/secret-plans owner", "200 [Query]");
      b.put("GET " + list + " alice/secret-plans stranger", "404 [Query]");
    }
    // an account's repositories: the Membership GetItem only for a page with private org repositories
    b.put("GET users/alice/repos anonymous", "200 [Query]");
    b.put("GET users/alice/repos owner", "200 [Query]");
    b.put("GET users/alice/repos stranger", "200 [Query]");
    b.put("GET orgs/acme/repos anonymous", "200 [Query]");
    b.put("GET orgs/acme/repos member", "200 [Query, GetItem]");
    b.put("GET orgs/acme/repos stranger", "200 [Query, GetItem]");
    // opening an issue reads nothing first; only a refused increment reads (and a member retries)
    b.put("POST issues alice/hello-forge owner", "201 [UpdateItem, TransactWriteItems]");
    b.put("POST issues alice/hello-forge stranger", "201 [UpdateItem, TransactWriteItems]");
    b.put("POST issues acme/roadmap member", "201 [UpdateItem, BatchGetItem, UpdateItem, TransactWriteItems]");
    b.put("POST issues acme/roadmap stranger", "404 [UpdateItem, BatchGetItem]");
    b.put("POST issues alice/secret-plans stranger", "404 [UpdateItem, BatchGetItem]");
    // Comments, reactions and stars read nothing first either: ONE transaction asserts that the
    // repository is public and named as the path (a user's, for comments, which copy the owner's
    // type). A wrong guess on a public repository costs a second transaction with the names from
    // the refused item; a private repository (or a missing ticket) costs the read and, when the
    // caller may write, a second transaction with a Membership check.
    String tx = "[TransactWriteItems]";
    String retried = "[TransactWriteItems, TransactWriteItems]";
    String read = "[TransactWriteItems, BatchGetItem]";
    String readRetried = "[TransactWriteItems, BatchGetItem, TransactWriteItems]";
    for (String t : List.of("issues/3", "pulls/4")) {
      b.put("POST " + t + "/comments alice/hello-forge stranger", "201 " + tx);
      b.put("POST " + t + "/comments ALICE/Hello-Forge stranger", "201 " + retried);
      b.put("POST " + t + "/comments alice/hello-forge owner", "201 " + tx);
      b.put("PUT " + t + "/reactions/eyes alice/hello-forge stranger", "204 " + tx);
      b.put("PUT " + t + "/reactions/eyes ALICE/Hello-Forge stranger", "204 " + retried);
      b.put("DELETE " + t + "/reactions/eyes alice/hello-forge stranger", "204 " + tx);
      b.put("DELETE " + t + "/reactions/eyes ALICE/Hello-Forge stranger", "204 " + tx);
      b.put("PUT " + t + "/reactions/eyes ALICE/Hello-Forge owner", "204 " + retried);
    }
    b.put("POST issues/9/comments alice/hello-forge stranger", "404 " + read);
    b.put("POST issues/1/comments acme/anvil stranger", "201 " + retried);
    b.put("PUT issues/1/reactions/eyes acme/anvil stranger", "204 " + tx);
    for (String t : List.of("issues/1", "pulls/2")) {
      b.put("POST " + t + "/comments acme/roadmap member", "201 " + readRetried);
      b.put("POST " + t + "/comments acme/roadmap stranger", "404 " + read);
      b.put("PUT " + t + "/reactions/eyes acme/roadmap member", "204 " + readRetried);
      b.put("PUT " + t + "/reactions/eyes acme/roadmap stranger", "404 " + read);
      b.put("DELETE " + t + "/reactions/eyes acme/roadmap stranger", "404 " + read);
      b.put("DELETE " + t + "/reactions/eyes acme/roadmap member", "204 " + readRetried);
    }
    b.put("PUT starred acme/anvil stranger", "204 " + tx);
    b.put("PUT starred alice/hello-forge stranger", "204 " + tx);
    b.put("PUT starred ACME/Anvil stranger", "204 " + retried);
    b.put("PUT starred acme/roadmap member", "204 " + readRetried);
    b.put("PUT starred acme/roadmap stranger", "404 " + read);
    b.put("PUT starred alice/secret-plans owner", "204 " + readRetried);
    // an unstar with no star to remove reads the repository, so a private one is 404 as under every route
    b.put("DELETE starred acme/roadmap stranger", "404 " + read);
    b.put("DELETE starred alice/secret-plans stranger", "404 " + read);
    return b;
  }

  private static final Map<String, Invoker.Sample> BY_CALLER_MEASURED = new LinkedHashMap<>();

  /** The cases of {@link #BY_CALLER}, built from their labels. */
  private static final ForgeBench FORGE = new ForgeBench();

  private static Map<String, BenchCase<Services>> byCallerCases() {
    Map<String, BenchCase<Services>> cases = new LinkedHashMap<>();
    for (String label : BY_CALLER.keySet()) {
      String[] w = label.split(" ");
      String target = w[1];
      String[] repo = (w.length == 4 ? w[2] : target.split("/")[1] + "/-").split("/");
      String caller = switch (w[w.length - 1]) {
        case "anonymous" -> null;
        case "owner", "admin" -> "alice";
        case "member" -> "bob";
        default -> repo[0].equalsIgnoreCase("acme") ? "carol" : "bob";
      };
      BenchCase<Services> c;
      if (target.equals("starred")) {
        c = BenchCase.route(Forge.DOMAIN, w[0] + " /user/starred/{owner}/{repo}",
            i -> request(caller).path("owner", repo[0]).path("repo", repo[1]));
      } else if (target.contains("/comments") || target.contains("/reactions/")) {
        String[] p = target.split("/");
        String route = w[0] + " /repos/{owner}/{repo}/" + p[0] + "/{number}/" + p[2]
            + (p.length > 3 ? "/{type}" : "");
        c = BenchCase.route(Forge.DOMAIN, route, i -> {
          BenchRequest r = request(caller).path("owner", repo[0]).path("repo", repo[1]).path("number", p[1]);
          return p.length > 3 ? r.path("type", p[3]) : r.body("{\"body\":\"Budget " + i + "\"}");
        });
      } else if (w[0].equals("POST")) {
        c = BenchCase.route(Forge.DOMAIN, "POST /repos/{owner}/{repo}/" + target, i -> request(caller)
            .path("owner", repo[0])
            .path("repo", repo[1]).body("{\"title\":\"Budget " + i + "\"}"));
      } else if (target.startsWith("users/") || target.startsWith("orgs/")) {
        String[] p = target.split("/");
        String param = p[0].equals("users") ? "owner" : "org";
        c = BenchCase.route(Forge.DOMAIN, "GET /" + p[0] + "/{" + param + "}/repos",
            i -> request(caller).path(param, p[1]));
      } else {
        String path = target.equals("repo") ? "" : "/" + target.replaceAll("\\?.*", "");
        String route = "GET /repos/{owner}/{repo}" + path.replaceAll("/\\d+", "/{number}");
        String number = path.replaceAll("^/\\w+/?(\\d*).*$", "$1");
        String state = target.contains("?state=") ? target.substring(target.indexOf('=') + 1) : null;
        c = BenchCase.route(Forge.DOMAIN, route, i -> {
          BenchRequest r = request(caller).path("owner", repo[0]).path("repo", repo[1]);
          if (!number.isEmpty()) {
            r = r.path("number", number);
          }
          return state == null ? r : r.query("state", state);
        });
      }
      cases.put(label, c);
    }
    return cases;
  }

  private static BenchRequest request(String caller) {
    return caller == null ? BenchRequest.anonymous() : BenchRequest.as(caller);
  }

  /** Both invocations of every case, in order: (case, invocation). */
  private static final List<Object[]> RESULTS = new ArrayList<>();
  private static DynamoDbClient client;

  @BeforeAll
  static void invokeEveryCaseTwice(TestTable table) {
    RequestRecorder recorder = new RequestRecorder();
    client = DynamoDbClients.create(LocalDynamoDb.endpoint(), DynamoDbExtension.region(), new DynamoDbLimitGuard(),
        recorder);
    BenchTable<Services> loaded = BenchTable.wire(new ForgeLocal(), FORGE,
        new TableGateway(client, table.name(), table.cursors(), Clock.systemUTC())).load(FORGE);
    Services services = loaded.services();
    Invoker<Services> invoker = new Invoker<>(loaded, recorder);
    PrintStream out = System.out;
    // The handlers' log lines would drown the test output.
    System.setOut(new PrintStream(OutputStream.nullOutputStream()));
    try {
      for (BenchCase<Services> c : FORGE.cases()) {
        RESULTS.add(new Object[] {c, invoker.invoke(c)});
        RESULTS.add(new Object[] {c, invoker.invoke(c)});
      }
      // A private org repository with an issue, a pull request and their comments, read by every
      // kind of caller (after the route fixtures, whose lists must not change size).
      services.tickets().create(TicketKind.ISSUE, "bob", "acme", "roadmap", "Plan", null, null, null);
      services.tickets().create(TicketKind.PULL_REQUEST, "bob", "acme", "roadmap", "Plan B", null, "bob:b", "main");
      services.comments().create(TicketKind.ISSUE, "bob", "acme", "roadmap", 1, "first");
      services.comments().create(TicketKind.PULL_REQUEST, "bob", "acme", "roadmap", 2, "first");
      for (Map.Entry<String, BenchCase<Services>> e : byCallerCases().entrySet()) {
        BY_CALLER_MEASURED.put(e.getKey(), invoker.invoke(e.getValue()));
      }
    } finally {
      System.setOut(out);
    }
  }

  @AfterAll
  static void closeClient() {
    if (client != null) {
      client.close();
    }
  }

  private static String key(BenchCase<?> c) {
    return c.apIds() + " " + c.label();
  }

  @Test
  void everyCatalogRoute_shouldHaveAFixture_whenCasesAreBuilt() {
    // WHEN the fixtures are matched against the catalog
    List<String> uncovered = BenchCase.uncovered(Forge.DOMAIN, FORGE.cases());

    // THEN no route lacks one (a new route needs a fixture and a budget line)
    assertEquals(List.of(), uncovered);
  }

  @Test
  void everyFixture_shouldSucceed_whenInvokedRepeatedly() {
    // GIVEN both invocations of every case (the benchmark repeats each hundreds of times)
    List<String> failures = new ArrayList<>();
    for (Object[] r : RESULTS) {
      Invoker.Sample s = (Invoker.Sample) r[1];
      if (!s.ok()) {
        failures.add(key((BenchCase<?>) r[0]) + " answered " + s.status() + ": " + s.body());
      }
    }

    // THEN each answered 2xx
    assertEquals(List.of(), failures);
  }

  @Test
  void everyRoute_shouldMakeExactlyTheBudgetedRequests_whenInvokedWithItsFixture() {
    // GIVEN the requests of both invocations of every case
    Map<String, List<String>> measured = new LinkedHashMap<>();
    List<String> unstable = new ArrayList<>();
    for (Object[] r : RESULTS) {
      String key = key((BenchCase<?>) r[0]);
      List<String> ops = ((Invoker.Sample) r[1]).calls().operations();
      List<String> first = measured.putIfAbsent(key, ops);
      if (first != null && !first.equals(ops)) {
        unstable.add(key + ": " + first + " then " + ops);
      }
    }

    // THEN every case made the same requests both times, and exactly the budgeted ones
    assertEquals(List.of(), unstable);
    List<String> differences = new ArrayList<>();
    BUDGET.forEach((k, expected) -> {
      List<String> actual = measured.get(k);
      if (!expected.equals(actual)) {
        differences.add(k + ": budget " + expected + ", measured " + (actual == null ? "no such case" : actual));
      }
    });
    measured.keySet().stream().filter(k -> !BUDGET.containsKey(k))
        .forEach(k -> differences.add(k + ": measured " + measured.get(k) + " but not in the budget"));
    assertEquals(List.of(), differences);
  }

  @Test
  void everyReadRoute_shouldStayWithinTheSpecAllowance_whenInvokedWithItsFixture() {
    // GIVEN the read-only routes (forge.md section 4: ONE request, or two with a private org repository's Membership)
    List<String> over = new ArrayList<>();
    for (Object[] r : RESULTS) {
      BenchCase<?> c = (BenchCase<?>) r[0];
      if (!c.endpoint().readOnly()) {
        continue;
      }
      int requests = ((Invoker.Sample) r[1]).calls().count();
      RequestAllowance allowed = c.allowance();

      // THEN none makes more requests than the spec allows, whatever the budget table says
      if (requests > allowed.requests()) {
        over.add(key(c) + ": " + requests + " requests, spec allows " + allowed.requests() + " (" + allowed.basis() + ")");
      }
    }
    assertEquals(List.of(), over);
  }

  @Test
  void repositoryRoutes_shouldMakeTheBudgetedRequests_perCallerKind() {
    // GIVEN each read route (and the issue, comment, reaction and star writes) invoked by each kind of caller
    // on public and private repositories
    List<String> differences = new ArrayList<>();
    BY_CALLER.forEach((label, expected) -> {
      Invoker.Sample s = BY_CALLER_MEASURED.get(label);
      String actual = s.status() + " " + s.calls().operations();

      // THEN the answer and the exact requests are the table's
      if (!expected.equals(actual)) {
        differences.add(label + ": expected " + expected + ", measured " + actual + " " + s.body());
      }
    });
    assertEquals(List.of(), differences);
  }
}
