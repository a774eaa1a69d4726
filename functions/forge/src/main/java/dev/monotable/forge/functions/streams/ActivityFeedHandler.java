package dev.monotable.forge.functions.streams;

import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Activity;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Repository;
import dev.monotable.forge.model.Star;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.kit.schema.TableSchema;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * ST2: a new issue, pull request, comment, star or fork becomes an Activity entry in the
 * repository owner's feed and, when someone else did it, in the actor's feed too (AP12).
 *
 * <p>The feed is public (AP12 needs no token), so activity on private repositories is not
 * recorded: a Star carries the repository's {@code IsPrivate}; for issues, pull requests and
 * comments one GetItem of the repository tells (and supplies the owner's display name). Forks are
 * only ever made of public repositories. A Repository INSERT that is not a fork is ignored.
 */
public final class ActivityFeedHandler extends StreamHandler<Services> {

  public ActivityFeedHandler() {
    this(Services.fromEnvironment());
  }

  public ActivityFeedHandler(Services services) {
    super(services);
  }

  @Override
  protected StreamEffect apply(ChangeRecord record) {
    if (!"INSERT".equals(record.eventName())) {
      return StreamEffect.IGNORED;
    }
    Map<String, AttributeValue> item = record.newImage();
    String type = record.type();
    String source = item.get(TableSchema.PK).s() + "|" + item.get(TableSchema.SK).s() + "|"
        + item.get(TableSchema.CREATED_AT).s();
    if (TicketKind.ISSUE.type().equals(type) || TicketKind.PULL_REQUEST.type().equals(type)) {
      Ticket t = Ticket.fromItem(item);
      boolean issue = t.kind() == TicketKind.ISSUE;
      return publicRepository(t.owner(), t.repo())
          .map(r -> post(r.owner(), t.author(), source, issue ? "IssueOpened" : "PullRequestOpened", r, t.number(),
              t.author() + " opened " + (issue ? "issue" : "pull request") + " #" + t.number() + ": " + t.title(),
              t.createdAt()))
          .orElse(StreamEffect.IGNORED);
    }
    if (TicketKind.ISSUE.commentType().equals(type) || TicketKind.PULL_REQUEST.commentType().equals(type)) {
      Comment c = Comment.fromItem(item);
      Keys.comment(c.kind(), c.owner(), c.repo(), c.number(), c.id());
      boolean issue = c.kind() == TicketKind.ISSUE;
      return publicRepository(c.owner(), c.repo())
          .map(r -> post(r.owner(), c.author(), source, issue ? "IssueCommented" : "PullRequestCommented", r,
              c.number(), c.author() + " commented on " + (issue ? "issue" : "pull request") + " #" + c.number(),
              c.createdAt()))
          .orElse(StreamEffect.IGNORED);
    }
    if (Star.TYPE.equals(type)) {
      Star s = Star.fromItem(item);
      if (s.repoIsPrivate()) {
        return StreamEffect.IGNORED;
      }
      return post(s.owner(), s.username(), source, "Starred", s.owner(), s.repo(), null,
          s.username() + " starred " + s.owner() + "/" + s.repo(), s.starredAt());
    }
    if (Repository.TYPE.equals(type)) {
      Repository fork = Repository.fromItem(item);
      if (fork.forkOf() == null || fork.isPrivate()) {
        return StreamEffect.IGNORED;
      }
      return post(fork.forkOf().owner(), fork.owner(), source, "Forked", fork.forkOf().owner(), fork.forkOf().name(),
          null, fork.owner() + " forked " + fork.forkOf() + " to " + fork.owner() + "/" + fork.name(),
          fork.createdAt());
    }
    return StreamEffect.IGNORED;
  }

  private Optional<Repository> publicRepository(String owner, String repo) {
    return services.table().get(Keys.repository(owner, repo)).map(Repository::fromItem).filter(r -> !r.isPrivate());
  }

  private StreamEffect post(String feedOwner, String actor, String source, String event, Repository r, int number,
      String summary, String at) {
    return post(feedOwner, actor, source, event, r.owner(), r.name(), number, summary, at);
  }

  /** One entry in the owner's feed, and one in the actor's unless the actor is the owner. */
  private StreamEffect post(String feedOwner, String actor, String source, String event, String owner, String repo,
      Integer number, String summary, String at) {
    Activity forOwner = Feed.entry(feedOwner, at, source, event, actor, owner, repo, number, summary);
    StreamEffect effect = Feed.record(services.activities(), forOwner);
    if (!actor.toLowerCase(Locale.ROOT).equals(feedOwner.toLowerCase(Locale.ROOT))) {
      Activity forActor = Feed.entry(actor, at, source, event, actor, owner, repo, number, summary);
      effect = effect.or(Feed.record(services.activities(), forActor));
    }
    return effect;
  }
}
