package dev.monotable.kit.local;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import java.util.List;

/**
 * What the local service ({@code scripts/dev}, the end-to-end tests) needs of a domain: its
 * declarations (table, routes, stream consumers), the handler instances behind them, built around
 * one table as a Lambda container builds them, and its demo dataset. The kit's local runtime names
 * no domain: everything it serves comes through this facet.
 */
public interface LocalDomain {

  /** The declarations served: the table is created from its schema, the routes and streams from its catalogs. */
  Domain domain();

  /**
   * The domain's dependencies over one table, built once per start (the handlers share them, as
   * the handlers of one Lambda container share their services).
   *
   * @param table the table every handler reads and writes
   * @param verifier the local token verifier, for routes that verify optional tokens themselves
   */
  Wiring wire(TableGateway table, JwtVerifier verifier);

  /** What the demo dataset holds, for the start-up line, for example {@code users alice, bob; org acme}. */
  String demoSummary();

  /** Example commands printed after a start ({@code curl ...} lines), for an API at {@code baseUrl}. */
  List<String> examples(String baseUrl);

  /** The handlers and the demo data of one table. */
  interface Wiring {

    /**
     * The handler of a route ({@link dev.monotable.kit.catalog.Endpoint#handlerClass()}); called
     * once per handler class. By default the class's constructor taking the domain's
     * {@link #services()} (the one every handler has for tests), so the route's declaration alone
     * wires it; a domain overrides this only to build a handler some other way.
     *
     * @throws IllegalArgumentException when the domain has no handler of that name
     */
    @SuppressWarnings("unchecked")
    default RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> route(String handlerClass) {
      return (RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse>) construct(handlerClass);
    }

    /**
     * The handler of a stream consumer
     * ({@link dev.monotable.kit.catalog.StreamHandlerDeclaration#handlerClass()}); by default, as
     * {@link #route}, its constructor taking {@link #services()}.
     *
     * @throws IllegalArgumentException when the domain has no handler of that name
     */
    @SuppressWarnings("unchecked")
    default RequestHandler<DynamodbEvent, StreamsEventResponse> stream(String handlerClass) {
      return (RequestHandler<DynamodbEvent, StreamsEventResponse>) construct(handlerClass);
    }

    /** A new {@code handlerClass} from its public constructor of one parameter that takes {@link #services()}. */
    private Object construct(String handlerClass) {
      dev.monotable.kit.http.DomainServices services = services();
      if (services == null) {
        throw new IllegalArgumentException("no handler " + handlerClass + ": the wiring offers no services()");
      }
      try {
        // The domain's own loader: the one that loaded its services sees its handlers (a domain
        // loaded apart from the kit, as the scaffold's test loads one, included).
        Class<?> type = Class.forName(handlerClass, true, services.getClass().getClassLoader());
        for (java.lang.reflect.Constructor<?> c : type.getConstructors()) {
          if (c.getParameterCount() == 1 && c.getParameterTypes()[0].isInstance(services)) {
            return c.newInstance(services);
          }
        }
      } catch (ClassNotFoundException e) {
        throw new IllegalArgumentException("no handler " + handlerClass, e);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException(handlerClass + " could not be built: " + e.getMessage(), e);
      }
      throw new IllegalArgumentException(handlerClass + " has no public constructor taking "
          + services.getClass().getSimpleName());
    }

    /**
     * The domain's services over this table (the ones its handlers take), which the kit's
     * {@link dev.monotable.kit.http.PlainHandler} serves the plain routes with; null for a domain
     * without plain routes.
     */
    default dev.monotable.kit.http.DomainServices services() {
      return null;
    }

    /**
     * The handler of an endpoint: the kit's plain handler over {@link #services()} for a plain
     * route ({@link dev.monotable.kit.catalog.Endpoint#plain}), else {@link #route} of its class.
     *
     * @throws IllegalArgumentException a plain route of a domain whose wiring offers no services
     */
    default RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> handler(
        dev.monotable.kit.catalog.Endpoint endpoint) {
      if (!endpoint.servedByKit()) {
        return route(endpoint.handlerClass());
      }
      dev.monotable.kit.http.DomainServices services = services();
      if (services == null) {
        throw new IllegalArgumentException(endpoint.routeKey() + " is served by the kit: the domain's wiring must "
            + "offer services()");
      }
      return endpoint.isRoute() ? new dev.monotable.kit.http.RouteHandler(services)
          : new dev.monotable.kit.http.PlainHandler(services);
    }

    /** Writes the demo dataset into the (new, empty) table through the domain's data-access layer. */
    void seedDemo();
  }
}
