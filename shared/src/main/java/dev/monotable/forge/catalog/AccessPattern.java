package dev.monotable.forge.catalog;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.RequestAllowance;
import dev.monotable.kit.schema.TableSchema.Gsi;

/**
 * The access patterns of the Forge contract (docs/api-contract.md#routes), each with the DynamoDB
 * operation, index and key condition that serve it. docs/access-patterns.md is generated from this enum.
 */
public enum AccessPattern implements AccessPatternSpec {
  AP01("create user, unique username and email", "TransactWriteItems", null,
      "Put User + Put AccountEmail, both attribute_not_exists(PK)", "body: username, email, name, bio"),
  AP02("get user", "GetItem", null, "PK = ACCOUNT#{username}, SK = ACCOUNT#{username}", "username"),
  AP03("update profile (name, bio, email)", "UpdateItem / TransactWriteItems", null,
      "Update User on Version; email change: Update User + Delete old AccountEmail + Put new AccountEmail",
      "username, If-Match, body"),
  AP04("create organization; caller becomes admin", "TransactWriteItems", null,
      "ConditionCheck caller User + Put Organization attribute_not_exists + Put Membership(admin)",
      "body: org (or login), name, description"),
  AP05("get organization", "GetItem", null, "PK = ACCOUNT#{org}, SK = ACCOUNT#{org}", "org"),
  AP06("add or change member (admin only)", "BatchGetItem + TransactWriteItems", null,
      "BatchGetItem target Membership + Organization + User, then TransactWriteItems: ConditionCheck admin + "
          + "ConditionCheck user + Put Membership (+ Update Organization AdminCount)",
      "org, username, body: role"),
  AP07("remove member (admin only; never the last admin)", "TransactWriteItems", null,
      "ConditionCheck admin + Delete Membership (+ Update Organization AdminCount > 1)", "org, username"),
  AP08("list members", "Query", null, "PK = ACCOUNT#{org} AND begins_with(SK, MEMBER#)", "org, limit, cursor"),
  AP09("list a user's organizations", "Query", Gsi.GSI1,
      "GSI1PK = ACCOUNT#{username} AND begins_with(GSI1SK, ORG#)", "username, limit, cursor"),
  AP10("invite by email, expires in 7 days (admin only)", "TransactWriteItems", null,
      "ConditionCheck admin + Put Invitation (absent or expired)", "org, body: email"),
  AP11("pending invitations (expired never shown)", "Query", null,
      "PK = ACCOUNT#{org} AND begins_with(SK, INVITE#), filter TTL > now", "org, limit, cursor"),
  AP12("activity feed, newest first", "Query", null,
      "PK = ACCOUNT#{username} AND begins_with(SK, #ACTIVITY#), descending, filter TTL > now",
      "username, limit, cursor"),
  AP13("create repository for self or an org (org admin)", "TransactWriteItems", null,
      "Put Repository attribute_not_exists + Put Counter + ConditionCheck owner (and admin)",
      "body: owner, name, description, private"),
  AP14("get repository; private ones are 404 to non-members", "GetItem / BatchGetItem", null,
      "Repository (anonymous, owner); Repository + caller's Membership in the owner (others)", "owner, repo"),
  AP15("repositories by owner, most recently updated first", "Query", Gsi.GSI3,
      "GSI3PK = ACCOUNT#{owner} AND begins_with(GSI3SK, #), descending; GetItem caller's Membership only for a page "
          + "with private org repositories read by a signed-in non-owner", "owner, limit, cursor"),
  AP16("fork into the caller's account", "TransactWriteItems", null,
      "Put fork attribute_not_exists + Put Counter + Update original ADD ForkCount 1", "owner, repo"),
  AP17("list forks", "Query", Gsi.GSI2,
      "GSI2PK = REPO#{owner}#{repo} AND GSI2SK BETWEEN FORK# AND REPO#{owner}#{repo} (the repository last)",
      "owner, repo, limit, cursor"),
  AP18("star (idempotent)", "TransactWriteItems", null,
      "Put Star attribute_not_exists + Update Repository ADD StarCount 1 if public and named as the path + "
          + "ConditionCheck caller's User", "owner, repo"),
  AP19("unstar (idempotent)", "TransactWriteItems", null,
      "Delete Star attribute_exists + Update Repository ADD StarCount -1; without a star, BatchGetItem of the "
          + "repository and the caller's Membership (404 when missing or private to the caller)", "owner, repo"),
  AP20("repositories a user starred", "Query", null,
      "PK = ACCOUNT#{username} AND begins_with(SK, STAR#)", "username, limit, cursor"),
  AP21("who starred a repository", "Query", Gsi.GSI1,
      "GSI1PK = REPO#{owner}#{repo} AND GSI1SK BETWEEN REPO#{owner}#{repo} AND STAR$ (the repository first)",
      "owner, repo, limit, cursor"),
  AP22("create issue; number from the shared counter", "UpdateItem + TransactWriteItems", null,
      "Update Counter ADD LastNumber 1 if visible (ALL_OLD), then Put Issue attribute_not_exists + "
          + "ConditionCheck caller's User",
      "owner, repo, body: title, body"),
  AP23("get issue", "GetItem / BatchGetItem", null,
      "Issue (anonymous, owner); Issue + caller's Membership (others)", "owner, repo, number"),
  AP24("all issues by number", "Query", Gsi.GSI1,
      "GSI1PK = REPO#{owner}#{repo} AND GSI1SK BETWEEN ISSUE# AND REPO#{owner}#{repo} (the repository last)",
      "owner, repo, state=all, limit, cursor"),
  AP25("open issues, newest first", "Query", Gsi.GSI4,
      "GSI4PK = REPO#{owner}#{repo} AND GSI4SK BETWEEN #REPO#{owner}#{repo} AND ISSUE#OPEN$ (the repository first)",
      "owner, repo, limit, cursor"),
  AP26("closed issues, oldest first", "Query", Gsi.GSI4,
      "GSI4PK = REPO#{owner}#{repo} AND GSI4SK BETWEEN #ISSUE#CLOSED# AND #REPO#{owner}#{repo} (the repository last)",
      "owner, repo, state=closed, limit, cursor"),
  AP27("edit title/body, close or reopen", "UpdateItem", null,
      "Update Issue on Version; rewrites GSI4SK on state change", "owner, repo, number, If-Match, body"),
  AP28("comment on issue", "TransactWriteItems", null,
      "ConditionCheck Issue exists, public and named as the path + Put IssueComment + ConditionCheck caller's User",
      "owner, repo, number, body: body"),
  AP29("list issue comments, oldest first", "Query", null,
      "PK = REPO#{owner}#{repo} AND begins_with(SK, ISSUE#{n8}#COMMENT#); an empty first page: BatchGetItem "
          + "Repository + Issue", "owner, repo, number, limit, cursor"),
  AP30("react to issue (idempotent)", "TransactWriteItems", null,
      "Put Reaction attribute_not_exists + Update Issue ADD Reactions.{type} 1 if public and named as the path + "
          + "ConditionCheck caller's User", "owner, repo, number, type"),
  AP31("remove issue reaction (idempotent)", "TransactWriteItems", null,
      "Delete Reaction attribute_exists + Update Issue ADD Reactions.{type} -1 if public + "
          + "ConditionCheck caller's User",
      "owner, repo, number, type"),
  AP32("create pull request; number from the shared counter", "UpdateItem + TransactWriteItems", null,
      "Update Counter ADD LastNumber 1 if visible (ALL_OLD), then Put PullRequest attribute_not_exists + "
          + "ConditionCheck caller's User",
      "owner, repo, body: title, body, head, base"),
  AP33("get pull request", "GetItem / BatchGetItem", null,
      "PullRequest (anonymous, owner); PullRequest + caller's Membership (others)", "owner, repo, number"),
  AP34("all pull requests by number", "Query", Gsi.GSI1,
      "GSI1PK = PR#{owner}#{repo} AND GSI1SK BETWEEN PR# AND REPO#{owner}#{repo} (the Counter last)",
      "owner, repo, state=all, limit, cursor"),
  AP35("open pull requests, newest first", "Query", Gsi.GSI4,
      "GSI4PK = PR#{owner}#{repo} AND GSI4SK BETWEEN #REPO#{owner}#{repo} AND PR#OPEN$ (the Counter first)",
      "owner, repo, limit, cursor"),
  AP36("closed and merged pull requests, oldest first", "Query", Gsi.GSI4,
      "GSI4PK = PR#{owner}#{repo} AND GSI4SK BETWEEN #PR#CLOSED# AND #REPO#{owner}#{repo} (the Counter last)",
      "owner, repo, state=closed, limit, cursor"),
  AP37("edit, close, reopen or merge a pull request", "UpdateItem", null,
      "Update PullRequest on Version; rewrites GSI4SK on state change", "owner, repo, number, If-Match, body"),
  AP38("comment on pull request", "TransactWriteItems", null,
      "ConditionCheck PullRequest exists, public and named as the path + Put PRComment + ConditionCheck caller's User",
      "owner, repo, number, body: body"),
  AP39("list pull request comments, oldest first", "Query", null,
      "PK = REPO#{owner}#{repo} AND begins_with(SK, PR#{n8}#COMMENT#); an empty first page: BatchGetItem "
          + "Repository + PullRequest", "owner, repo, number, limit, cursor"),
  AP40("react to pull request (idempotent)", "TransactWriteItems", null,
      "Put Reaction attribute_not_exists + Update PullRequest ADD Reactions.{type} 1 if public and named as the path + "
          + "ConditionCheck caller's User", "owner, repo, number, type"),
  AP41("remove pull request reaction (idempotent)", "TransactWriteItems", null,
      "Delete Reaction attribute_exists + Update PullRequest ADD Reactions.{type} -1 if public + "
          + "ConditionCheck caller's User", "owner, repo, number, type"),
  AP42("liveness of the API", "none", null, "none", "");

  private final String description;
  private final String operation;
  private final Gsi index;
  private final String keyCondition;
  private final String parameters;

  AccessPattern(String description, String operation, Gsi index, String keyCondition, String parameters) {
    this.description = description;
    this.operation = operation;
    this.index = index;
    this.keyCondition = keyCondition;
    this.parameters = parameters;
  }

  public String description() {
    return description;
  }

  /** The DynamoDB call (or calls) that serve the pattern. */
  public String operation() {
    return operation;
  }

  /** The index queried, or null for the base table. */
  public Gsi index() {
    return index;
  }

  public String keyCondition() {
    return keyCondition;
  }

  public String parameters() {
    return parameters;
  }

  private static final String READ = "read: one request";
  private static final String READ_WITH_MEMBERSHIP =
      "read: one request, +1 Membership GetItem for a private org repository read by a non-owner";
  private static final String TRANSACTION = "write: one TransactWriteItems";

  /**
   * How many DynamoDB requests the contract (docs/api-contract.md#conventions, forge.md section 4)
   * allows: reads are ONE request; the only second request allowed is one GetItem of the caller's
   * Membership when a private organization repository (or, for AP15, a page holding one) is read by
   * an authenticated caller who is not its owner, and AP11's admin check. The lists of a
   * repository's comments add the one recorded exception: an empty first page reads the repository
   * and the ticket to tell an empty thread from a missing one (never with the Membership GetItem, so
   * still at most 2). Writes use the requests their operation names (docs/access-patterns.md), a
   * transaction being one request. {@code scripts/bench} compares the measured count with this;
   * {@code RequestBudgetTest} pins the measured counts themselves, per route and per caller kind.
   */
  @Override
  public RequestAllowance requestAllowance() {
    return switch (this) {
      case AP02, AP05, AP08, AP09, AP12, AP20 -> new RequestAllowance(1, READ);
      case AP14, AP23, AP33 -> new RequestAllowance(1, "read: GetItem, or BatchGetItem with the caller's Membership");
      case AP15, AP17, AP21, AP24, AP25, AP26, AP29, AP34, AP35, AP36, AP39 ->
          new RequestAllowance(2, READ_WITH_MEMBERSHIP);
      case AP11 -> new RequestAllowance(2, "read: admins only, the caller's Membership GetItem first");
      case AP01, AP04, AP06, AP07, AP10, AP13, AP16, AP18, AP28, AP30, AP31, AP38, AP40, AP41 ->
          new RequestAllowance(1, TRANSACTION);
      case AP19 -> new RequestAllowance(2,
          "write: one TransactWriteItems; without a star to remove, a BatchGetItem decides 204 or 404");
      case AP03 -> new RequestAllowance(1, "write: UpdateItem on Version (If-Match sent)");
      case AP27, AP37 -> new RequestAllowance(1, "write: UpdateItem on Version");
      case AP22, AP32 ->
          new RequestAllowance(2, "write: UpdateItem Counter, then one TransactWriteItems (Put + profile check)");
      case AP42 -> new RequestAllowance(0, "no table access");
    };
  }
}
