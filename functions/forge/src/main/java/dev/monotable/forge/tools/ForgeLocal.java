package dev.monotable.forge.tools;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.monotable.forge.Forge;
import dev.monotable.forge.functions.Services;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.local.LocalDomain;
import java.util.List;

/**
 * Forge for the kit's local service: its handlers built around one {@link Services} (as a Lambda
 * container builds them: the handler class's constructor taking the services), and the demo
 * dataset of {@link Seed}.
 */
public final class ForgeLocal implements LocalDomain {

  @Override
  public Domain domain() {
    return Forge.DOMAIN;
  }

  @Override
  public Wiring wire(TableGateway table, JwtVerifier verifier) {
    Services services = new Services(table, verifier);
    return new Wiring() {
      @Override
      public RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> route(String handlerClass) {
        return build(handlerClass, services);
      }

      @Override
      public RequestHandler<DynamodbEvent, StreamsEventResponse> stream(String handlerClass) {
        return build(handlerClass, services);
      }

      @Override
      public void seedDemo() {
        Seed.demo(services);
      }
    };
  }

  @Override
  public String demoSummary() {
    return "users alice, bob, carol; org acme";
  }

  @Override
  public List<String> examples(String baseUrl) {
    return List.of(
        "curl -s " + baseUrl + "/repos/alice/hello-forge/issues",
        "curl -s -X POST " + baseUrl + "/repos/alice/hello-forge/issues \\",
        "     -H \"Authorization: Bearer $(scripts/token alice)\" -H 'content-type: application/json' \\",
        "     -d '{\"title\":\"My first issue\",\"body\":\"Hello\"}'");
  }

  /**
   * A handler of the functions module by class name, through its constructor taking the services.
   * Reflection is fine in the local runner: Lambda instantiates the class by name the same way.
   */
  @SuppressWarnings("unchecked")
  private static <H> H build(String className, Services services) {
    try {
      return (H) Class.forName(className).getConstructor(Services.class).newInstance(services);
    } catch (ClassNotFoundException | NoSuchMethodException e) {
      throw new IllegalArgumentException("Forge has no handler " + className + " taking its Services", e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot build " + className, e);
    }
  }
}
