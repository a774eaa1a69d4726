package dev.monotable.devices.functions;

import dev.monotable.devices.Devices;
import dev.monotable.devices.data.Entries;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.http.LambdaEnvironment;
import dev.monotable.kit.http.Request;
import java.util.Set;

/**
 * What Devices's handlers depend on, built once per container ({@link #fromEnvironment}) or
 * given by a test: the kit's seam plus the typed data access.
 */
public final class DevicesServices implements DomainServices {
  private static volatile DevicesServices fromEnvironment;

  /** The routes that take a JSON body, and the one field they take. */
  static final String PUT_ENTRY = "PUT /entries/{entry}";

  private final TableGateway table;
  private final JwtVerifier verifier;
  private final Entries entries;

  public DevicesServices(TableGateway table, JwtVerifier verifier) {
    this.table = table;
    this.verifier = verifier;
    this.entries = new Entries(table);
  }

  /** The container's services, built on first use from the environment. */
  public static DevicesServices fromEnvironment() {
    DevicesServices s = fromEnvironment;
    if (s == null) {
      synchronized (DevicesServices.class) {
        s = fromEnvironment;
        if (s == null) {
          s = new DevicesServices(LambdaEnvironment.table(), LambdaEnvironment.verifier());
          fromEnvironment = s;
        }
      }
    }
    return s;
  }

  public Entries entries() {
    return entries;
  }

  @Override
  public Domain domain() {
    return Devices.DOMAIN;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  @Override
  public JwtVerifier verifier() {
    return verifier;
  }

  @Override
  public Set<String> bodyRoutes() {
    return Set.of(PUT_ENTRY);
  }

  @Override
  public void checkBody(String routeKey, Request request) {
    if (!request.hasBody()) {
      return;
    }
    for (String field : request.body().keySet()) {
      if (!(PUT_ENTRY.equals(routeKey) && field.equals("text"))) {
        throw new ValidationException(null, "unknown field " + field + "; this route takes text");
      }
    }
  }
}
