package dev.monotable.kit.http;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Endpoint;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The methods of a domain's services that serve its custom routes ({@link Endpoint#route}), each bound to the
 * access pattern its route serves: {@code Routes.of(BlogServices.class).serve(BlogPattern.B03, BlogServices::findUser)}.
 * The binding sits with the services (they depend on the domain's declarations, never the other way), the
 * kit's {@link RouteHandler} calls the method of the invocation's route, and the build checks that every
 * route the kit serves this way has exactly one method and every method a route.
 *
 * @param <S> the domain's services
 */
public final class Routes<S extends DomainServices> {

  /** Serves one custom route's request on the container's services; throw the domain exceptions for failures. */
  @FunctionalInterface
  public interface Method<S> {
    Response serve(S services, Request request);
  }

  /** No custom route served by a method. */
  public static final Routes<DomainServices> NONE = new Routes<>(DomainServices.class);

  private final Class<S> services;
  private final Map<String, Method<S>> byPattern = new LinkedHashMap<>();

  private Routes(Class<S> services) {
    this.services = services;
  }

  /** The bindings of {@code services}' methods, built with {@link #serve}. */
  public static <S extends DomainServices> Routes<S> of(Class<S> services) {
    return new Routes<>(services);
  }

  /**
   * Binds the method that serves the route of {@code pattern}.
   *
   * @throws IllegalArgumentException the pattern has a method already
   */
  public Routes<S> serve(AccessPatternSpec pattern, Method<S> method) {
    if (byPattern.putIfAbsent(pattern.name(), java.util.Objects.requireNonNull(method, "method")) != null) {
      throw new IllegalArgumentException(pattern.name() + " is served by two methods");
    }
    return this;
  }

  /** The names of the patterns bound, in order. */
  public Set<String> patterns() {
    return java.util.Collections.unmodifiableSet(byPattern.keySet());
  }

  /**
   * Serves {@code request} of {@code route} with the method bound to its first pattern.
   *
   * @throws IllegalStateException no method serves the route
   */
  Response serve(Endpoint route, DomainServices on, Request request) {
    Method<S> m = route.patterns().isEmpty() ? null : byPattern.get(route.patterns().get(0).name());
    if (m == null) {
      throw new IllegalStateException(route.routeKey() + ": no method of " + on.getClass().getSimpleName()
          + " serves it (bind one in its routes())");
    }
    return m.serve(services.cast(on), request);
  }
}
