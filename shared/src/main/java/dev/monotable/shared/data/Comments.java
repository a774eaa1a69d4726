package dev.monotable.shared.data;

import dev.monotable.shared.catalog.AccessPattern;
import dev.monotable.shared.data.TableGateway.QuerySpec;
import dev.monotable.shared.errors.ConflictException;
import dev.monotable.shared.errors.NotFoundException;
import dev.monotable.shared.errors.UnauthorizedException;
import dev.monotable.shared.errors.ValidationException;
import dev.monotable.shared.keys.Key;
import dev.monotable.shared.keys.Keys;
import dev.monotable.shared.keys.Segments;
import dev.monotable.shared.keys.Timestamps;
import dev.monotable.shared.keys.Ulid;
import dev.monotable.shared.model.Comment;
import dev.monotable.shared.model.IdempotencyRecord;
import dev.monotable.shared.model.Rules;
import dev.monotable.shared.model.TicketKind;
import dev.monotable.shared.model.Visibility;
import dev.monotable.shared.schema.TableSchema;
import java.time.Instant;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * Comments on issues and pull requests (AP28/AP29, AP38/AP39). Comments live in the repository's
 * item collection ({@code PK = REPO#{owner}#{repo}}, {@code SK = ISSUE#{n8}#COMMENT#{ulid}}), so
 * the comments of one ticket are one begins_with Query, in ULID (creation time) order.
 * {@code CommentCount} on the ticket is maintained by stream handler ST3, not here.
 */
public final class Comments {
  private final TableGateway table;

  public Comments(TableGateway table) {
    this.table = table;
  }

  /**
   * Comments as {@code caller} (AP28/AP38). Requests: the BatchGetItem of
   * {@link RepoAccess#readForWrite} (visibility, the caller's profile), then TransactWriteItems: ConditionCheck ticket {@code attribute_exists(PK)} +
   * Put comment {@code attribute_not_exists(PK)}, Version 1, id a ULID of the clock's instant.
   *
   * @throws UnauthorizedException no caller
   * @throws ValidationException body missing, blank or longer than 65,536 characters (nothing written)
   * @throws NotFoundException {@code repository} (missing or private) or the kind's noun
   */
  public Comment create(TicketKind kind, String caller, String owner, String repo, int number, String body) {
    return create(kind, caller, owner, repo, number, body, null);
  }

  /**
   * {@link #create} with an {@code Idempotency-Key}: each POST of a comment makes a new id, so a
   * client's retry would add a second comment. The record's key rides on the BatchGetItem; found,
   * the comment it points to is read (one GetItem) and returned; otherwise the record is a third
   * item of the transaction ({@code attribute_not_exists}), and when its condition fails the
   * comment of the request that won is returned.
   *
   * @param idempotent null for a plain create
   * @throws ConflictException {@code Idempotency-Key}: the key was used for another request
   */
  public Comment create(TicketKind kind, String caller, String owner, String repo, int number, String body,
      IdempotentRequest idempotent) {
    Callers.require(caller);
    Key ticketKey = Keys.ticket(kind, owner, repo, number);
    Rules.longText("body", body, true);
    Key recordKey = idempotent == null ? null : Keys.idempotency(caller, idempotent.key());

    RepoAccess access = recordKey == null ? RepoAccess.readForWrite(table, owner, repo, caller)
        : RepoAccess.readForWrite(table, owner, repo, caller, recordKey);
    if (recordKey != null && access.extra().containsKey(recordKey)) {
      return replay(kind, idempotent, access.extra().get(recordKey));
    }
    Instant instant = table.clock().instant();
    String now = Timestamps.format(instant);
    Comment comment = new Comment(kind, access.repository().owner(), access.repository().name(), number,
        Ulid.next(instant), caller, body, now, now, 1, Visibility.of(access.repository()));
    Map<String, String> pkName = Map.of("#pk", TableSchema.PK);
    WriteTransaction tx = new WriteTransaction(table);
    int ticketCheck = tx.check(ticketKey, "attribute_exists(#pk)", pkName, Map.of());
    int putComment = tx.putIfAbsent(comment.toItem());
    int putRecord = -1;
    if (idempotent != null) {
      Key commentKey = Keys.comment(kind, comment.owner(), comment.repo(), number, comment.id());
      putRecord = tx.putIfAbsent(new IdempotencyRecord(caller, idempotent.key(), idempotent.route(),
          idempotent.requestHash(), commentKey.pk(), commentKey.sk(), now,
          instant.getEpochSecond() + IdempotencyRecord.TTL_SECONDS).toItem());
    }
    try {
      tx.commit();
    } catch (TransactionCanceledException e) {
      TransactionFailures f = TransactionFailures.of(e);
      if (f.failed(ticketCheck)) {
        throw new NotFoundException(kind.noun());
      }
      if (f.failed(putRecord)) {
        // A request with this key got there first (or this is the SDK's retry of our own commit).
        return replay(kind, idempotent, table.get(recordKey).orElseThrow(
            () -> new ConflictException("Idempotency-Key", "a request with this key is in progress")));
      }
      if (f.failed(putComment)) {
        Map<String, AttributeValue> old = f.oldItem(putComment);
        Map<String, AttributeValue> mine = comment.toItem();
        if (old != null && java.util.stream.Stream.of("Author", "Body", TableSchema.CREATED_AT)
            .allMatch(a -> java.util.Objects.equals(mine.get(a), old.get(a)))) {
          // The SDK retried a commit whose answer was lost: the comment in place is ours.
          return comment;
        }
        throw new IllegalStateException("comment id " + comment.id() + " collided; retry", e);
      }
      throw f.unexpected();
    }
    return comment;
  }

  /** The comment an earlier request with the same key created; one GetItem. */
  private Comment replay(TicketKind kind, IdempotentRequest idempotent, Map<String, AttributeValue> recordItem) {
    IdempotencyRecord record = IdempotencyRecord.fromItem(recordItem);
    if (!record.route().equals(idempotent.route()) || !record.requestHash().equals(idempotent.requestHash())) {
      throw new ConflictException("Idempotency-Key", "this Idempotency-Key was used for another request");
    }
    return table.get(new Key(record.targetPk(), record.targetSk()))
        .map(Comment::fromItem)
        .orElseThrow(() -> new NotFoundException("comment"));
  }

  /**
   * Comments of one issue or pull request, oldest first (AP29/AP39): ONE Query {@code PK =
   * REPO#{owner}#{repo}}, begins_with(SK, {@code ISSUE#{n8}#COMMENT#}), ascending; each comment
   * carries its repository's visibility, and a comment exists only under an existing ticket (there
   * are no delete routes). The one exception to one request: no head item is adjacent to a
   * thread, so a first page that comes back empty makes one BatchGetItem ({@link RepoAccess#read}
   * with the ticket) to tell an empty thread from a missing ticket or repository. Comments
   * created in the same millisecond have no defined order between them (ULID randomness). The
   * cursor is bound to the AP id and the number, so it pages only this ticket's comments.
   *
   * @param caller may be null (anonymous read)
   * @throws ValidationException {@code cursor} malformed, altered or from another list
   * @throws NotFoundException {@code repository} (missing or private) or the kind's noun
   */
  public Page<Comment> list(TicketKind kind, String caller, String owner, String repo, int number, PageRequest page) {
    Key ticketKey = Keys.ticket(kind, owner, repo, number);
    QuerySpec spec = QuerySpec.table(Keys.repoPartition(owner, repo), Keys.commentPrefix(kind, number));
    // The comments of every ticket share the repository's partition, which the gateway binds the
    // cursor to; the number in the scope stops a cursor of one ticket's comments paging another's.
    String scope = Tickets.ap(kind, AccessPattern.AP29, AccessPattern.AP39).name() + "#" + Segments.n8(number);
    Page<Map<String, AttributeValue>> found = table.query(spec, page, scope);
    if (!found.items().isEmpty()) {
      Visibility visibility = Visibility.fromItem(found.items().get(0));
      if (visibility == null) {
        RepoAccess.read(table, owner, repo, caller);
      } else {
        RepoAccess.requireVisible(table, owner, caller, visibility);
      }
    } else if (page.cursor() == null) {
      Tickets.requireTicket(kind, RepoAccess.read(table, owner, repo, caller, ticketKey), ticketKey);
    }
    return found.map(Comment::fromItem);
  }

}
