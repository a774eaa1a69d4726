package dev.monotable.carry.functions;

import dev.monotable.carry.Carry;
import dev.monotable.carry.CarryPattern;
import dev.monotable.carry.data.Entries;
import dev.monotable.carry.model.Entry;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.http.Routes;
import dev.monotable.kit.lambda.ContainerServices;

/**
 * What Carry's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class CarryServices implements DomainServices {
  private static final ContainerServices<CarryServices> CONTAINER = new ContainerServices<>(CarryServices::new);

  /** The methods that serve Carry's custom routes ({@code Endpoint.route}), by the pattern each serves. */
  private static final Routes<CarryServices> ROUTES = Routes.of(CarryServices.class)
      .serve(CarryPattern.P01, CarryServices::putEntry);

  private final TableGateway table;
  private final JwtVerifier verifier;
  private final Entries entries;

  public CarryServices(TableGateway table, JwtVerifier verifier) {
    this.table = table;
    this.verifier = verifier;
    this.entries = new Entries(table);
  }

  /** The container's services, built on first use from the environment. */
  public static CarryServices fromEnvironment() {
    return CONTAINER.get();
  }

  /** PUT /entries/{entry} (P01): one conditional PutItem; 409 when the entry exists. */
  Response putEntry(Request r) {
    Entry e = entries.create(r.path("entry"), (String) r.declaredBody().get("text"));
    return Response.created(Entry.ENTITY.values(e.toItem()));
  }

  @Override
  public Routes<CarryServices> routes() {
    return ROUTES;
  }

  public Entries entries() {
    return entries;
  }

  @Override
  public Domain domain() {
    return Carry.DOMAIN;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  @Override
  public JwtVerifier verifier() {
    return verifier;
  }
}
