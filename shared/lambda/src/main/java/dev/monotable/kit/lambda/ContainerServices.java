package dev.monotable.kit.lambda;

import dev.monotable.kit.internal.lambda.Priming;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.http.LambdaEnvironment;
import java.util.function.BiFunction;

/**
 * A domain's services as one Lambda container holds them: built on the first call from the
 * environment ({@link LambdaEnvironment}: the table gateway and the token verifier), then the same
 * instance for every handler of the container, with SnapStart priming registered for it
 * ({@link Priming#register}). Every domain's {@code fromEnvironment()} is one {@link #get()}, so no
 * domain can forget the priming or build its clients twice.
 *
 * @param <S> the domain's services
 */
public final class ContainerServices<S extends DomainServices> {

  private final BiFunction<TableGateway, JwtVerifier, S> factory;
  private volatile S services;

  /** @param factory the domain's services over a table and a verifier (usually its constructor) */
  public ContainerServices(BiFunction<TableGateway, JwtVerifier, S> factory) {
    this.factory = factory;
  }

  /** The container's services; the first call builds them (in the SnapStart snapshot when primed). */
  public S get() {
    S s = services;
    if (s == null) {
      synchronized (this) {
        s = services;
        if (s == null) {
          s = factory.apply(LambdaEnvironment.table(), LambdaEnvironment.verifier());
          services = s;
          Priming.register(s);
        }
      }
    }
    return s;
  }
}
