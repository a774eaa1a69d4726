package dev.monotable.forge.e2e;

import static dev.monotable.forge.e2e.ForgeFixtures.unique;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.monotable.kit.testing.FaultProxy;
import dev.monotable.kit.testing.FaultProxy.Fault;
import dev.monotable.forge.tools.ForgeLocal;
import dev.monotable.kit.local.LocalApi;
import dev.monotable.kit.local.LocalKeys;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.DynamoDbClients;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.json.Json;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.testing.DynamoDbExtension;
import dev.monotable.testing.LocalDynamoDb;
import dev.monotable.testing.TestTable;
import dev.monotable.forge.tools.ForgeDev;
import dev.monotable.kit.testing.OpenApiAnswers;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Faults between the handlers and the table: a second local API whose DynamoDB client talks to
 * the engine through {@link FaultProxy}. Fixtures are written through the normal service; the
 * requests under test go through the faulty one. A write whose answer is lost is retried by the
 * SDK and applied once; spent retries answer 503 with Retry-After and write nothing; a table
 * that stops answering makes no request wait past its deadline.
 */
@ExtendWith(ForgeExtension.class)
class FaultsE2ETest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final OpenApiAnswers ANSWERS = OpenApiAnswers.of(new ForgeDev());

  private final Forge forge;
  private final TestTable table;
  private final ForgeFixtures fx;
  private static FaultProxy proxy;
  private static DynamoDbClient client;
  private static LocalApi faulty;

  FaultsE2ETest(Forge forge, TestTable table) throws IOException {
    this.forge = forge;
    this.table = table;
    this.fx = new ForgeFixtures(forge);
    if (faulty == null) {
      // once per class: the proxy, a client through it, and a second API using that client
      proxy = new FaultProxy(LocalDynamoDb.endpoint());
      client = DynamoDbClients.create(proxy.endpoint(), DynamoDbExtension.region());
      String issuer = LocalKeys.ISSUER;
      JwtVerifier verifier = new JwtVerifier(issuer, LocalKeys.AUDIENCE, forge.keys().signer()::jwks,
          Clock.systemUTC());
      ForgeLocal local = new ForgeLocal();
      faulty = LocalApi.start(0, local.domain(), local.wire(new TableGateway(client, table.name(), table.cursors(),
          Clock.systemUTC()), verifier), verifier, forge.keys().signer().jwks());
    }
  }

  @AfterAll
  static void close() throws IOException {
    if (faulty != null) {
      faulty.close();
      client.close();
      proxy.close();
      faulty = null;
    }
  }

  private record Answer(int status, String body, String retryAfter, long millis) {}

  private Answer send(String method, String path, String user, String json) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(faulty.baseUrl() + path))
        .timeout(Duration.ofSeconds(30))
        .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json))
        .header("authorization", "Bearer " + forge.token(user));
    if (json != null) {
      b.header("content-type", "application/json");
    }
    long start = System.nanoTime();
    try {
      HttpResponse<String> r = ANSWERS.checked(HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString()));
      return new Answer(r.statusCode(), r.body(), r.headers().firstValue("retry-after").orElse(null),
          (System.nanoTime() - start) / 1_000_000);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private String repo() {
    String owner = fx.user("Own");
    fx.repo(owner, owner, "lib", false);
    return owner;
  }

  @Test
  void lostAnswerOfATransaction_shouldBeRetriedAndAppliedOnce() {
    // GIVEN the engine applies the star transaction but its answer never reaches the handler
    String owner = repo();
    String fan = fx.user("Fan");
    proxy.rule((op, n) -> op.equals("TransactWriteItems") && n == 1 ? Fault.DROP_AFTER : Fault.PASS, 0);

    // WHEN
    Answer a = send("PUT", "/user/starred/" + owner + "/lib", fan, null);

    // THEN the SDK retried, the retry found the star in place, and the count moved once
    assertEquals(204, a.status(), a::toString);
    assertEquals(2, proxy.count("TransactWriteItems"));
    assertEquals("1", table.item(Keys.repository(owner, "lib")).orElseThrow().get("StarCount").n());
    assertTrue(table.item(Keys.star(fan, owner, "lib")).isPresent());
  }

  @Test
  void lostAnswerOfAConditionalPut_shouldBeRetriedAndAnsweredAsCreated() {
    // GIVEN the engine stores the new issue but the answer of its transaction (Put + profile check) is lost
    String owner = repo();
    proxy.rule((op, n) -> op.equals("TransactWriteItems") && n == 1 ? Fault.DROP_AFTER : Fault.PASS, 0);

    // WHEN
    Answer a = send("POST", "/repos/" + owner + "/lib/issues", owner, "{\"title\":\"t\"}");

    // THEN the retry's failed condition found our own item: 201, one issue, number 1
    assertEquals(201, a.status(), a::toString);
    assertEquals(2, proxy.count("TransactWriteItems"));
    assertEquals(1, ((Number) json(a).get("number")).intValue());
    assertEquals(1, table.itemsOfType("Issue").stream().filter(i -> i.get("Owner").s().equals(owner)).count());
  }

  @Test
  void lostAnswerOfACommentTransaction_shouldBeRetriedAndAnsweredAsCreated() {
    // GIVEN issue 1, and the comment's transaction commits but its answer is lost
    String owner = repo();
    assertEquals(201, forge.post("/repos/" + owner + "/lib/issues").as(owner).json("title", "t").send().status());
    proxy.rule((op, n) -> op.equals("TransactWriteItems") && n == 1 ? Fault.DROP_AFTER : Fault.PASS, 0);

    // WHEN
    Answer a = send("POST", "/repos/" + owner + "/lib/issues/1/comments", owner, "{\"body\":\"hello\"}");

    // THEN the retry found its own comment: 201 with it, and one comment stored
    assertEquals(201, a.status(), a::toString);
    assertEquals(2, proxy.count("TransactWriteItems"));
    assertEquals(json(a).get("id"), table.itemsOfType("IssueComment").stream()
        .filter(i -> i.get("Owner").s().equals(owner)).map(i -> i.get("Id").s()).reduce((x, y) -> x + "," + y)
        .orElseThrow());
  }

  @Test
  void lostAnswerOfAnIdempotentCreate_shouldBeRetriedAndAnswerTheIssueItCreated() {
    // GIVEN the engine commits the issue and its idempotency record, but the answer is lost
    String owner = repo();
    proxy.rule((op, n) -> op.equals("TransactWriteItems") && n == 1 ? Fault.DROP_AFTER : Fault.PASS, 0);
    HttpRequest request = HttpRequest.newBuilder(URI.create(faulty.baseUrl() + "/repos/" + owner + "/lib/issues"))
        .POST(HttpRequest.BodyPublishers.ofString("{\"title\":\"t\"}"))
        .header("authorization", "Bearer " + forge.token(owner)).header("content-type", "application/json")
        .header("idempotency-key", "fault-key-0001").build();

    // WHEN the handler's SDK retries the transaction, and then the client retries the POST
    Answer first = send(request);
    Answer second = send(request);

    // THEN both answers are issue 1, and there is one issue
    assertEquals(201, first.status(), first::toString);
    assertEquals(2, proxy.count("TransactWriteItems"));
    assertEquals(first.body(), second.body());
    assertEquals(1, ((Number) json(first).get("number")).intValue());
    assertEquals(1, table.itemsOfType("Issue").stream().filter(i -> i.get("Owner").s().equals(owner)).count());
  }

  private Answer send(HttpRequest request) {
    try {
      HttpResponse<String> r = ANSWERS.checked(HTTP.send(request, HttpResponse.BodyHandlers.ofString()));
      return new Answer(r.statusCode(), r.body(), r.headers().firstValue("retry-after").orElse(null), 0);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void throttlingAndServerErrorsOnce_shouldBeRetriedTransparently() {
    String owner = repo();
    proxy.rule((op, n) -> n == 1 ? (op.equals("UpdateItem") ? Fault.THROTTLE : Fault.ERROR_500) : Fault.PASS, 0);

    Answer a = send("POST", "/repos/" + owner + "/lib/issues", owner, "{\"title\":\"t\"}");

    assertEquals(201, a.status(), a::toString);
    assertEquals(1, ((Number) json(a).get("number")).intValue());
    assertTrue(proxy.injected() >= 3, "faults injected: " + proxy.injected());
    assertTrue(table.item(Keys.ticket(TicketKind.ISSUE, owner, "lib", 1)).isPresent());
  }

  @Test
  void spentRetries_shouldAnswer503WithRetryAfter_andWriteNothing() {
    String owner = repo();
    var before = fx.snapshot();
    for (Fault fault : new Fault[] {Fault.THROTTLE, Fault.ERROR_500, Fault.DROP_BEFORE}) {
      proxy.rule((op, n) -> fault, 0);

      Answer issue = send("POST", "/repos/" + owner + "/lib/issues", owner, "{\"title\":\"t\"}");
      Answer org = send("POST", "/orgs", owner, "{\"org\":\"" + unique("F") + "\"}");

      for (Answer a : new Answer[] {issue, org}) {
        assertEquals(503, a.status(), fault + ": " + a);
        assertEquals("1", a.retryAfter(), fault + ": " + a);
        assertTrue(a.body().contains("\"error\""), a::toString);
        assertTrue(a.millis() < DynamoDbClients.CALL_TIMEOUT.toMillis() + 2_000, fault + " took " + a.millis());
      }
    }
    proxy.rule((op, n) -> Fault.PASS, 0);
    fx.assertUnchanged(before);
  }

  @Test
  void aTableThatStopsAnswering_shouldNotHoldARequestPastItsDeadline() {
    String owner = repo();
    var before = fx.snapshot();
    // HANG, not DELAY: a delayed request forwarded after the handler gave up would still apply (the
    // create's first request is the Counter's increment) and land in another test's snapshot.
    proxy.rule((op, n) -> Fault.HANG, 20_000);

    Answer read = send("GET", "/repos/" + owner + "/lib", owner, null);
    Answer write = send("POST", "/repos/" + owner + "/lib/issues", owner, "{\"title\":\"t\"}");

    proxy.rule((op, n) -> Fault.PASS, 0);
    for (Answer a : new Answer[] {read, write}) {
      assertEquals(503, a.status(), a::toString);
      assertEquals("1", a.retryAfter());
      assertTrue(a.millis() < DynamoDbClients.CALL_TIMEOUT.toMillis() + 1_500, "took " + a.millis() + " ms");
    }
    fx.assertUnchanged(before);
  }

  private static Map<String, Object> json(Answer a) {
    try {
      return Json.readObject(a.body());
    } catch (IOException e) {
      throw new AssertionError(a.body(), e);
    }
  }
}
