package dev.monotable.kit.bench;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import java.time.Instant;
import java.util.Arrays;

/**
 * Main class of one cold-start run, in a fresh JVM whose classpath is the Lambda jar plus this
 * class: builds the handler with its no-argument constructor, as the Lambda runtime does
 * ({@code Services.fromEnvironment()} from TABLE_NAME, DYNAMODB_ENDPOINT, CURSOR_SECRET), then
 * invokes it once. Prints one line to stderr: {@code BENCH-COLD main=.. constructed=.. start=..
 * end=.. status=.. etag=..} (epoch nanoseconds).
 *
 * <p>It loads marker classes after construction and after the first invocation, so a
 * {@code -Xlog:class+load} log can be split into the classes each phase loaded.
 *
 * <p>Arguments: handler class, HTTP method, route path, then {@link BenchRequest#toArgs()}.
 */
public final class ColdStartProbe {
  public static final String PREFIX = "BENCH-COLD ";

  private ColdStartProbe() {}

  /** Loaded once the handler is constructed and the event built: marks the start of the first invocation. */
  public static final class Constructed {
    private Constructed() {}
  }

  /** Loaded after the first invocation returned. */
  public static final class Invoked {
    private Invoked() {}
  }

  @SuppressWarnings("unchecked")
  public static void main(String[] args) throws Exception {
    long main = epochNanos();
    RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler =
        (RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>) Class.forName(args[0])
            .getConstructor().newInstance();
    long constructed = epochNanos();
    // The Lambda runtime deserializes the event before calling the handler: not part of the invocation.
    APIGatewayV2HTTPEvent event = BenchRequest.fromArgs(Arrays.asList(args).subList(3, args.length))
        .toEvent(args[1], args[2], "cold-" + main + "-" + java.util.UUID.randomUUID());
    Class.forName(Constructed.class.getName());
    long start = epochNanos();
    APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);
    long end = epochNanos();
    Class.forName(Invoked.class.getName());
    String etag = response.getHeaders() == null ? null : response.getHeaders().get("etag");
    System.err.println(PREFIX + "main=" + main + " constructed=" + constructed + " start=" + start + " end=" + end
        + " status=" + response.getStatusCode() + " etag=" + (etag == null ? "-" : etag.replace("\"", "")));
    System.exit(0);
  }

  static long epochNanos() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }
}
