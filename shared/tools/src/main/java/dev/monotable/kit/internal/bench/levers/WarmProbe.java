package dev.monotable.kit.internal.bench.levers;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.bench.BenchRequest;
import java.util.Arrays;

/**
 * Main class of scripts/levers-cold --warm: in one JVM on a Lambda jar, builds the handler as the
 * runtime does and invokes it {@code warmup + iterations} times with the same request, then prints
 * {@code LEVERS-WARM p50=.. p90=.. p99=..} (microseconds of the timed iterations) to stderr. The
 * time includes the round trip to the local engine: variants differ only in what the jar holds.
 *
 * <p>Arguments: warm-up count, iterations, then those of the cold-start probe (handler class,
 * HTTP method, route path, {@link BenchRequest#toArgs()}).
 */
public final class WarmProbe {
  private WarmProbe() {}

  @SuppressWarnings("unchecked")
  public static void main(String[] args) throws Exception {
    int warmup = Integer.parseInt(args[0]);
    int iterations = Integer.parseInt(args[1]);
    RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler =
        (RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>) Class.forName(args[2])
            .getConstructor().newInstance();
    BenchRequest request = BenchRequest.fromArgs(Arrays.asList(args).subList(5, args.length));
    long[] micros = new long[iterations];
    for (int i = 0; i < warmup + iterations; i++) {
      APIGatewayV2HTTPEvent event = request.toEvent(args[3], args[4], "warm-" + i);
      long start = System.nanoTime();
      APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);
      long took = (System.nanoTime() - start) / 1000;
      if (response.getStatusCode() / 100 != 2) {
        throw new IllegalStateException(args[4] + " answered " + response.getStatusCode());
      }
      if (i >= warmup) {
        micros[i - warmup] = took;
      }
    }
    Arrays.sort(micros);
    System.err.println("LEVERS-WARM p50=" + micros[iterations / 2] + " p90=" + micros[iterations * 9 / 10]
        + " p99=" + micros[Math.min(iterations - 1, iterations * 99 / 100)]);
    System.exit(0);
  }
}
