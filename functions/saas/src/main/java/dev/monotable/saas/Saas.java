package dev.monotable.saas;

import dev.monotable.kit.catalog.Auth;
import dev.monotable.kit.catalog.BodyField;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Endpoint;
import dev.monotable.kit.catalog.StreamHandlerDeclaration;
import dev.monotable.kit.domain.Domain;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.kit.schema.TableSchema.Index;
import dev.monotable.saas.model.Organization;
import java.util.List;

/**
 * The SaaS system of seed 004 §8.2 as the kit sees it: its table, its access patterns and its routes.
 * Written by {@code scripts/new-domain saas}, then grown from the guide (docs/new-domain.md, "SaaS, measured").
 */
public final class Saas implements Domain {

  public static final TableSchema SCHEMA = TableSchema.of(
      new Index(Gsi.GSI1, "users and invitations by e-mail address, a user's organizations"));

  public static final Saas DOMAIN = new Saas();

  private static final BodyField NAME = BodyField.text("name", 1, 100).nonBlank().required();
  private static final BodyField ROLE = BodyField.oneOf("role", List.of("admin", "member")).required();

  private Saas() {}

  @Override
  public String name() {
    return "Saas";
  }

  @Override
  public TableSchema schema() {
    return SCHEMA;
  }

  @Override
  public List<DeclaredPattern> accessPatterns() {
    return SaasPattern.ALL;
  }

  @Override
  public List<Endpoint> endpoints() {
    String org = "/orgs/{org}";
    String invitation = org + "/invitations/{email}";
    return List.of(
        Endpoint.route("PUT", "/users/{username}", Auth.REQUIRED, SaasPattern.SA01).ownedBy("username")
            .withBody(BodyField.email("email").required(), NAME),
        Endpoint.plain("GET", "/users/{username}", Auth.REQUIRED, SaasPattern.SA02).ownedBy("username"),
        Endpoint.plain("GET", "/emails/{email}/user", Auth.REQUIRED, SaasPattern.SA03),
        Endpoint.route("PUT", org, Auth.REQUIRED, SaasPattern.SA04).withBody(NAME),
        Endpoint.plain("GET", org, Auth.REQUIRED, SaasPattern.SA05),
        Endpoint.plain("GET", org + "/members", Auth.REQUIRED, SaasPattern.SA06),
        Endpoint.plain("GET", "/users/{username}/orgs", Auth.REQUIRED, SaasPattern.SA07).ownedBy("username"),
        Endpoint.plain("GET", org + "/subscription", Auth.REQUIRED, SaasPattern.SA08),
        Endpoint.plain("PATCH", org + "/subscription", Auth.REQUIRED, SaasPattern.SA09).withBody(
            BodyField.oneOf("plan", Organization.PLANS), BodyField.integer("seats", 1, 10_000)),
        Endpoint.route("PUT", invitation, Auth.REQUIRED, SaasPattern.SA10).withBody(ROLE),
        Endpoint.plain("GET", org + "/invitations", Auth.REQUIRED, SaasPattern.SA11),
        Endpoint.plain("GET", "/emails/{email}/invitations", Auth.REQUIRED, SaasPattern.SA12),
        Endpoint.route("POST", invitation + "/accept", Auth.REQUIRED, SaasPattern.SA13).withBody(ROLE),
        Endpoint.health(SaasPattern.SA14));
  }

  @Override
  public List<StreamHandlerDeclaration> streams() {
    return List.of();
  }
}
