package dev.monotable.kit.http;

import static org.junit.jupiter.api.Assertions.*;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.VersionMismatchException;
import dev.monotable.kit.json.Json;
import dev.monotable.testing.TestDomain;
import java.util.Base64;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ApiHandlerTest {

  /** The kit's test domain with neither table nor verifier: the probes never reach DynamoDB. */
  static final class NoTable implements DomainServices {
    @Override
    public Domain domain() {
      return TestDomain.DOMAIN;
    }

    @Override
    public TableGateway table() {
      return null;
    }

    @Override
    public JwtVerifier verifier() {
      return null;
    }
  }

  /** A handler outside the catalog: REQUIRED auth, runs the given function. */
  static final class Probe extends ApiHandler<NoTable> {
    private final Function<Request, Response> f;

    Probe(Function<Request, Response> f) {
      super(new NoTable());
      this.f = f;
    }

    @Override
    protected Response handle(Request request) {
      return f.apply(request);
    }
  }

  private static Map<String, Object> json(APIGatewayV2HTTPResponse r) throws Exception {
    return Json.readObject(r.getBody());
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> error(APIGatewayV2HTTPResponse r) throws Exception {
    return (Map<String, Object>) json(r).get("error");
  }

  @Test
  void handleRequest_shouldAnswer401_whenRequiredCallerIsMissing() throws Exception {
    var r = new Probe(req -> Response.ok(Map.of())).handleRequest(ApiEvent.request("POST", "/x").build(), null);
    assertEquals(401, r.getStatusCode());
    assertEquals("unauthorized", error(r).get("code"));
  }

  @Test
  void handleRequest_shouldAnswer413_whenBodyExceedsOneMiB() throws Exception {
    String big = "{\"a\":\"" + "x".repeat(1024 * 1024) + "\"}";
    var r = new Probe(req -> Response.ok(req.body())).handleRequest(
        ApiEvent.request("POST", "/x").as("alice").body(big).build(), null);
    assertEquals(413, r.getStatusCode());
    assertEquals("{\"error\":{\"code\":\"payload_too_large\",\"message\":\"request body exceeds 1 MiB\"}}",
        r.getBody());
  }

  @Test
  void handleRequest_shouldAnswer400_whenBodyIsNotAJsonObject() throws Exception {
    for (String bad : new String[] {"[1,2]", "{", "\"s\"", "", "null"}) {
      var r = new Probe(req -> Response.ok(req.body())).handleRequest(
          ApiEvent.request("POST", "/x").as("alice").body(bad).build(), null);
      assertEquals(400, r.getStatusCode(), bad);
      assertEquals("invalid_body", error(r).get("code"));
    }
  }

  @Test
  void handleRequest_shouldDecodeBase64Body() throws Exception {
    String encoded = Base64.getEncoder().encodeToString("{\"a\":\"b\"}".getBytes());
    var r = new Probe(req -> Response.ok(req.body())).handleRequest(
        ApiEvent.request("POST", "/x").as("alice").base64Body(encoded).build(), null);
    assertEquals(200, r.getStatusCode());
    assertEquals("b", json(r).get("a"));
  }

  @Test
  void handleRequest_shouldMapDomainExceptions_toStatusAndErrorBody() throws Exception {
    var notFound = new Probe(req -> { throw new NotFoundException("user"); })
        .handleRequest(ApiEvent.request("GET", "/x").as("a").build(), null);
    assertEquals(404, notFound.getStatusCode());
    var conflict = new Probe(req -> { throw new ConflictException("email", "email is taken"); })
        .handleRequest(ApiEvent.request("GET", "/x").as("a").build(), null);
    assertEquals(409, conflict.getStatusCode());
    assertEquals("email", error(conflict).get("field"));
    var stale = new Probe(req -> { throw new VersionMismatchException(1, 2); })
        .handleRequest(ApiEvent.request("GET", "/x").as("a").build(), null);
    assertEquals(412, stale.getStatusCode());
    assertEquals("\"2\"", stale.getHeaders().get("etag"));
  }

  @Test
  void handleRequest_shouldAnswer409_whenATransactionLostToAConcurrentOne() throws Exception {
    var conflict = software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException.builder()
        .cancellationReasons(
            software.amazon.awssdk.services.dynamodb.model.CancellationReason.builder().code("None").build(),
            software.amazon.awssdk.services.dynamodb.model.CancellationReason.builder().code("TransactionConflict").build())
        .message("Transaction cancelled").build();
    var r = new Probe(req -> { throw conflict; }).handleRequest(ApiEvent.request("PUT", "/x").as("a").build(), null);
    assertEquals(503, r.getStatusCode());
    assertEquals("1", r.getHeaders().get("retry-after"));
    assertEquals("transaction_conflict", error(r).get("code"));
  }

  @Test
  void handleRequest_shouldAnswer503_whenASingleItemWriteMetARunningTransaction() throws Exception {
    // DynamoDB answers TransactionConflictException to a PutItem/UpdateItem/DeleteItem on an item
    // a transaction holds; the SDK does not retry it. It was a 500 before.
    var conflict = software.amazon.awssdk.services.dynamodb.model.TransactionConflictException.builder()
        .message("Transaction is ongoing for the item").build();
    var r = new Probe(req -> { throw conflict; }).handleRequest(ApiEvent.request("PATCH", "/x").as("a").build(), null);
    assertEquals(503, r.getStatusCode());
    assertEquals("1", r.getHeaders().get("retry-after"));
    assertEquals("transaction_conflict", error(r).get("code"));
  }

  @Test
  void handleRequest_shouldAnswer503_whenARetryMetItsOwnTransactionInProgress() throws Exception {
    // The same ClientRequestToken while the first attempt still applies: safe to send again. It was a 500.
    var inProgress = software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException.builder()
        .message("The transaction with the given request token is already in progress.").build();
    var r = new Probe(req -> { throw inProgress; }).handleRequest(ApiEvent.request("POST", "/x").as("a").build(), null);
    assertEquals(503, r.getStatusCode());
    assertEquals("1", r.getHeaders().get("retry-after"));
  }

  @Test
  void handleRequest_shouldDeriveTheWriteTokens_fromTheIdempotencyKey_elseFromTheRequestId() throws Exception {
    java.util.List<String> tokens = new java.util.ArrayList<>();
    Probe probe = new Probe(req -> {
      tokens.add(dev.monotable.kit.data.WriteTokens.next());
      tokens.add(dev.monotable.kit.data.WriteTokens.next());
      return Response.ok(Map.of());
    });
    for (String requestId : java.util.List.of("r-1", "r-2")) {
      probe.handleRequest(ApiEvent.request("POST", "/x").as("a").header("idempotency-key", "key-00000001")
          .body("{\"n\":1}").requestId(requestId).build(), null);
    }
    probe.handleRequest(ApiEvent.request("POST", "/x").as("a").body("{\"n\":1}").requestId("r-3").build(), null);
    probe.handleRequest(ApiEvent.request("POST", "/x").as("a").body("{\"n\":1}").requestId("r-3").build(), null);
    probe.handleRequest(ApiEvent.request("POST", "/x").as("a").body("{\"n\":1}").requestId("r-4").build(), null);
    assertEquals(tokens.subList(0, 2), tokens.subList(2, 4), "a client's retry with the same Idempotency-Key");
    assertTrue(!tokens.get(0).equals(tokens.get(1)), "each write of a request has its own token");
    assertEquals(tokens.subList(4, 6), tokens.subList(6, 8), "the same invocation (request id) sent again");
    assertTrue(!tokens.get(4).equals(tokens.get(8)) && !tokens.get(0).equals(tokens.get(4)));
    assertTrue(tokens.stream().allMatch(t -> t.length() == 36), tokens.toString());
  }

  @Test
  void handleRequest_shouldAnswer503WithRetryAfter_whenThrottled() throws Exception {
    var throttled = software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException.builder()
        .awsErrorDetails(software.amazon.awssdk.awscore.exception.AwsErrorDetails.builder()
            .errorCode("ProvisionedThroughputExceededException").build())
        .message("slow down").build();
    var r = new Probe(req -> { throw throttled; }).handleRequest(ApiEvent.request("GET", "/x").as("a").build(), null);
    assertEquals(503, r.getStatusCode());
    assertEquals("1", r.getHeaders().get("retry-after"));
  }

  @Test
  void handleRequest_shouldAnswer500WithoutDetails_whenUnexpected() throws Exception {
    var r = new Probe(req -> { throw new IllegalStateException("secret detail"); })
        .handleRequest(ApiEvent.request("GET", "/x").as("a").build(), null);
    assertEquals(500, r.getStatusCode());
    assertFalse(r.getBody().contains("secret detail"));
  }

  @Test
  void ifMatch_shouldParseQuotedWeakAndBareVersions_andRejectGarbage() throws Exception {
    Function<Request, Response> echo = req -> Response.ok(Map.of("v", String.valueOf(req.ifMatch())));
    for (String[] c : new String[][] {{"\"3\"", "3"}, {"W/\"4\"", "4"}, {"5", "5"}}) {
      var r = new Probe(echo).handleRequest(ApiEvent.request("PATCH", "/x").as("a").header("If-Match", c[0]).build(), null);
      assertEquals(c[1], json(r).get("v"));
    }
    var none = new Probe(echo).handleRequest(ApiEvent.request("PATCH", "/x").as("a").build(), null);
    assertEquals("null", json(none).get("v"));
    var bad = new Probe(echo).handleRequest(ApiEvent.request("PATCH", "/x").as("a").header("If-Match", "\"x\"").build(), null);
    assertEquals(400, bad.getStatusCode());
    assertEquals("If-Match", error(bad).get("field"));
  }

  @Test
  void idempotentRequest_shouldHashRouteRawPathAndBody_whenHeaderPresent_andBeNullOtherwise() {
    // GIVEN the same key sent with two bodies, and a request without the header
    Request[] seen = new Request[1];
    Function<Request, Response> keep = req -> {
      seen[0] = req;
      return Response.noContent();
    };
    new Probe(keep).handleRequest(ApiEvent.request("POST", "/r/{n}").path("n", "1").as("a")
        .header("Idempotency-Key", "key-0001").body("{\"a\":1}").build(), null);
    var first = seen[0].idempotentRequest();
    new Probe(keep).handleRequest(ApiEvent.request("POST", "/r/{n}").path("n", "1").as("a")
        .header("Idempotency-Key", "key-0001").body("{\"a\":2}").build(), null);
    var other = seen[0].idempotentRequest();
    new Probe(keep).handleRequest(ApiEvent.request("POST", "/r/{n}").path("n", "1").as("a").build(), null);

    // THEN the key and route are kept and the hash is of raw path and body
    assertEquals(dev.monotable.kit.data.IdempotentRequest.of("key-0001", "POST /r/{n}", "/r/1", "{\"a\":1}"), first);
    assertNotEquals(first.requestHash(), other.requestHash());
    assertNull(seen[0].idempotentRequest());
  }
}
