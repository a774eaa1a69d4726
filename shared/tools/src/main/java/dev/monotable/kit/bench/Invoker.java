package dev.monotable.kit.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.http.DomainServices;
import java.util.HashMap;
import java.util.Map;

/**
 * Invokes route handlers in-process the way the Lambda runtime does (one handler instance per
 * function, {@code handleRequest(event, context)}; the handlers come from the domain's
 * {@link dev.monotable.kit.local.LocalDomain.Wiring#route}), around a {@link RequestRecorder} on
 * the table's DynamoDB client: each invocation reports its status, its latency and the DynamoDB
 * calls it made. The fixture's unmeasured setup runs before the recorder is reset.
 *
 * @param <S> the domain's services, which the fixtures use
 */
public final class Invoker<S extends DomainServices> {
  private final BenchTable<S> table;
  private final RequestRecorder recorder;
  private final Map<String, RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>> handlers =
      new HashMap<>();
  private long sequence;
  // Request ids unique to this invoker, as Lambda's are: a write's ClientRequestToken derives from its
  // request id, and an engine (or DynamoDB) keeps tokens for ten minutes across tables and runs, so
  // "bench-1" of two runs would name two different transactions with one token.
  private final String run = java.util.UUID.randomUUID().toString().substring(0, 8);

  /**
   * @param table handlers and services over a client that has {@code recorder} installed
   */
  public Invoker(BenchTable<S> table, RequestRecorder recorder) {
    this.table = table;
    this.recorder = recorder;
  }

  /** One invocation's outcome: status, handler latency, the DynamoDB calls, the response body. */
  public record Sample(int status, long latencyNanos, RequestRecorder.Calls calls, String body) {
    public boolean ok() {
      return status / 100 == 2;
    }

    /** Handler time outside the HTTP exchanges with DynamoDB (SDK marshalling and signing included). */
    public long overheadNanos() {
      return latencyNanos - calls.wireNanos();
    }

    /** Handler time outside the SDK calls altogether. */
    public long ownCodeNanos() {
      return latencyNanos - calls.sdkNanos();
    }
  }

  /** One invocation; a fixture whose setup fails yields status 0 with the error as body. */
  public Sample invoke(BenchCase<S> c) {
    return invoke(c, null);
  }

  /**
   * One invocation, {@code measuring} run after the fixture's unmeasured setup and just before the
   * handler (the capacity meter starts there, so the setup's writes are not priced).
   */
  public Sample invoke(BenchCase<S> c, Runnable measuring) {
    BenchRequest request;
    try {
      request = c.next(table.services());
    } catch (RuntimeException setup) {
      return new Sample(0, 0, new RequestRecorder.Calls(java.util.List.of(), 0, 0, 0),
          "fixture setup failed: " + setup);
    }
    Endpoint e = c.endpoint();
    APIGatewayV2HTTPEvent event = request.toEvent(e.method(), e.path(), "bench-" + run + "-" + (++sequence));
    RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler = handler(e);
    recorder.reset();
    if (measuring != null) {
      measuring.run();
    }
    long start = System.nanoTime();
    APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);
    long latency = System.nanoTime() - start;
    RequestRecorder.Calls calls = recorder.calls();
    String etag = response.getHeaders() == null ? null : response.getHeaders().get("etag");
    c.observe(response.getStatusCode(), etag);
    return new Sample(response.getStatusCode(), latency, calls, response.getBody());
  }

  private RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler(Endpoint e) {
    return handlers.computeIfAbsent(e.handlerClass(), k -> table.handlers().handler(e));
  }
}
