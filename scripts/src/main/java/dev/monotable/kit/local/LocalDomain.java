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
     * once per handler class.
     *
     * @throws IllegalArgumentException when the domain has no handler of that name
     */
    RequestHandler<APIGatewayV2HTTPEvent, APIGatewayV2HTTPResponse> route(String handlerClass);

    /**
     * The handler of a stream consumer
     * ({@link dev.monotable.kit.catalog.StreamHandlerDeclaration#handlerClass()}).
     *
     * @throws IllegalArgumentException when the domain has no handler of that name
     */
    RequestHandler<DynamodbEvent, StreamsEventResponse> stream(String handlerClass);

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
      if (!endpoint.isPlain()) {
        return route(endpoint.handlerClass());
      }
      dev.monotable.kit.http.DomainServices services = services();
      if (services == null) {
        throw new IllegalArgumentException(endpoint.routeKey() + " is a plain route: the domain's wiring must offer "
            + "services()");
      }
      return new dev.monotable.kit.http.PlainHandler(services);
    }

    /** Writes the demo dataset into the (new, empty) table through the domain's data-access layer. */
    void seedDemo();
  }
}
