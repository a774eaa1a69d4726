package dev.monotable.forge.data;

import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.WriteTransaction;

import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.User;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.schema.TableSchema;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The optimistic first attempt of a write under an issue or pull request that reads nothing first
 * (docs/forge/relationship-decisions.md, "A read before some writes"): it assumes the repository is
 * public (and owned by a user, when the item copies the visibility) and that the path spells the
 * stored display names, writes its item with those values and lets the ticket's condition assert
 * them. Clients use the names of our own
 * answers, so the assumption usually holds; when it does not, {@link #facts} learns the truth from
 * the refused ticket (returned with ALL_OLD) or, failing that, from the read a refusal makes anyway.
 *
 * @param owner the repository owner's display name
 * @param repo the repository's display name
 * @param visibility the repository's visibility copy, or null for a ticket written before the copy
 * @param asMember the caller is allowed only as a member of the owning org (a Membership ConditionCheck)
 */
record WriteAssumptions(String owner, String repo, Visibility visibility, boolean asMember) {

  /** What the first attempt assumes: the path's names, a public repository of a user. */
  static WriteAssumptions optimistic(String owner, String repo) {
    return new WriteAssumptions(owner, repo, new Visibility(false, false), false);
  }

  /**
   * The ticket exists, is public and carries the assumed names (and, when the item written copies
   * the visibility, a user as owner).
   */
  static String ticketCondition(boolean copiesVisibility) {
    return "attribute_exists(#pk) AND #private = :false" + (copiesVisibility ? " AND #ownerType = :ownerType" : "")
        + " AND #owner = :owner AND #repo = :repo";
  }

  /** The names of {@link #ticketCondition} (every name must be used), plus {@code extra}. */
  static Map<String, String> ticketNames(boolean copiesVisibility, Map<String, String> extra) {
    Map<String, String> n = new LinkedHashMap<>(extra);
    n.put("#pk", TableSchema.PK);
    n.put("#private", Visibility.IS_PRIVATE);
    if (copiesVisibility) {
      n.put("#ownerType", Visibility.OWNER_TYPE);
    }
    n.put("#owner", "Owner");
    n.put("#repo", "Repo");
    return n;
  }

  /** The values of {@link #ticketCondition} for the path's names, plus {@code extra}. */
  static Map<String, AttributeValue> ticketValues(boolean copiesVisibility, String owner, String repo,
      Map<String, AttributeValue> extra) {
    Map<String, AttributeValue> v = new LinkedHashMap<>(extra);
    v.put(":false", AttributeValue.fromBool(false));
    if (copiesVisibility) {
      v.put(":ownerType", AttributeValue.fromS(User.TYPE));
    }
    v.put(":owner", AttributeValue.fromS(owner));
    v.put(":repo", AttributeValue.fromS(repo));
    return v;
  }

  /**
   * ConditionCheck of the caller's User item: every write but POST /users needs a profile first.
   * Its refusal is a 403 whatever the item holds, so no old item is asked for ({@link WriteTransaction#require}).
   */
  static int checkProfile(WriteTransaction tx, String caller) {
    return tx.require(Keys.account(caller), "#type = :type", Map.of("#type", TableSchema.TYPE),
        Map.of(":type", AttributeValue.fromS(User.TYPE)));
  }

  /** ConditionCheck of the caller's Membership in the owner, for a member's write to a private org repository. */
  static int checkMembership(WriteTransaction tx, String owner, String caller) {
    return tx.check(Keys.membership(owner, caller), "attribute_exists(#pk)", Map.of("#pk", TableSchema.PK), Map.of());
  }

  /**
   * The facts after a refused first attempt. A ticket that was there, public, with a caller who has
   * a profile, only had other names or an org owner: its old item has the facts, no read. Anything
   * else makes the BatchGetItem of {@link RepoAccess#readForWrite} with the ticket, which answers
   * exactly as the route did when it read first: 404 {@code repository} (missing, or private to
   * the caller), 403 (no profile), 404 for the ticket.
   *
   * @param oldTicket the ticket as the refused condition saw it (ALL_OLD), or null
   * @param profileFailed the caller's profile check failed
   */
  static WriteAssumptions facts(TableGateway table, TicketKind kind, String caller, String owner, String repo,
      Key ticketKey, Map<String, AttributeValue> oldTicket, boolean profileFailed) {
    Visibility copy = oldTicket == null ? null : Visibility.fromItem(oldTicket);
    if (copy != null && !copy.isPrivate() && !profileFailed) {
      return new WriteAssumptions(Items.s(oldTicket, "Owner"), Items.s(oldTicket, "Repo"), copy, false);
    }
    RepoAccess access = RepoAccess.readForWrite(table, owner, repo, caller, ticketKey);
    Tickets.requireTicket(kind, access, ticketKey);
    Repository r = access.repository();
    return new WriteAssumptions(r.owner(), r.name(), Visibility.of(r), r.isPrivate() && !access.callerIsOwner());
  }

  /** The ticket condition of a retry with the facts: existence only (the read or the old item decided the rest). */
  static final String TICKET_EXISTS = "attribute_exists(#pk)";
}
