package dev.monotable.forge.data;

import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.data.WriteTransaction;

import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.ForbiddenException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.forge.model.Counter;
import dev.monotable.forge.model.Membership;
import dev.monotable.forge.model.Organization;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Role;
import dev.monotable.forge.model.Rules;
import dev.monotable.forge.model.User;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.schema.TableSchema;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Repositories and forks: access patterns AP13-AP17. A repository is created together with its
 * issue/PR Counter, so a later counter increment on a missing counter proves the repository is
 * missing. Private repositories answer {@link NotFoundException} to anyone who is not the owner
 * or a member of the owning organization.
 */
public final class Repositories {
  static final String SCOPE_ACCOUNT_REPOS = "AP15";
  static final String SCOPE_FORKS = "AP17";

  private static final String NOT_EXISTS = "attribute_not_exists(#pk)";
  private static final Map<String, String> PK_NAME = Map.of("#pk", TableSchema.PK);
  private static final Map<String, String> TYPE_NAME = Map.of("#type", TableSchema.TYPE);
  private static final AttributeValue ONE = AttributeValue.fromN("1");

  private final TableGateway table;

  public Repositories(TableGateway table) {
    this.table = table;
  }

  /**
   * AP13, POST /repos: creates a repository for the caller ({@code owner} equals the caller,
   * ignoring case) or for an organization the caller administers. One TransactWriteItems: Put
   * Repository and Put Counter, both {@code attribute_not_exists}, plus ConditionCheck of the
   * caller's User item (user repository) or of the Organization item and the caller's admin
   * Membership (organization repository).
   *
   * @throws UnauthorizedException without a caller
   * @throws ForbiddenException the caller has no profile, is not an admin of the org, or names another user
   * @throws NotFoundException {@code organization} when the owner account does not exist
   * @throws ConflictException {@code repository} when the owner already has a repository of that name
   */
  public Repository createRepo(String caller, String owner, String name, String description, boolean isPrivate) {
    String callerKey = Callers.require(caller);
    String ownerKey = ForgeSegments.account("owner", owner);
    ForgeSegments.repo("name", name);
    Rules.shortText("description", description);
    // The owner's type is not known before the write: the caller's own name means a user repository,
    // any other name must be an organization the caller administers (checked in the transaction).
    boolean ownerIsOrg = !ownerKey.equals(callerKey);
    String now = Timestamps.format(table.clock().instant());
    Repository repo = new Repository(ownerIsOrg ? owner : caller, name, description, isPrivate, ownerIsOrg, null,
        0, 0, now, now, 1);

    WriteTransaction tx = new WriteTransaction(table);
    int putRepo = tx.put(repo.toItem(), NOT_EXISTS, PK_NAME, Map.of());
    int putCounter = tx.put(Counter.of(repo, now).toItem(), NOT_EXISTS, PK_NAME, Map.of());
    int ownerCheck = ownerIsOrg
        ? tx.check(Keys.account(owner), "#type = :type", TYPE_NAME, Map.of(":type", AttributeValue.fromS(Organization.TYPE)))
        : tx.check(Keys.account(caller), "#type = :type", TYPE_NAME, Map.of(":type", AttributeValue.fromS(User.TYPE)));
    int adminCheck = ownerIsOrg
        ? tx.check(Keys.membership(owner, caller), "#role = :admin", Map.of("#role", Membership.ROLE),
            Map.of(":admin", AttributeValue.fromS(Role.ADMIN.value())))
        : -1;
    tx.commit(f -> {
      // Permission failures win over the name conflict, so a non-admin learns nothing about the
      // org's (possibly private) repository names.
      if (f.failed(ownerCheck)) {
        if (!ownerIsOrg) {
          throw new ForbiddenException("create your user profile first");
        }
        if (f.oldItem(ownerCheck) == null) {
          throw new NotFoundException("organization");
        }
        throw new ForbiddenException("repositories can be created only for yourself or an organization you administer");
      }
      if (ownerIsOrg && f.failed(adminCheck)) {
        throw new ForbiddenException("only an admin of " + owner + " can create its repositories");
      }
      if (f.failed(putRepo) || f.failed(putCounter)) {
        throw new ConflictException("repository", "repository " + owner + "/" + name + " already exists");
      }
    });
    return repo;
  }

  /**
   * AP14, GET /repos/{owner}/{repo}: one request, GetItem of the repository for anonymous callers
   * and the owner, BatchGetItem of the repository and the caller's Membership in its owner for
   * anyone else ({@link RepoAccess#readVisible}).
   *
   * @throws NotFoundException {@code repository} when missing or private to this caller
   */
  public Repository getRepo(String caller, String owner, String name) {
    return Repository.fromItem(RepoAccess.readVisible(table, Keys.repository(owner, name), owner, name, caller,
        "repository"));
  }

  /**
   * AP15, GET /users/{owner}/repos and GET /orgs/{org}/repos: Query GSI3, {@code GSI3PK =
   * ACCOUNT#{owner}} and {@code begins_with(GSI3SK, "#")}, descending, so the most recently updated
   * repository comes first. Anonymous readers get a filter {@code IsPrivate = false}; the owner
   * sees everything; any other signed-in reader gets the page unfiltered, and only when it holds
   * private repositories of an organization does one GetItem of the reader's Membership decide
   * whether they stay (the contract's one allowed second request); private repositories of a
   * user are dropped without a read (each carries {@code OwnerType}). A page may therefore hold
   * fewer than {@code limit} items while {@code nextCursor} is still set.
   */
  public Page<Repository> listAccountRepos(String caller, String owner, PageRequest page) {
    String partition = Keys.accountPartition("owner", owner);
    QuerySpec spec = QuerySpec.index(Gsi.GSI3, partition, Keys.reposByUpdatePrefix()).newestFirst();
    if (caller == null) {
      spec = publicOnly(spec);
    }
    Page<Repository> repos = table.query(spec, page, SCOPE_ACCOUNT_REPOS).map(Repository::fromItem);
    if (caller == null || RepoAccess.isOwner(caller, owner)) {
      return repos;
    }
    boolean privateOfOrg = repos.items().stream().anyMatch(r -> r.isPrivate() && r.ownerIsOrg());
    boolean member = privateOfOrg && table.get(Keys.membership(owner, caller)).isPresent();
    List<Repository> visible = repos.items().stream()
        .filter(r -> !r.isPrivate() || (member && r.ownerIsOrg()))
        .toList();
    return new Page<>(visible, repos.nextCursor());
  }

  /**
   * AP16, POST /repos/{owner}/{repo}/forks: forks a public repository into the caller's account
   * under the same name. One BatchGetItem (visibility), then one TransactWriteItems: Put the fork
   * and its Counter ({@code attribute_not_exists}), Update the original {@code ADD ForkCount 1}
   * ({@code attribute_exists}) and ConditionCheck the caller's User item.
   *
   * @throws NotFoundException {@code repository} when missing or private to this caller
   * @throws ForbiddenException the repository is private, or the caller has no profile
   * @throws ConflictException {@code repository} when the caller already has a repository of that
   *     name, including the original itself
   */
  public Repository fork(String caller, String owner, String name) {
    String callerKey = Callers.require(caller);
    Repository original = RepoAccess.read(table, owner, name, caller).repository();
    if (original.isPrivate()) {
      throw new ForbiddenException("private repositories cannot be forked");
    }
    if (callerKey.equals(ForgeSegments.account("owner", original.owner()))) {
      // Same key for fork and original: DynamoDB rejects a transaction with two actions on one
      // item as a validation error, so the conflict is decided here.
      throw new ConflictException("repository", "repository " + caller + "/" + original.name() + " already exists");
    }
    String now = Timestamps.format(table.clock().instant());
    Repository fork = new Repository(caller, original.name(), original.description(), false, false, original.ref(),
        0, 0, now, now, 1);

    WriteTransaction tx = new WriteTransaction(table);
    int putFork = tx.put(fork.toItem(), NOT_EXISTS, PK_NAME, Map.of());
    int putCounter = tx.put(Counter.of(fork, now).toItem(), NOT_EXISTS, PK_NAME, Map.of());
    int countFork = tx.update(Keys.repository(original.owner(), original.name()), "ADD #forks :one",
        "attribute_exists(#pk)", Map.of("#forks", Repository.FORK_COUNT, "#pk", TableSchema.PK), Map.of(":one", ONE));
    int callerCheck = tx.check(Keys.account(caller), "#type = :type", TYPE_NAME,
        Map.of(":type", AttributeValue.fromS(User.TYPE)));
    tx.commit(f -> {
      if (f.failed(callerCheck)) {
        throw new ForbiddenException("create your user profile first");
      }
      if (f.failed(countFork)) {
        throw new NotFoundException("repository");
      }
      if (f.failed(putFork) || f.failed(putCounter)) {
        throw new ConflictException("repository", "repository " + caller + "/" + fork.name() + " already exists");
      }
    });
    return fork;
  }

  /**
   * AP17, GET /repos/{owner}/{repo}/forks: ONE Query on GSI2, {@code GSI2PK = REPO#{owner}#{repo}},
   * sort keys from {@code FORK#} to the repository's own GSI2 entry {@code REPO#{owner}#{repo}}:
   * direct forks ordered by the forking account's name, then the repository itself, which proves
   * it exists and carries its visibility. A page of forks needs no check (only public repositories
   * can be forked, and visibility never changes). The one exception: a repository that is itself a
   * fork files its GSI2 entry under its original, so when its page comes back empty one
   * BatchGetItem ({@link RepoAccess#read}) tells a fork without forks from a missing repository.
   *
   * @throws NotFoundException {@code repository} when missing or private to this caller
   */
  public Page<Repository> listForks(String caller, String owner, String name, PageRequest page) {
    String partition = Keys.repoPartition(owner, name);
    QuerySpec spec = QuerySpec.between(Gsi.GSI2, partition, Keys.forksPrefix(), partition);
    TableGateway.HeadedPage result = table.queryWithHead(spec, item -> partition.equals(item.get(TableSchema.PK).s()),
        false, page, SCOPE_FORKS);
    if (result.head() != null) {
      RepoAccess.requireVisible(table, owner, caller, Visibility.fromItem(result.head()));
    } else if (result.page().items().isEmpty() && page.cursor() == null) {
      RepoAccess.read(table, owner, name, caller);
    }
    return result.page().map(Repository::fromItem);
  }

  /** Adds {@code IsPrivate = false} as the query's filter. */
  static QuerySpec publicOnly(QuerySpec spec) {
    return spec.filter("#private = :false", Map.of("#private", Repository.IS_PRIVATE),
        Map.of(":false", AttributeValue.fromBool(false)));
  }

}
