package dev.monotable.forge.keys;

import dev.monotable.kit.keys.Key;
import dev.monotable.kit.keys.Segments;
import dev.monotable.kit.keys.Template;
import dev.monotable.kit.keys.Timestamps;

import dev.monotable.kit.data.IdempotencyRecord;

/**
 * Every key of the Forge table and its indexes, built from the templates of the entity charts
 * (docs/forge/entity-chart.md). Nothing else in the project builds keys. Methods take display values,
 * validate them (docs/forge/api-contract.md#input-rules) and lower-case account and repository names, so keys are case-insensitive while items keep the
 * display form.
 */
public final class Keys {

  // Main table
  public static final Template ACCOUNT = Template.of("ACCOUNT#{account}");
  public static final Template ACCOUNT_EMAIL = Template.of("ACCOUNTEMAIL#{email}");
  public static final Template MEMBER = Template.of("MEMBER#{username}");
  public static final Template INVITATION = Template.of("INVITE#{email}");
  public static final Template ACTIVITY = Template.of("#ACTIVITY#{ts}#{id}");
  public static final Template REPO = Template.of("REPO#{owner}#{repo}");
  public static final Template COUNTER = Template.of("COUNTER#{owner}#{repo}");
  public static final Template COUNTER_SK = Template.of("METADATA");
  public static final Template ISSUE = Template.of("ISSUE#{owner}#{repo}#{n8}");
  public static final Template PULL_REQUEST = Template.of("PR#{owner}#{repo}#{n8}");
  public static final Template ISSUE_COMMENT = Template.of("ISSUE#{n8}#COMMENT#{id}");
  public static final Template PULL_REQUEST_COMMENT = Template.of("PR#{n8}#COMMENT#{id}");
  public static final Template COUNTED_COMMENT = Template.of("COUNTED#{id}");
  public static final Template ISSUE_REACTION_PK = Template.of("REACTION#{owner}#{repo}#ISSUE#{n8}");
  public static final Template PULL_REQUEST_REACTION_PK = Template.of("REACTION#{owner}#{repo}#PR#{n8}");
  public static final Template REACTION_SK = Template.of("REACTION#{username}#{type}");
  public static final Template STAR = Template.of("STAR#{owner}#{repo}");
  // Indexes
  public static final Template ORG_OF_MEMBER = Template.of("ORG#{org}");
  public static final Template FORK = Template.of("FORK#{owner}");
  public static final Template REPO_UPDATED = Template.of("#{ts}");
  public static final Template REPO_META = Template.of("#REPO#{owner}#{repo}");
  public static final Template PULL_REQUESTS_OF_REPO = Template.of("PR#{owner}#{repo}");
  public static final Template ISSUE_NUMBER = Template.of("ISSUE#{n8}");
  public static final Template PULL_REQUEST_NUMBER = Template.of("PR#{n8}");
  public static final Template ISSUE_OPEN = Template.of("ISSUE#OPEN#{rev8}");
  public static final Template ISSUE_CLOSED = Template.of("#ISSUE#CLOSED#{n8}");
  public static final Template PULL_REQUEST_OPEN = Template.of("PR#OPEN#{rev8}");
  public static final Template PULL_REQUEST_CLOSED = Template.of("#PR#CLOSED#{n8}");
  public static final Template STARGAZER = Template.of("STAR#{username}#{ts}");
  public static final Template IDEMPOTENCY = IdempotencyRecord.TEMPLATE;

  private Keys() {}

  // ---- accounts ---------------------------------------------------------------------------

  /**
   * The record of a create sent with {@code Idempotency-Key}: its own partition per caller and
   * key (the key is case-sensitive, as clients generate it; the caller is lower-cased).
   */
  public static Key idempotency(String username, String key) {
    return IdempotencyRecord.key(username, key);
  }

  /** User or Organization item; also its GSI1 and GSI3 keys. */
  public static Key account(String name) {
    String a = ForgeSegments.account("username", name);
    return new Key(ACCOUNT.fill(a), ACCOUNT.fill(a));
  }

  /** Partition of an account's item collection (members, invitations, stars, activity). */
  public static String accountPartition(String field, String name) {
    return ACCOUNT.fill(ForgeSegments.account(field, name));
  }

  public static Key accountEmail(String email) {
    String e = Segments.email("email", email);
    return new Key(ACCOUNT_EMAIL.fill(e), ACCOUNT_EMAIL.fill(e));
  }

  public static Key membership(String org, String username) {
    return new Key(accountPartition("org", org), MEMBER.fill(ForgeSegments.account("username", username)));
  }

  /** GSI1 key of a Membership: the user's organizations. */
  public static Key membershipGsi1(String org, String username) {
    return new Key(accountPartition("username", username), ORG_OF_MEMBER.fill(ForgeSegments.account("org", org)));
  }

  public static Key invitation(String org, String email) {
    return new Key(accountPartition("org", org), INVITATION.fill(Segments.email("email", email)));
  }

  /** Activity item: {@code ts} is an ISO-8601 millisecond timestamp, {@code id} a ULID. */
  public static Key activity(String owner, String ts, String id) {
    return new Key(accountPartition("owner", owner), ACTIVITY.fill(Timestamps.segment(ts), Segments.ulid("id", id)));
  }

  // ---- repositories -----------------------------------------------------------------------

  public static Key repository(String owner, String repo) {
    String r = repoPartition(owner, repo);
    return new Key(r, r);
  }

  /** {@code REPO#{owner}#{repo}}: the repository item, its comment collection, GSI1/2/4 partitions. */
  public static String repoPartition(String owner, String repo) {
    return REPO.fill(ForgeSegments.account("owner", owner), ForgeSegments.repo("repo", repo));
  }

  /** GSI2 key of a fork: listed under the original repository. */
  public static Key forkGsi2(String originalOwner, String originalRepo, String forkOwner) {
    return new Key(repoPartition(originalOwner, originalRepo), FORK.fill(ForgeSegments.account("owner", forkOwner)));
  }

  /** GSI3 key of a repository: the owner's repositories, most recently updated first. */
  public static Key repoUpdatedGsi3(String owner, String updatedAt) {
    return new Key(accountPartition("owner", owner), REPO_UPDATED.fill(Timestamps.segment(updatedAt)));
  }

  /** GSI4 key of a repository. */
  public static Key repoGsi4(String owner, String repo) {
    String o = ForgeSegments.account("owner", owner);
    String r = ForgeSegments.repo("repo", repo);
    return new Key(REPO.fill(o, r), REPO_META.fill(o, r));
  }

  public static Key counter(String owner, String repo) {
    return new Key(COUNTER.fill(ForgeSegments.account("owner", owner), ForgeSegments.repo("repo", repo)), COUNTER_SK.fill());
  }

  // ---- issues and pull requests -----------------------------------------------------------

  public static Key ticket(TicketKind kind, String owner, String repo, int number) {
    Template t = kind == TicketKind.ISSUE ? ISSUE : PULL_REQUEST;
    String k = t.fill(ForgeSegments.account("owner", owner), ForgeSegments.repo("repo", repo), ForgeSegments.n8(number));
    return new Key(k, k);
  }

  /**
   * GSI1/GSI4 partition of a repository's issues or pull requests. Issues live in the repository's
   * own partition {@code REPO#{owner}#{repo}} (next to the repository's GSI1/GSI4 entries, so one
   * Query returns a page and the repository); pull requests in {@code PR#{owner}#{repo}}, next to
   * the repository's Counter (docs/forge/relationship-decisions.md).
   */
  public static String ticketsPartition(TicketKind kind, String owner, String repo) {
    Template t = kind == TicketKind.ISSUE ? REPO : PULL_REQUESTS_OF_REPO;
    return t.fill(ForgeSegments.account("owner", owner), ForgeSegments.repo("repo", repo));
  }

  /**
   * GSI1 key of the list head of a repository's issues (the Repository) or pull requests (the
   * Counter): sort key {@code REPO#{owner}#{repo}}, right after the last {@code ISSUE#}/{@code PR#} number.
   */
  public static Key listHeadGsi1(TicketKind kind, String owner, String repo) {
    return new Key(ticketsPartition(kind, owner, repo), repoPartition(owner, repo));
  }

  /**
   * GSI4 key of the list head: sort key {@code #REPO#{owner}#{repo}}, between the closed ones
   * ({@code #ISSUE#CLOSED#}, {@code #PR#CLOSED#}) and the open ones ({@code ISSUE#OPEN#}, {@code PR#OPEN#}).
   */
  public static Key listHeadGsi4(TicketKind kind, String owner, String repo) {
    String o = ForgeSegments.account("owner", owner);
    String r = ForgeSegments.repo("repo", repo);
    return new Key(ticketsPartition(kind, owner, repo), REPO_META.fill(o, r));
  }

  /** GSI1 key: all issues (or PRs) of a repository by number. */
  public static Key ticketGsi1(TicketKind kind, String owner, String repo, int number) {
    Template t = kind == TicketKind.ISSUE ? ISSUE_NUMBER : PULL_REQUEST_NUMBER;
    return new Key(ticketsPartition(kind, owner, repo), t.fill(ForgeSegments.n8(number)));
  }

  /** GSI4 key: open ones newest first (reverse number), closed/merged ones oldest first. */
  public static Key ticketGsi4(TicketKind kind, String owner, String repo, int number, boolean open) {
    String sk;
    if (kind == TicketKind.ISSUE) {
      sk = open ? ISSUE_OPEN.fill(ForgeSegments.rev8(number)) : ISSUE_CLOSED.fill(ForgeSegments.n8(number));
    } else {
      sk = open ? PULL_REQUEST_OPEN.fill(ForgeSegments.rev8(number)) : PULL_REQUEST_CLOSED.fill(ForgeSegments.n8(number));
    }
    return new Key(ticketsPartition(kind, owner, repo), sk);
  }

  /** begins_with prefix of GSI1SK for all issues or PRs. */
  public static String ticketNumberPrefix(TicketKind kind) {
    return (kind == TicketKind.ISSUE ? ISSUE_NUMBER : PULL_REQUEST_NUMBER).prefix();
  }

  /** begins_with prefix of GSI4SK for open ones. */
  public static String ticketOpenPrefix(TicketKind kind) {
    return (kind == TicketKind.ISSUE ? ISSUE_OPEN : PULL_REQUEST_OPEN).prefix();
  }

  /** begins_with prefix of GSI4SK for closed (and merged) ones. */
  public static String ticketClosedPrefix(TicketKind kind) {
    return (kind == TicketKind.ISSUE ? ISSUE_CLOSED : PULL_REQUEST_CLOSED).prefix();
  }

  public static Key comment(TicketKind kind, String owner, String repo, int number, String id) {
    Template t = kind == TicketKind.ISSUE ? ISSUE_COMMENT : PULL_REQUEST_COMMENT;
    return new Key(repoPartition(owner, repo), t.fill(ForgeSegments.n8(number), Segments.ulid("id", id)));
  }

  /** begins_with prefix of the comments of one issue or PR, for example {@code ISSUE#00000007#COMMENT#}. */
  public static String commentPrefix(TicketKind kind, int number) {
    String full = (kind == TicketKind.ISSUE ? ISSUE_COMMENT : PULL_REQUEST_COMMENT).fill(ForgeSegments.n8(number), "X");
    return full.substring(0, full.length() - 1);
  }

  /** Receipt of a counted comment, in its issue's or pull request's own partition. */
  public static Key countedComment(TicketKind kind, String owner, String repo, int number, String commentId) {
    return new Key(ticket(kind, owner, repo, number).pk(), COUNTED_COMMENT.fill(Segments.ulid("id", commentId)));
  }

  public static Key reaction(TicketKind kind, String owner, String repo, int number, String username, String type) {
    Template t = kind == TicketKind.ISSUE ? ISSUE_REACTION_PK : PULL_REQUEST_REACTION_PK;
    String pk = t.fill(ForgeSegments.account("owner", owner), ForgeSegments.repo("repo", repo), ForgeSegments.n8(number));
    return new Key(pk, REACTION_SK.fill(ForgeSegments.account("username", username), ReactionTypes.check(type)));
  }

  // ---- stars ------------------------------------------------------------------------------

  public static Key star(String username, String owner, String repo) {
    return new Key(accountPartition("username", username),
        STAR.fill(ForgeSegments.account("owner", owner), ForgeSegments.repo("repo", repo)));
  }

  /** GSI1 key of a Star: the repository's stargazers. */
  public static Key starGsi1(String username, String owner, String repo, String starredAt) {
    return new Key(repoPartition(owner, repo),
        STARGAZER.fill(ForgeSegments.account("username", username), Timestamps.segment(starredAt)));
  }

  // ---- query prefixes ---------------------------------------------------------------------

  /**
   * The smallest string greater than every string that begins with {@code prefix} (its last
   * character incremented: {@code ISSUE#OPEN#} gives {@code ISSUE#OPEN$}), the inclusive upper end
   * of a BETWEEN range that covers the whole prefix. Prefixes end in ASCII, so no key ever equals it.
   */
  public static String afterPrefix(String prefix) {
    char last = prefix.charAt(prefix.length() - 1);
    return prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
  }

  public static String membersPrefix() {
    return MEMBER.prefix();
  }

  public static String orgsOfMemberPrefix() {
    return ORG_OF_MEMBER.prefix();
  }

  public static String invitationsPrefix() {
    return INVITATION.prefix();
  }

  public static String activityPrefix() {
    return ACTIVITY.prefix();
  }

  public static String starsPrefix() {
    return STAR.prefix();
  }

  public static String stargazersPrefix() {
    return STARGAZER.prefix();
  }

  public static String forksPrefix() {
    return FORK.prefix();
  }

  public static String reposByUpdatePrefix() {
    return REPO_UPDATED.prefix();
  }
}
