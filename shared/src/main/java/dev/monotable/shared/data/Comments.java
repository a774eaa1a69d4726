package dev.monotable.shared.data;

import dev.monotable.shared.catalog.AccessPattern;
import dev.monotable.shared.data.TableGateway.QuerySpec;
import dev.monotable.shared.errors.NotFoundException;
import dev.monotable.shared.errors.UnauthorizedException;
import dev.monotable.shared.errors.ValidationException;
import dev.monotable.shared.keys.Key;
import dev.monotable.shared.keys.Keys;
import dev.monotable.shared.keys.Segments;
import dev.monotable.shared.keys.Timestamps;
import dev.monotable.shared.keys.Ulid;
import dev.monotable.shared.model.Comment;
import dev.monotable.shared.model.Rules;
import dev.monotable.shared.model.TicketKind;
import dev.monotable.shared.schema.TableSchema;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
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
    Callers.require(caller);
    Key ticketKey = Keys.ticket(kind, owner, repo, number);
    Rules.longText("body", body, true);

    RepoAccess access = RepoAccess.readForWrite(table, owner, repo, caller);
    Instant instant = table.clock().instant();
    String now = Timestamps.format(instant);
    Comment comment = new Comment(kind, access.repository().owner(), access.repository().name(), number,
        Ulid.next(instant), caller, body, now, now, 1);
    Map<String, String> pkName = Map.of("#pk", TableSchema.PK);
    try {
      table.client().transactWriteItems(TransactWriteItemsRequest.builder()
          .transactItems(
              TransactWriteItem.builder().conditionCheck(ConditionCheck.builder()
                  .tableName(table.tableName())
                  .key(ticketKey.toMap())
                  .conditionExpression("attribute_exists(#pk)")
                  .expressionAttributeNames(pkName)
                  .build()).build(),
              TransactWriteItem.builder().put(Put.builder()
                  .tableName(table.tableName())
                  .item(comment.toItem())
                  .conditionExpression("attribute_not_exists(#pk)")
                  .expressionAttributeNames(pkName)
                  .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                  .build()).build())
          .build());
    } catch (TransactionCanceledException e) {
      if (conditionFailed(e, 0)) {
        throw new NotFoundException(kind.noun());
      }
      if (conditionFailed(e, 1)) {
        Map<String, AttributeValue> old = WriteTransaction.oldItem(e, 1);
        Map<String, AttributeValue> mine = comment.toItem();
        if (old != null && java.util.stream.Stream.of("Author", "Body", TableSchema.CREATED_AT)
            .allMatch(a -> java.util.Objects.equals(mine.get(a), old.get(a)))) {
          // The SDK retried a commit whose answer was lost: the comment in place is ours.
          return comment;
        }
        throw new IllegalStateException("comment id " + comment.id() + " collided; retry", e);
      }
      throw e;
    }
    return comment;
  }

  /**
   * Comments of one issue or pull request, oldest first (AP29/AP39): the BatchGetItem of
   * {@link RepoAccess#read} (visibility, and the ticket, so a missing one is a 404 rather than an
   * empty list), then Query {@code PK = REPO#{owner}#{repo}}, begins_with(SK,
   * {@code ISSUE#{n8}#COMMENT#}), ascending. Comments created in the same millisecond have no
   * defined order between them (ULID randomness). The cursor is bound to the AP id and the
   * number, so it pages only this ticket's comments.
   *
   * @param caller may be null (anonymous read)
   * @throws ValidationException {@code cursor} malformed, altered or from another list
   * @throws NotFoundException {@code repository} (missing or private) or the kind's noun
   */
  public Page<Comment> list(TicketKind kind, String caller, String owner, String repo, int number, PageRequest page) {
    Key ticketKey = Keys.ticket(kind, owner, repo, number);
    QuerySpec spec = QuerySpec.table(Keys.repoPartition(owner, repo), Keys.commentPrefix(kind, number));
    RepoAccess access = RepoAccess.read(table, owner, repo, caller, ticketKey);
    Tickets.requireTicket(kind, access, ticketKey);
    // The comments of every ticket share the repository's partition, which the gateway binds the
    // cursor to; the number in the scope stops a cursor of one ticket's comments paging another's.
    String scope = Tickets.ap(kind, AccessPattern.AP29, AccessPattern.AP39).name() + "#" + Segments.n8(number);
    return table.query(spec, page, scope).map(Comment::fromItem);
  }

  static boolean conditionFailed(TransactionCanceledException e, int index) {
    List<CancellationReason> reasons = e.hasCancellationReasons() ? e.cancellationReasons() : List.of();
    return reasons.size() > index && "ConditionalCheckFailed".equals(reasons.get(index).code());
  }
}
