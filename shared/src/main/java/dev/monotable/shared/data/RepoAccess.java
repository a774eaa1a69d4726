package dev.monotable.shared.data;

import dev.monotable.shared.errors.ForbiddenException;
import dev.monotable.shared.errors.NotFoundException;
import dev.monotable.shared.keys.Key;
import dev.monotable.shared.keys.Keys;
import dev.monotable.shared.model.Items;
import dev.monotable.shared.model.Membership;
import dev.monotable.shared.model.Repository;
import dev.monotable.shared.model.Role;
import dev.monotable.shared.model.User;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a caller may do with one repository: read from one BatchGetItem of the repository, the
 * caller's membership in its owner (when the owner could be an org) and any extra items the
 * pattern needs (an issue, say). A private repository the caller may not see is a
 * {@link NotFoundException}, never a 403, so its existence does not leak.
 *
 * @param repository the repository
 * @param callerRole the caller's role in the owning org, or null
 * @param callerIsOwner the caller is the owning user
 * @param extra the extra items found, by key
 */
public record RepoAccess(Repository repository, Role callerRole, boolean callerIsOwner,
    Map<Key, Map<String, AttributeValue>> extra) {

  /** Owner, or any member of the owning org (docs/api-contract.md#permissions: may edit and close any issue). */
  public boolean canMaintain() {
    return callerIsOwner || callerRole != null;
  }

  /** Owner, or an admin of the owning org. */
  public boolean isAdmin() {
    return callerIsOwner || callerRole == Role.ADMIN;
  }

  /**
   * {@link #read} for a write: the caller's User item rides on the same BatchGetItem, and a caller
   * without a profile is refused (403) once the repository is known to be visible to them. Every
   * write route but POST /users follows this one rule (docs/relationship-decisions.md).
   *
   * @throws ForbiddenException the caller has no user profile
   */
  public static RepoAccess readForWrite(TableGateway table, String owner, String repo, String caller,
      Key... extraKeys) {
    Key callerKey = Keys.account(caller);
    Key[] keys = java.util.Arrays.copyOf(extraKeys, extraKeys.length + 1);
    keys[extraKeys.length] = callerKey;
    RepoAccess access = read(table, owner, repo, caller, keys);
    Map<String, AttributeValue> callerItem = access.extra().get(callerKey);
    if (callerItem == null || !User.TYPE.equals(Items.type(callerItem))) {
      throw new ForbiddenException(PROFILE_REQUIRED);
    }
    return access;
  }

  /** The 403 message of a write by a caller without a user profile. */
  public static final String PROFILE_REQUIRED = "create your user profile first";

  /**
   * One BatchGetItem: repository + caller's membership + extra keys. Throws NotFound when the
   * repository is missing or private to this caller.
   */
  public static RepoAccess read(TableGateway table, String owner, String repo, String caller, Key... extraKeys) {
    Key repoKey = Keys.repository(owner, repo);
    boolean isOwner = caller != null && caller.toLowerCase(Locale.ROOT).equals(owner.toLowerCase(Locale.ROOT));
    List<Key> keys = new ArrayList<>();
    keys.add(repoKey);
    Key membershipKey = caller != null && !isOwner ? Keys.membership(owner, caller) : null;
    if (membershipKey != null) {
      keys.add(membershipKey);
    }
    keys.addAll(List.of(extraKeys));
    Map<Key, Map<String, AttributeValue>> found = table.batchGet(keys);
    Map<String, AttributeValue> repoItem = found.remove(repoKey);
    if (repoItem == null) {
      throw new NotFoundException("repository");
    }
    Repository repository = Repository.fromItem(repoItem);
    Map<String, AttributeValue> membershipItem = membershipKey == null ? null : found.remove(membershipKey);
    Role role = membershipItem != null && repository.ownerIsOrg() ? Membership.fromItem(membershipItem).role() : null;
    if (repository.isPrivate() && !isOwner && role == null) {
      throw new NotFoundException("repository");
    }
    return new RepoAccess(repository, role, isOwner, Map.copyOf(found));
  }
}
