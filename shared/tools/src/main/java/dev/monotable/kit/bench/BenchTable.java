package dev.monotable.kit.bench;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.local.LocalDomain;

/**
 * One table as the bench uses it: the domain's route handlers wired around it
 * ({@link LocalDomain#wire}, as the local service and a Lambda container build them) and the
 * domain's services over it, through which the fixtures prepare each invocation. Handlers and
 * fixtures see the same table (and the same client, so a recorder on it sees their calls).
 *
 * @param handlers the domain's handlers over the table
 * @param services the domain's services over the table ({@link BenchDomain#services})
 * @param <S> the domain's services
 */
public record BenchTable<S extends DomainServices>(LocalDomain.Wiring handlers, S services) {

  /** The domain wired around {@code table}, without a token verifier; writes nothing. */
  public static <S extends DomainServices> BenchTable<S> wire(LocalDomain local, BenchDomain<S> bench,
      TableGateway table) {
    return new BenchTable<>(local.wire(table, null), bench.services(table));
  }

  /** Writes the demo dataset ({@link LocalDomain.Wiring#seedDemo}), then the bench's own data. */
  public BenchTable<S> load(BenchDomain<S> bench) {
    handlers.seedDemo();
    bench.addBenchData(services);
    return this;
  }
}
