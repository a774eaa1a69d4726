package dev.monotable.forge.data;

import dev.monotable.kit.data.IdempotentRequest;
import dev.monotable.kit.data.Page;
import dev.monotable.kit.data.PageRequest;
import dev.monotable.kit.data.TableGateway;
import dev.monotable.kit.data.TransactionFailures;
import dev.monotable.kit.data.WriteTransaction;

import dev.monotable.forge.ForgePattern;
import dev.monotable.kit.data.TableGateway.QuerySpec;
import dev.monotable.kit.errors.ConflictException;
import dev.monotable.kit.errors.NotFoundException;
import dev.monotable.kit.errors.UnauthorizedException;
import dev.monotable.kit.errors.ValidationException;
import dev.monotable.kit.keys.Key;
import dev.monotable.forge.keys.Keys;
import dev.monotable.forge.keys.ForgeSegments;
import dev.monotable.kit.keys.Timestamps;
import dev.monotable.kit.keys.Ulid;
import dev.monotable.forge.model.Comment;
import dev.monotable.forge.model.Repository;
import dev.monotable.kit.data.IdempotencyRecord;
import dev.monotable.forge.model.Rules;
import dev.monotable.forge.keys.TicketKind;
import dev.monotable.forge.model.Visibility;
import dev.monotable.kit.schema.TableSchema;
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
   * Comments as {@code caller} (AP28/AP38) with no read before writing on the common path: ONE
   * TransactWriteItems of ConditionCheck ticket (exists, and carries the {@link WriteAssumptions}:
   * public, a user's, the path's names) + Put comment {@code attribute_not_exists(PK)} (Version 1,
   * id a ULID of the clock's instant, the assumed names and visibility copy) + ConditionCheck the
   * caller's User item. A refusal learns the facts ({@link WriteAssumptions#facts}: from the
   * refused ticket, or the BatchGetItem of {@link RepoAccess#readForWrite}), answers 404/403 as
   * that read decides, or writes again with the facts (+ a Membership ConditionCheck for a member
   * of a private org repository): two or three requests on that path.
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
   * the comment it points to is read (one GetItem) and returned; otherwise the record (an
   * {@link IdempotencyRecord}) is a third item of the transaction ({@code attribute_not_exists}),
   * and when its condition fails the comment of the request that won is returned.
   *
   * @param idempotent null for a plain create
   * @throws ConflictException {@code Idempotency-Key}: the key was used for another request
   */
  public Comment create(TicketKind kind, String caller, String owner, String repo, int number, String body,
      IdempotentRequest idempotent) {
    Callers.require(caller);
    Key ticketKey = Keys.ticket(kind, owner, repo, number);
    Rules.longText("body", body, true);
    Key recordKey = idempotent == null ? null : idempotent.recordKey(caller);

    Instant instant = table.clock().instant();
    String id = Ulid.next(instant);
    if (recordKey == null) {
      // No read first: the first attempt assumes a public repository named as the path spells it.
      WriteAssumptions assumed = WriteAssumptions.optimistic(owner, repo);
      Comment comment = comment(kind, assumed, number, id, caller, body, instant);
      WriteTransaction tx = new WriteTransaction(table);
      int ticketCheck = tx.check(ticketKey, WriteAssumptions.ticketCondition(true),
          WriteAssumptions.ticketNames(true, Map.of()), WriteAssumptions.ticketValues(true, owner, repo, Map.of()));
      int putComment = tx.putIfAbsent(comment.toItem());
      int profile = WriteAssumptions.checkProfile(tx, caller);
      return tx.commit(comment, f -> {
        if (f.failed(putComment) && !f.failed(ticketCheck) && !f.failed(profile)) {
          return committedBefore(comment, f.oldItem(putComment), f.cause());
        }
        WriteAssumptions facts = WriteAssumptions.facts(table, kind, caller, owner, repo, ticketKey,
            f.oldItem(ticketCheck), f.failed(profile));
        return write(kind, caller, ticketKey, comment(kind, facts, number, id, caller, body, instant), facts, null,
            instant);
      });
    }
    RepoAccess access = RepoAccess.readForWrite(table, owner, repo, caller, recordKey);
    if (access.extra().containsKey(recordKey)) {
      return idempotent.replay(table, access.extra().get(recordKey), Comment::fromItem, "comment");
    }
    Repository r = access.repository();
    WriteAssumptions facts = new WriteAssumptions(r.owner(), r.name(), Visibility.of(r), false);
    return write(kind, caller, ticketKey, comment(kind, facts, number, id, caller, body, instant), facts,
        idempotent, instant);
  }

  private static Comment comment(TicketKind kind, WriteAssumptions facts, int number, String id, String caller,
      String body, Instant instant) {
    String now = Timestamps.format(instant);
    return new Comment(kind, facts.owner(), facts.repo(), number, id, caller, body, now, now, 1, facts.visibility());
  }

  /**
   * The write with known facts: ConditionCheck ticket {@code attribute_exists(PK)} + Put comment
   * (+ the idempotency record, + the Membership of a member of a private org repository).
   */
  private Comment write(TicketKind kind, String caller, Key ticketKey, Comment comment, WriteAssumptions facts,
      IdempotentRequest idempotent, Instant instant) {
    WriteTransaction tx = new WriteTransaction(table);
    int ticketCheck = tx.check(ticketKey, WriteAssumptions.TICKET_EXISTS, Map.of("#pk", TableSchema.PK), Map.of());
    int putComment = tx.putIfAbsent(comment.toItem());
    int putRecord = idempotent == null ? -1 : idempotent.putRecord(tx, caller,
        Keys.comment(kind, comment.owner(), comment.repo(), comment.number(), comment.id()), instant);
    int membership = facts.asMember() ? WriteAssumptions.checkMembership(tx, comment.owner(), caller) : -1;
    return tx.commit(comment, f -> {
      if (f.failed(membership)) {
        throw new NotFoundException("repository");
      }
      if (f.failed(ticketCheck)) {
        throw new NotFoundException(kind.noun());
      }
      if (f.failed(putRecord)) {
        return idempotent.replayWinner(table, caller, Comment::fromItem, "comment");
      }
      if (f.failed(putComment)) {
        return committedBefore(comment, f.oldItem(putComment), f.cause());
      }
      return null;
    });
  }

  /** A comment id already taken: ours when the SDK retried a commit whose answer was lost. */
  private static Comment committedBefore(Comment comment, Map<String, AttributeValue> old,
      TransactionCanceledException e) {
    Map<String, AttributeValue> mine = comment.toItem();
    if (old != null && java.util.stream.Stream.of("Author", "Body", TableSchema.CREATED_AT)
        .allMatch(a -> java.util.Objects.equals(mine.get(a), old.get(a)))) {
      return comment;
    }
    throw new IllegalStateException("comment id " + comment.id() + " collided; retry", e);
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
    String scope = Tickets.ap(kind, ForgePattern.AP29, ForgePattern.AP39).name() + "#" + ForgeSegments.n8(number);
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
