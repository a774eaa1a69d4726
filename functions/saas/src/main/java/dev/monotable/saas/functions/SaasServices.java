package dev.monotable.saas.functions;

import dev.monotable.kit.auth.JwtVerifier;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Membership;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.http.Request;
import dev.monotable.kit.http.Response;
import dev.monotable.kit.http.Routes;
import dev.monotable.kit.http.ServicesSeam;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.lambda.ContainerServices;
import dev.monotable.saas.Saas;
import dev.monotable.saas.SaasPattern;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * What the SaaS routes depend on, built once per container ({@link #fromEnvironment}) or given by a
 * test: the kit's seam, and one method per custom route, each the one declared write of its pattern.
 */
public final class SaasServices extends ServicesSeam {
  private static final ContainerServices<SaasServices> CONTAINER = new ContainerServices<>(SaasServices::new);
  /** How long an invitation can be accepted. */
  public static final Duration INVITATION_TTL = Duration.ofDays(7);

  private static final Routes<SaasServices> ROUTES = Routes.of(SaasServices.class)
      .serve(SaasPattern.SA01, SaasServices::createUser)
      .serve(SaasPattern.SA04, SaasServices::createOrg)
      .serve(SaasPattern.SA10, SaasServices::invite)
      .serve(SaasPattern.SA13, SaasServices::accept);

  public SaasServices(TableGateway table, JwtVerifier verifier) {
    super(Saas.DOMAIN, table, verifier);
  }

  /** The container's services, built on first use from the environment. */
  public static SaasServices fromEnvironment() {
    return CONTAINER.get();
  }

  /** PUT /users/{username} (SA01): the user and its e-mail claim in one transaction; 409 naming username or email. */
  Response createUser(Request r) {
    return Response.created(write(SaasPattern.SA01, r, Map.of()));
  }

  /** PUT /orgs/{org} (SA04): the organization, its owner (the caller) and its free plan; 404 for a caller not signed up. */
  Response createOrg(Request r) {
    return Response.created(write(SaasPattern.SA04, r, Map.of("role", "owner", "members", 1, "plan", "free",
        "seats", 1)));
  }

  /** PUT /orgs/{org}/invitations/{email} (SA10): a new invitation, replacing any earlier one, by an owner or admin. */
  Response invite(Request r) {
    Instant expires = table().clock().instant().plus(INVITATION_TTL);
    return Response.created(write(SaasPattern.SA10, r, Map.of("expiresAt", Timestamps.format(expires),
        "ttl", expires.getEpochSecond())));
  }

  /** POST /orgs/{org}/invitations/{email}/accept (SA13): one transaction; 404 for no such unexpired invitation. */
  Response accept(Request r) {
    return Response.created(write(SaasPattern.SA13, r, Map.of("now", Timestamps.format(table().clock().instant()))));
  }

  /**
   * Runs {@code pattern}'s declared write on its declared body (an e-mail address kept in lower
   * case), the route's path values (held to their key rules, lower case), the caller and
   * {@code more}; answers what its first Put writes.
   */
  private Map<String, Object> write(DeclaredPattern pattern, Request r, Map<String, Object> more) {
    Map<String, Object> values = new HashMap<>(more);
    values.putAll(r.declaredBody());
    values.computeIfPresent("email", (k, v) -> v.toString().toLowerCase(Locale.ROOT));
    r.event().getPathParameters().keySet().forEach(p -> values.put(p, r.path(p)));
    values.put(Membership.CALLER, r.requireCaller());
    values.put("invitedBy", r.requireCaller());
    values.put("createdAt", Timestamps.format(table().clock().instant()));
    return pattern.writes().commit(table(), values);
  }

  @Override
  public Routes<SaasServices> routes() {
    return ROUTES;
  }

}
