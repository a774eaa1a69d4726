package dev.monotable.saas.model;

import dev.monotable.kit.catalog.Membership;
import dev.monotable.kit.entity.Attr;
import dev.monotable.kit.entity.Entity;
import dev.monotable.kit.schema.TableSchema.Gsi;
import dev.monotable.saas.keys.SaasKeys;
import java.util.List;

/** An organization and the items of its partition: its members, its subscription, its invitations. */
public final class Organization {

  public static final List<String> PLANS = List.of("free", "team", "enterprise");
  public static final Attr ORG = Attr.segment("Org", "org", SaasKeys.NAME, "the organization's id");
  public static final Attr MEMBERS = Attr.number("Members", "members", "how many members it has");
  public static final Attr ROLE = Attr.string("Role", "role", "owner, admin or member");
  public static final Attr PLAN = Attr.string("Plan", "plan", "free, team or enterprise").changes(Attr.Change.VERSIONED);
  public static final Attr SEATS = Attr.number("Seats", "seats", "the seats paid for").changes(Attr.Change.VERSIONED);
  public static final Attr EXPIRES_AT = Attr.string("ExpiresAt", "expiresAt", "when it expires (ISO-8601 UTC; TTL the same)");

  public static final Entity ENTITY = Entity.of("Organization", SaasKeys.ORG, SaasKeys.ORG)
      .attributes(ORG, Attr.string("Name", "name", "the name shown"), MEMBERS)
      .build();
  /** A member: under its organization, and under its user on GSI1 (the adjacency list, both ways). */
  public static final Entity MEMBERSHIP = Entity.of("Membership", SaasKeys.ORG, SaasKeys.USER)
      .index(Gsi.GSI1, SaasKeys.USER, SaasKeys.ORG)
      .attributes(ORG, Attr.segment("Username", "username", SaasKeys.NAME, "the member"), ROLE)
      .build();
  public static final Entity SUBSCRIPTION = Entity.of("Subscription", SaasKeys.ORG, SaasKeys.SUBSCRIPTION)
      .attributes(ORG, PLAN, SEATS)
      .versioned()
      .build();
  public static final Entity INVITATION = Entity.of("Invitation", SaasKeys.ORG, SaasKeys.INVITATION)
      .index(Gsi.GSI1, SaasKeys.EMAIL, SaasKeys.INVITED_TO)
      .attributes(ORG, Attr.segment("Email", "email", SaasKeys.EMAIL_ADDRESS, "the address invited"), ROLE,
          Attr.segment("InvitedBy", "invitedBy", SaasKeys.NAME, "who invited"), EXPIRES_AT)
      .expires()
      .build();

  /** Any member of the organization {@code {org}} names. */
  public static final Membership MEMBER = Membership.of(MEMBERSHIP, "org", "username");
  /** Its owners and admins. */
  public static final Membership ADMIN = MEMBER.withRole(ROLE, "owner", "admin");

  private Organization() {}
}
