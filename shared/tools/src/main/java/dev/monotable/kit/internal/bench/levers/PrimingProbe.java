package dev.monotable.kit.internal.bench.levers;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import dev.monotable.kit.bench.BenchRequest;
import dev.monotable.kit.bench.ColdStartProbe;
import java.time.Instant;
import java.util.Arrays;

/**
 * Main class of scripts/levers-cold --probe priming: what SnapStart priming leaves for the first
 * request. Builds the handler as the Lambda runtime does, then runs the CRaC hooks the way a
 * snapshot would ({@code beforeCheckpoint}, then {@code afterRestore}) when the system property
 * {@code levers.priming} is {@code snapshot} (not when {@code none}): the {@code Priming} resource
 * the handler registered, with the {@code _HANDLER} the script sets. Everything before the first
 * invocation is what a snapshot would hold. Prints the cold-start probe's line, with the
 * probe's marker classes, so the class-load log splits at the same places.
 */
public final class PrimingProbe {
  private PrimingProbe() {}

  @SuppressWarnings("unchecked")
  public static void main(String[] args) throws Exception {
    String mode = System.getProperty("levers.priming", "none");
    long main = epochNanos();
    RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler =
        (RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>) Class.forName(args[0])
            .getConstructor().newInstance();
    BenchRequest request = BenchRequest.fromArgs(Arrays.asList(args).subList(3, args.length));
    if (!mode.equals("none")) {
      // The resource the handler registered; org.crac refuses to run the global context's hooks
      // outside a CRaC JVM, so the probe calls them on the resource itself.
      java.lang.reflect.Field f = Class.forName("dev.monotable.kit.internal.lambda.Priming").getDeclaredField("registered");
      f.setAccessible(true);
      org.crac.Resource priming = (org.crac.Resource) f.get(null);
      priming.beforeCheckpoint(null);
      priming.afterRestore(null);
    }
    APIGatewayV2HTTPEvent event = request.toEvent(args[1], args[2], "cold-" + main + "-" + java.util.UUID.randomUUID());
    long constructed = epochNanos();
    Class.forName(ColdStartProbe.Constructed.class.getName());
    long start = epochNanos();
    APIGatewayV2HTTPResponse response = handler.handleRequest(event, null);
    long end = epochNanos();
    Class.forName(ColdStartProbe.Invoked.class.getName());
    System.err.println(ColdStartProbe.PREFIX + "main=" + main + " constructed=" + constructed + " start=" + start
        + " end=" + end + " status=" + response.getStatusCode() + " etag=-");
    System.exit(0);
  }

  static long epochNanos() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }
}
