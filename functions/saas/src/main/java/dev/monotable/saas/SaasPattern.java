package dev.monotable.saas;

import static dev.monotable.kit.catalog.KeyCondition.none;
import static dev.monotable.kit.catalog.KeyCondition.query;
import static dev.monotable.saas.model.Organization.ADMIN;
import static dev.monotable.saas.model.Organization.INVITATION;
import static dev.monotable.saas.model.Organization.MEMBER;
import static dev.monotable.saas.model.Organization.MEMBERSHIP;

import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.Write;
import dev.monotable.kit.catalog.Write.Refusal;
import dev.monotable.kit.catalog.Writes;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.saas.keys.SaasKeys;
import dev.monotable.saas.model.Organization;
import dev.monotable.saas.model.User;
import java.util.List;

/** The access patterns of the SaaS system (seed 004 §8.2), each with the one DynamoDB request that serves it. */
public final class SaasPattern {
  private SaasPattern() {}

  /** The caller's own user item: an organization's creator and an invitation's accepter must have signed up. */
  static final Write CALLER = Write.exists(User.ENTITY).as("username", "caller");

  public static final DeclaredPattern SA01 = DeclaredPattern.of("SA01", "create a user (unique username and e-mail)",
      Writes.create(User.ENTITY), "username; body: email, name");
  public static final DeclaredPattern SA02 = DeclaredPattern.get("SA02", "get a user", User.ENTITY);
  public static final DeclaredPattern SA03 = DeclaredPattern.list("SA03", "the user with an e-mail address",
      User.ENTITY, query(SaasKeys.EMAIL).on(Gsi.GSI1).beginsWith(Template.of("EMAIL#")));
  public static final DeclaredPattern SA04 = DeclaredPattern.of("SA04", "create an organization, its owner and plan",
      Writes.of(Write.put(Organization.ENTITY).ifAbsent(), Write.put(MEMBERSHIP).as("username", "caller"),
          Write.put(Organization.SUBSCRIPTION), CALLER), "org; body: name");
  public static final DeclaredPattern SA05 = DeclaredPattern.get("SA05", "get an organization", Organization.ENTITY)
      .forMembers(MEMBER);
  public static final DeclaredPattern SA06 = DeclaredPattern.list("SA06", "an organization's members", MEMBERSHIP,
      query(SaasKeys.ORG).beginsWith(Template.of("USER#"))).forMembers(MEMBER);
  public static final DeclaredPattern SA07 = DeclaredPattern.list("SA07", "a user's organizations", MEMBERSHIP,
      query(SaasKeys.USER).on(Gsi.GSI1).beginsWith(Template.of("ORG#")));
  public static final DeclaredPattern SA08 = DeclaredPattern.get("SA08", "an organization's subscription",
      Organization.SUBSCRIPTION).forMembers(MEMBER);
  public static final DeclaredPattern SA09 = DeclaredPattern.update("SA09", "change the plan (owners and admins)",
      Organization.SUBSCRIPTION).forMembers(ADMIN);
  public static final DeclaredPattern SA10 = DeclaredPattern.of("SA10", "invite an e-mail address (owners and admins)",
      Writes.forMembers(ADMIN, Write.put(INVITATION)), "org, email; body: role");
  public static final DeclaredPattern SA11 = DeclaredPattern.list("SA11", "an organization's invitations", INVITATION,
      query(SaasKeys.ORG).beginsWith(Template.of("INVITATION#"))).forMembers(ADMIN);
  public static final DeclaredPattern SA12 = DeclaredPattern.list("SA12", "the invitations of an e-mail address",
      INVITATION, query(SaasKeys.EMAIL).on(Gsi.GSI1).beginsWith(Template.of("INVITATION#")));
  /** The member (a repeat: 409) and its count in, the invitation (unexpired, of this role) gone, for its user. */
  public static final DeclaredPattern SA13 = DeclaredPattern.of("SA13", "accept an invitation", Writes.of(
      Write.put(MEMBERSHIP).as("username", "caller").ifAbsent()
          .refused(Refusal.conflict("org", "you are a member of {org} already")),
      Write.delete(INVITATION).ifExists().ifEquals(Organization.ROLE), // an expired invitation is absent (Expiry)
      Write.update(Organization.ENTITY).add(Organization.MEMBERS, 1).ifExists(),
      CALLER.ifEquals(User.EMAIL).refused(Refusal.forbidden("the invitation is for another e-mail address"))),
      "org, email; body: role");
  public static final DeclaredPattern SA14 = DeclaredPattern.of("SA14", "liveness of the API", Calls.none(), none(), "")
      .allowing(0, "no table access");

  /** Every pattern, in catalog order. */
  public static final List<DeclaredPattern> ALL = List.of(SA01, SA02, SA03, SA04, SA05, SA06, SA07, SA08, SA09, SA10,
      SA11, SA12, SA13, SA14);
}
