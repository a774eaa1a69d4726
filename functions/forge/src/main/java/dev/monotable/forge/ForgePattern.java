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

import dev.monotable.kit.catalog.Calls;
import dev.monotable.kit.catalog.DeclaredPattern;
import dev.monotable.kit.catalog.KeyCondition.Part;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.List;

/**
 * The access patterns of the Forge contract (docs/forge/api-contract.md#routes), each with the DynamoDB
 * operation, index and key condition that serve it. docs/forge/access-patterns.md is generated from these.
 *
 * <p>Each declares how many DynamoDB requests the contract (docs/forge/api-contract.md#conventions,
 * forge.md section 4) allows: reads are ONE request; the only second request allowed is one GetItem
 * of the caller's Membership when a private organization repository (or, for AP15, a page holding
 * one) is read by an authenticated caller who is not its owner, and AP11's admin check. The lists of
 * a repository's comments add the one recorded exception: an empty first page reads the repository
 * and the ticket to tell an empty thread from a missing one (never with the Membership GetItem, so
 * still at most 2). Writes use the requests their operation names (docs/forge/access-patterns.md), a
 * transaction being one request. {@code scripts/bench} compares the measured count with this;
 * {@code RequestBudgetTest} pins the measured counts themselves, per route and per caller kind.
 */
public final class ForgePattern {
  private ForgePattern() {}

  private static final String READ = "read: one request";
  private static final String READ_WITH_MEMBERSHIP =
      "read: one request, +1 Membership GetItem for a private org repository read by a non-owner";
  private static final String TRANSACTION = "write: one TransactWriteItems";

  public static final DeclaredPattern AP01 = DeclaredPattern.of("AP01", "create user, unique username and email",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put User + Put AccountEmail, both attribute_not_exists(PK)"),
      "body: username, email, name, bio")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP02 = DeclaredPattern.of("AP02", "get user", Calls.of(GET_ITEM),
      get(acct("username"), acct("username")),
      "username")
      .allowing(1, READ);
  public static final DeclaredPattern AP03 = DeclaredPattern.of("AP03", "update profile (name, bio, email)",
      Calls.either(UPDATE_ITEM, TRANSACT_WRITE_ITEMS),
      plan("Update User on Version; email change: Update User + Delete old AccountEmail + Put new AccountEmail"),
      "username, If-Match, body")
      .allowing(1, "write: UpdateItem on Version (If-Match sent)");
  public static final DeclaredPattern AP04 = DeclaredPattern.of("AP04", "create organization; caller becomes admin",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck caller User + Put Organization attribute_not_exists + Put Membership(admin)"),
      "body: org (or login), name, description")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP05 = DeclaredPattern.of("AP05", "get organization", Calls.of(GET_ITEM),
      get(acct("org"), acct("org")),
      "org")
      .allowing(1, READ);
  public static final DeclaredPattern AP06 = DeclaredPattern.of("AP06", "add or change member (admin only)",
      Calls.then(BATCH_GET_ITEM, TRANSACT_WRITE_ITEMS),
      plan("BatchGetItem target Membership + Organization + User, then TransactWriteItems: ConditionCheck admin + "
          + "ConditionCheck user + Put Membership (+ Update Organization AdminCount)"),
      "org, username, body: role")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP07 = DeclaredPattern.of("AP07",
      "remove member (admin only; never the last admin)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck admin + Delete Membership (+ Update Organization AdminCount > 1)"),
      "org, username")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP08 = DeclaredPattern.of("AP08", "list members", Calls.of(QUERY),
      query(acct("org")).beginsWith(literal(MEMBER)),
      "org, limit, cursor")
      .allowing(1, READ);
  public static final DeclaredPattern AP09 = DeclaredPattern.of("AP09", "list a user's organizations",
      Calls.of(QUERY),
      query(acct("username")).on(Gsi.GSI1).beginsWith(literal(ORG_OF_MEMBER)),
      "username, limit, cursor")
      .allowing(1, READ);
  public static final DeclaredPattern AP10 = DeclaredPattern.of("AP10",
      "invite by email, expires in 7 days (admin only)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck admin + Put Invitation (absent or expired)"),
      "org, body: email")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP11 = DeclaredPattern.of("AP11", "pending invitations (expired never shown)",
      Calls.then(GET_ITEM, QUERY),
      query(acct("org")).beginsWith(literal(INVITATION)).note("filter TTL > now"),
      "org, limit, cursor")
      .allowing(2, "read: admins only, the caller's Membership GetItem first");
  public static final DeclaredPattern AP12 = DeclaredPattern.of("AP12", "activity feed, newest first",
      Calls.of(QUERY),
      query(acct("username")).beginsWith(literal(ACTIVITY)).descending().note("filter TTL > now"),
      "username, limit, cursor")
      .allowing(1, READ);
  public static final DeclaredPattern AP13 = DeclaredPattern.of("AP13",
      "create repository for self or an org (org admin)", Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put Repository attribute_not_exists + Put Counter + ConditionCheck owner (and admin)"),
      "body: owner, name, description, private")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP14 = DeclaredPattern.of("AP14",
      "get repository; private ones are 404 to non-members", Calls.either(GET_ITEM, BATCH_GET_ITEM),
      plan("Repository (anonymous, owner); Repository + caller's Membership in the owner (others)"),
      "owner, repo")
      .allowing(1, "read: GetItem, or BatchGetItem with the caller's Membership");
  public static final DeclaredPattern AP15 = DeclaredPattern.of("AP15",
      "repositories by owner, most recently updated first", Calls.of(QUERY).sometimes(GET_ITEM),
      query(acct("owner")).on(Gsi.GSI3).beginsWith(literal(REPO_UPDATED)).descending()
          .note("GetItem caller's Membership only for a page with private org repositories read by a signed-in "
              + "non-owner"),
      "owner, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP16 = DeclaredPattern.of("AP16", "fork into the caller's account",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put fork attribute_not_exists + Put Counter + Update original ADD ForkCount 1"),
      "owner, repo")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP17 = DeclaredPattern.of("AP17", "list forks",
      Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).on(Gsi.GSI2).between(literal(FORK), Part.of(REPO)).note("the repository last"),
      "owner, repo, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP18 = DeclaredPattern.of("AP18", "star (idempotent)",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put Star attribute_not_exists + Update Repository ADD StarCount 1 if public and named as the path + "
          + "ConditionCheck caller's User"),
      "owner, repo")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP19 = DeclaredPattern.of("AP19", "unstar (idempotent)",
      Calls.of(TRANSACT_WRITE_ITEMS).sometimes(BATCH_GET_ITEM),
      plan("Delete Star attribute_exists + Update Repository ADD StarCount -1; without a star, BatchGetItem of the "
          + "repository and the caller's Membership (404 when missing or private to the caller)"),
      "owner, repo")
      .allowing(2, "write: one TransactWriteItems; without a star to remove, a BatchGetItem decides 204 or 404");
  public static final DeclaredPattern AP20 = DeclaredPattern.of("AP20", "repositories a user starred",
      Calls.of(QUERY),
      query(acct("username")).beginsWith(literal(STAR)),
      "username, limit, cursor")
      .allowing(1, READ);
  public static final DeclaredPattern AP21 = DeclaredPattern.of("AP21", "who starred a repository",
      Calls.of(QUERY).sometimes(GET_ITEM),
      query(REPO).on(Gsi.GSI1).between(Part.of(REPO), text("STAR$")).note("the repository first"),
      "owner, repo, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP22 = DeclaredPattern.of("AP22",
      "create issue; number from the shared counter", Calls.then(UPDATE_ITEM, TRANSACT_WRITE_ITEMS),
      plan("Update Counter ADD LastNumber 1 if visible (ALL_OLD), then Put Issue attribute_not_exists + "
          + "ConditionCheck caller's User"),
      "owner, repo, body: title, body")
      .allowing(2, "write: UpdateItem Counter, then one TransactWriteItems (Put + profile check)");
  public static final DeclaredPattern AP23 = DeclaredPattern.of("AP23", "get issue",
      Calls.either(GET_ITEM, BATCH_GET_ITEM),
      plan("Issue (anonymous, owner); Issue + caller's Membership (others)"),
      "owner, repo, number")
      .allowing(1, "read: GetItem, or BatchGetItem with the caller's Membership");
  public static final DeclaredPattern AP24 = DeclaredPattern.of("AP24", "all issues by number",
      Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).on(Gsi.GSI1).between(literal(ISSUE_NUMBER), Part.of(REPO)).note("the repository last"),
      "owner, repo, state=all, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP25 = DeclaredPattern.of("AP25", "open issues, newest first",
      Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).on(Gsi.GSI4).between(Part.of(REPO_META), text("ISSUE#OPEN$")).note("the repository first"),
      "owner, repo, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP26 = DeclaredPattern.of("AP26", "closed issues, oldest first",
      Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).on(Gsi.GSI4).between(literal(ISSUE_CLOSED), Part.of(REPO_META)).note("the repository last"),
      "owner, repo, state=closed, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP27 = DeclaredPattern.of("AP27", "edit title/body, close or reopen",
      Calls.of(UPDATE_ITEM).sometimes(BATCH_GET_ITEM),
      plan("Update Issue on Version; rewrites GSI4SK on state change"),
      "owner, repo, number, If-Match, body")
      .allowing(1, "write: UpdateItem on Version");
  public static final DeclaredPattern AP28 = DeclaredPattern.of("AP28", "comment on issue",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck Issue exists, public and named as the path + Put IssueComment + ConditionCheck caller's User"),
      "owner, repo, number, body: body")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP29 = DeclaredPattern.of("AP29", "list issue comments, oldest first",
      Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).beginsWith(text("ISSUE#{n8}#COMMENT#"))
          .note("an empty first page: BatchGetItem Repository + Issue"),
      "owner, repo, number, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP30 = DeclaredPattern.of("AP30", "react to issue (idempotent)",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put Reaction attribute_not_exists + Update Issue ADD Reactions.{type} 1 if public and named as the path + "
          + "ConditionCheck caller's User"),
      "owner, repo, number, type")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP31 = DeclaredPattern.of("AP31", "remove issue reaction (idempotent)",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Delete Reaction attribute_exists + Update Issue ADD Reactions.{type} -1 if public + "
          + "ConditionCheck caller's User"),
      "owner, repo, number, type")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP32 = DeclaredPattern.of("AP32",
      "create pull request; number from the shared counter", Calls.then(UPDATE_ITEM, TRANSACT_WRITE_ITEMS),
      plan("Update Counter ADD LastNumber 1 if visible (ALL_OLD), then Put PullRequest attribute_not_exists + "
          + "ConditionCheck caller's User"),
      "owner, repo, body: title, body, head, base")
      .allowing(2, "write: UpdateItem Counter, then one TransactWriteItems (Put + profile check)");
  public static final DeclaredPattern AP33 = DeclaredPattern.of("AP33", "get pull request",
      Calls.either(GET_ITEM, BATCH_GET_ITEM),
      plan("PullRequest (anonymous, owner); PullRequest + caller's Membership (others)"),
      "owner, repo, number")
      .allowing(1, "read: GetItem, or BatchGetItem with the caller's Membership");
  public static final DeclaredPattern AP34 = DeclaredPattern.of("AP34", "all pull requests by number",
      Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(PULL_REQUESTS_OF_REPO).on(Gsi.GSI1).between(literal(PULL_REQUEST_NUMBER), Part.of(REPO))
          .note("the Counter last"),
      "owner, repo, state=all, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP35 = DeclaredPattern.of("AP35", "open pull requests, newest first",
      Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(PULL_REQUESTS_OF_REPO).on(Gsi.GSI4).between(Part.of(REPO_META), text("PR#OPEN$"))
          .note("the Counter first"),
      "owner, repo, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP36 = DeclaredPattern.of("AP36",
      "closed and merged pull requests, oldest first", Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(PULL_REQUESTS_OF_REPO).on(Gsi.GSI4).between(literal(PULL_REQUEST_CLOSED), Part.of(REPO_META))
          .note("the Counter last"),
      "owner, repo, state=closed, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP37 = DeclaredPattern.of("AP37", "edit, close, reopen or merge a pull request",
      Calls.of(UPDATE_ITEM).sometimes(BATCH_GET_ITEM),
      plan("Update PullRequest on Version; rewrites GSI4SK on state change"),
      "owner, repo, number, If-Match, body")
      .allowing(1, "write: UpdateItem on Version");
  public static final DeclaredPattern AP38 = DeclaredPattern.of("AP38", "comment on pull request",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("ConditionCheck PullRequest exists, public and named as the path + Put PRComment + ConditionCheck caller's User"),
      "owner, repo, number, body: body")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP39 = DeclaredPattern.of("AP39", "list pull request comments, oldest first",
      Calls.of(QUERY).sometimes(GET_ITEM, BATCH_GET_ITEM),
      query(REPO).beginsWith(text("PR#{n8}#COMMENT#"))
          .note("an empty first page: BatchGetItem Repository + PullRequest"),
      "owner, repo, number, limit, cursor")
      .allowing(2, READ_WITH_MEMBERSHIP);
  public static final DeclaredPattern AP40 = DeclaredPattern.of("AP40", "react to pull request (idempotent)",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Put Reaction attribute_not_exists + Update PullRequest ADD Reactions.{type} 1 if public and named as the path + "
          + "ConditionCheck caller's User"),
      "owner, repo, number, type")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP41 = DeclaredPattern.of("AP41", "remove pull request reaction (idempotent)",
      Calls.of(TRANSACT_WRITE_ITEMS),
      plan("Delete Reaction attribute_exists + Update PullRequest ADD Reactions.{type} -1 if public + "
          + "ConditionCheck caller's User"),
      "owner, repo, number, type")
      .allowing(1, TRANSACTION);
  public static final DeclaredPattern AP42 = DeclaredPattern.of("AP42", "liveness of the API", Calls.none(),
      none(),
      "")
      .allowing(0, "no table access");

  /** Every pattern, in catalog order. */
  public static final List<DeclaredPattern> ALL = List.of(
      AP01, AP02, AP03, AP04, AP05, AP06, AP07, AP08, AP09, AP10, AP11, AP12, AP13, AP14,
      AP15, AP16, AP17, AP18, AP19, AP20, AP21, AP22, AP23, AP24, AP25, AP26, AP27, AP28,
      AP29, AP30, AP31, AP32, AP33, AP34, AP35, AP36, AP37, AP38, AP39, AP40, AP41, AP42);

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
}
