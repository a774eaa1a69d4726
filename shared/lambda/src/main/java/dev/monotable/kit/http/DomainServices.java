package dev.monotable.kit.http;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.Endpoint;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the kit's Lambda runtime needs from a domain's handler dependencies: the base classes
 * ({@link ApiHandler} and the stream handlers' base) and
 * SnapStart priming reach the domain only through this. A domain implements it once, on the class
 * its handlers take in their test constructor (its services class), and adds its own
 * typed accessors there (data-access objects); the bases are generic in that class, so handlers
 * keep them typed.
 *
 * <p>Built once per container; nothing here is looked up by reflection or ServiceLoader.
 */
public interface DomainServices {

  /** The domain the handlers serve: its routes decide each handler's auth, and priming's grant. */
  Domain domain();

  /** The table gateway; its client and table name are what priming calls. Null only in tests. */
  TableGateway table();

  /** Verifier of bearer tokens for OPTIONAL-auth routes, or null when no issuer is configured. */
  JwtVerifier verifier();

  /**
   * The methods of these services that serve the domain's custom routes ({@link Endpoint#route}), bound to
   * their patterns; none by default.
   */
  default Routes<?> routes() {
    return Routes.NONE;
  }

  /**
   * Route keys ({@code METHOD /path}) whose body the domain declares fields for: by default the
   * routes declared with {@link dev.monotable.kit.catalog.Endpoint#body()} fields.
   */
  default Set<String> bodyRoutes() {
    Set<String> routes = new LinkedHashSet<>();
    for (Endpoint e : domain().endpoints()) {
      if (!e.body().isEmpty()) {
        routes.add(e.routeKey());
      }
    }
    return routes;
  }

  /**
   * Refuses (a {@link dev.monotable.kit.errors.ValidationException}, 400) a request whose body
   * holds a field its route does not take, or a value of the wrong JSON type; does nothing for a
   * route without declared fields or a request without a body. Runs before the handler's code. By
   * default, the fields of the route's {@link dev.monotable.kit.catalog.Endpoint#body()}: an
   * undeclared member is refused naming it; the domain's validators hold the values to their rules.
   */
  default void checkBody(String routeKey, Request request) {
    Endpoint endpoint = domain().endpoint(routeKey);
    if (endpoint == null || endpoint.body().isEmpty() || !request.hasBody()) {
      return;
    }
    request.refuseFieldsOtherThan(endpoint.body().stream().map(BodyField::name).toList());
  }
}
