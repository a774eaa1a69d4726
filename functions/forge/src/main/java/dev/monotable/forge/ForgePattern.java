package dev.monotable.forge;

import static dev.monotable.forge.keys.Keys.ACCOUNT;
import static dev.monotable.forge.keys.Keys.ACTIVITY;
import static dev.monotable.forge.keys.Keys.FORK;
import static dev.monotable.forge.keys.Keys.INVITATION;
import static dev.monotable.forge.keys.Keys.ISSUE_CLOSED;
import static dev.monotable.forge.keys.Keys.ISSUE_NUMBER;
import static dev.monotable.forge.keys.Keys.MEMBER;
import static dev.monotable.forge.keys.Keys.ORG_OF_MEMBER;
import static dev.monotable.forge.keys.Keys.PULL_REQUESTS_OF_REPO;
import static dev.monotable.forge.keys.Keys.PULL_REQUEST_CLOSED;
import static dev.monotable.forge.keys.Keys.PULL_REQUEST_NUMBER;
import static dev.monotable.forge.keys.Keys.REPO;
import static dev.monotable.forge.keys.Keys.REPO_META;
import static dev.monotable.forge.keys.Keys.REPO_UPDATED;
import static dev.monotable.forge.keys.Keys.STAR;
import static dev.monotable.kit.catalog.KeyCondition.get;
import static dev.monotable.kit.catalog.KeyCondition.none;
import static dev.monotable.kit.catalog.KeyCondition.plan;
import static dev.monotable.kit.catalog.KeyCondition.query;
import static dev.monotable.kit.catalog.Operation.BATCH_GET_ITEM;
import static dev.monotable.kit.catalog.Operation.GET_ITEM;
import static dev.monotable.kit.catalog.Operation.PUT_ITEM;
import static dev.monotable.kit.catalog.Operation.QUERY;
import static dev.monotable.kit.catalog.Operation.TRANSACT_WRITE_ITEMS;
import static dev.monotable.kit.catalog.Operation.UPDATE_ITEM;

import dev.monotable.kit.catalog.AccessPatternSpec;
import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.KeyCondition;
import dev.monotable.kit.catalog.KeyCondition.Part;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.catalog.RequestAllowance;
import dev.monotable.kit.schema.TableSchema.Gsi;

/**
 * The access patterns of the Forge contract (docs/api-contract.md#routes), each with the DynamoDB
 * operation, index and key condition that serve it. docs/access-patterns.md is generated from this enum.
 */
public enum ForgePattern implements AccessPatternSpec {
  AP01("create user, unique username and email", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put User + Put AccountEmail, both attribute_not_exists(PK)"),
      "body: username, email, name, bio"),
  AP02("get user", Calls.of(GET_ITEM),
      get(acct("username"), acct("username")),
      "username"),
  AP03("update profile (name, bio, email)", Calls.either(UPDATE_ITEM, TRANSACT_WRITE_ITEMS),
      plan("Update User on Version; email change: Update User + Delete old AccountEmail + Put new AccountEmail"),
      "username, If-Match, body"),
  AP04("create organization; caller becomes admin", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck caller User + Put Organization attribute_not_exists + Put Membership(admin)"),
      "body: org (or login), name, description"),
  AP05("get organization", Calls.of(GET_ITEM),
      get(acct("org"), acct("org")),
      "org"),
  AP06("add or change member (admin only)", Calls.then(BATCH_GET_ITEM, TRANSACT_WRITE_ITEMS),
      plan("BatchGetItem target Membership + Organization + User, then TransactWriteItems: ConditionCheck admin + "
          + "ConditionCheck user + Put Membership (+ Update Organization AdminCount)"),
      "org, username, body: role"),
  AP07("remove member (admin only; never the last admin)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck admin + Delete Membership (+ Update Organization AdminCount > 1)"),
      "org, username"),
  AP08("list members", Calls.of(QUERY),
      query(acct("org")).beginsWith(literal(MEMBER)),
      "org, limit, cursor"),
  AP09("list a user's organizations", Calls.of(QUERY),
      query(acct("username")).on(Gsi.GSI1).beginsWith(literal(ORG_OF_MEMBER)),
      "username, limit, cursor"),
  AP10("invite by email, expires in 7 days (admin only)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck admin + Put Invitation (absent or expired)"),
      "org, body: email"),
  AP11("pending invitations (expired never shown)", Calls.then(GET_ITEM, QUERY),
      query(acct("org")).beginsWith(literal(INVITATION)).note("filter TTL > now"),
      "org, limit, cursor"),
  AP12("activity feed, newest first", Calls.of(QUERY),
      query(acct("username")).beginsWith(literal(ACTIVITY)).descending().note("filter TTL > now"),
      "username, limit, cursor"),
  AP13("create repository for self or an org (org admin)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put Repository attribute_not_exists + Put Counter + ConditionCheck owner (and admin)"),
      "body: owner, name, description, private"),
  AP14("get repository; private ones are 404 to non-members", Calls.either(GET_ITEM, BATCH_GET_ITEM),
      plan("Repository (anonymous, owner); Repository + caller's Membership in the owner (others)"),
      "owner, repo"),
  AP15("repositories by owner, most recently updated first", Calls.of(QUERY).sometimes(GET_ITEM),
      query(acct("owner")).on(Gsi.GSI3).beginsWith(literal(REPO_UPDATED)).descending()
          .note("GetItem caller's Membership only for a page with private org repositories read by a signed-in "
              + "non-owner"),
      "owner, limit, cursor"),
  AP16("fork into the caller's account", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put fork attribute_not_exists + Put Counter + Update original ADD ForkCount 1"),
      "owner, repo"),
  AP17("list forks", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).on(Gsi.GSI2).between(literal(FORK), Part.of(REPO)).note("the repository last"),
      "owner, repo, limit, cursor"),
  AP18("star (idempotent)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put Star attribute_not_exists + Update Repository ADD StarCount 1 if public and named as the path + "
          + "ConditionCheck caller's User"),
      "owner, repo"),
  AP19("unstar (idempotent)", Calls.of(TRANSACT_WRITE_ITEMS).sometimes(BATCH_GET_ITEM),
      plan("Delete Star attribute_exists + Update Repository ADD StarCount -1; without a star, BatchGetItem of the "
          + "repository and the caller's Membership (404 when missing or private to the caller)"),
      "owner, repo"),
  AP20("repositories a user starred", Calls.of(QUERY),
      query(acct("username")).beginsWith(literal(STAR)),
      "username, limit, cursor"),
  AP21("who starred a repository", Calls.of(QUERY).sometimes(GET_ITEM),
      query(REPO).on(Gsi.GSI1).between(Part.of(REPO), text("STAR$")).note("the repository first"),
      "owner, repo, limit, cursor"),
  AP22("create issue; number from the shared counter", Calls.then(UPDATE_ITEM, TRANSACT_WRITE_ITEMS),
      plan("Update Counter ADD LastNumber 1 if visible (ALL_OLD), then Put Issue attribute_not_exists + "
          + "ConditionCheck caller's User"),
      "owner, repo, body: title, body"),
  AP23("get issue", Calls.either(GET_ITEM, BATCH_GET_ITEM),
      plan("Issue (anonymous, owner); Issue + caller's Membership (others)"),
      "owner, repo, number"),
  AP24("all issues by number", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).on(Gsi.GSI1).between(literal(ISSUE_NUMBER), Part.of(REPO)).note("the repository last"),
      "owner, repo, state=all, limit, cursor"),
  AP25("open issues, newest first", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).on(Gsi.GSI4).between(Part.of(REPO_META), text("ISSUE#OPEN$")).note("the repository first"),
      "owner, repo, limit, cursor"),
  AP26("closed issues, oldest first", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).on(Gsi.GSI4).between(literal(ISSUE_CLOSED), Part.of(REPO_META)).note("the repository last"),
      "owner, repo, state=closed, limit, cursor"),
  AP27("edit title/body, close or reopen", Calls.of(UPDATE_ITEM).sometimes(BATCH_GET_ITEM),
      plan("Update Issue on Version; rewrites GSI4SK on state change"),
      "owner, repo, number, If-Match, body"),
  AP28("comment on issue", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck Issue exists, public and named as the path + Put IssueComment + ConditionCheck caller's User"),
      "owner, repo, number, body: body"),
  AP29("list issue comments, oldest first", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).beginsWith(text("ISSUE#{n8}#COMMENT#"))
          .note("an empty first page: BatchGetItem Repository + Issue"),
      "owner, repo, number, limit, cursor"),
  AP30("react to issue (idempotent)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put Reaction attribute_not_exists + Update Issue ADD Reactions.{type} 1 if public and named as the path + "
          + "ConditionCheck caller's User"),
      "owner, repo, number, type"),
  AP31("remove issue reaction (idempotent)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Delete Reaction attribute_exists + Update Issue ADD Reactions.{type} -1 if public + "
          + "ConditionCheck caller's User"),
      "owner, repo, number, type"),
  AP32("create pull request; number from the shared counter", Calls.then(UPDATE_ITEM, TRANSACT_WRITE_ITEMS),
      plan("Update Counter ADD LastNumber 1 if visible (ALL_OLD), then Put PullRequest attribute_not_exists + "
          + "ConditionCheck caller's User"),
      "owner, repo, body: title, body, head, base"),
  AP33("get pull request", Calls.either(GET_ITEM, BATCH_GET_ITEM),
      plan("PullRequest (anonymous, owner); PullRequest + caller's Membership (others)"),
      "owner, repo, number"),
  AP34("all pull requests by number", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(PULL_REQUESTS_OF_REPO).on(Gsi.GSI1).between(literal(PULL_REQUEST_NUMBER), Part.of(REPO))
          .note("the Counter last"),
      "owner, repo, state=all, limit, cursor"),
  AP35("open pull requests, newest first", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(PULL_REQUESTS_OF_REPO).on(Gsi.GSI4).between(Part.of(REPO_META), text("PR#OPEN$"))
          .note("the Counter first"),
      "owner, repo, limit, cursor"),
  AP36("closed and merged pull requests, oldest first", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(PULL_REQUESTS_OF_REPO).on(Gsi.GSI4).between(literal(PULL_REQUEST_CLOSED), Part.of(REPO_META))
          .note("the Counter last"),
      "owner, repo, state=closed, limit, cursor"),
  AP37("edit, close, reopen or merge a pull request", Calls.of(UPDATE_ITEM).sometimes(BATCH_GET_ITEM),
      plan("Update PullRequest on Version; rewrites GSI4SK on state change"),
      "owner, repo, number, If-Match, body"),
  AP38("comment on pull request", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck PullRequest exists, public and named as the path + Put PRComment + ConditionCheck caller's User"),
      "owner, repo, number, body: body"),
  AP39("list pull request comments, oldest first", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).beginsWith(text("PR#{n8}#COMMENT#"))
          .note("an empty first page: BatchGetItem Repository + PullRequest"),
      "owner, repo, number, limit, cursor"),
  AP40("react to pull request (idempotent)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put Reaction attribute_not_exists + Update PullRequest ADD Reactions.{type} 1 if public and named as the path + "
          + "ConditionCheck caller's User"),
      "owner, repo, number, type"),
  AP41("remove pull request reaction (idempotent)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Delete Reaction attribute_exists + Update PullRequest ADD Reactions.{type} -1 if public + "
          + "ConditionCheck caller's User"),
      "owner, repo, number, type"),
  AP42("liveness of the API", Calls.none(),
      none(),
      "");

  private final String description;
  private final Calls calls;
  private final KeyCondition key;
  private final String parameters;

  ForgePattern(String description, Calls calls, KeyCondition key, String parameters) {
    this.description = description;
    this.calls = calls;
    this.key = key;
    this.parameters = parameters;
  }

  /** {@code ACCOUNT#{account}} as the docs print it for one kind of account. */
  private static Part acct(String name) {
    return Part.of(ACCOUNT).as("account", name);
  }

  /** The constant head of a template, as a sort-key bound or prefix. */
  private static Part literal(Template t) {
    return Part.of(Template.of(t.prefix()));
  }

  private static Part text(String template) {
    return Part.of(Template.of(template));
  }

  public String description() {
    return description;
  }

  @Override
  public Calls calls() {
    return calls;
  }

  @Override
  public KeyCondition key() {
    return key;
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
