package dev.monotable.saas.functions;

import dev.monotable.saas.Saas;
import dev.monotable.saas.SaasPattern;
import dev.monotable.saas.data.Entries;
import dev.monotable.saas.model.Entry;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.http.Routes;
import dev.monotable.kit.lambda.ContainerServices;

/**
 * What Saas's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class SaasServices implements DomainServices {
  private static final ContainerServices<SaasServices> CONTAINER = new ContainerServices<>(SaasServices::new);

  /** The methods that serve Saas's custom routes ({@code Endpoint.route}), by the pattern each serves. */
  private static final Routes<SaasServices> ROUTES = Routes.of(SaasServices.class)
      .serve(SaasPattern.P01, SaasServices::putEntry);

  private final TableGateway table;
  private final JwtVerifier verifier;
  private final Entries entries;

  public SaasServices(TableGateway table, JwtVerifier verifier) {
    this.table = table;
    this.verifier = verifier;
    this.entries = new Entries(table);
  }

  /** The container's services, built on first use from the environment. */
  public static SaasServices fromEnvironment() {
    return CONTAINER.get();
  }

  /** PUT /entries/{entry} (P01): one conditional PutItem; 409 when the entry exists. */
  Response putEntry(Request r) {
    Entry e = entries.create(r.path("entry"), (String) r.declaredBody().get("text"));
    return Response.created(Entry.ENTITY.values(e.toItem()));
  }

  @Override
  public Routes<SaasServices> routes() {
    return ROUTES;
  }

  public Entries entries() {
    return entries;
  }

  @Override
  public Domain domain() {
    return Saas.DOMAIN;
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
