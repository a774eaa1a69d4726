package dev.monotable.forge.data;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.data.WriteTransaction;

import static dev.monotable.kit.schema.TableSchema.PK;
import static dev.monotable.kit.schema.TableSchema.TTL;
import static dev.monotable.kit.schema.TableSchema.TYPE;
import static dev.monotable.kit.schema.TableSchema.UPDATED_AT;
import static dev.monotable.kit.schema.TableSchema.VERSION;

import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.forge.model.Invitation;
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.Rules;
import dev.monotable.forge.model.User;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Organizations, their members and invitations (AP04-AP11). Membership is an adjacency-list item
 * in the org's partition ({@code MEMBER#{username}}) that GSI1 also files under the user
 * ({@code ORG#{org}}). The Organization item counts its admins ({@code AdminCount}), so a
 * transaction can refuse to remove or demote the last admin without reading the member list.
 * Permission checks are ConditionCheck actions inside the same transaction as the write.
 */
public final class Organizations {
  /** Invitations expire (TTL) this long after they are sent. */
  public static final Duration INVITATION_LIFETIME = Duration.ofDays(7);

  private final TableGateway table;

  public Organizations(TableGateway table) {
    this.table = table;
  }

  /**
   * AP04: TransactWriteItems of ConditionCheck caller's User exists, Put Organization
   * {@code attribute_not_exists(PK)} and Put Membership(caller, admin). AdminCount starts at 1.
   *
   * @throws ForbiddenException when the caller has no user profile
   * @throws ConflictException {@code organization} when an organization or a user has the name
   */
  public Organization createOrg(String caller, String org, String name, String description) {
    String orgName = ForgeSegments.account("org", org);
    String n = emptyToNull(Rules.shortText("name", name));
    String d = emptyToNull(Rules.shortText("description", description));
    String me = Callers.require(caller);

    String now = Timestamps.format(table.clock().instant());
    Organization organization = new Organization(org, n, d, 1, now, now, 1);
    Membership admin = new Membership(org, caller, Role.ADMIN, now, now, 1);
    if (me.equals(orgName)) {
      // The org's item would be the caller's own User item; DynamoDB rejects two actions on one
      // item, and the name is taken by that user anyway, so only the profile check decides 403 vs 409.
      WriteTransaction check = new WriteTransaction(table);
      callerIsUser(check, caller);
      check.commit(f -> {
        throw new ForbiddenException("create your user profile first");
      });
      throw new ConflictException("organization", "a user already has this name");
    }
    WriteTransaction tx = new WriteTransaction(table);
    int userAt = callerIsUser(tx, caller);
    int orgAt = tx.putIfAbsent(organization.toItem());
    tx.putIfAbsent(admin.toItem());
    tx.commit(f -> {
      if (f.failed(userAt)) {
        throw new ForbiddenException("create your user profile first");
      }
      if (f.failed(orgAt)) {
        Map<String, AttributeValue> holder = f.oldItem(orgAt);
        boolean user = holder != null && User.TYPE.equals(Items.type(holder));
        throw new ConflictException("organization",
            user ? "a user already has this name" : "organization already exists");
      }
    });
    return organization;
  }

  /**
   * AP05: one strongly consistent GetItem of {@code ACCOUNT#{org}}.
   *
   * @throws NotFoundException {@code organization} when absent or when the name belongs to a user
   */
  public Organization getOrg(String org) {
    ForgeSegments.account("org", org);
    return table.get(Keys.account(org))
        .filter(item -> Organization.TYPE.equals(Items.type(item)))
        .map(Organization::fromItem)
        .orElseThrow(() -> new NotFoundException("organization"));
  }

  /**
   * AP06: add a member or change a member's role (org admins only). One BatchGetItem of the
   * target's Membership, the Organization and the target User learns the current role and the
   * display forms of both names (the path may spell them in any case); then one
   * TransactWriteItems of: the Organization item
   * (ConditionCheck it exists, or Update ADD AdminCount +1/-1 when the number of admins changes,
   * with {@code AdminCount > 1} on a demotion), ConditionCheck the caller's Membership has Role
   * admin (folded into the Put's condition when callers change their own role: one action per
   * item), ConditionCheck the target User exists, and Put Membership conditioned on the state the
   * GetItem saw (absent, or same Role and Version), so a concurrent change cannot skew AdminCount.
   * Version starts at 1 and grows by one on every change.
   *
   * @throws NotFoundException {@code organization} when the org does not exist, {@code user} when
   *     the target has no user profile
   * @throws ForbiddenException when the caller is not an admin of the org
   * @throws ConflictException {@code lastAdmin} when the org's only admin would be demoted,
   *     {@code member} when the membership changed concurrently (retry)
   */
  public Membership putMember(String caller, String org, String username, Role role) {
    ForgeSegments.account("org", org);
    String target = ForgeSegments.account("username", username);
    if (role == null) {
      throw new ValidationException("role", "role must be admin or member");
    }
    boolean self = Callers.require(caller).equals(target);
    Key memberKey = Keys.membership(org, username);
    Key orgKey = Keys.account(org);
    Key userKey = Keys.account(username);

    Map<Key, Map<String, AttributeValue>> found = table.batchGet(List.of(memberKey, orgKey, userKey));
    Map<String, AttributeValue> orgItem = found.get(orgKey);
    if (!isOrganization(orgItem)) {
      throw new NotFoundException("organization");
    }
    Map<String, AttributeValue> userItem = found.get(userKey);
    String orgDisplay = Organization.fromItem(orgItem).org();
    // A missing target keeps the path's spelling; the transaction's user check then fails anyway.
    String userDisplay = userItem != null && User.TYPE.equals(Items.type(userItem))
        ? User.fromItem(userItem).username() : username;
    Map<String, AttributeValue> memberItem = found.get(memberKey);
    Membership existing = memberItem != null && Membership.TYPE.equals(Items.type(memberItem))
        ? Membership.fromItem(memberItem) : null;
    boolean wasAdmin = existing != null && existing.role() == Role.ADMIN;
    int delta = (role == Role.ADMIN ? 1 : 0) - (wasAdmin ? 1 : 0);
    String now = Timestamps.format(table.clock().instant());
    Membership next = existing == null
        ? new Membership(orgDisplay, userDisplay, role, now, now, 1)
        : new Membership(orgDisplay, userDisplay, role, existing.createdAt(), now, existing.version() + 1);

    // The role the member has already: a PUT that changes nothing writes nothing (PUT is idempotent),
    // and its checks (org, caller an admin, user) still hold, with the membership still in that role.
    boolean unchanged = existing != null && existing.role() == role;
    WriteTransaction tx = new WriteTransaction(table);
    int orgAt = delta == 0 ? orgExists(tx, org) : adjustAdminCount(tx, org, delta, now);
    int adminAt = self ? -1 : callerIsAdmin(tx, org, caller);
    int userAt = tx.check(userKey, "attribute_exists(#pk) AND #type = :type",
        Map.of("#pk", PK, "#type", TYPE), Map.of(":type", AttributeValue.fromS(User.TYPE)));
    int putAt = unchanged && !(self && !wasAdmin)
        ? tx.check(memberKey, "#role = :role", Map.of("#role", Membership.ROLE),
            Map.of(":role", AttributeValue.fromS(role.value())))
        : putMembership(tx, next, existing, self);
    return tx.commit(unchanged ? existing : next, f -> {
      refuseMissingOrgOrNonAdmin(f, orgAt, f.failed(adminAt) || (self && !wasAdmin && f.failed(putAt)));
      if (f.failed(userAt)) {
        throw new NotFoundException("user");
      }
      if (f.failed(orgAt)) {
        throw lastAdmin();
      }
      if (!f.failed(putAt)) {
        return null;
      }
      Map<String, AttributeValue> current = f.oldItem(putAt);
      if (current != null && Membership.TYPE.equals(Items.type(current))
          && Membership.fromItem(current).role() == role) {
        // A concurrent request (the same PUT sent at once) gave the member this role first: the
        // state asked for holds, as it would for this PUT sent after it.
        return Membership.fromItem(current);
      }
      throw new ConflictException("member", "the membership changed concurrently; retry");
    });
  }

  /**
   * AP07: remove a member (org admins only; never the last admin). A GetItem of the target's
   * Membership learns its role; then one TransactWriteItems of: Update Organization ADD
   * AdminCount -1 with {@code AdminCount > 1} (admin targets only), ConditionCheck the caller's
   * Membership has Role admin (skipped when admins remove themselves: the Delete's own condition
   * already requires the admin role), and Delete Membership conditioned on the Role and Version
   * the GetItem saw.
   *
   * @throws NotFoundException {@code member} when the user is not a member
   * @throws ForbiddenException when the caller is not an admin of the org
   * @throws ConflictException {@code lastAdmin} when the target is the only admin,
   *     {@code member} when the membership changed concurrently (retry)
   */
  public void removeMember(String caller, String org, String username) {
    ForgeSegments.account("org", org);
    String target = ForgeSegments.account("username", username);
    boolean self = Callers.require(caller).equals(target);
    Key memberKey = Keys.membership(org, username);

    Membership existing = table.get(memberKey)
        .filter(item -> Membership.TYPE.equals(Items.type(item)))
        .map(Membership::fromItem)
        .orElseThrow(() -> new NotFoundException("member"));
    boolean admin = existing.role() == Role.ADMIN;
    if (self && !admin) {
      throw new ForbiddenException("only organization admins manage members");
    }
    String now = Timestamps.format(table.clock().instant());

    WriteTransaction tx = new WriteTransaction(table);
    int orgAt = admin ? adjustAdminCount(tx, org, -1, now) : -1;
    int adminAt = self ? -1 : callerIsAdmin(tx, org, caller);
    int deleteAt = tx.delete(memberKey, "#role = :role AND #v = :v",
        Map.of("#role", Membership.ROLE, "#v", VERSION),
        Map.of(":role", AttributeValue.fromS(existing.role().value()),
            ":v", AttributeValue.fromN(Long.toString(existing.version()))));
    tx.commit(f -> {
      refuseMissingOrgOrNonAdmin(f, orgAt, f.failed(adminAt));
      if (f.failed(orgAt)) {
        throw lastAdmin();
      }
      if (f.failed(deleteAt)) {
        if (f.oldItem(deleteAt) == null) {
          throw new NotFoundException("member");
        }
        throw new ConflictException("member", "the membership changed concurrently; retry");
      }
    });
  }

  /** AP08: Query {@code PK = ACCOUNT#{org} AND begins_with(SK, MEMBER#)}, members by lower-case name. */
  public Page<Membership> listMembers(String org, PageRequest page) {
    QuerySpec spec = QuerySpec.table(Keys.accountPartition("org", org), Keys.membersPrefix());
    return table.query(spec, page, "AP08").map(Membership::fromItem);
  }

  /** AP09: Query GSI1 {@code GSI1PK = ACCOUNT#{username} AND begins_with(GSI1SK, ORG#)}, orgs by lower-case name. */
  public Page<Membership> listUserOrgs(String username, PageRequest page) {
    QuerySpec spec = QuerySpec.index(Gsi.GSI1, Keys.accountPartition("username", username), Keys.orgsOfMemberPrefix());
    return table.query(spec, page, "AP09").map(Membership::fromItem);
  }

  /**
   * AP10: invite an e-mail address (org admins only); the invitation expires (TTL) 7 days later.
   * TransactWriteItems of ConditionCheck the Organization exists, ConditionCheck the caller's
   * Membership has Role admin, and Put Invitation conditioned on
   * {@code attribute_not_exists(PK) OR TTL <= :now}: an expired invitation that TTL has not yet
   * deleted may be replaced. A null role invites as member.
   *
   * @throws NotFoundException {@code organization} when the org does not exist
   * @throws ForbiddenException when the caller is not an admin of the org
   * @throws ConflictException {@code invitation} when an unexpired invitation for the address exists
   */
  public Invitation createInvitation(String caller, String org, String email, Role role) {
    ForgeSegments.account("org", org);
    String mail = Segments.email("email", email);
    Callers.require(caller);
    Instant now = table.clock().instant();
    Invitation invitation = new Invitation(org, mail, role == null ? Role.MEMBER : role, caller,
        Timestamps.format(now), Timestamps.epochSeconds(now.plus(INVITATION_LIFETIME)));

    WriteTransaction tx = new WriteTransaction(table);
    int orgAt = orgExists(tx, org);
    int adminAt = callerIsAdmin(tx, org, caller);
    int putAt = tx.put(invitation.toItem(), "attribute_not_exists(#pk) OR #ttl <= :now",
        Map.of("#pk", PK, "#ttl", TTL),
        Map.of(":now", AttributeValue.fromN(Long.toString(Timestamps.epochSeconds(now)))));
    tx.commit(f -> {
      if (f.failed(orgAt)) {
        throw new NotFoundException("organization");
      }
      if (f.failed(adminAt)) {
        throw new ForbiddenException("only organization admins manage invitations");
      }
      if (f.failed(putAt)) {
        throw new ConflictException("invitation", "an invitation for this address is already pending");
      }
    });
    return invitation;
  }

  /**
   * AP11: pending invitations (org admins only). A GetItem of the caller's Membership checks the
   * admin role, then Query {@code PK = ACCOUNT#{org} AND begins_with(SK, INVITE#)} with filter
   * {@code TTL > :now}, so expired invitations never show even before TTL deletes them. A page
   * may hold fewer items than the limit (the filter runs after Limit), yet still a next cursor.
   * A missing org answers 403 like any org the caller does not administer: the one GetItem
   * cannot tell the two apart.
   *
   * @throws ForbiddenException when the caller is not an admin of the org
   */
  public Page<Invitation> listInvitations(String caller, String org, PageRequest page) {
    String partition = Keys.accountPartition("org", org);
    Callers.require(caller);
    boolean admin = table.get(Keys.membership(org, caller))
        .filter(item -> Membership.TYPE.equals(Items.type(item)))
        .map(item -> Membership.fromItem(item).role() == Role.ADMIN)
        .orElse(false);
    if (!admin) {
      throw new ForbiddenException("only organization admins see invitations");
    }
    QuerySpec spec = QuerySpec.table(partition, Keys.invitationsPrefix())
        .filter("#ttl > :now", Map.of("#ttl", TTL),
            Map.of(":now", AttributeValue.fromN(Long.toString(Timestamps.epochSeconds(table.clock().instant())))));
    return table.query(spec, page, "AP11").map(Invitation::fromItem);
  }

  // ---- transaction actions ----------------------------------------------------------------

  /**
   * The refusals both member changes share, most telling first: a missing org beats "not admin",
   * which beats anything about the target.
   */
  private static void refuseMissingOrgOrNonAdmin(TransactionFailures f, int orgAt, boolean notAdmin) {
    if (f.failed(orgAt) && !isOrganization(f.oldItem(orgAt))) {
      throw new NotFoundException("organization");
    }
    if (notAdmin) {
      throw new ForbiddenException("only organization admins manage members");
    }
  }

  private static int callerIsUser(WriteTransaction tx, String caller) {
    return tx.check(Keys.account(caller), "attribute_exists(#pk) AND #type = :type",
        Map.of("#pk", PK, "#type", TYPE), Map.of(":type", AttributeValue.fromS(User.TYPE)));
  }

  private static int orgExists(WriteTransaction tx, String org) {
    return tx.check(Keys.account(org), "attribute_exists(#pk) AND #type = :type",
        Map.of("#pk", PK, "#type", TYPE), Map.of(":type", AttributeValue.fromS(Organization.TYPE)));
  }

  private static int callerIsAdmin(WriteTransaction tx, String org, String caller) {
    return tx.check(Keys.membership(org, caller), "#role = :admin",
        Map.of("#role", Membership.ROLE), Map.of(":admin", AttributeValue.fromS(Role.ADMIN.value())));
  }

  /**
   * ADD AdminCount {@code delta} on an existing Organization; a decrement also requires
   * {@code AdminCount > 1}. ALL_OLD tells a missing org from the last-admin rule.
   */
  private static int adjustAdminCount(WriteTransaction tx, String org, int delta, String now) {
    Map<String, String> names = new LinkedHashMap<>();
    names.put("#pk", PK);
    names.put("#type", TYPE);
    names.put("#ac", Organization.ADMIN_COUNT);
    names.put("#updated", UPDATED_AT);
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    values.put(":type", AttributeValue.fromS(Organization.TYPE));
    values.put(":delta", AttributeValue.fromN(Integer.toString(delta)));
    values.put(":now", AttributeValue.fromS(now));
    String condition = "attribute_exists(#pk) AND #type = :type";
    if (delta < 0) {
      condition += " AND #ac > :one";
      values.put(":one", AttributeValue.fromN("1"));
    }
    return tx.update(Keys.account(org), "SET #updated = :now ADD #ac :delta", condition, names, values);
  }

  /**
   * Put Membership conditioned on the state read before: absent, or the same Role and Version.
   * When callers change their own membership it must also be an admin one (the separate admin
   * ConditionCheck would be a second action on the same item).
   */
  private static int putMembership(WriteTransaction tx, Membership next, Membership existing, boolean self) {
    Map<String, String> names = new LinkedHashMap<>();
    Map<String, AttributeValue> values = new LinkedHashMap<>();
    String condition;
    if (self && (existing == null || existing.role() != Role.ADMIN)) {
      // Not an admin of this org: the condition fails by design and maps to 403.
      names.put("#role", Membership.ROLE);
      values.put(":admin", AttributeValue.fromS(Role.ADMIN.value()));
      condition = "#role = :admin";
    } else if (existing == null) {
      names.put("#pk", PK);
      condition = "attribute_not_exists(#pk)";
    } else {
      names.put("#role", Membership.ROLE);
      names.put("#v", VERSION);
      values.put(":role", AttributeValue.fromS(existing.role().value()));
      values.put(":v", AttributeValue.fromN(Long.toString(existing.version())));
      condition = "#role = :role AND #v = :v";
    }
    return tx.put(next.toItem(), condition, names, values);
  }

  private static boolean isOrganization(Map<String, AttributeValue> item) {
    return item != null && Organization.TYPE.equals(Items.type(item));
  }

  private static ConflictException lastAdmin() {
    return new ConflictException("lastAdmin", "an organization keeps at least one admin");
  }

  private static String emptyToNull(String s) {
    return s == null || s.isEmpty() ? null : s;
  }
}
