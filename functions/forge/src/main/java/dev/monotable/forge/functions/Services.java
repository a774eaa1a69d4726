package dev.monotable.forge.functions;

import dev.monotable.kit.http.DomainServices;
import dev.monotable.kit.lambda.ContainerServices;

import dev.monotable.forge.Forge;
import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.forge.data.Accounts;
import dev.monotable.forge.data.Activities;
import dev.monotable.forge.data.Comments;
import dev.monotable.forge.data.Organizations;
import dev.monotable.forge.data.Reactions;
import dev.monotable.forge.data.Repositories;
import dev.monotable.forge.data.Stars;
import dev.monotable.forge.data.Tickets;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.http.Request;
import dev.monotable.forge.model.Rules;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.errors.ValidationException;
import java.util.List;
import java.util.Map;

/**
 * The dependencies of every handler, built once per container (per JVM) from the environment:
 * the DynamoDB client, the table gateway with its cursor key, and the token verifier for routes
 * that verify optional tokens themselves. Tests build one around their own table. As the kit's
 * {@link DomainServices}, it gives the handler bases Forge's domain, whose endpoints declare their
 * request bodies ({@link Endpoint#body()}).
 */
public final class Services implements DomainServices {
  private static final ContainerServices<Services> CONTAINER = new ContainerServices<>(Services::new);

  private final TableGateway table;
  private final JwtVerifier verifier;
  private final Accounts accounts;
  private final Organizations organizations;
  private final Activities activities;
  private final Repositories repositories;
  private final Stars stars;
  private final Tickets tickets;
  private final Comments comments;
  private final Reactions reactions;

  /**
   * @param table the table every data-access class uses
   * @param verifier verifier of bearer tokens for OPTIONAL-auth routes, or null
   */
  public Services(TableGateway table, JwtVerifier verifier) {
    this.table = table;
    this.verifier = verifier;
    // Data-access objects are stateless wrappers around the gateway: building them all is cheap.
    this.accounts = table == null ? null : new Accounts(table);
    this.organizations = table == null ? null : new Organizations(table);
    this.activities = table == null ? null : new Activities(table);
    this.repositories = table == null ? null : new Repositories(table);
    this.stars = table == null ? null : new Stars(table);
    this.tickets = table == null ? null : new Tickets(table);
    this.comments = table == null ? null : new Comments(table);
    this.reactions = table == null ? null : new Reactions(table);
  }

  /** The container's services; the first call builds them (in the SnapStart snapshot when primed). */
  public static Services fromEnvironment() {
    return CONTAINER.get();
  }

  @Override
  public Domain domain() {
    return Forge.DOMAIN;
  }

  @Override
  public TableGateway table() {
    return table;
  }

  /**
   * A 400 naming the first body field the route does not declare ({@link Endpoint#body()}: a typo
   * such as {@code "titel"} is not silently ignored), or a declared field of the wrong JSON type
   * (also one the handler would not read, as {@code login} next to {@code org}). Nothing for a
   * route without declared fields or a request without a body.
   */
  @Override
  public void checkBody(String routeKey, Request request) {
    Endpoint endpoint = Forge.DOMAIN.endpoint(routeKey);
    if (endpoint == null || endpoint.body().isEmpty() || !request.hasBody()) {
      return;
    }
    List<BodyField> fields = endpoint.body();
    for (Map.Entry<String, Object> e : request.body().entrySet()) {
      String name = e.getKey();
      BodyField field = fields.stream().filter(f -> f.name().equals(name)).findFirst().orElse(null);
      if (field == null) {
        throw new ValidationException(Rules.isWellFormed(name) ? name : null,
            "unknown field; this route takes " + String.join(", ", fields.stream().map(BodyField::name).toList()));
      }
      Object v = e.getValue();
      if (v != null && field.type() == BodyField.Type.BOOLEAN && !(v instanceof Boolean)) {
        throw new ValidationException(name, name + " must be true or false");
      }
      if (v != null && field.type() != BodyField.Type.BOOLEAN && !(v instanceof String)) {
        throw new ValidationException(name, name + " must be a string");
      }
    }
  }

  public Accounts accounts() {
    return accounts;
  }

  public Organizations organizations() {
    return organizations;
  }

  public Activities activities() {
    return activities;
  }

  public Repositories repositories() {
    return repositories;
  }

  public Stars stars() {
    return stars;
  }

  public Tickets tickets() {
    return tickets;
  }

  public Comments comments() {
    return comments;
  }

  public Reactions reactions() {
    return reactions;
  }

  /** Verifier of bearer tokens for OPTIONAL-auth routes, or null when no issuer is configured. */
  @Override
  public JwtVerifier verifier() {
    return verifier;
  }
}
