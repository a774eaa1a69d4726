package dev.monotable.forge.functions.streams;

import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.stream.ChangeRecord;
import dev.monotable.kit.stream.StreamHandler;

import dev.monotable.forge.functions.Services;
import dev.monotable.forge.data.StreamWrites;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.model.Comment;

/**
 * ST3: {@code CommentCount} of an issue or pull request follows the INSERT and REMOVE records of
 * its comments, exactly once per comment: each change is one transaction with a receipt item
 * keyed by the comment's id ({@code CountedComment}), so a redelivered record fails the receipt's
 * condition and changes nothing.
 */
public final class CommentCountHandler extends StreamHandler<Services> {
  private final StreamWrites writes;

  public CommentCountHandler() {
    this(Services.fromEnvironment());
  }

  public CommentCountHandler(Services services) {
    super(services);
    this.writes = new StreamWrites(services.table());
  }

  @Override
  protected StreamEffect apply(ChangeRecord record) {
    boolean insert = "INSERT".equals(record.eventName());
    if (!insert && !"REMOVE".equals(record.eventName())) {
      return StreamEffect.IGNORED;
    }
    Comment comment = Comment.fromItem(record.image());
    // Rebuilding the key validates every segment: a malformed item fails here, not in the transaction.
    Keys.comment(comment.kind(), comment.owner(), comment.repo(), comment.number(), comment.id());
    return insert ? writes.countComment(comment) : writes.uncountComment(comment);
  }
}
