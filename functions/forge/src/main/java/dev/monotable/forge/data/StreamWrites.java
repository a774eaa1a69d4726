package dev.monotable.forge.data;

import dev.monotable.kit.data.CountOnce;
import dev.monotable.kit.data.StreamEffect;
import dev.monotable.kit.data.TableGateway;

import static dev.monotable.kit.schema.TableSchema.PK;
import static dev.monotable.kit.schema.TableSchema.UPDATED_AT;

import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.CountedComment;
import dev.monotable.forge.model.Ticket;
import dev.monotable.kit.schema.TableSchema.Gsi;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The denormalised attributes only stream handlers write: a repository's last-update time (ST1)
 * and the comment count of an issue or pull request (ST3). No HTTP route is granted these writes.
 * Each one is safe to repeat: a record delivered again finds its condition false and writes
 * nothing.
 */
public final class StreamWrites {
  private final TableGateway table;
  private final CountOnce counts;

  public StreamWrites(TableGateway table) {
    this.table = table;
    this.counts = new CountOnce(table);
  }

  /**
   * ST1: one UpdateItem of the repository, {@code SET UpdatedAt = :ts, GSI3SK = #{ts}} with
   * {@code attribute_exists(PK) AND UpdatedAt < :ts}. ISO timestamps of fixed width compare as
   * strings in time order, so a record arriving late (or again) cannot move the time back.
   *
   * @return true when the repository moved forward; false when it is missing or already as new
   */
  public boolean moveRepositoryUpdatedAt(String owner, String repo, String ts) {
    Key key = Keys.repository(owner, repo);
    try {
      table.update(key, "SET #updated = :ts, #gsi3sk = :gsi3sk", "attribute_exists(#pk) AND #updated < :ts",
          Map.of("#pk", PK, "#updated", UPDATED_AT, "#gsi3sk", Gsi.GSI3.sk()),
          Map.of(":ts", AttributeValue.fromS(Timestamps.segment(ts)),
              ":gsi3sk", AttributeValue.fromS(Keys.repoUpdatedGsi3(owner, ts).sk())));
      return true;
    } catch (ConditionalCheckFailedException staleOrMissing) {
      return false;
    }
  }

  /**
   * ST3 for a new comment: TransactWriteItems of Put CountedComment {@code attribute_not_exists(PK)}
   * + Update ticket {@code ADD CommentCount 1} with {@code attribute_exists(PK)} ({@link CountOnce#count}).
   * The receipt's key is the comment's id, so the same comment is counted once however often its
   * INSERT record arrives.
   *
   * @return APPLIED; ALREADY_APPLIED when counted before; IGNORED when the issue or pull request is gone
   */
  public StreamEffect countComment(Comment comment) {
    CountedComment receipt = new CountedComment(comment.kind(), comment.owner(), comment.repo(), comment.number(),
        comment.id(), comment.createdAt());
    return counts.count(receipt.toItem(), commentCount(comment, 1));
  }

  /**
   * ST3 for a deleted comment: TransactWriteItems of Delete CountedComment {@code attribute_exists(PK)}
   * + Update ticket {@code ADD CommentCount -1} with {@code attribute_exists(PK)} ({@link CountOnce#uncount}).
   * Without a receipt the comment was never counted (or its removal already was), so nothing changes.
   *
   * @return APPLIED; ALREADY_APPLIED when there is no receipt; IGNORED when the issue or pull request is gone
   */
  public StreamEffect uncountComment(Comment comment) {
    return counts.uncount(Keys.countedComment(comment.kind(), comment.owner(), comment.repo(), comment.number(),
        comment.id()), commentCount(comment, -1));
  }

  private static CountOnce.Counter commentCount(Comment comment, long delta) {
    return CountOnce.Counter.at(Keys.ticket(comment.kind(), comment.owner(), comment.repo(), comment.number()))
        .add(Ticket.COMMENT_COUNT, delta).mustExist();
  }
}
