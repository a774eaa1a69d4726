package dev.monotable.forge.data;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.data.WriteTransaction;

import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.items.Items;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.User;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Stars: access patterns AP18-AP21. A Star item and the repository's StarCount always change in
 * the same transaction, so the count equals the number of Star items. The Star copies the
 * repository's IsPrivate, so other people's star lists hide private repositories without a read.
 */
public final class Stars {
  static final String SCOPE_STARRED = "AP20";
  static final String SCOPE_STARGAZERS = "AP21";

  private static final Map<String, String> PK_NAME = Map.of("#pk", TableSchema.PK);
  private static final Map<String, String> COUNT_NAMES = Map.of("#pk", TableSchema.PK, "#stars", Repository.STAR_COUNT);

  private final TableGateway table;

  public Stars(TableGateway table) {
    this.table = table;
  }

  /**
   * AP18, PUT /user/starred/{owner}/{repo}, with no read before writing on the common path: ONE
   * TransactWriteItems of Put Star {@code attribute_not_exists} (the path's names, IsPrivate
   * false, the caller's name as the token spells it), Update Repository {@code ADD StarCount 1} on
   * condition that it exists, is public and carries those names, and ConditionCheck the caller's
   * User item (a profile, with that spelling). A refusal other than "already starred" learns the
   * facts: from the refused repository (a public one spelled otherwise) or from the BatchGetItem
   * of {@link RepoAccess#readForWrite} (404, 403, a private repository the caller may see, another
   * spelling of the caller), and stars again with them (+ a Membership ConditionCheck for a member
   * of a private org repository). Idempotent.
   *
   * @return true when a star was added, false when the caller had already starred the repository
   * @throws UnauthorizedException without a caller
   * @throws NotFoundException {@code repository} when missing or private to this caller
   * @throws ForbiddenException when the caller has no user profile
   */
  public boolean star(String caller, String owner, String name) {
    Callers.require(caller);
    String now = Timestamps.format(table.clock().instant());
    Key repoKey = Keys.repository(owner, name);
    WriteTransaction tx = new WriteTransaction(table);
    int putStar = tx.put(new Star(caller, owner, name, false, now).toItem(), "attribute_not_exists(#pk)", PK_NAME,
        Map.of());
    int count = tx.update(repoKey, "ADD #stars :delta",
        "attribute_exists(#pk) AND #private = :false AND #owner = :owner AND #name = :name",
        Map.of("#pk", TableSchema.PK, "#stars", Repository.STAR_COUNT, "#private", Repository.IS_PRIVATE,
            "#owner", "Owner", "#name", "Name"),
        Map.of(":delta", AttributeValue.fromN("1"), ":false", AttributeValue.fromBool(false),
            ":owner", AttributeValue.fromS(owner), ":name", AttributeValue.fromS(name)));
    // A star lives in its account's partition: an account without a profile may not star, and the
    // Star copies the profile's spelling of the name.
    int profile = tx.check(Keys.account(caller), "#type = :type AND #username = :username",
        Map.of("#type", TableSchema.TYPE, "#username", "Username"),
        Map.of(":type", AttributeValue.fromS(User.TYPE), ":username", AttributeValue.fromS(caller)));
    return tx.commit(true, f -> {
      if (f.failed(putStar) && !f.failed(count) && !f.failed(profile)) {
        return false;
      }
      Map<String, AttributeValue> old = f.oldItem(count);
      if (old != null && !f.failed(profile) && !Items.bool(old, Repository.IS_PRIVATE)) {
        // A public repository spelled otherwise: its refused item has the names, no read.
        Repository repo = Repository.fromItem(old);
        return starWith(new Star(caller, repo.owner(), repo.name(), false, now), false);
      }
      RepoAccess access = RepoAccess.readForWrite(table, owner, name, caller);
      Repository repo = access.repository();
      Star star = new Star(User.fromItem(access.extra().get(Keys.account(caller))).username(), repo.owner(),
          repo.name(), repo.isPrivate(), now);
      return starWith(star, repo.isPrivate() && !access.callerIsOwner());
    });
  }

  /**
   * The star with known facts: Put Star {@code attribute_not_exists} + Update Repository {@code ADD
   * StarCount 1} ({@code attribute_exists}) (+ ConditionCheck the Membership of a member).
   */
  private boolean starWith(Star star, boolean asMember) {
    WriteTransaction tx = new WriteTransaction(table);
    int putStar = tx.put(star.toItem(), "attribute_not_exists(#pk)", PK_NAME, Map.of());
    int count = tx.update(Keys.repository(star.owner(), star.repo()), "ADD #stars :delta", "attribute_exists(#pk)",
        COUNT_NAMES, Map.of(":delta", AttributeValue.fromN("1")));
    int membership = asMember ? WriteAssumptions.checkMembership(tx, star.owner(), star.username()) : -1;
    return tx.commit(true, f -> {
      if (f.failed(count) || f.failed(membership)) {
        throw new NotFoundException("repository");
      }
      if (f.failed(putStar)) {
        return false;
      }
      return null;
    });
  }

  /**
   * AP19, DELETE /user/starred/{owner}/{repo}: one TransactWriteItems, no read first: Delete Star
   * {@code attribute_exists}, Update Repository {@code ADD StarCount -1} (condition: exists and
   * StarCount > 0) and ConditionCheck the caller's User item. A caller may always remove a star of
   * their own (it lives in their partition, so removing it reveals nothing). When there was no
   * star, a BatchGetItem of the repository (and the caller's Membership) decides the answer: the
   * idempotent no-op for a repository the caller may see, 404 for a missing one or a private one
   * they may not see (forge.md section 7: everything under a private repository is 404 to them).
   *
   * @return true when a star was removed, false when there was none on a repository the caller may see
   * @throws UnauthorizedException without a caller
   * @throws NotFoundException {@code repository}: no star, and the repository is missing or private to the caller
   * @throws ForbiddenException when the caller has no user profile (on a repository they may see)
   */
  public boolean unstar(String caller, String owner, String name) {
    Callers.require(caller);
    WriteTransaction tx = new WriteTransaction(table);
    int deleteStar = tx.delete(Keys.star(caller, owner, name), "attribute_exists(#pk)", PK_NAME);
    int count = tx.update(Keys.repository(owner, name), "ADD #stars :delta",
        "attribute_exists(#pk) AND #stars > :zero", COUNT_NAMES,
        Map.of(":delta", AttributeValue.fromN("-1"), ":zero", AttributeValue.fromN("0")));
    // The one rule for writes (a profile first) holds here too, without a read: a ConditionCheck.
    int callerCheck = tx.check(Keys.account(caller), "#type = :type", Map.of("#type", TableSchema.TYPE),
        Map.of(":type", AttributeValue.fromS(User.TYPE)));
    return tx.commit(true, f -> {
      if (f.failed(callerCheck) || f.failed(deleteStar)) {
        // Nothing was removed: answer as every route under a repository does. A missing
        // repository, or a private one the caller may not see, is 404 (an unstar's 204 told a
        // private repository from a missing one); a visible one is the idempotent no-op.
        RepoAccess.read(table, owner, name, caller);
        if (f.failed(callerCheck)) {
          throw new ForbiddenException(RepoAccess.PROFILE_REQUIRED);
        }
        return false;
      }
      if (f.failed(count)) {
        // A Star without its repository or its count means an earlier write broke the invariant.
        throw new IllegalStateException("star of " + owner + "/" + name + " exists but the repository "
            + (f.oldItem(count) == null ? "does not" : "has no StarCount to decrement"));
      }
      return null;
    });
  }

  /**
   * AP20, GET /users/{username}/starred: Query the main table, {@code PK = ACCOUNT#{username}} and
   * {@code begins_with(SK, STAR#)}, ordered by owner and repository name. Visibility of each star
   * is the visibility of its repository to the reader:
   * <ul>
   *   <li>the user reads all of their stars;</li>
   *   <li>an anonymous reader gets a filter {@code IsPrivate = false};</li>
   *   <li>another signed-in reader sees public repositories, their own private ones and the
   *       private ones of orgs they belong to: when the page holds private stars of other
   *       owners, ONE BatchGetItem of the reader's Membership in those owners (at most
   *       {@code limit} keys) decides which stay.</li>
   * </ul>
   * A page may therefore hold fewer than {@code limit} items while {@code nextCursor} is set.
   */
  public Page<Star> listStarred(String caller, String username, PageRequest page) {
    String partition = Keys.accountPartition("username", username);
    boolean self = caller != null
        && ForgeSegments.account("caller", caller).equals(ForgeSegments.account("username", username));
    QuerySpec spec = QuerySpec.table(partition, Keys.starsPrefix());
    if (caller == null) {
      spec = Repositories.publicOnly(spec);
    }
    Page<Star> stars = table.query(spec, page, SCOPE_STARRED).map(Star::fromItem);
    return self || caller == null ? stars : visibleTo(caller, stars);
  }

  /** Drops the private stars whose repository the (signed-in) reader may not see. */
  private Page<Star> visibleTo(String caller, Page<Star> stars) {
    String me = ForgeSegments.account("caller", caller);
    Set<String> otherOwners = new LinkedHashSet<>();
    for (Star s : stars.items()) {
      String owner = s.owner().toLowerCase(Locale.ROOT);
      if (s.repoIsPrivate() && !owner.equals(me)) {
        otherOwners.add(owner);
      }
    }
    Set<String> visibleOwners = new HashSet<>();
    visibleOwners.add(me);
    if (!otherOwners.isEmpty()) {
      Map<Key, Map<String, AttributeValue>> found =
          table.batchGet(otherOwners.stream().map(o -> Keys.membership(o, caller)).toList());
      for (String owner : otherOwners) {
        if (found.containsKey(Keys.membership(owner, caller))) {
          visibleOwners.add(owner);
        }
      }
    }
    List<Star> visible = stars.items().stream()
        .filter(s -> !s.repoIsPrivate() || visibleOwners.contains(s.owner().toLowerCase(Locale.ROOT)))
        .toList();
    return new Page<>(visible, stars.nextCursor());
  }

  /**
   * AP21, GET /repos/{owner}/{repo}/stargazers: ONE Query on GSI1, {@code GSI1PK =
   * REPO#{owner}#{repo}}, sort keys from the repository's own GSI1 entry {@code REPO#{owner}#{repo}}
   * through the end of {@code STAR#}, ascending: the repository (the head: existence and
   * visibility) and then its stargazers ordered by username. A later page without the head is
   * checked from the {@code IsPrivate} each Star copies (a private one may belong to an org, so
   * the Membership GetItem decides).
   *
   * @throws NotFoundException {@code repository} when missing or private to this caller
   */
  public Page<Star> listStargazers(String caller, String owner, String name, PageRequest page) {
    String partition = Keys.repoPartition(owner, name);
    QuerySpec spec = QuerySpec.between(Gsi.GSI1, partition, partition, Keys.afterPrefix(Keys.stargazersPrefix()));
    TableGateway.HeadedPage result = table.queryWithHead(spec, item -> partition.equals(item.get(TableSchema.PK).s()),
        true, page, SCOPE_STARGAZERS);
    RepoAccess.requireListVisible(table, owner, name, caller, result, page,
        item -> new Visibility(Items.bool(item, Repository.IS_PRIVATE), true));
    return result.page().map(Star::fromItem);
  }
}
