package dev.monotable.forge.data;

import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;

import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.User;
import dev.monotable.forge.model.Visibility;
import dev.monotable.forge.keys.ForgeSegments;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a caller may do with one repository: read from one BatchGetItem of the repository, the
 * caller's membership in its owner (when the owner could be an org) and any extra items the
 * pattern needs (an issue, say). A private repository the caller may not see is a
 * {@link NotFoundException}, never a 403, so its existence does not leak. Writes that still read
 * first use it, and refused writes use it to explain themselves; reads decide visibility from
 * the copy on the item they return instead ({@link #readVisible}, {@link #requireListVisible}).
 *
 * @param repository the repository
 * @param callerRole the caller's role in the owning org, or null
 * @param callerIsOwner the caller is the owning user
 * @param extra the extra items found, by key
 */
public record RepoAccess(Repository repository, Role callerRole, boolean callerIsOwner,
    Map<Key, Map<String, AttributeValue>> extra) {

  /** Owner, or any member of the owning org (docs/forge/api-contract.md#permissions: may edit and close any issue). */
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
   * write route but POST /users follows this one rule (docs/forge/relationship-decisions.md).
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

  // ---- reads in one request (docs/forge/relationship-decisions.md, "One request per read") --------

  /** The caller is the repository's owner (names compare in their key form). */
  static boolean isOwner(String caller, String owner) {
    return caller != null && ForgeSegments.account("caller", caller).equals(ForgeSegments.account("owner", owner));
  }

  /**
   * One item under a repository (or the repository itself), checked against the visibility it
   * carries: one GetItem for anonymous callers and the owner, who need no membership; one
   * BatchGetItem of the item and the caller's Membership in the owner for anyone else. Only a
   * missing item reads again, to answer {@code repository} rather than {@code noun} when the
   * repository is the one missing (or private to this caller).
   *
   * @param noun the item's noun in a 404 ("repository" for the repository itself)
   * @throws NotFoundException {@code repository} (missing or private to the caller) or {@code noun}
   */
  static Map<String, AttributeValue> readVisible(TableGateway table, Key key, String owner, String repo,
      String caller, String noun) {
    Map<String, AttributeValue> item;
    boolean member = false;
    if (caller == null || isOwner(caller, owner)) {
      item = table.get(key).orElse(null);
    } else {
      Key membershipKey = Keys.membership(owner, caller);
      Map<Key, Map<String, AttributeValue>> found = table.batchGet(List.of(key, membershipKey));
      item = found.get(key);
      member = found.containsKey(membershipKey);
    }
    if (item == null) {
      if (!"repository".equals(noun)) {
        read(table, owner, repo, caller);
      }
      throw new NotFoundException(noun);
    }
    Visibility visibility = Visibility.fromItem(item);
    if (visibility == null) {
      // Written before the visibility copy and not yet backfilled: the repository decides.
      read(table, owner, repo, caller);
    } else if (!visibleTo(visibility, caller, owner, member)) {
      throw new NotFoundException("repository");
    }
    return item;
  }

  /**
   * The visibility check of a list page served by one Query: from the page's head (the
   * repository or its Counter) or, without one, from the copy its first item carries. Only a
   * private org repository read by an authenticated non-owner costs a request: GetItem of the
   * caller's Membership (the contract's one allowed second request). A page with neither head nor
   * items is a missing repository on a first page; on a later page (the caller holds a cursor of
   * this very list) it is the end of the list and reveals nothing.
   *
   * @param visibilityOf the visibility an item of this list carries, or null when it has none
   * @throws NotFoundException {@code repository}: missing, or private to this caller
   */
  static void requireListVisible(TableGateway table, String owner, String repo, String caller,
      TableGateway.HeadedPage result, PageRequest page,
      java.util.function.Function<Map<String, AttributeValue>, Visibility> visibilityOf) {
    Visibility visibility;
    if (result.head() != null) {
      visibility = Visibility.fromItem(result.head());
    } else if (!result.page().items().isEmpty()) {
      visibility = visibilityOf.apply(result.page().items().get(0));
    } else if (page.cursor() != null) {
      return;
    } else {
      throw new NotFoundException("repository");
    }
    if (visibility == null) {
      read(table, owner, repo, caller);
    } else {
      requireVisible(table, owner, caller, visibility);
    }
  }

  /** Throws NotFound unless the caller may see a repository of this visibility; may GetItem the Membership. */
  static void requireVisible(TableGateway table, String owner, String caller, Visibility visibility) {
    if (!visibility.isPrivate() || isOwner(caller, owner)) {
      return;
    }
    if (caller == null || !visibility.ownerIsOrg() || table.get(Keys.membership(owner, caller)).isEmpty()) {
      throw new NotFoundException("repository");
    }
  }

  private static boolean visibleTo(Visibility visibility, String caller, String owner, boolean member) {
    return !visibility.isPrivate() || isOwner(caller, owner) || (visibility.ownerIsOrg() && member);
  }
}
