package dev.monotable.forge.functions.streams;

import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.data.StreamWrites;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Ticket;
import dev.monotable.forge.keys.TicketKind;

/**
 * ST1: a new issue, pull request or comment moves its repository's {@code UpdatedAt} and
 * {@code GSI3SK} forward to the new item's {@code CreatedAt}, so AP15 lists the repository first.
 * The time comes from the item, not the clock or the record's arrival, and the write is
 * conditional on being newer: late, reordered or repeated records cannot move it back.
 */
public final class RepoUpdatedHandler extends StreamHandler<Services> {
  private final StreamWrites writes;

  public RepoUpdatedHandler() {
    this(Services.fromEnvironment());
  }

  public RepoUpdatedHandler(Services services) {
    super(services);
    this.writes = new StreamWrites(services.table());
  }

  @Override
  protected StreamEffect apply(ChangeRecord record) {
    if (!"INSERT".equals(record.eventName())) {
      return StreamEffect.IGNORED;
    }
    String type = record.type();
    String owner;
    String repo;
    String at;
    if (TicketKind.ISSUE.type().equals(type) || TicketKind.PULL_REQUEST.type().equals(type)) {
      Ticket t = Ticket.fromItem(record.newImage());
      owner = t.owner();
      repo = t.repo();
      at = t.createdAt();
    } else if (TicketKind.ISSUE.commentType().equals(type) || TicketKind.PULL_REQUEST.commentType().equals(type)) {
      Comment c = Comment.fromItem(record.newImage());
      // The comment's own key is validated here: a malformed item fails instead of touching a repository.
      dev.monotable.forge.keys.Keys.comment(c.kind(), c.owner(), c.repo(), c.number(), c.id());
      owner = c.owner();
      repo = c.repo();
      at = c.createdAt();
    } else {
      return StreamEffect.IGNORED;
    }
    return writes.moveRepositoryUpdatedAt(owner, repo, at) ? StreamEffect.APPLIED : StreamEffect.ALREADY_APPLIED;
  }
}
